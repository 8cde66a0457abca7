// The app shell (issue 2, docs/product/storefront.md §2): theme, French/Arabic, top-bar search, and screenshots
// of the public pages for a person to review.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { currentUser, loginAs, newCustomerDetails, registerCustomerViaApi, submitLoginForm } from './support/auth.ts';
import { readIn, useBrowser } from './support/browser.ts';
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

  test('an Arabic reader finds a box by its Arabic name and reads it and its experiences in Arabic', async () => {
    const context = await session.newContext();
    await readIn(context, 'ar');
    const page = await context.newPage();
    await page.goto(`/catalog?q=${encodeURIComponent('استراحة الحمّام')}`);
    await expectDocument(page, { lang: 'ar', dir: 'rtl' });
    await expectVisible(page.getByText('استراحة الحمّام', { exact: true }).first(), 'the Arabic box name in the catalogue');

    const { boxes } = (await (await page.request.get('/api/boxes?q=Parenth%C3%A8se%20Hammam')).json()) as { boxes: { id: string }[] };
    await page.goto(`/box/${boxes[0]!.id}`);
    await expectVisible(page.getByRole('heading', { level: 1, name: 'استراحة الحمّام' }), 'the Arabic box name as the page title');
    await expectVisible(page.getByText('طقس الحمّام والتقشير بالصابون الأسود').first(), 'an experience of the box in Arabic');
    expect(await page.title()).toContain('استراحة الحمّام');
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

describe('first visit', () => {
  test('the homepage and a box page draw from the data sent with the page; a page the browser draws asks the API', async () => {
    const context = await session.newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && request.method() === 'GET') asked.push(url.pathname + url.search);
    });
    await page.goto('/');
    await expectVisible(page.getByTestId('box-card').first(), 'the boxes of the homepage');
    await expectVisible(page.getByRole('link', { name: 'Se connecter' }).first(), 'the login link of a visitor');
    expect(asked.filter((url) => ['/api/boxes', '/api/site', '/api/landing?locale=fr', '/api/auth/me'].includes(url))).toEqual([]);

    const boxId = await page.getByTestId('box-card').first().getAttribute('data-box-id');
    await page.goto(`/box/${boxId}`);
    await expectVisible(page.getByRole('heading', { level: 1 }), 'the box page');
    expect(asked.filter((url) => url.startsWith('/api/boxes'))).toEqual([]);

    // A page the server does not draw (issue 23: the public pages only) asks the API itself.
    await page.goto('/unauthorized');
    await expectVisible(page.getByRole('heading', { level: 1 }), 'the page');
    await expect.poll(() => asked).toContain('/api/site');
    await context.close();
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
  const reach: Record<string, (page: Page) => Promise<void>> = {
    home: async (page) => {
      await page.goto('/');
      await expectVisible(page.getByRole('heading', { level: 1 }), 'the home title');
    },
    auth: async (page) => {
      await page.goto('/auth');
      await expectVisible(page.getByTestId('quick-login-customer'), 'the quick-login buttons');
    },
    404: async (page) => {
      await page.goto('/page-inconnue');
      await expectVisible(page.getByText('404', { exact: true }), 'the 404 page');
    },
    403: async (page) => {
      await loginAs(page, 'client');
      await page.goto('/admin/dashboard');
      await expectPath(page, '/unauthorized');
      await expectVisible(page.getByTestId('forbidden-email'), 'the 403 page');
    },
  };
  const variants = [
    { suffix: 'light', theme: 'light', arabic: false, pages: ['home', 'auth', '403', '404'] },
    { suffix: 'dark', theme: 'dark', arabic: false, pages: ['home', 'auth', '403', '404'] },
    { suffix: 'ar-light', theme: 'light', arabic: true, pages: ['home', 'auth'] },
    { suffix: 'ar-dark', theme: 'dark', arabic: true, pages: ['home', 'auth'] },
  ] as const;
  const cases = variants.flatMap((variant) => variant.pages.map((name) => [`${name}-${variant.suffix}`, name, variant] as const));

  test.each(cases)('%s', async (shot, name, { theme, arabic }) => {
    // The theme is the system's (no stored choice), which the app follows; reduced motion keeps
    // moving parts (the home carousel) still where the app honours it.
    const context = await session.newContext({ colorScheme: theme, reducedMotion: 'reduce' });
    if (arabic) {
      await readIn(context, 'ar');
    }
    const page = await context.newPage();
    await reach[name]!(page);
    await screenshot(page, shot);
    expect(await documentState(page)).toMatchObject({
      dark: theme === 'dark',
      lang: arabic ? 'ar' : 'fr',
      dir: arabic ? 'rtl' : 'ltr',
    });
  });
});
