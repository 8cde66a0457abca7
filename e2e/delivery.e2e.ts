// Issue 38, physical boxes (docs/product/delivery.md). In French on a 390 px phone: a customer picks « Coffret
// physique livré » on a box page of the demo partner, has it delivered to the courier's stop desk in Oran (wilaya 31)
// and pays in cash on delivery; the code texted to the delivery mobile (read in the demo texts) confirms the order;
// logistics prints the card and hands the parcel to the courier; the demo courier delivers it and collects the cash;
// finance fetches the courier's statement and reconciles it; the partner redeems the voucher at the counter.
// In Arabic: a parcel the recipient refuses comes back, its voucher is cancelled and the partner's scanner refuses it.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, readIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { DEMO_PARTNER_BOX } from './support/orders.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser(PHONE);
const fold = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f\u2068\u2069]+/g, ' ').trim();
/** Nothing wider than the phone: no sideways scroll, nothing sticking out (a table scrolling in its own box aside). */
const fits = (page: Page) =>
  page.evaluate(() => {
    if (document.documentElement.scrollWidth > window.innerWidth) return false;
    const scrollsInside = (el: Element) => {
      for (let at = el.parentElement; at; at = at.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(at).overflowX)) return true;
      return false;
    };
    return [...document.querySelectorAll('main *')].every((el) => {
      const box = el.getBoundingClientRect();
      return box.width === 0 || (box.right <= window.innerWidth + 1 && box.left >= -1) || scrollsInside(el);
    });
  });
/** The outbox sends in the background: a text may take a few seconds to show. */
const SMS_TIMEOUT_MS = 30_000;
const ORAN = '31';

const WORDS = {
  fr: { confirmed: 'Commande confirmée', delivered: 'Livré', returned: 'Retourné', cancelled: 'annulé' },
  ar: { confirmed: 'تم تأكيد الطلب', delivered: 'تم التسليم', returned: 'مُرتجَع', cancelled: 'أُلغيت' },
} as const;

/** A fresh Algerian mobile, so that the texts of this run are found by their number. */
function freshMobile(): { typed: string; digits: string } {
  const rest = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
  return { typed: `0555 ${rest.slice(0, 2)} ${rest.slice(2, 4)} ${rest.slice(4)}`, digits: `55${rest}` };
}

function origin(): string {
  return new URL(inject('baseURL')).origin;
}

/** A page of a second device, logged in as a demo account. */
async function pageAs(who: Parameters<typeof loginAs>[1], locale: 'fr' | 'ar' = 'fr', options: BrowserContextOptions = PHONE): Promise<Page> {
  const context = await session.newContext(options);
  const page = await context.newPage();
  await loginAs(page, who);
  if (locale === 'ar') {
    await page.evaluate(() => localStorage.setItem('farha.locale', 'ar'));
  }
  return page;
}

/** The newest 6-digit code texted to `digits`, as a back-office user of the demo reads it. */
async function codeTextedTo(admin: Page, digits: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      async () => {
        const response = await admin.request.get(`/api/demo/mailbox/sms?to=${digits}`);
        if (!response.ok()) return null;
        const { messages } = (await response.json()) as { messages: { body: string; createdAt: string }[] };
        const newest = [...messages].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).find((m) => /\b\d{6}\b/.test(m.body));
        code = newest ? /\b(\d{6})\b/.exec(newest.body)![1]! : null;
        return code;
      },
      { timeout: SMS_TIMEOUT_MS, message: 'the confirmation code texted to the delivery mobile' },
    )
    .not.toBeNull();
  return code!;
}

async function boxNamed(page: Page, name: string): Promise<{ id: string; price: number }> {
  const { boxes } = (await (await page.request.get('/api/boxes')).json()) as { boxes: { id: string; name: string; price: number }[] };
  const box = boxes.find((b) => b.name === name);
  if (!box) throw new Error(`No box named ${name}`);
  return box;
}

