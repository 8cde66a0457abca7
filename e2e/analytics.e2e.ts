// Analytics (issue 13) and the dashboard's charts and system status (issue 12): a visitor browses and buys,
// then finance sees the funnel move on /admin/analytics; the pages at 1280 px and 390 px, in French and Arabic.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, readIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();

const STEPS = ['visit', 'catalogue_view', 'box_view', 'checkout_started', 'payment_started', 'purchase'] as const;

/** The funnel of today as the analytics page shows it (period: 7 days, the shortest chip). */
async function funnelOnPage(page: Page): Promise<Record<(typeof STEPS)[number], number>> {
  await page.goto('/admin/analytics');
  await page.getByRole('button', { name: '7 jours' }).or(page.getByRole('radio', { name: '7 jours' })).first().click();
  await expectVisible(page.getByTestId('funnel-purchase'), 'the funnel');
  // Let the 7-day figures replace the 30-day ones.
  await page.waitForResponse((r) => r.url().includes('/api/admin/analytics/funnel?days=7'), { timeout: UI_TIMEOUT_MS }).catch(() => undefined);
  const counts = {} as Record<(typeof STEPS)[number], number>;
  for (const step of STEPS) counts[step] = Number(((await page.getByTestId(`funnel-${step}`).textContent()) ?? '').replace(/\D/g, ''));
  return counts;
}

describe('the funnel from real use', () => {
  test('a visitor browses, logs in and buys; finance then sees every step of the funnel move', async () => {
    const finance = await (await session.newContext()).newPage();
    await loginAs(finance, 'finance');
    const before = await funnelOnPage(finance);

    // A new visitor (fresh tab: a new anonymous session) goes home → catalogue → a box → checkout → pays.
    const { page } = session;
    await page.goto('/');
    await page.goto('/catalog');
    const card = page.getByTestId('box-card').first();
    await expectVisible(card, 'a box card');
    await card.getByRole('link').first().click();
    await page.waitForURL(/\/box\/[^/]+$/);
    const boxUrl = new URL(page.url()).pathname;
    // A buyer of their own: the funnel's payment and purchase count buyers once a day, and the demo client
    // may already have bought today in another journey.
    await registerCustomerViaApi(page);
    await page.goto(boxUrl);
    await page.getByRole('link', { name: /Acheter ce coffret/ }).or(page.getByRole('button', { name: /Acheter ce coffret/ })).first().click();
    await page.waitForURL(/\/checkout/);
    await page.locator('input[name="recipientName"]').fill('Nadia Benali');
    await page.locator('input[name="recipientEmail"]').fill('nadia.funnel@example.dz');
    await page.locator('input[name="senderName"]').fill('Amina');
    await page.getByTestId('checkout-next').click();
    await page.getByTestId('method-cib').click();
    await page.getByTestId('terms').click();
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/pay\/sandbox\/sbx_/);
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.waitForURL(/\/success/, { timeout: 30_000 });

    await expect
      .poll(async () => (await funnelOnPage(finance)).purchase, { timeout: 20_000, message: 'the purchase in the funnel' })
      .toBeGreaterThanOrEqual(before.purchase + 1);
    const after = await funnelOnPage(finance);
    // This visitor's session reached every step today (a fresh tab: a new session); another journey running
    // at the same time may add its own, so each step moved by at least one.
    for (const step of STEPS) expect({ step, moved: after[step] >= before[step] + 1 }).toEqual({ step, moved: true });
    await screenshot(finance, 'analytics-funnel-after-purchase-1280');
  }, 150_000); // a whole purchase, then the analytics page: 56 s on a loaded CI machine
});

describe('analytics and dashboard at 1280 px and 390 px, in French and Arabic', () => {
  const pages = [
    ['analytics', '/admin/analytics', 'funnel-purchase', 'finance'],
    ['dashboard', '/admin/dashboard', 'system-status', 'admin'],
  ] as const;
  test.each(pages)('%s', async (name, url, testId, who) => {
    for (const locale of ['fr', 'ar'] as const) {
      for (const options of [{}, PHONE]) {
        const context = await session.newContext(options);
        await readIn(context, locale);
        const page = await context.newPage();
        await loginAs(page, who);
        await page.goto(url);
        await expectVisible(page.getByTestId(testId).first(), `${name} content`);
        // Issue 25: the texts sent per day and their cost have their card.
        if (name === 'analytics') await expectVisible(page.getByTestId('sms-per-day'), 'the text messages per day');
        // The lazily loaded charts are drawn.
        await page.locator('.recharts-surface').first().waitFor({ timeout: UI_TIMEOUT_MS });
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
        // Nothing overflows sideways, even the wide tables on a phone (they scroll inside their card).
        expect(await page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))).toBe(0);
        const width = options === PHONE ? 390 : 1280;
        await screenshot(page, `admin-${name}-${locale}-${width}`);
        await context.close();
      }
    }
  });
});
