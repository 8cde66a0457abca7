/** Every route path of the web app (docs/product/storefront.md §1). The web app's links and router read them
 * (apps/web/src/config/paths.ts), and the server tells the app's pages from unknown paths (HTTP 404) with them. */
export const WEB_PATHS = {
  home: '/',
  catalog: '/catalog',
  box: '/box/:id',
  howItWorks: '/how-it-works',
  partners: '/partners',
  checkout: '/checkout',
  /** Issue 34: the basket (docs/product/basket.md). */
  basket: '/panier',
  /** Where the payment gateway sends the buyer back (`?order=<id>`). */
  checkoutReturn: '/checkout/return',
  success: '/success',
  /** The public voucher page, where a voucher's QR code points. */
  publicVoucher: '/v/:code',
  /** Issue 35: a gift card's balance and movements by its code (docs/product/gift-cards.md §6). */
  giftCardBalance: '/carte-cadeau/solde',
  /** Issue 35: buy a gift card of any amount, and where the gateway sends its purchaser back (`?order=`). */
  giftCard: '/carte-cadeau',
  giftCardThanks: '/carte-cadeau/merci',
  /** Issue 37: a group gift. The organiser's form (`?box=<id>` or `?amount=<dinars>`), the pot's public page by
   * its secret token (not indexed), and where the gateway sends a contributor back (`?order=<id>`). */
  groupGiftNew: '/cagnotte/nouvelle',
  groupGift: '/cagnotte/:token',
  groupGiftThanks: '/cagnotte/merci',
  /** Demo mode: every e-mail the system sent, for back-office users. */
  demoMailbox: '/demo/mailbox',
  /** Issue 38: the demo courier's parcels, moved through their statuses (COURIER=file or demo mode). */
  demoCourier: '/demo/courier',
  /** Issue 38: a cash order's confirmation by the code texted to the delivery mobile, and an order's parcel. */
  orderConfirm: '/commande/:id/confirmer',
  orderTracking: '/commande/:id',
  help: '/support',
  auth: '/auth',
  /** The password-reset e-mail's link (`?token=`). */
  authReset: '/auth/reset',
  /** A partner's team invitation (`?token=`), the link of the invitation e-mail. */
  invitation: '/invitation',
  /** Issue 27: the offer to companies and their sign-up form. */
  businessOffer: '/entreprises',
  profile: '/profile',
  unauthorized: '/unauthorized',

  client: {
    root: '/client',
    dashboard: '/client/dashboard',
    profile: '/client/profile',
    history: '/client/history',
    support: '/client/support',
    /** Issue 37: the organiser's group gifts (« Mes cagnottes ») and one of them. */
    groupGifts: '/client/cagnottes',
    groupGift: '/client/cagnottes/:id',
  },

  partner: {
    root: '/partenaire',
    dashboard: '/partenaire/dashboard',
    scanner: '/partenaire/scanner',
    transactions: '/partenaire/transactions',
    payouts: '/partenaire/payouts',
    offers: '/partenaire/offers',
    reservations: '/partenaire/reservations',
    profile: '/partenaire/profile',
    support: '/partenaire/support',
  },

  admin: {
    root: '/admin',
    dashboard: '/admin/dashboard',
    users: '/admin/users',
    partners: '/admin/partners',
    catalog: '/admin/catalog',
    analytics: '/admin/analytics',
    settings: '/admin/settings',
    profile: '/admin/profile',
    payouts: '/admin/payouts',
    refunds: '/admin/refunds',
    /** Issue 24: the EUR and USD rates. */
    rates: '/admin/taux',
    payments: '/admin/paiements',
    audit: '/admin/audit',
    companies: '/admin/companies',
    /** Issue 35: promotions and promo codes. */
    promotions: '/admin/promotions',
    /** Issue 38: the logistics board of physical boxes, and finance's reconciliation of the couriers' cash. */
    shipments: '/admin/shipments',
    remittances: '/admin/remittances',
  },

  /** Issue 27: a company's area (company_admin, company_buyer). */
  company: {
    root: '/entreprise',
    orders: '/entreprise/commandes',
    newOrder: '/entreprise/commandes/nouvelle',
    order: '/entreprise/commandes/:id',
    account: '/entreprise/compte',
  },

  // The support agents' portal. Plain /support is the public help centre.
  supportPortal: {
    root: '/support',
    dashboard: '/support/dashboard',
    tickets: '/support/tickets',
    /** Issue 36: the live chats (docs/product/live-chat.md). */
    chats: '/support/chats',
    disputes: '/support/disputes',
    users: '/support/users',
    partners: '/support/partners',
    knowledge: '/support/knowledge',
    reports: '/support/reports',
    profile: '/support/profile',
  },
} as const;

/** A path pattern of WEB_PATHS as a regular expression (`:param` is one non-empty segment). */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // React Router matches paths regardless of case.
  return new RegExp(`^${source}$`, 'i');
}

function collectPatterns(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (node && typeof node === 'object') return Object.values(node).flatMap(collectPatterns);
  return [];
}

const WEB_PATH_PATTERNS = collectPatterns(WEB_PATHS).map(patternToRegExp);

/** Whether the web app has a page at this pathname (no query string; a trailing slash is ignored, as the router does). */
export function isWebAppPath(pathname: string): boolean {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return WEB_PATH_PATTERNS.some((pattern) => pattern.test(normalized));
}
