// The zod-free part of ../account.ts (see ./README.md): the choices a visitor makes before signing in, which
// the storefront's header shows on every first page.

/** The currencies a price can be shown in (issue 24): the dinar, and the euro and dollar at finance's rates. */
export const DISPLAY_CURRENCIES = ['DZD', 'EUR', 'USD'] as const;
