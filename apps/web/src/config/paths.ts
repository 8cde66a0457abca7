import { isAdminRole, isPartnerRole, type TRole } from '@farha/contracts/roles';

/** Every route path of the web app (spec 01 §2, spec 02 §2). Links and the router both read them here. */
export const paths = {
  home: '/',
  catalog: '/catalog',
  box: '/box/:id',
  howItWorks: '/how-it-works',
  partners: '/partners',
  checkout: '/checkout',
  /** Where the payment gateway sends the buyer back (`?order=<id>`). */
  checkoutReturn: '/checkout/return',
  success: '/success',
  /** The public voucher page, where a voucher's QR code points. */
  publicVoucher: '/v/:code',
  /** Demo mode: every e-mail the system sent, for back-office users. */
  demoMailbox: '/demo/mailbox',
  help: '/support',
  auth: '/auth',
  /** The password-reset e-mail's link (`?token=`). */
  authReset: '/auth/reset',
  /** A partner's team invitation (`?token=`), the link of the invitation e-mail. */
  invitation: '/invitation',
  profile: '/profile',
  unauthorized: '/unauthorized',

  client: {
    root: '/client',
    dashboard: '/client/dashboard',
    profile: '/client/profile',
    history: '/client/history',
    support: '/client/support',
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
    audit: '/admin/audit',
  },

  // The support agents' portal. Plain /support is the public help centre.
  supportPortal: {
    root: '/support',
    dashboard: '/support/dashboard',
    tickets: '/support/tickets',
    disputes: '/support/disputes',
    users: '/support/users',
    partners: '/support/partners',
    knowledge: '/support/knowledge',
    reports: '/support/reports',
    profile: '/support/profile',
  },
} as const;

export const to = {
  box: (id: string) => `/box/${encodeURIComponent(id)}`,
  catalogSearch: (query: string) => `${paths.catalog}?${new URLSearchParams({ q: query })}`,
  register: `${paths.auth}?mode=register`,
  /** The checkout of a box (it reads `?box=`, so a reload keeps the box). */
  checkout: (boxId: string) => `${paths.checkout}?${new URLSearchParams({ box: boxId })}`,
  publicVoucher: (code: string) => `/v/${encodeURIComponent(code)}`,
};

/** spec 01 §2: the profile page of each role (/profile redirects there). */
export function profilePathFor(role: TRole): string {
  if (role === 'customer') return paths.client.profile;
  if (isPartnerRole(role)) return paths.partner.profile;
  if (role === 'support') return paths.supportPortal.profile;
  return isAdminRole(role) ? paths.admin.profile : paths.home;
}

/** Navigation state given to /auth: where to return after login, and why the user was sent there. */
export interface AuthRedirectState {
  from?: { pathname: string; search: string; hash: string };
  reason?: 'session-expired';
}
