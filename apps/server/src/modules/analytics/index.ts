export { partnerDashboard, peakWindow } from './partner-dashboard.ts';
