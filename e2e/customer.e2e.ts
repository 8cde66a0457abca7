// Customer area (issue 4): a customer reserves a slot for a voucher and cancels the reservation.
import { describe, expect, test } from 'vitest';
import { loginAs } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { pickCalendarDay } from './support/calendar.ts';
import { expectVisible } from './support/expect.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser();

/** A weekday at least a week ahead (partners are closed on Sundays in the demo hours). */
function nextWeekday(): string {
  const d = new Date(Date.now() + 8 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

describe('reservations', () => {
  test('the customer reserves a slot, the voucher shows it, then cancels it', async () => {
    const { page, baseURL } = session;
    await loginAs(page, 'client');

    // A fresh voucher for this journey, bought through the API and paid on the sandbox gateway.
    const boxes = (await (await page.request.get('/api/boxes')).json()) as { boxes: { id: string }[] };
    const boxId = boxes.boxes[0]!.id;
    const order = await page.request.post('/api/orders', {
      data: { boxId, recipientName: 'Amina Benali', recipientEmail: 'client@demo.farha.dz', paymentMethod: 'cib', termsAccepted: true },
    });
    expect(order.status()).toBe(201);
    const { orderId, checkoutUrl } = (await order.json()) as { orderId: string; checkoutUrl: string };
    await page.request.post(checkoutUrl, { form: { action: 'pay' }, headers: { origin: baseURL }, maxRedirects: 0 });
    const paid = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { voucher: { id: string } };

    await page.goto(`/client/dashboard?reserve=${paid.voucher.id}`);
    const dialog = page.getByTestId('reservation-dialog');
    await expectVisible(dialog, 'the reservation dialog');
    const partner = dialog.locator('select[name="partnerId"]');
    // The box's partners and offers arrive with the voucher's details: wait for real options.
    await partner.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    const partnerValues = await partner.locator('option').evaluateAll((o) => (o as HTMLOptionElement[]).map((x) => x.value).filter(Boolean));
    await partner.selectOption(partnerValues[0]!);
    const offer = dialog.locator('select[name="offerId"]');
    await offer.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    const offerValues = await offer.locator('option').evaluateAll((o) => (o as HTMLOptionElement[]).map((x) => x.value).filter(Boolean));
    // A partner with one experience in the box: it is picked, and the select shows it.
    if (offerValues.length === 1) await expect.poll(() => offer.inputValue()).toBe(offerValues[0]);
    else await offer.selectOption(offerValues[0]!);
    // The calendar shows the venue's open days: a closed one (a Sunday of the demo hours) cannot be picked.
    const day = nextWeekday();
    await pickCalendarDay(dialog, day);
    const closed = dialog.locator('[data-testid="reservation-calendar"] [data-status="closed"]').first();
    await expectVisible(closed, 'a closed day in the calendar');
    expect(await closed.getAttribute('aria-disabled')).toBe('true');
    expect(await closed.getAttribute('aria-label')).toMatch(/, Fermé$/);
    await closed.click({ force: true });
    await expect.poll(() => dialog.locator(`[data-day="${day}"]`).locator('xpath=..').getAttribute('aria-selected')).toBe('true');
    const slots = dialog.getByTestId('reservation-times');
    await expectVisible(slots.getByText('10:00'), 'the 10:00 slot');
    await slots.getByText('10:00').click();
    await dialog.locator('input[name="phone"]').fill('+213 555 12 34 56');
    await dialog.getByTestId('reservation-submit').click();
    await expectVisible(page.getByTestId('reservation-success'), 'the reservation confirmation');
    await saveScreenshot(page, 'customer-reservation-success');
    await page.keyboard.press('Escape');

    const card = page.locator(`[data-testid="voucher-card"][data-status="RESERVED"]`).first();
    await expectVisible(card, 'the reserved voucher');
    await card.getByTestId('cancel-reservation').click();
    await page.getByTestId('confirm-action').click();
    await page.waitForFunction(() => !document.querySelector('[data-testid="voucher-card"][data-status="RESERVED"]'), null, { timeout: 10_000 });
    const res = (await (await page.request.get('/api/client/reservations')).json()) as { reservations: { status: string }[] };
    expect(res.reservations.some((r) => r.status === 'cancelled')).toBe(true);
  });
});
