import type { TRole } from '@farha/contracts/roles';

/** docs/product/accounts-and-roles.md §13: one account per role, all with this password, shown on the login page. */
export const DEMO_PASSWORD = 'demo1234';

export type DemoAccount = {
  email: string;
  role: TRole;
  /** French label of the quick-login button. */
  label: string;
  firstName: string;
  lastName: string;
  phone: string;
};

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { email: 'client@demo.farha.dz', role: 'customer', label: 'Client', firstName: 'Amina', lastName: 'Benali', phone: '+213 550 12 34 56' },
  { email: 'partenaire@demo.farha.dz', role: 'partner_owner', label: 'Partenaire', firstName: 'Karim', lastName: 'Haddad', phone: '+213 661 23 45 67' },
  { email: 'staff@demo.farha.dz', role: 'partner_staff', label: 'Staff partenaire', firstName: 'Yacine', lastName: 'Meziane', phone: '+213 770 34 56 78' },
  { email: 'partenaire2@demo.farha.dz', role: 'partner_owner', label: 'Partenaire 2', firstName: 'Nadia', lastName: 'Bensalem', phone: '+213 551 45 67 89' },
  { email: 'admin@demo.farha.dz', role: 'superadmin', label: 'Super Admin', firstName: 'Sofiane', lastName: 'Belkacem', phone: '+213 662 56 78 90' },
  { email: 'finance@demo.farha.dz', role: 'finance', label: 'Finance', firstName: 'Lydia', lastName: 'Aït Ahmed', phone: '+213 771 67 89 01' },
  { email: 'catalogue@demo.farha.dz', role: 'catalog_admin', label: 'Catalogue', firstName: 'Rym', lastName: 'Boudiaf', phone: '+213 552 78 90 12' },
  { email: 'support@demo.farha.dz', role: 'support', label: 'Support', firstName: 'Walid', lastName: 'Cherif', phone: '+213 663 89 01 23' },
  { email: 'entreprise@demo.farha.dz', role: 'company_admin', label: 'Entreprise', firstName: 'Farid', lastName: 'Mansouri', phone: '+213 664 90 12 34' },
  { email: 'acheteur@demo.farha.dz', role: 'company_buyer', label: 'Acheteur entreprise', firstName: 'Selma', lastName: 'Rahmani', phone: '+213 553 01 23 45' },
  // Issue 38: the warehouse that prepares and ships the physical boxes (docs/product/delivery.md §7).
  { email: 'logistique@demo.farha.dz', role: 'logistics', label: 'Logistique', firstName: 'Hakim', lastName: 'Saadi', phone: '+213 665 12 90 34' },
];

/** Issue 27: the demo company (verified), its admin and one buyer. */
export const DEMO_COMPANY = {
  name: 'Sonatel Logistique',
  legalForm: 'SARL',
  nif: '001216098765432',
  nis: '001216010203040',
  rc: '16/00-1234567 B 12',
  articleImposition: '16012345678',
  address: '12 rue Didouche Mourad, Alger-Centre',
  wilaya: 'Alger',
  adminEmail: 'entreprise@demo.farha.dz',
  buyerEmail: 'acheteur@demo.farha.dz',
} as const;

export const DEMO_CUSTOMER_EMAIL = 'client@demo.farha.dz';
export const DEMO_PARTNER_OWNER_EMAIL = 'partenaire@demo.farha.dz';
export const DEMO_PARTNER_STAFF_EMAIL = 'staff@demo.farha.dz';
export const DEMO_PARTNER2_OWNER_EMAIL = 'partenaire2@demo.farha.dz';
