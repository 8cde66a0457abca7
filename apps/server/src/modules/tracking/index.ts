export { activeSessions, buyerSubject, recordEvent, recordRedemption, trackingEnabled, type EventInput, type TrackedEvent } from './record.ts';
export { trackingRoutes } from './routes.ts';
export { deleteDailyRows, insertDailyRows, keepDailyFigure } from './daily.ts';
