// Accounts and sessions (issue 2, docs/product/accounts-and-roles.md §4, §5): quick login, registration, login errors, logout.
import { describe, expect, test } from 'vitest';
import {
  currentUser,
  DEMO_ACCOUNTS,
  landingPathFor,
  loginAs,
  newCustomerDetails,
  submitLoginForm,
  type DemoAccountKey,
} from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, expectVisible } from './support/expect.ts';

const session = useBrowser();

describe('quick login (demo mode)', () => {
  const accounts = Object.entries(DEMO_ACCOUNTS) as [DemoAccountKey, (typeof DEMO_ACCOUNTS)[DemoAccountKey]][];

  test.each(accounts)('%s lands on its area', async (key, account) => {
    const { page } = session;
    await loginAs(page, key);

    await expectPath(page, landingPathFor(account.role));
    const user = await currentUser(page);
    expect(user).toMatchObject({ email: account.email, role: account.role });
  });

  test('the auth page shows the shared demo password', async () => {
    const { page } = session;
    await page.goto('/auth');
    await expectVisible(page.getByTestId('demo-password').getByText('demo1234', { exact: true }), 'the demo password');
  });
});

describe('registration and login form', () => {
  test('a new customer registers and lands logged in, first name in the user menu', async () => {
    const { page } = session;
    const customer = newCustomerDetails();
    await page.goto('/auth?mode=register');
    const form = page.locator('form').filter({ has: page.locator('input[name="confirmPassword"]') });
    await form.locator('input[name="firstName"]').fill(customer.firstName);
    await form.locator('input[name="lastName"]').fill(customer.lastName);
    await form.locator('input[name="email"]').fill(customer.email);
    await form.locator('input[name="phone"]').fill('0550 12 34 56');
    await form.locator('input[name="password"]').fill(customer.password);
    await form.locator('input[name="confirmPassword"]').fill(customer.password);
    await form.locator('button[type="submit"]').click();

    await expectPath(page, '/client/dashboard');
    expect(await currentUser(page)).toMatchObject({ email: customer.email, role: 'customer', firstName: customer.firstName });

    // Still logged in after a reload, and the public top bar greets them by first name.
    await page.goto('/');
    await expectVisible(page.getByTestId('user-menu').getByText(customer.firstName), 'the first name in the user menu');
    await page.getByTestId('user-menu').click();
    await expectVisible(page.getByRole('menu').getByText(customer.email), 'the e-mail in the open user menu');
  });

  test('a wrong password shows the spec message and logs nobody in', async () => {
    const { page } = session;
    await page.goto('/auth');
    await submitLoginForm(page, DEMO_ACCOUNTS.client.email, 'pas-le-bon-mot-de-passe');

    await expectVisible(page.getByRole('alert').getByText('Email ou mot de passe incorrect'), 'the login error');
    await expectPath(page, '/auth');
    expect(await currentUser(page)).toBeNull();
  });
});

describe('logout', () => {
  test.each(['client', 'partenaire'] as const)('%s: from the area’s logout button back to a logged-out home page', async (who) => {
    const { page } = session;
    await loginAs(page, who);
    await page.getByTestId('logout').click();

    await expectPath(page, '/');
    await expectVisible(page.getByRole('banner').getByRole('link', { name: 'Se connecter' }), 'the login link');
    expect(await currentUser(page)).toBeNull();
    // The session is gone on the server too: the area sends the visitor to /auth.
    await page.goto(landingPathFor(DEMO_ACCOUNTS[who].role));
    await expectPath(page, '/auth');
  });

  test('from the user menu of the top bar', async () => {
    const { page } = session;
    await loginAs(page, 'admin');
    await page.goto('/');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menu').getByTestId('logout').click();

    await expectPath(page, '/');
    await expectVisible(page.getByRole('banner').getByRole('link', { name: 'Se connecter' }), 'the login link');
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    expect(await currentUser(page)).toBeNull();
  });
});
