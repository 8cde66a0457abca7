export { activeSessions, buyerSubject, recordEvent, recordRedemption, trackingEnabled, type EventInput, type TrackedEvent } from './record.ts';
export { deleteDailyRows, insertDailyRows, keepDailyFigure } from './daily.ts';
export { sawSession, sessionHash } from './record.ts';
