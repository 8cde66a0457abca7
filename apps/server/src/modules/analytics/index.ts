export { partnerDashboard, peakWindow } from './partner-dashboard.ts';
export { adminDashboard } from './dashboard.ts';
export { breakageForecast, funnel, sales } from './figures.ts';
export { liveAnalytics, systemStatus, ALERT_THRESHOLDS } from './live.ts';
export { liveFigures, refreshRollup, runAnalyticsRollup, ROLLUP_METRICS } from './rollup.ts';
export { smsPerDay } from './sms.ts';
export { promotionReport, promotionReportCsv } from './promotions-report.ts';
export { giftCardReport, giftCardReportCsv, giftCardMovementsCsv } from './gift-cards-report.ts';
export { daysOf, percentOf, reportPeriod } from './report-period.ts';