/** The shipment of an order on the logistics board, moved by its row's buttons. */
async function logisticsShips(logistics: Page, orderId: string, boxId: string, shots: string | null): Promise<string> {
  // The back office's home is the board for the logistics role (it has no dashboard).
  await logistics.goto('/admin');
  await logistics.waitForURL((url) => url.pathname === '/admin/shipments', { timeout: UI_TIMEOUT_MS });
  // The box's packaging first: each printed card uses one (« Stock d'emballages »).
  await logistics.getByTestId('shipments-tab-stock').click();
  const stock = logistics.locator(`[data-testid="stock-row"][data-box="${boxId}"]`);
  await expectVisible(stock, 'the box’s packaging stock');
  await stock.getByTestId('stock-input').fill('25');
  await stock.getByTestId('stock-save').click();
  await expect.poll(async () => stock.getByTestId('stock-save').isDisabled(), { timeout: UI_TIMEOUT_MS }).toBe(true);
  if (shots) await saveScreenshot(logistics, `${shots}-stock`, { fullPage: true });
  await logistics.getByTestId('shipments-tab-to_prepare').click();
  const row = logistics.locator(`[data-testid="shipment-row"][data-order="${orderId}"]`);
  await expectVisible(row, 'the new shipment, to prepare');
  if (shots) await saveScreenshot(logistics, `${shots}-board`, { fullPage: true });
  // The card's PDF opens in a tab made at the tap: recorded here rather than opened.
  await logistics.evaluate(() => {
    const w = window as unknown as { opened: string[] };
    w.opened = [];
    window.open = () => ({ location: { set href(url: string) { w.opened.push(url); } }, close() {} }) as unknown as Window;
  });
  await row.getByTestId('shipment-print').click();
  await expect.poll(() => logistics.evaluate(() => (window as unknown as { opened: string[] }).opened.join(' ')), { timeout: UI_TIMEOUT_MS }).toMatch(/card\.pdf$/);
  const card = await logistics.request.get((await logistics.evaluate(() => (window as unknown as { opened: string[] }).opened[0]!)));
  expect(card.headers()['content-type']).toContain('application/pdf');

  await logistics.getByTestId('shipments-tab-printed').click();
  const printed = logistics.locator(`[data-testid="shipment-row"][data-order="${orderId}"]`);
  await expectVisible(printed.getByTestId('shipment-hand-over'), '« Remettre au transporteur »');
  await printed.getByTestId('shipment-hand-over').click();
  await logistics.getByTestId('shipments-tab-handed_over').click();
  const handed = logistics.locator(`[data-testid="shipment-row"][data-order="${orderId}"]`);
  await expectVisible(handed.getByTestId('shipment-tracking'), 'the courier’s tracking number');
  const tracking = fold(await handed.getByTestId('shipment-tracking').textContent());
  expect(tracking).toMatch(/^FRH-LIV-/);
  const label = await logistics.request.get(`/api/admin/shipments/${await handed.getAttribute('data-id')}/label.pdf`);
  expect(label.headers()['content-type']).toContain('application/pdf');
  expect(await fits(logistics)).toBe(true);
  if (shots) await saveScreenshot(logistics, `${shots}-handed-over`, { fullPage: true });
  return tracking;
}

/** The demo courier moves the parcel to `to` from its page. */
async function courierMoves(page: Page, tracking: string, to: 'in_transit' | 'out_for_delivery' | 'delivered' | 'returned', shot: string | null) {
  await page.goto('/demo/courier');
  const parcel = page.locator(`[data-testid="courier-parcel"][data-tracking="${tracking}"]`);
  await expectVisible(parcel, 'the parcel at the demo courier');
  await parcel.getByTestId(`courier-${to}`).click();
  await expect.poll(async () => parcel.getByTestId('shipment-status').getAttribute('data-status'), { timeout: UI_TIMEOUT_MS }).toBe(to);
  if (shot) await saveScreenshot(page, shot, { fullPage: true });
}

async function scan(partner: Page, code: string) {
  await partner.goto('/partenaire/scanner?mode=manual');
  await partner.getByTestId('scan-code-input').fill(code);
  await partner.getByTestId('scan-submit').click();
}

