import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { errorText } from '@farha/contracts/errors';
import { formatRate } from '@farha/contracts/money';
import { auditLog, emailOutbox, exchangeRates, orders, payments, refunds, users } from '../../src/db/schema/index.ts';
import { itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { giveVoucher } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

// Issue 34, « Invoices and money screens »: a rate far from the last one asks for confirmation and is announced
// to finance; a refund the gateway refused is paid by a bank transfer finance records.

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const none = '00000000-0000-4000-8000-000000000000';

const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) => {
  clock.advance(1000);
  return t.request({ method: 'POST', url, payload, ...(cookie ? { cookie } : {}) });
};
const day = (days: number) => new Date(clock.now().getTime() + days * 86_400_000).toISOString().slice(0, 10);
const eurRows = async () => (await t.database.db.select().from(exchangeRates).where(eq(exchangeRates.currency, 'EUR'))).length;
const financeEmails = async () =>
  (await t.database.db.select({ email: users.email }).from(users).where(and(eq(users.role, 'finance'), eq(users.status, 'active')))).map((u) => u.email).sort();
const rateMails = async () => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'exchange-rate-set'));

describe('role × endpoint: the rate and the manual transfer', () => {
  itGuardsEachEndpoint(
    t,
    cookies,
    [
      { method: 'POST', url: '/api/admin/exchange-rates', payload: { currency: 'EUR', rate: '150', staleAfter: '2001-01-01', confirm: 'oui' }, allowed: ['superadmin', 'finance'] },
      { method: 'POST', url: `/api/admin/refunds/${none}/manual-transfer`, payload: { reference: 'VIR-2026-001' }, allowed: ['superadmin', 'finance'] },
    ],
    { answers: [400, 404] },
  );
});

describe('an exchange rate far from the one in force (issue 34)', () => {
  it('refuses 1 € = 1 500 DA after 150 DA until finance confirms, in French and Arabic, changing nothing', async () => {
    const before = await eurRows();
    const res = await post('/api/admin/exchange-rates', cookies.finance, { currency: 'EUR', rate: '1500', staleAfter: day(7) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'RATE_CONFIRM_REQUIRED',
      field: 'rate',
      message: `Le nouveau taux (1 EUR = ${formatRate(15_000_000)} DA) s’écarte de plus de 25 % du taux en vigueur (${formatRate(1_500_000)} DA) : vérifiez-le, puis confirmez pour l’enregistrer`,
    });
    expect(errorText('RATE_CONFIRM_REQUIRED', 'ar', res.json().error.params)).toContain(`1 EUR = ${formatRate(15_000_000)} دج`);
    // A drop as large is refused too.
    expect((await post('/api/admin/exchange-rates', cookies.finance, { currency: 'EUR', rate: '100', staleAfter: day(7) })).statusCode).toBe(409);
    expect(await eurRows()).toBe(before);
    expect(await rateMails()).toEqual([]);
  });

  it('the validation error of `confirm` is the catalogue’s', async () => {
    const res = await post('/api/admin/exchange-rates', cookies.finance, { currency: 'EUR', rate: '1500', staleAfter: day(7), confirm: 'oui' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'RATE_CONFIRM_INVALID', message: errorText('RATE_CONFIRM_INVALID') });
  });

  it('takes the confirmed rate, audits it as confirmed, and e-mails every finance account', async () => {
    const res = await post('/api/admin/exchange-rates', cookies.finance, { currency: 'EUR', rate: '1500', staleAfter: day(7), confirm: true });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ currency: 'EUR', rateE4: 15_000_000 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'exchange_rate.set'));
    expect(audit!.params).toMatchObject({ confirmed: 'true', rate: formatRate(15_000_000) });
    const mails = await rateMails();
    expect(mails.map((m) => m.toAddress).sort()).toEqual(await financeEmails());
    expect(mails[0]!.subject).toBe(`Taux de change modifié : 1 EUR = ${formatRate(15_000_000)} DA`);
    expect(mails[0]!.html).toContain('150,00 DA');
  });

  it('a rate within 25 % goes through without confirmation, and is announced too', async () => {
    await t.database.db.delete(emailOutbox).where(eq(emailOutbox.template, 'exchange-rate-set'));
    // Back from the slip: a 90 % drop, confirmed.
    expect((await post('/api/admin/exchange-rates', cookies.finance, { currency: 'EUR', rate: '150', staleAfter: day(7), confirm: true })).statusCode).toBe(201);
    const res = await post('/api/admin/exchange-rates', cookies.superadmin, { currency: 'EUR', rate: '160,25', staleAfter: day(7) });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await rateMails();
    expect(mails).toHaveLength(2 * (await financeEmails()).length);
    expect(mails.some((m) => m.subject === 'Taux de change modifié : 1 EUR = 160,25 DA')).toBe(true);
  });
});

