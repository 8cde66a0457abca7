// Issue 36 (docs/product/realtime.md §6, §7): a partner's reservations inbox and bell update by push. The demo
// partner has the inbox open; a customer, in another browser, reserves a slot; the request appears in the inbox
// and the bell counts it, without a reload and well before the 60-second refresh the inbox keeps for a
// stream that is down. In French and in Arabic (right to left).
import { describe, expect, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { readIn, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX, DEMO_PARTNER_NAME, reserveViaApi, weekdayAhead } from './support/orders.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser();

/** Well under the inbox's fallback refresh (60 s) and the bell's (30 s): only a push explains it. */
const PUSHED_WITHIN_MS = 8_000;

describe('a partner’s inbox updates itself', () => {
  for (const [locale, day, time] of [
    ['fr', 15, '11:00'],
    ['ar', 22, '15:00'],
  ] as const) {
    test(`a new reservation made in another browser shows in the inbox and the bell without a reload (${locale})`, async () => {
      const { context, page: partner } = session;
      await readIn(context, locale);
      await loginAs(partner, 'partenaire');
      // The stream opens with the portal's header (the bell): wait for it, as the page does.
      const stream = partner.waitForResponse((response) => new URL(response.url()).pathname === '/api/stream');
      const dashboard = partner.waitForResponse((response) => new URL(response.url()).pathname === '/api/partner/dashboard');
      await partner.goto('/partenaire/reservations');
      expect((await stream).status()).toBe(200);
      await dashboard;
      expect(await partner.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const bell = partner.getByTestId('partner-notifications');
      await expectVisible(bell, 'the bell');
      // The bell's name says its count (the dashboard behind it has loaded): keep it.
      await partner.waitForTimeout(500);
      const bellBefore = await bell.getAttribute('aria-label');
      // A marker that a reload would wipe out.
      await partner.evaluate(() => Object.assign(window, { farhaNoReload: true }));

      // A customer on another device buys a voucher of a box the partner serves and reserves a slot.
      const customer = await (await session.newContext()).newPage();
      const details = newCustomerDetails();
      await registerCustomerViaApi(customer, details);
      const voucher = await buyVoucherViaApi(customer, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });
      const reservedAt = Date.now();
      await reserveViaApi(customer, voucher.id, { partnerName: DEMO_PARTNER_NAME, date: weekdayAhead(day), time });

      const request = partner.getByTestId('reservation-card').filter({ hasText: voucher.code });
      await request.waitFor({ state: 'visible', timeout: PUSHED_WITHIN_MS });
      expect(Date.now() - reservedAt).toBeLessThan(PUSHED_WITHIN_MS);
      expect(await request.textContent()).toContain(`${details.firstName} ${details.lastName}`);
      expect(await request.textContent()).toContain(time);
      await expect.poll(() => bell.getAttribute('aria-label'), { timeout: PUSHED_WITHIN_MS }).not.toBe(bellBefore);
      expect(await partner.evaluate(() => (window as unknown as { farhaNoReload?: boolean }).farhaNoReload)).toBe(true);
      await saveScreenshot(partner, `partner-inbox-pushed-${locale}`);
    });
  }
});
