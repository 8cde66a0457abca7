export { partnerDashboard, peakWindow } from './partner-dashboard.ts';
export { adminDashboard } from './dashboard.ts';
