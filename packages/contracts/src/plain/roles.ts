// The zod-free part of ../roles.ts (see ./README.md).
export const ROLES = [
  'customer',
  'partner_owner',
  'partner_staff',
  'superadmin',
  'finance',
  'catalog_admin',
  'support',
  'company_admin',
  'company_buyer',
  // Issue 38: the warehouse people who prepare and ship the physical boxes (docs/product/delivery.md §7).
  'logistics',
] as const;
export type TRole = (typeof ROLES)[number];

export const PARTNER_ROLES = ['partner_owner', 'partner_staff'] as const satisfies readonly TRole[];
export const ADMIN_ROLES = ['superadmin', 'finance', 'catalog_admin', 'logistics'] as const satisfies readonly TRole[];
export const SUPPORT_ROLES = ['support', 'superadmin'] as const satisfies readonly TRole[];
/** Issue 27: a company's people. The admin opened the account and invites colleagues; buyers order. */
export const COMPANY_ROLES = ['company_admin', 'company_buyer'] as const satisfies readonly TRole[];

/** docs/product/accounts-and-roles.md §1: role badge labels. */
export const ROLE_LABELS: Record<TRole, string> = {
  customer: 'Client',
  partner_owner: 'Partenaire',
  partner_staff: 'Staff',
  finance: 'Finance',
  catalog_admin: 'Catalogue',
  support: 'Support',
  superadmin: 'Admin',
  company_admin: 'Entreprise',
  company_buyer: 'Acheteur entreprise',
  logistics: 'Logistique',
};

/** docs/product/accounts-and-roles.md §1, §7: session lifetimes by role, in hours. */
export const SESSION_HOURS: Record<TRole, number> = {
  superadmin: 4,
  finance: 4,
  catalog_admin: 4,
  support: 6,
  partner_owner: 8,
  partner_staff: 8,
  customer: 24,
  company_admin: 8,
  company_buyer: 8,
  logistics: 4,
};
/** "Se souvenir de moi" keeps a customer logged in for 30 days. */
export const REMEMBER_ME_DAYS = 30;

/** docs/product/accounts-and-roles.md §3: admin pages and the roles allowed on each. */
export const ADMIN_PAGE_ROLES = {
  dashboard: ['superadmin', 'finance', 'catalog_admin'],
  /** Issue 38: logistics too (its second factor is enrolled there). */
  profile: ['superadmin', 'finance', 'catalog_admin', 'logistics'],
  users: ['superadmin'],
  settings: ['superadmin'],
  partners: ['superadmin', 'finance'],
  analytics: ['superadmin', 'finance'],
  catalog: ['superadmin', 'catalog_admin'],
  /** Issue 12: finance's payout queue and the audit log. */
  payouts: ['superadmin', 'finance'],
  refunds: ['superadmin', 'finance'],
  /** Issue 24: the EUR and USD rates, with their history. */
  rates: ['superadmin', 'finance'],
  /** Issue 24: every payment with what each card was charged. */
  payments: ['superadmin', 'finance'],
  audit: ['superadmin'],
  /** Issue 27: companies, their orders, transfers waiting, invoices and credit notes. */
  companies: ['superadmin', 'finance'],
  /** Issue 35: marketing's promotions and promo codes (docs/product/promotions.md §8). */
  promotions: ['superadmin', 'catalog_admin'],
  /** Issue 38: the logistics board of physical boxes and their packaging stock (docs/product/delivery.md §7). */
  shipments: ['superadmin', 'logistics'],
  /** Issue 38: finance's reconciliation of the couriers' cash remittances (docs/product/delivery.md §8). */
  remittances: ['superadmin', 'finance'],
} as const satisfies Record<string, readonly TRole[]>;
export type TAdminPage = keyof typeof ADMIN_PAGE_ROLES;

export function isPartnerRole(role: TRole): boolean {
  return (PARTNER_ROLES as readonly TRole[]).includes(role);
}
export function isAdminRole(role: TRole): boolean {
  return (ADMIN_ROLES as readonly TRole[]).includes(role);
}
export function isCompanyRole(role: TRole): boolean {
  return (COMPANY_ROLES as readonly TRole[]).includes(role);
}
export function isSupportRole(role: TRole): boolean {
  return (SUPPORT_ROLES as readonly TRole[]).includes(role);
}

/** docs/product/accounts-and-roles.md §1: where a user lands after login. */
export function landingPathFor(role: TRole): string {
  if (role === 'customer') return '/client/dashboard';
  if (isPartnerRole(role)) return '/partenaire/dashboard';
  if (role === 'support') return '/support/dashboard';
  if (isCompanyRole(role)) return '/entreprise/commandes';
  if (role === 'logistics') return '/admin/shipments';
  return '/admin/dashboard';
}