describe('a physical box', () => {
  test('a cash order to a stop desk in Oran: confirmed by text, printed, handed over, delivered with the cash, reconciled, redeemed (fr)', { timeout: 120_000 }, async () => {
    const { page, context } = session;
    await readIn(context, 'fr');
    const buyer = newCustomerDetails();
    await registerCustomerViaApi(page, buyer);
    const box = await boxNamed(page, DEMO_PARTNER_BOX);
    const mobile = freshMobile();

    // The box page: « Coffret physique livré », then « Offrir ».
    await page.goto(`/box/${box.id}`);
    await page.locator('[data-testid="box-fulfilment-physical"]:visible').click();
    await page.locator('[data-testid="box-buy"]:visible').click();
    await page.waitForURL(/\/checkout\?box=.*livraison=coffret/);
    await expectVisible(page.getByTestId('shipping-fields'), 'the delivery fields');
    await page.locator('input[name="recipientName"]').fill('Yasmine Haddad');
    await page.locator('input[name="recipientEmail"]').fill(`yasmine.${Date.now().toString(36)}@example.dz`);
    await page.getByTestId('shipping-stopdesk').click();
    await page.getByTestId('shipping-wilaya').selectOption(ORAN);
    const desk = page.getByTestId('shipping-stopdesk-select');
    await desk.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    await desk.selectOption({ index: 1 });
    await expectVisible(page.getByTestId('shipping-stopdesk-address'), 'the stop desk’s address');
    await page.getByTestId('shipping-phone').fill(mobile.typed);
    await expectVisible(page.getByTestId('shipping-fee-line'), 'the delivery fee');
    const feeText = fold(await page.getByTestId('shipping-fee-line').textContent());
    expect(feeText).toMatch(/Livraison( :| offerte)/);
    expect(await fits(page)).toBe(true);
    await saveScreenshot(page, 'delivery/checkout-details-fr', { fullPage: true });
    await page.getByTestId('checkout-next').click();

    // « Paiement à la livraison ».
    await page.getByTestId('method-cash').click();
    await expectVisible(page.getByTestId('method-note'), 'how cash on delivery works');
    await page.getByTestId('terms').check();
    await expectVisible(page.getByTestId('shipping-recap'), 'where the box goes');
    expect(fold(await page.getByTestId('shipping-recap').textContent())).toContain('Oran');
    expect(await fits(page)).toBe(true);
    await saveScreenshot(page, 'delivery/checkout-payment-fr', { fullPage: true });
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/commande\/[0-9a-f-]{36}\/confirmer$/, { timeout: UI_TIMEOUT_MS });
    const orderId = new URL(page.url()).pathname.split('/')[2]!;
    await expectVisible(page.getByTestId('cash-confirm'), 'the code form');

    // A wrong code first, then the one texted to the delivery mobile.
    const admin = await pageAs('admin', 'fr', {});
    const code = await codeTextedTo(admin, mobile.digits);
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('cash-code').fill(wrong);
    await page.getByTestId('cash-confirm-submit').click();
    await expect.poll(async () => fold(await page.getByTestId('cash-code-error').textContent()), { timeout: UI_TIMEOUT_MS }).toContain('Code incorrect');
    expect(await fits(page)).toBe(true);
    await saveScreenshot(page, 'delivery/confirm-code-fr', { fullPage: true });
    await page.getByTestId('cash-code').fill(code);
    await page.getByTestId('cash-confirm-submit').click();
    await expectVisible(page.getByTestId('cash-confirmed'), 'the confirmation');
    expect(fold(await page.getByTestId('cash-confirmed').textContent())).toContain(WORDS.fr.confirmed);
    await saveScreenshot(page, 'delivery/confirmed-fr', { fullPage: true });

    // The buyer's gifts: the voucher waits for the delivery, with nothing to book or show yet.
    await page.goto('/client/dashboard');
    const waiting = page.locator('[data-testid="voucher-card"][data-status="AWAITING_DELIVERY"]');
    await expectVisible(waiting, 'the voucher « En attente de livraison »');
    await expectVisible(waiting.getByTestId('awaiting-delivery-note'), 'the box is on its way');
    expect(await waiting.getByTestId('reserve-button').count()).toBe(0);
    expect(await waiting.getByTestId('view-qr').count()).toBe(0);
    await saveScreenshot(page, 'delivery/voucher-waiting-fr', { fullPage: true });

    // The parcel's page: to prepare, the voucher waiting for the delivery.
    await page.goto(`/commande/${orderId}/confirmer`);
    await page.getByTestId('cash-follow').click();
    await expectVisible(page.getByTestId('tracking-parcel'), 'the parcel');
    await expect.poll(async () => page.getByTestId('shipment-status').getAttribute('data-status')).toBe('to_prepare');

    // Logistics prints the card and hands the parcel over; the courier delivers it and collects the cash.
    const logistics = await pageAs('logistics', 'fr', {});
    const tracking = await logisticsShips(logistics, orderId, box.id, 'delivery/logistics-fr');
    await courierMoves(admin, tracking, 'out_for_delivery', null);
    await courierMoves(admin, tracking, 'delivered', 'delivery/courier-fr');

    await page.reload();
    await expect.poll(async () => page.getByTestId('shipment-status').getAttribute('data-status'), { timeout: UI_TIMEOUT_MS }).toBe('delivered');
    expect(fold(await page.getByTestId('tracking-number').textContent())).toBe(tracking);
    expect(fold(await page.getByTestId('shipment-timeline').textContent())).toContain(WORDS.fr.delivered);
    expect(await fits(page)).toBe(true);
    await saveScreenshot(page, 'delivery/tracking-delivered-fr', { fullPage: true });

    // Finance fetches the courier's statement and reconciles it.
    const finance = await pageAs('finance', 'fr', {});
    await finance.goto('/admin/remittances');
    await expectVisible(finance.getByTestId('remittances-summary'), 'the cash figures');
    await finance.getByTestId('remittance-fetch').click();
    const detail = finance.getByTestId('remittance-detail');
    await expectVisible(detail, 'the statement’s draft');
    const line = detail.locator(`[data-testid="remittance-line"]`, { hasText: tracking });
    await expect.poll(async () => line.getAttribute('data-outcome'), { timeout: UI_TIMEOUT_MS }).toBe('matched');
    await saveScreenshot(finance, 'delivery/remittance-draft-fr', { fullPage: true });
    await detail.getByTestId('remittance-confirm').click();
    await finance.getByTestId('remittance-confirm-yes').click();
    await expect.poll(async () => finance.getByTestId('remittance-detail').getAttribute('data-status'), { timeout: UI_TIMEOUT_MS }).toBe('confirmed');
    await saveScreenshot(finance, 'delivery/remittance-confirmed-fr', { fullPage: true });

    // The partner redeems the voucher at the counter.
    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { voucher: { code: string; status: string } | null };
    expect(order.voucher?.status).toBe('DELIVERED');
    const partner = await pageAs('partenaire');
    await scan(partner, order.voucher!.code);
    await expectVisible(partner.getByTestId('scan-success'), 'the redemption');
    expect(fold(await partner.getByTestId('scan-code').textContent())).toContain(order.voucher!.code);
  });

  test('a refused parcel comes back and cancels its voucher; the scanner refuses it (ar)', { timeout: 90_000 }, async () => {
    const { page, context } = session;
    await readIn(context, 'ar');
    const buyer = newCustomerDetails();
    await registerCustomerViaApi(page, buyer);
    const box = await boxNamed(page, DEMO_PARTNER_BOX);
    const mobile = freshMobile();
    const desks = (await (await page.request.get(`/api/public/delivery/wilayas/${ORAN}`)).json()) as { stopDesks: { id: string; commune: string }[] };
    const desk = desks.stopDesks[0]!;

    // The order through the API (the French journey walks the form), confirmed on the page, in Arabic.
    const created = await page.request.post('/api/orders', {
      headers: { origin: origin() },
      data: {
        boxId: box.id,
        recipientName: 'ياسمين حداد',
        recipientEmail: `yasmine.ar.${Date.now().toString(36)}@example.dz`,
        recipientLocale: 'ar',
        paymentMethod: 'cash',
        termsAccepted: true,
        delivery: { method: 'stopdesk', wilayaCode: Number(ORAN), commune: desk.commune, stopDeskId: desk.id, phone: mobile.typed },
      },
    });
    expect(created.ok(), await created.text()).toBe(true);
    const { orderId, confirmUrl } = (await created.json()) as { orderId: string; confirmUrl: string };
    await page.goto(confirmUrl);
    await expectVisible(page.getByTestId('cash-confirm'), 'the code form');
    const admin = await pageAs('admin', 'ar', {});
    await page.getByTestId('cash-code').fill(await codeTextedTo(admin, mobile.digits));
    await page.getByTestId('cash-confirm-submit').click();
    await expectVisible(page.getByTestId('cash-confirmed'), 'the confirmation');
    expect(fold(await page.getByTestId('cash-confirmed').textContent())).toContain(WORDS.ar.confirmed);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await saveScreenshot(page, 'delivery/confirmed-ar', { fullPage: true });

    const logistics = await pageAs('logistics', 'ar', {});
    const tracking = await logisticsShips(logistics, orderId, box.id, 'delivery/logistics-ar');
    await courierMoves(admin, tracking, 'returned', 'delivery/courier-ar');

    await page.goto(`/commande/${orderId}`);
    await expect.poll(async () => page.getByTestId('shipment-status').getAttribute('data-status'), { timeout: UI_TIMEOUT_MS }).toBe('returned');
    expect(fold(await page.getByTestId('tracking-voucher-note').textContent())).toContain(WORDS.ar.cancelled);
    expect(await fits(page)).toBe(true);
    await saveScreenshot(page, 'delivery/tracking-returned-ar', { fullPage: true });

    const order = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as { voucher: { code: string; status: string } | null };
    expect(order.voucher?.status).toBe('CANCELLED');
    const partner = await pageAs('partenaire', 'ar');
    await scan(partner, order.voucher!.code);
    await expectVisible(partner.getByTestId('scan-failure'), 'the refusal');
  });
});
