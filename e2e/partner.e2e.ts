// Partner portal (issue 5): the demo partner scans the demo customer's voucher by hand on a phone and
// prints the receipt; the same code again fails with the spec's message; the second partner is refused.
// A fresh customer reserves a slot at the demo partner, who confirms it from the reservations inbox.
import { describe, expect, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX, weekdayAhead } from './support/orders.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { pickCalendarDay } from './support/calendar.ts';

const session = useBrowser(PHONE);

async function demoVoucherCode(): Promise<string> {
  const context = await session.newContext();
  const page = await context.newPage();
  await loginAs(page, 'client');
  const res = await page.request.get('/api/client/vouchers');
  const body = (await res.json()) as { vouchers: { code: string; status: string; box: { name: string } }[] };
  const voucher = body.vouchers.find((v) => v.status === 'DELIVERED' && v.box.name === 'Rituel Bien-être');
  if (!voucher) throw new Error('the demo voucher is not there');
  return voucher.code;
}

async function scan(code: string) {
  const { page } = session;
  await page.goto('/partenaire/scanner?mode=manual');
  await page.getByTestId('scan-code-input').fill(code);
  await page.getByTestId('scan-submit').click();
}

describe('scanning at the counter', () => {
  test('second partner refused; first partner redeems (typed any case) and prints; a second scan fails', async () => {
    const code = await demoVoucherCode();
    const { page } = session;

    await loginAs(page, 'partenaire2');
    await scan(code);
    await expectVisible(page.getByTestId('scan-failure'), 'the failure card');
    expect(await page.getByTestId('scan-error').textContent()).toContain('Partenaire non autorisé pour ce coffret');

    await page.context().clearCookies();
    await loginAs(page, 'partenaire');
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await scan(code.toLowerCase().replace(/-/g, ' '));
    await expectVisible(page.getByTestId('scan-success'), 'the success card');
    expect(await page.getByTestId('scan-code').textContent()).toContain(code);
    await saveScreenshot(page, 'partner-scan-success-phone');
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1;
      };
    });
    await page.getByTestId('print-receipt').click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect(await page.getByTestId('receipt').textContent()).toContain(code);

    await scan(code);
    await expectVisible(page.getByTestId('scan-failure'), 'the failure card');
    expect(await page.getByTestId('scan-error').textContent()).toContain('Voucher déjà utilisé ou non valide');
    await saveScreenshot(page, 'partner-scan-failure-phone');
  });
});

describe('reservations', () => {
  test('a customer reserves a slot at the demo partner, the partner confirms it, the customer sees it confirmed', async () => {
    const { page: partner } = session;

    // A fresh customer with a fresh voucher of a box the demo partner serves, on their phone.
    const customer = await (await session.newContext()).newPage();
    const details = newCustomerDetails();
    await registerCustomerViaApi(customer, details);
    const voucher = await buyVoucherViaApi(customer, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });

    await customer.goto('/client/dashboard');
    const card = customer.locator(`[data-testid="voucher-card"][data-voucher-id="${voucher.id}"]`);
    await expectVisible(card, 'the new voucher');
    await card.getByTestId('reserve-button').click();
    const dialog = customer.getByTestId('reservation-dialog');
    await expectVisible(dialog, 'the reservation dialog');
    const partnerSelect = dialog.locator('select[name="partnerId"]');
    // The box's partners arrive with the voucher's details: wait for the demo partner's option.
    const option = partnerSelect.locator('option', { hasText: 'Hammam Dar Es-Salam' });
    await option.waitFor({ state: 'attached' });
    await partnerSelect.selectOption((await option.getAttribute('value'))!);
    // Its one offer in this box is picked for the customer, and the select shows it.
    const offerSelect = dialog.locator('select[name="offerId"]');
    const offerOption = offerSelect.locator('option:not([value=""])');
    await offerOption.waitFor({ state: 'attached' });
    await expect.poll(() => offerSelect.inputValue()).toBe(await offerOption.getAttribute('value'));
    await pickCalendarDay(dialog, weekdayAhead());
    const slot = dialog.getByTestId('reservation-times').getByText('14:00', { exact: true });
    await expectVisible(slot, 'the 14:00 slot');
    await slot.click();
    await dialog.locator('input[name="phone"]').fill('+213 555 98 76 54');
    await dialog.getByTestId('reservation-submit').click();
    await expectVisible(customer.getByTestId('reservation-success'), 'the reservation confirmation');
    await customer.keyboard.press('Escape');
    const status = card.getByTestId('reservation-status');
    await expectVisible(status, 'the reservation on the voucher');
    expect(await status.getAttribute('data-status')).toBe('pending');

    // The partner finds the request in the inbox and confirms it.
    await loginAs(partner, 'partenaire');
    await partner.goto('/partenaire/reservations');
    const request = partner.getByTestId('reservation-card').filter({ hasText: voucher.code });
    await expectVisible(request, 'the request in the pending inbox');
    expect(await request.textContent()).toContain(`${details.firstName} ${details.lastName}`);
    expect(await request.textContent()).toContain('14:00');
    await request.getByTestId('reservation-confirm').click();
    await request.waitFor({ state: 'detached' });
    await partner.getByTestId('reservations-tab-confirmed').click();
    const confirmed = partner.getByTestId('reservation-card').filter({ hasText: voucher.code });
    await expectVisible(confirmed, 'the reservation in the confirmed tab');
    expect(await confirmed.textContent()).toContain('Confirmée');

    // The customer's area now says so.
    await customer.reload();
    await expectVisible(card.locator('[data-testid="reservation-status"][data-status="confirmed"]'), 'the confirmed reservation');
    expect(await card.getByTestId('reservation-status').textContent()).toBe('Confirmée');
  });
});
