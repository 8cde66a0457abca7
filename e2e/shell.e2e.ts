// The app shell (issue 2, spec 01 §2 "Layout"): theme, French/Arabic, top-bar search, and screenshots
// of the public pages for a person to review.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { currentUser, loginAs, newCustomerDetails, registerCustomerViaApi, submitLoginForm } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { documentState, expectDocument, expectPath, expectVisible } from './support/expect.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();

// A static public page with the full top bar: lighter than the home page, whose landing loads data.
const PUBLIC_PAGE = '/how-it-works';

describe('theme', () => {
  test('dark theme chosen with the toggle survives a reload', async () => {
    const { page } = session;
    await page.goto(PUBLIC_PAGE);
    await expectDocument(page, { dark: false });

    await page.getByTestId('theme-toggle').click();
    await expectDocument(page, { dark: true });
    await page.reload();
    await expectDocument(page, { dark: true });
    expect(await page.getByTestId('theme-toggle').getAttribute('data-theme')).toBe('dark');

    // And back to light, also remembered.
    await page.getByTestId('theme-toggle').click();
    await page.reload();
    await expectDocument(page, { dark: false });
  });

  test('without a choice, the theme follows the system', async () => {
    const dark = await session.newContext({ colorScheme: 'dark' });
    const page = await dark.newPage();
    await page.goto(PUBLIC_PAGE);
    await expectDocument(page, { dark: true });
  });
});

describe('French and Arabic', () => {
  test('a visitor switches to Arabic: right to left, kept across reloads, and back to French', async () => {
    const { page } = session;
    await page.goto(PUBLIC_PAGE);
    await expectDocument(page, { lang: 'fr', dir: 'ltr' });

    await page.getByTestId('locale-switch').click();
    await expectDocument(page, { lang: 'ar', dir: 'rtl' });
    await expectVisible(page.getByRole('heading', { level: 1 }).getByText(/[\u0600-\u06FF]/), 'an Arabic page title');

    await page.reload();
    await expectDocument(page, { lang: 'ar', dir: 'rtl' });
    expect(await page.getByTestId('locale-switch').getAttribute('data-locale')).toBe('ar');

    await page.getByTestId('locale-switch').click();
    await expectDocument(page, { lang: 'fr', dir: 'ltr' });
    await page.reload();
    await expectDocument(page, { lang: 'fr', dir: 'ltr' });
  });

  test('a logged-in user’s choice is saved in the profile and follows them to another device', async () => {
    const { page } = session;
    const customer = newCustomerDetails();
    await registerCustomerViaApi(page, customer);
    await page.goto('/client/dashboard');
    await expectVisible(page.getByTestId('locale-switch'), 'the language switch');

    await page.getByTestId('locale-switch').click();
    await expectDocument(page, { lang: 'ar', dir: 'rtl' });
    await expect.poll(async () => (await currentUser(page))?.locale).toBe('ar');

    // A fresh browser (no stored language) adopts the account's language at login.
    const otherDevice = await session.newContext();
    const other = await otherDevice.newPage();
    await other.goto('/auth');
    await expectDocument(other, { lang: 'fr', dir: 'ltr' });
    await submitLoginForm(other, customer.email, customer.password);
    await expectPath(other, '/client/dashboard');
    await expectDocument(other, { lang: 'ar', dir: 'rtl' });
  });
});

describe('top-bar search', () => {
  test('submits to /catalog?q=…', async () => {
    const { page } = session;
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: 'Ouvrir la recherche' }).click();
    const field = banner.getByRole('searchbox', { name: 'Rechercher un coffret' });
    await field.fill('hammam Alger');
    await field.press('Enter');

    await expectPath(page, '/catalog?q=hammam+Alger');
  });
});

describe('screenshots (e2e/screenshots/, reviewed by a person)', () => {
  async function capturePublicPages(context: BrowserContext, suffix: string, pages: readonly string[]) {
    const page = await context.newPage();
    const shots: Record<string, (p: Page) => Promise<void>> = {
      home: async (p) => {
        await p.goto('/');
        await expectVisible(p.getByRole('heading', { level: 1 }), 'the home title');
      },
      auth: async (p) => {
        await p.goto('/auth');
        await expectVisible(p.getByTestId('quick-login-customer'), 'the quick-login buttons');
      },
      404: async (p) => {
        await p.goto('/page-inconnue');
        await expectVisible(p.getByText('404', { exact: true }), 'the 404 page');
      },
      403: async (p) => {
        await loginAs(p, 'client');
        await p.goto('/admin/dashboard');
        await expectPath(p, '/unauthorized');
        await expectVisible(p.getByTestId('forbidden-email'), 'the 403 page');
      },
    };
    for (const name of pages) {
      await shots[name]!(page);
      await screenshot(page, `${name}-${suffix}`);
    }
    return documentState(page);
  }

  const ALL = ['home', 'auth', '404', '403'] as const;

  test('home, auth, 403 and 404 in the light theme', async () => {
    const state = await capturePublicPages(await session.newContext({ colorScheme: 'light' }), 'light', ALL);
    expect(state).toMatchObject({ dark: false, lang: 'fr' });
  });

  test('home, auth, 403 and 404 in the dark theme', async () => {
    const state = await capturePublicPages(await session.newContext({ colorScheme: 'dark' }), 'dark', ALL);
    expect(state).toMatchObject({ dark: true, lang: 'fr' });
  });

  test('home and auth in Arabic, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const context = await session.newContext({ colorScheme: theme });
      // Before the app's own scripts on every page of the site (about:blank has no storage).
      await context.addInitScript(() => {
        if (location.protocol.startsWith('http')) localStorage.setItem('farha.locale', 'ar');
      });
      const state = await capturePublicPages(context, `ar-${theme}`, ['home', 'auth']);
      expect(state).toMatchObject({ dark: theme === 'dark', lang: 'ar', dir: 'rtl' });
    }
  });
});
