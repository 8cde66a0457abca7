export { getSettings } from './service.ts';
