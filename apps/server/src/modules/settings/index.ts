export { cachedSettings, clearSettingsCache, getSettings } from './service.ts';
export { readAllSettings, updateSettings } from './administration.ts';
export { assertPasswordLength } from './password-policy.ts';
export { siteStatusRoutes } from './site-routes.ts';
