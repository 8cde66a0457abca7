import { randomUUID } from 'node:crypto';
import { landingPathFor, type TRole } from '@farha/contracts/roles';
import type { TUser } from '@farha/contracts/auth';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'demo1234';

/** The seeded demo accounts (issue 2), keyed by the part of their e-mail before the @. */
export const DEMO_ACCOUNTS = {
  client: { email: 'client@demo.farha.dz', role: 'customer', firstName: 'Amina' },
  partenaire: { email: 'partenaire@demo.farha.dz', role: 'partner_owner', firstName: 'Karim' },
  staff: { email: 'staff@demo.farha.dz', role: 'partner_staff', firstName: 'Yacine' },
  partenaire2: { email: 'partenaire2@demo.farha.dz', role: 'partner_owner', firstName: 'Nadia' },
  admin: { email: 'admin@demo.farha.dz', role: 'superadmin', firstName: 'Sofiane' },
  finance: { email: 'finance@demo.farha.dz', role: 'finance', firstName: 'Lydia' },
  catalogue: { email: 'catalogue@demo.farha.dz', role: 'catalog_admin', firstName: 'Rym' },
  support: { email: 'support@demo.farha.dz', role: 'support', firstName: 'Walid' },
  entreprise: { email: 'entreprise@demo.farha.dz', role: 'company_admin', firstName: 'Farid' },
  acheteur: { email: 'acheteur@demo.farha.dz', role: 'company_buyer', firstName: 'Selma' },
  logistique: { email: 'logistique@demo.farha.dz', role: 'logistics', firstName: 'Hakim' },
} as const satisfies Record<string, { email: string; role: TRole; firstName: string }>;

export type DemoAccountKey = keyof typeof DEMO_ACCOUNTS;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[DemoAccountKey];

/** A role (its first demo account; partner_owner is partenaire@) or a demo account's key. */
export function demoAccount(who: TRole | DemoAccountKey): DemoAccount {
  if (who in DEMO_ACCOUNTS) return DEMO_ACCOUNTS[who as DemoAccountKey];
  const account = Object.values(DEMO_ACCOUNTS).find((a) => a.role === who);
  if (!account) throw new Error(`No demo account has the role ${who}`);
  return account;
}

export { landingPathFor };

/**
 * Logs in with the auth page's quick-login button of a demo account and waits for its landing page.
 * The button is found by its account's e-mail (its title): the two partner owners share a role.
 */
export async function loginAs(page: Page, who: TRole | DemoAccountKey): Promise<DemoAccount> {
  const account = demoAccount(who);
  await page.goto('/auth');
  // The demo accounts are shared by journeys running side by side, and some of them look at pages in
  // Arabic: without a language of its own, this device would adopt whatever the account was left in.
  await page.evaluate((key) => localStorage.getItem(key) ?? localStorage.setItem(key, 'fr'), 'farha.locale');
  await page.locator(`[data-testid^="quick-login-"][title="${account.email}"]`).click();
  await page.waitForURL((url) => url.pathname === landingPathFor(account.role));
  return account;
}

/** Fills and submits the auth page's login form (the page must be on /auth). */
export async function submitLoginForm(page: Page, email: string, password: string): Promise<void> {
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') }).first();
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/** GET /api/auth/me with the page's session cookie: the user, or null when logged out. */
export async function currentUser(page: Page): Promise<TUser | null> {
  const response = await page.request.get('/api/auth/me');
  if (response.status() === 401) return null;
  if (!response.ok()) throw new Error(`GET /api/auth/me answered ${response.status()}`);
  return ((await response.json()) as { user: TUser }).user;
}

export interface NewCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** A customer nobody else uses (unique e-mail), for journeys that change the account. */
export function newCustomerDetails(): NewCustomer {
  const id = randomUUID().slice(0, 8);
  return { email: `e2e-${id}@example.com`, password: `motdepasse-${id}`, firstName: 'Selma', lastName: `Test-${id}` };
}

/**
 * Registers a fresh customer through the API in the page's context, which is then logged in as them.
 * Same-origin header: the server refuses state-changing requests without one (CSRF).
 */
export async function registerCustomerViaApi(page: Page, details: NewCustomer = newCustomerDetails()): Promise<TUser> {
  const response = await page.request.post('/api/auth/register', {
    data: details,
    headers: { origin: new URL(inject('baseURL')).origin },
  });
  if (!response.ok()) throw new Error(`POST /api/auth/register answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { user: TUser }).user;
}
