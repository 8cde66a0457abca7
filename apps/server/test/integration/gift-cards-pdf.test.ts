import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, giftCards } from '../../src/db/schema/index.ts';
import { renderGiftCardPdf, withGiftCardAttachments } from '../../src/modules/giftcards/index.ts';
import { processOutbox } from '../../src/modules/notifications/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';

// docs/product/gift-cards.md §3, §9: a card's PDF (code, amount, last valid day, QR to the balance page) goes
// with the recipient's e-mail, and its purchaser (or, for a goodwill card, an agent) downloads it.
const clock = testClock();
const mailer = memoryMailer();
let t: TestApp;
let buyer: Customer;
let other: Customer;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer });
  for (const [role, email] of Object.entries(ACCOUNTS)) cookies[role as Role] = await t.login(email);
  buyer = await newCustomer(t, 'pdf-offrant');
  other = await newCustomer(t, 'pdf-autre');
});
afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const drain = () => processOutbox({ db: db(), mailer, clock, publicUrl: t.config.publicUrl, log: t.app.log, hooks: withGiftCardAttachments(voucherMailHooks) });
const isPdf = (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-';

async function paidCard(recipientEmail: string, recipientLocale: 'fr' | 'ar' = 'fr') {
  const res = await t.request({
    method: 'POST',
    url: '/api/client/gift-cards',
    cookie: buyer.cookie,
    payload: { amount: 9000, recipientName: 'Lina', recipientEmail, recipientLocale, senderName: 'Karim', paymentMethod: 'cib', termsAccepted: true },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { orderId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
  const checkoutId = checkoutUrl.split('/').pop()!;
  const settled = await settleSandboxCheckout(db(), checkoutId, { status: 'paid', reason: null }, clock.now());
  const raw = JSON.stringify({ id: `evt_${checkoutId}_paid`, entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount: settled!.amount, currency: settled!.currency } });
  const secret = await t.app.payments.sandbox.webhookSecret();
  const hook = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
  expect(hook.json().outcome).toBe('applied');
  const [card] = await db().select().from(giftCards).where(eq(giftCards.orderId, orderId));
  return { orderId, card: card! };
}

describe('a gift card’s PDF', () => {
  it('goes with the recipient’s e-mail, in French and in Arabic', async () => {
    const { card } = await paidCard('lina.pdf@example.dz');
    const { card: cardAr } = await paidCard('lina.pdf.ar@example.dz', 'ar');
    const [row] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'lina.pdf@example.dz'));
    expect(row!.attachments).toEqual({ giftCardId: card.id, pdf: true });
    await drain();
    for (const c of [card, cardAr]) {
      const sent = mailer.sent.find((m) => m.to === c.recipientEmail);
      expect(sent?.attachments?.map((a) => a.filename)).toEqual([`farha-carte-cadeau-${c.code}.pdf`]);
      expect(isPdf(sent!.attachments![0]!.content as Buffer)).toBe(true);
    }
    // The receipt to the purchaser carries no card.
    expect(mailer.sent.find((m) => m.to === buyer.email)?.attachments ?? []).toEqual([]);
  });

  it('is downloaded by its purchaser only, once the card is issued', async () => {
    const { orderId, card } = await paidCard('lina.dl@example.dz');
    const res = await t.request({ method: 'GET', url: `/api/client/gift-cards/orders/${orderId}/card.pdf`, cookie: buyer.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="farha-carte-cadeau-${card.code}.pdf"`);
    expect(isPdf(res.rawPayload)).toBe(true);
    expect((await t.request({ method: 'GET', url: `/api/client/gift-cards/orders/${orderId}/card.pdf`, cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/client/gift-cards/orders/${orderId}/card.pdf` })).statusCode).toBe(401);
    for (const role of Object.keys(ACCOUNTS) as Role[]) {
      if (role === 'customer') continue;
      const status = (await t.request({ method: 'GET', url: `/api/client/gift-cards/orders/${orderId}/card.pdf`, cookie: cookies[role] })).statusCode;
      expect({ role, status }).toEqual({ role, status: 403 });
    }
  });

  it('of a goodwill card goes with its e-mail and is downloaded by the agents only', async () => {
    const ticket = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: other.cookie, payload: { title: 'Retard', description: 'Mon coffret est arrivé en retard.', category: 'commande', priority: 'medium' } });
    const issued = await t.request({ method: 'POST', url: `/api/support/tickets/${ticket.json().ticket.id}/gift-cards`, cookie: cookies.support, payload: { amount: 3000, reason: 'Retard' } });
    expect(issued.statusCode).toBe(201);
    const { id, code } = issued.json().giftCard as { id: string; code: string };
    await drain();
    const sent = mailer.sent.find((m) => m.to === other.email && m.attachments?.length);
    expect(sent?.attachments?.[0]?.filename).toBe(`farha-carte-cadeau-${code}.pdf`);
    const url = `/api/support/gift-cards/${id}/card.pdf`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    for (const role of Object.keys(ACCOUNTS) as Role[]) {
      const res = await t.request({ method: 'GET', url, cookie: cookies[role] });
      expect({ role, status: res.statusCode }).toEqual({ role, status: role === 'support' || role === 'superadmin' ? 200 : 403 });
    }
    // A bought card is not the desk's to print.
    const [bought] = await db().select().from(giftCards).where(eq(giftCards.source, 'purchase')).limit(1);
    expect((await t.request({ method: 'GET', url: `/api/support/gift-cards/${bought!.id}/card.pdf`, cookie: cookies.support })).statusCode).toBe(404);
  });

  it('renders a card in both languages', async () => {
    const [card] = await db().select().from(giftCards).limit(1);
    for (const locale of ['fr', 'ar'] as const) expect(isPdf(await renderGiftCardPdf(card!, 'https://farha.test', locale))).toBe(true);
  });
});
