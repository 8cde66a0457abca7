export { getSettings } from './service.ts';
export { readAllSettings, updateSettings } from './administration.ts';
