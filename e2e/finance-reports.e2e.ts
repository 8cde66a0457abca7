// Issue 35, « Finance and analytics » (docs/product/promotions.md §14, docs/product/gift-cards.md §10): a customer
// buys a box with BIENVENUE and a gift card through the sandbox; finance reads, in /admin/analytics, the promo codes' and the gift cards'
// figures the server computed, picks another period and downloads the movements as CSV; the catalogue admin reads
// BIENVENUE's own figures in its details. In French and in Arabic, at 1280 px and on a 390 px phone.
import { formatDzd } from '@farha/contracts/money';
import type { TGiftCardReport, TPromotionReport } from '@farha/contracts/finance-reports';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { loginAs, registerCustomerViaApi } from './support/auth.ts';
import { readIn, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();
const fold = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f\s]+/g, ' ').trim();

async function shoot(page: Page, name: string, testId: string) {
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await screenshot(page, `finance-reports/${name}-1280`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId(testId).scrollIntoViewIfNeeded();
  await screenshot(page, `finance-reports/${name}-390`, { fullPage: false });
  // Tables scroll in their own box; the page never scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll at 390 px`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * A fresh customer in another browser buys a box with BIENVENUE (their first purchase) and a gift card of
 * `amount`, both paid on the sandbox's page.
 */
async function buyWithCodeAndGiftCard(amount: number) {
  const context = await session.newContext();
  const page = await context.newPage();
  const origin = new URL(inject('baseURL')).origin;
  await registerCustomerViaApi(page);
  const { boxes } = (await (await page.request.get('/api/boxes')).json()) as { boxes: { id: string }[] };
  const order = await page.request.post('/api/orders', {
    data: { boxId: boxes[0]!.id, recipientName: 'Nadia Benali', recipientEmail: 'nadia.finance@example.dz', paymentMethod: 'cib', termsAccepted: true, promoCode: 'BIENVENUE' },
    headers: { origin },
  });
  expect(order.status(), await order.text()).toBe(201);
  await page.request.post(((await order.json()) as { checkoutUrl: string }).checkoutUrl, { form: { action: 'pay' }, headers: { origin }, maxRedirects: 0 });
  const res = await page.request.post('/api/client/gift-cards', {
    data: { amount, recipientName: 'Yasmine Haddad', recipientEmail: 'yasmine.finance@example.dz', senderName: 'Karim', paymentMethod: 'cib', termsAccepted: true },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { checkoutUrl } = (await res.json()) as { checkoutUrl: string };
  await page.request.post(checkoutUrl, { form: { action: 'pay' }, headers: { origin }, maxRedirects: 0 });
}

describe('finance’s figures of promo codes and gift cards', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`finance reads them over a period and downloads the movements; marketing reads a promotion's (${locale})`, { timeout: 180_000 }, async () => {
      const { page, context } = session;
      if (locale === 'ar') await readIn(context, 'ar');
      await buyWithCodeAndGiftCard(7500);

      await loginAs(page, 'finance');
      await page.goto('/admin/analytics');
      const cards = page.getByTestId('gift-card-report');
      await expectVisible(cards, 'the gift cards’ figures');
      // The page shows the server's figures: the card just bought is in today's sales.
      const readReport = async () => (await (await page.request.get('/api/admin/analytics/gift-cards')).json()) as TGiftCardReport;
      // The sandbox's webhook issues the card a moment after its page is paid.
      await expect.poll(async () => (await readReport()).totals.sold.amount).toBeGreaterThanOrEqual(7500);
      await page.reload();
      const report = await readReport();
      await expect.poll(async () => fold(await cards.getByTestId('gift-card-report-sold').textContent())).toContain(fold(formatDzd(report.totals.sold.amount, locale)));
      await expect.poll(async () => fold(await cards.getByTestId('gift-card-report-outstanding').textContent())).toContain(fold(formatDzd(report.outstanding, locale)));
      const promos = page.getByTestId('promotion-report');
      const readPromotions = async () => (await (await page.request.get('/api/admin/analytics/promotions')).json()) as TPromotionReport;
      await expect.poll(async () => (await readPromotions()).totals.orders, { message: 'the order paid with BIENVENUE' }).toBeGreaterThanOrEqual(1);
      const promoReport = await readPromotions();
      expect(promoReport.promotions.items.map((p) => p.publicCode)).toContain('BIENVENUE');
      await expect.poll(async () => fold(await promos.getByTestId('promo-report-orders').textContent())).toContain(fold(new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR').format(promoReport.totals.orders)));
      await expectVisible(promos.getByTestId('promo-report-by-promotion').getByText('BIENVENUE'), 'BIENVENUE among the promotions');
      await expect.poll(async () => fold(await promos.getByTestId('promo-report-discount').textContent())).toContain(fold(formatDzd(promoReport.totals.discount, locale)));
      await shoot(page, `gift-cards-${locale}`, 'gift-card-report');
      await shoot(page, `promotions-${locale}`, 'promotion-report');

      // Another period: the last week only.
      await cards.getByTestId('report-from').fill(new Date(Date.parse(`${report.to}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10));
      const week = (await (await page.request.get(`/api/admin/analytics/gift-cards?from=${new Date(Date.parse(`${report.to}T12:00:00Z`) - 6 * 86_400_000).toISOString().slice(0, 10)}&to=${report.to}`)).json()) as TGiftCardReport;
      await expect.poll(async () => fold(await cards.getByTestId('gift-card-report-opening').textContent())).toContain(fold(formatDzd(week.opening, locale)));

      const [download] = await Promise.all([page.waitForEvent('download'), cards.getByTestId('gift-card-movements-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/^farha-cartes-cadeaux-mouvements-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await (await download.createReadStream()).toArray();
      const text = Buffer.concat(csv as Buffer[]).toString('utf8');
      expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('date;carte;origine;mouvement;montant_dzd;solde_apres_dzd;commande');
      expect(text).toContain(';achat;émise;7500;7500;');

      // Marketing: BIENVENUE's own figures in its details.
      await page.context().clearCookies();
      await loginAs(page, 'catalogue');
      await page.goto('/admin/promotions');
      const row = page.getByTestId('promotion-row').filter({ has: page.locator('[data-testid="promotion-code"]', { hasText: 'BIENVENUE' }) });
      await row.getByTestId('promotion-details-open').click();
      const details = page.getByTestId('promotion-details');
      await expectVisible(details.getByTestId('promotion-report'), 'BIENVENUE’s figures over a period');
      await expectVisible(details.getByTestId('promo-report-conversion'), 'its conversion');
      await expect.poll(async () => fold(await details.getByTestId('promo-report-orders').textContent())).not.toMatch(/^[^\d٠-٩]*[0٠]$/);
      await screenshot(page, `finance-reports/promotion-details-${locale}-1280`, { fullPage: false });
      await page.setViewportSize({ width: 390, height: 844 });
      await details.getByTestId('promotion-report').scrollIntoViewIfNeeded();
      await screenshot(page, `finance-reports/promotion-details-${locale}-390`, { fullPage: false });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Nor does the dialog itself: its tables scroll in their own box.
      expect(await details.evaluate((el) => el.scrollWidth - el.clientWidth), 'the dialog does not scroll sideways').toBeLessThanOrEqual(0);
    });
  }
});
