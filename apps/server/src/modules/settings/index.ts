export { cachedSettings, clearSettingsCache, getSettings, type Settings } from './service.ts';
export { readAllSettings, updateSettings } from './administration.ts';
export { assertPasswordLength } from './password-policy.ts';
export { exportSettings, importSettings, RESET_CONFIRMATION_WORD, resetSettings } from './portability.ts';
export { systemFigures } from './system-figures.ts';
export { sharedSecret } from './shared-secret.ts';
export { chargeRate, currentRates, parseRate, RATE_CONFIRM_SHARE, rateHistory, rateJumpNeedsConfirmation, setRate } from './exchange-rates.ts';
export { assertSellerIdentity, formatTvaRate, missingSellerFields, taxSplit } from './seller-identity.ts';