/** A CIB order paid through the sandbox whose checkout the gateway does not know (as the seeded ones): it refuses the refund. */
async function refusedRefund() {
  const db = t.database.db;
  clock.advance(1000);
  const v = await giveVoucher(db, { now: clock.now() });
  const [order] = await db.select().from(orders).where(eq(orders.id, v.orderId!));
  await db.insert(payments).values({ orderId: order!.id, provider: 'sandbox', providerCheckoutId: `sbx_unknown_${v.id.slice(0, 8)}`, status: 'paid', amount: order!.amount, method: 'cib', createdAt: clock.now(), updatedAt: clock.now() });
  const asked = await post(`/api/client/vouchers/${v.id}/refund`, cookies.customer);
  expect(asked.statusCode, asked.body).toBe(200);
  const [refund] = await db.select().from(refunds).where(eq(refunds.voucherId, v.id));
  return refund!;
}

describe('a refund the gateway refused (issue 34)', () => {
  it('is remembered as refused, then recorded paid by a manual transfer: audited, the customer e-mailed', async () => {
    const refund = await refusedRefund();
    const refused = await post(`/api/admin/refunds/${refund.id}/gateway`, cookies.finance);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.code).toBe('REFUND_GATEWAY');
    const queued = (await t.request({ method: 'GET', url: '/api/admin/refunds', cookie: cookies.finance })).json().refunds.find((r: { id: string }) => r.id === refund.id);
    expect(queued).toMatchObject({ status: 'pending', gatewayRefund: true, gatewayRefused: true });

    const missing = await post(`/api/admin/refunds/${refund.id}/manual-transfer`, cookies.finance, { reference: ' ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'REFUND_TRANSFER_REFERENCE_REQUIRED', message: 'Indiquez la référence du virement (3 à 80 caractères)' });

    const res = await post(`/api/admin/refunds/${refund.id}/manual-transfer`, cookies.finance, { reference: 'VIR-2026-0042' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Virement manuel enregistré : le client est prévenu', refund: { status: 'paid', reference: 'VIR-2026-0042' } });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund.paid'), eq(auditLog.entityId, refund.id)));
    expect(audit!.params).toMatchObject({ reference: 'VIR-2026-0042', via: 'transfer' });
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'refund-paid'));
    expect(mails.some((m) => m.html.includes('VIR-2026-0042'))).toBe(true);

    const again = await post(`/api/admin/refunds/${refund.id}/manual-transfer`, cookies.finance, { reference: 'VIR-2026-0043' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('REFUND_TRANSITION');
  });

  it('a refund never sent to the gateway is not marked refused', async () => {
    const refund = await refusedRefund();
    const queued = (await t.request({ method: 'GET', url: '/api/admin/refunds', cookie: cookies.finance })).json().refunds.find((r: { id: string }) => r.id === refund.id);
    expect(queued).toMatchObject({ status: 'pending', gatewayRefused: false });
  });
});

describe('a card charged in euros shows that amount in the history (issue 34)', () => {
  /** Two gifts of the customer: one paid by a Visa card charged 53,34 € (at 150 DA), one by CIB. */
  async function visaAndCibGifts() {
    const db = t.database.db;
    clock.advance(1000);
    const visa = await giveVoucher(db, { now: clock.now() });
    await db.update(orders).set({ paymentMethod: 'visa', chargedCurrency: 'EUR', chargedAmount: 5_334, exchangeRateE4: 1_500_000 }).where(eq(orders.id, visa.orderId!));
    clock.advance(1000);
    const cib = await giveVoucher(db, { now: clock.now() });
    return { visa, cib };
  }

  it('GET /api/client/history: the euros beside the dinars for a Visa order, null for CIB', async () => {
    const { visa, cib } = await visaAndCibGifts();
    const res = await t.request({ method: 'GET', url: '/api/client/history', cookie: cookies.customer });
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as { id: string; price: number; charged: unknown }[];
    expect(items.find((i) => i.id === visa.orderId)).toMatchObject({ charged: { currency: 'EUR', amount: 5_334 } });
    expect(items.find((i) => i.id === cib.orderId)).toMatchObject({ charged: null });
  });

  it('GET /api/client/vouchers: the refund dialog’s amount in euros for the Visa voucher, none for CIB', async () => {
    const { visa, cib } = await visaAndCibGifts();
    const res = await t.request({ method: 'GET', url: '/api/client/vouchers', cookie: cookies.customer });
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().vouchers as { id: string; refundAmount: number | null; refundCharged: unknown }[];
    expect(cards.find((c) => c.id === visa.id)).toMatchObject({ refundCharged: [{ currency: 'EUR', amount: 5_334 }] });
    expect(cards.find((c) => c.id === visa.id)!.refundAmount).toBeGreaterThan(0);
    expect(cards.find((c) => c.id === cib.id)).toMatchObject({ refundCharged: [] });
  });
});
