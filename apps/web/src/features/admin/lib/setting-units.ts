/** Settings shown in another unit than stored (the settings page and the audit log): minutes for ms, percent for basis points. */
export const SETTING_DISPLAY_SCALE: Record<string, number> = { session_timeout: 60_000, commission_rate_bp: 100, company_discount_bp: 100, company_discount_large_bp: 100, tva_rate_bp: 100 };
