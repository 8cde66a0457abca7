import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { UI_TIMEOUT_MS } from './browser.ts';

/** The first demo partner, whose owner is partenaire@demo.farha.dz. */
export const DEMO_PARTNER_NAME = 'Hammam Dar Es-Salam';
/** Boxes of the first demo partner (Hammam Dar Es-Salam), each with one of its offers. */
export const DEMO_PARTNER_BOX = 'Parenthèse Hammam';

export interface BoughtVoucher {
  id: string;
  code: string;
}

/**
 * Buys `boxName` through the API for the customer logged in in the page's context (the voucher is
 * theirs: they are its recipient) and pays on the sandbox gateway, as customer.e2e.ts does. A fresh
 * voucher that no other journey touches.
 */
export async function buyVoucherViaApi(page: Page, boxName: string, recipient: { name: string; email: string }): Promise<BoughtVoucher> {
  // Same-origin header: the server refuses state-changing requests without one (CSRF).
  const origin = new URL(inject('baseURL')).origin;
  const list = await page.request.get('/api/boxes');
  expect(list.ok(), 'GET /api/boxes').toBe(true);
  const { boxes } = (await list.json()) as { boxes: { id: string; name: string }[] };
  const box = boxes.find((b) => b.name === boxName);
  if (!box) throw new Error(`No box named ${boxName} in the catalogue`);

  const order = await page.request.post('/api/orders', {
    data: { boxId: box.id, recipientName: recipient.name, recipientEmail: recipient.email, paymentMethod: 'cib', termsAccepted: true },
    headers: { origin },
  });
  if (order.status() !== 201) throw new Error(`POST /api/orders answered ${order.status()}: ${await order.text()}`);
  const { orderId, checkoutUrl } = (await order.json()) as { orderId: string; checkoutUrl: string };
  await page.request.post(checkoutUrl, { form: { action: 'pay' }, headers: { origin }, maxRedirects: 0 });

  let voucher: BoughtVoucher | null = null;
  await expect
    .poll(
      async () => {
        const body = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { voucher: BoughtVoucher | null };
        voucher = body.voucher;
        return voucher !== null;
      },
      { timeout: UI_TIMEOUT_MS, message: 'the paid order has its voucher' },
    )
    .toBe(true);
  return voucher!;
}

/**
 * Reserves `time` on `date` for the voucher at the partner named `partnerName` (its first offer in the
 * box), through the API as the voucher's holder logged in in the page's context.
 */
export async function reserveViaApi(
  page: Page,
  voucherId: string,
  { partnerName, date, time, guests = 2, phone = '+213 555 12 34 56', notes }: { partnerName: string; date: string; time: string; guests?: number; phone?: string; notes?: string },
): Promise<{ id: string }> {
  const origin = new URL(inject('baseURL')).origin;
  const detail = (await (await page.request.get(`/api/client/vouchers/${voucherId}`)).json()) as {
    offers: { id: string; partner: { id: string; name: string } }[];
  };
  const offer = detail.offers.find((o) => o.partner.name === partnerName);
  if (!offer) throw new Error(`${partnerName} has no offer in this voucher's box`);
  const response = await page.request.post('/api/client/reservations', {
    data: { voucherId, partnerId: offer.partner.id, offerId: offer.id, date, time, guests, phone, notes },
    headers: { origin },
  });
  if (response.status() !== 201) throw new Error(`POST /api/client/reservations answered ${response.status()}: ${await response.text()}`);
  return ((await response.json()) as { reservation: { id: string } }).reservation;
}

/** A weekday (Monday to Friday: the demo partners' full days) at least `days` ahead, as YYYY-MM-DD. */
export function weekdayAhead(days = 8): string {
  const d = new Date(Date.now() + days * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
