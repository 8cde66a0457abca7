import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatDzd } from '@farha/contracts/money';
import { boxes, companyOrderLines, companyOrders, disputes, orders, refunds, voucherEvents, vouchers } from '../../src/db/schema/index.ts';
import { issueCreditNote } from '../../src/modules/companies/index.ts';
import { openDispute } from '../../src/modules/support/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, payOnSandbox, type TestApp } from '../helpers.ts';
import { days, DEMO_BOX_ID, mailsTo, makeVoucher, newCustomer, otherBox, userByEmail, type Customer } from '../customer-fixtures.ts';
import { testClock } from '../clock.ts';

/**
 * The one cancel-and-refund (docs/product/refunds.md): whoever asks (the buyer, a dispute, a credit note), the
 * whole lineage is paid back, each order once, and the people whose money comes back are e-mailed.
 */
const clock = testClock();
const mailer = memoryMailer();
let t: TestApp;
let amina: Customer;
let karim: Customer;
let support: string;
let demoBoxPrice: number;

const post = (cookie: string, url: string, payload?: Record<string, unknown>) => t.request({ method: 'POST', url, cookie, ...(payload ? { payload } : {}) });
const voucherRow = async (id: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!;
const refundsOf = (voucherId: string) => t.database.db.select().from(refunds).where(eq(refunds.voucherId, voucherId)).orderBy(asc(refunds.createdAt), asc(refunds.id));
const orderRows = (ids: string[]) => t.database.db.select().from(orders).where(inArray(orders.id, ids));

async function pay(checkoutUrl: string) {
  const res = await payOnSandbox(t.config.publicUrl, checkoutUrl);
  expect(res.status).toBe(303);
}

/** A gift from Amina to Karim that Karim extended (paid) and then exchanged for a dearer box (paid): three orders, two payers. */
async function extendedAndExchangedGift() {
  const { voucher, order: purchase } = await makeVoucher(t.database.db, {
    purchaserId: amina.id,
    recipientEmail: karim.email,
    holderUserId: karim.id,
    at: clock.now(),
    expiresAt: new Date(clock.now().getTime() + days(100)),
  });
  const extension = await post(karim.cookie, `/api/client/vouchers/${voucher.id}/extend`, { mode: 'paid', paymentMethod: 'cib' });
  expect(extension.statusCode, extension.body).toBe(200);
  await pay(extension.json().checkoutUrl);
  expect((await voucherRow(voucher.id)).status).toBe('EXTENDED');
  // The exchange comes a minute later: the lineage's orders are used oldest first.
  clock.advance(60_000);

  const dearer = await otherBox(t.database.db, demoBoxPrice, 'dearer');
  const exchange = await post(karim.cookie, `/api/client/vouchers/${voucher.id}/exchange`, { boxId: dearer.id, paymentMethod: 'cib' });
  expect(exchange.statusCode, exchange.body).toBe(200);
  await pay(exchange.json().checkoutUrl);
  const old = await voucherRow(voucher.id);
  expect(old.status).toBe('EXCHANGED');
  const current = await voucherRow(old.replacedByVoucherId!);
  return {
    current,
    orderIds: [purchase.id, extension.json().orderId as string, exchange.json().orderId as string],
    extensionAmount: extension.json().amount as number,
    difference: exchange.json().amount as number,
  };
}

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true, mailer });
  amina = await newCustomer(t, 'amina');
  karim = await newCustomer(t, 'karim');
  support = await t.login(ACCOUNTS.support);
  const [box] = await t.database.db.select().from(boxes).where(eq(boxes.id, DEMO_BOX_ID));
  demoBoxPrice = box!.price;
});
afterAll(async () => {
  await t.close();
});

describe("the buyer's list announces the lineage's refund", () => {
  it('gives an extended and exchanged voucher every order of its lineage and a plain one its purchase, the page read at once', async () => {
    const { current, extensionAmount, difference } = await extendedAndExchangedGift();
    const { voucher: plain } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, holderUserId: amina.id, at: clock.now() });
    const res = await t.request({ method: 'GET', url: '/api/client/vouchers?tab=tous', cookie: amina.cookie });
    expect(res.statusCode, res.body).toBe(200);
    const cards = res.json().vouchers as { id: string; actions: { canRefund: boolean }; refundAmount: number | null }[];
    expect(cards.find((c) => c.id === current.id)).toMatchObject({ actions: { canRefund: true }, refundAmount: demoBoxPrice + extensionAmount + difference });
    expect(cards.find((c) => c.id === plain.id)).toMatchObject({ actions: { canRefund: true }, refundAmount: demoBoxPrice });
  });
});

describe("a dispute's refund follows the lineage", () => {
  it('refunds every order of an extended and exchanged voucher, marks each refunded, and e-mails each payer', async () => {
    const { current, orderIds, extensionAmount, difference } = await extendedAndExchangedGift();
    const total = demoBoxPrice + extensionAmount + difference;
    const opened = await post(karim.cookie, '/api/client/disputes', { voucherId: current.id, type: 'service_quality', description: 'Le partenaire a fermé.' });
    expect(opened.statusCode, opened.body).toBe(201);
    // At stake: what a refund would pay back, the whole lineage.
    expect(opened.json().dispute.amount).toBe(total);

    const res = await post(support, `/api/support/disputes/${opened.json().dispute.id}/resolve`, { resolution: 'refund', notes: 'Partenaire fermé' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dispute.resolution).toMatchObject({ type: 'refund', amount: total });

    expect((await voucherRow(current.id)).status).toBe('CANCELLED');
    const [event] = await t.database.db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, current.id), eq(voucherEvents.toStatus, 'CANCELLED')));
    expect(event).toMatchObject({ actorRole: 'dispute', reason: 'Litige résolu : remboursement (Partenaire fermé)' });
    const rows = await refundsOf(current.id);
    expect(rows.map((r) => [r.orderId, r.amount, r.status, r.reasonCode]).sort()).toEqual(
      [
        [orderIds[0], demoBoxPrice, 'pending', 'dispute'],
        [orderIds[1], extensionAmount, 'pending', 'dispute'],
        [orderIds[2], difference, 'pending', 'dispute'],
      ].sort(),
    );
    expect((await orderRows(orderIds)).map((o) => o.status)).toEqual(['refunded', 'refunded', 'refunded']);

    // The buyer is told what comes back to her card, Karim what comes back to his.
    const toAmina = await mailsTo(t.database.db, amina.email, 'refund-recorded');
    expect(toAmina).toHaveLength(1);
    expect(toAmina[0]!.text).toContain(formatDzd(demoBoxPrice));
    expect(toAmina[0]!.text).toContain(current.code);
    const toKarim = await mailsTo(t.database.db, karim.email, 'refund-recorded');
    expect(toKarim).toHaveLength(1);
    expect(toKarim[0]!.text).toContain(formatDzd(extensionAmount + difference));
  });

  it('spreads a partial amount over the orders oldest first, and never asks back more than was paid', async () => {
    const { current, orderIds, extensionAmount } = await extendedAndExchangedGift();
    const opened = (await post(karim.cookie, '/api/client/disputes', { voucherId: current.id, type: 'billing', description: 'Trop payé.' })).json().dispute;
    const res = await post(support, `/api/support/disputes/${opened.id}/resolve`, { resolution: 'refund', amount: demoBoxPrice + 500, notes: 'Geste partiel' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dispute.resolution.amount).toBe(demoBoxPrice + 500);
    const rows = await refundsOf(current.id);
    expect(rows.map((r) => [r.orderId, r.amount]).sort()).toEqual([[orderIds[0], demoBoxPrice], [orderIds[1], 500]].sort());
    const byId = new Map((await orderRows(orderIds)).map((o) => [o.id, o.status]));
    expect(byId.get(orderIds[0]!)).toBe('refunded');
    expect(byId.get(orderIds[1]!)).not.toBe('refunded');
    expect(extensionAmount).toBeGreaterThan(500);

    const { voucher } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, holderUserId: amina.id, at: clock.now() });
    const second = (await post(amina.cookie, '/api/client/disputes', { voucherId: voucher.id, type: 'billing', description: 'Trop payé.' })).json().dispute;
    const capped = await post(support, `/api/support/disputes/${second.id}/resolve`, { resolution: 'refund', amount: demoBoxPrice * 3, notes: 'Tout' });
    expect(capped.json().dispute.resolution.amount).toBe(demoBoxPrice);
    expect((await refundsOf(voucher.id)).map((r) => r.amount)).toEqual([demoBoxPrice]);
  });
});

describe('two at once refund once', () => {
  it('two clicks of the buyer: one refund, the other refused', async () => {
    const { voucher, order } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: clock.now() });
    const answers = await Promise.all([1, 2].map(() => post(amina.cookie, `/api/client/vouchers/${voucher.id}/refund`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await refundsOf(voucher.id)).map((r) => [r.orderId, r.amount])).toEqual([[order.id, demoBoxPrice]]);
    const events = await t.database.db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, voucher.id), eq(voucherEvents.toStatus, 'CANCELLED')));
    expect(events).toHaveLength(1);
  });

  it("the buyer's refund and an agent's at the same moment: one refund", async () => {
    const { voucher, order } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, holderUserId: amina.id, at: clock.now() });
    const dispute = (await post(amina.cookie, '/api/client/disputes', { voucherId: voucher.id, type: 'other', description: 'Je préfère être remboursée.' })).json().dispute;
    const [buyer, agent] = await Promise.all([
      post(amina.cookie, `/api/client/vouchers/${voucher.id}/refund`),
      post(support, `/api/support/disputes/${dispute.id}/resolve`, { resolution: 'refund', notes: 'Remboursement' }),
    ]);
    expect([buyer.statusCode, agent.statusCode].sort()).toEqual([200, 409]);
    expect((await refundsOf(voucher.id)).map((r) => [r.orderId, r.amount])).toEqual([[order.id, demoBoxPrice]]);
    const [row] = await t.database.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(row!.status).toBe(agent.statusCode === 200 ? 'resolved' : 'open');
  });
});

describe("a company's vouchers", () => {
  let lines: { voucherId: string; unitPrice: number }[];
  let paymentOrderId: string;
  let buyer: { id: string; email: string };

  beforeAll(async () => {
    const admin = await t.login(ACCOUNTS.company_admin);
    const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id)).limit(1);
    const row = (i: number) => ({ name: `Salarié ${i}`, email: `salarie${i}@refunds.dz`, mobile: '', box: box!.name, message: '', deliveryDate: '', language: 'fr' });
    const placed = await post(admin, '/api/company/orders', { rows: [row(1), row(2), row(3)], payment: 'cib', idempotencyKey: 'refund-lineage-1' });
    expect(placed.statusCode, placed.body).toBe(201);
    await pay(placed.json().checkoutUrl);
    const id = placed.json().id as string;
    for (let i = 0; i < 200; i++) {
      const [order] = await t.database.db.select().from(companyOrders).where(eq(companyOrders.id, id));
      if (order!.status === 'issued') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [order] = await t.database.db.select().from(companyOrders).where(eq(companyOrders.id, id));
    expect(order!.status).toBe('issued');
    paymentOrderId = order!.paymentOrderId!;
    lines = (await t.database.db.select().from(companyOrderLines).where(eq(companyOrderLines.orderId, id)).orderBy(asc(companyOrderLines.line))).map((l) => ({
      voucherId: l.voucherId!,
      unitPrice: l.unitPrice,
    }));
    buyer = await userByEmail(t.database.db, ACCOUNTS.company_admin);
  });

  it("a dispute refunds a company voucher's own share of the company's order, not the whole order", async () => {
    const deps = { db: t.database.db, now: clock.now(), publicUrl: t.config.publicUrl };
    const dispute = await openDispute(deps, { userId: buyer.id, email: buyer.email }, { voucherId: lines[0]!.voucherId, type: 'other', description: 'Salarié absent.' });
    const [payment] = await orderRows([paymentOrderId]);
    const companyVouchers = await t.database.db.select().from(vouchers).where(eq(vouchers.orderId, paymentOrderId)).orderBy(asc(vouchers.id));
    // The shares are whole dinars adding up to what the company paid, cut on cumulative face values by voucher id.
    const faces = companyVouchers.reduce((sum, v) => sum + v.faceValue, 0);
    let cumulative = 0;
    const shares = companyVouchers.map((v) => {
      const before = Math.floor((cumulative * payment!.amount) / faces);
      cumulative += v.faceValue;
      return { id: v.id, share: Math.floor((cumulative * payment!.amount) / faces) - before };
    });
    const share = shares.find((s) => s.id === lines[0]!.voucherId)!.share;
    expect(dispute.amount).toBe(share);

    const res = await post(support, `/api/support/disputes/${dispute.id}/resolve`, { resolution: 'refund', notes: 'Part du salarié' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().dispute.resolution.amount).toBe(share);
    expect((await refundsOf(lines[0]!.voucherId)).map((r) => [r.orderId, r.amount])).toEqual([[paymentOrderId, share]]);
    const [after] = await orderRows([paymentOrderId]);
    expect(after!.status).not.toBe('refunded');
    expect((await mailsTo(t.database.db, buyer.email, 'refund-recorded')).some((m) => m.text.includes(formatDzd(share)))).toBe(true);
  });

  it('a credit note naming a voucher cancels it through the same entry; the credit note is the company’s refund', async () => {
    const credited = lines[1]!;
    const actor = { userId: (await userByEmail(t.database.db, ACCOUNTS.finance)).id, email: ACCOUNTS.finance, role: 'finance' };
    const before = (await mailsTo(t.database.db, buyer.email, 'refund-recorded')).length;
    // Finance names the voucher in the back office's credit note; a voucher of another order is refused first.
    const finance = await t.login(ACCOUNTS.finance);
    const url = `/api/admin/company-orders/${(await companyOrderOf(credited.voucherId))!}/credit-notes`;
    const stranger = await post(finance, url, { amount: credited.unitPrice, reason: 'Salarié parti', voucherIds: [crypto.randomUUID()] });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.code).toBe('VOUCHER_NOT_FOUND');
    const res = await post(finance, url, { amount: credited.unitPrice, reason: 'Salarié parti', voucherIds: [credited.voucherId] });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json() as { number: string };
    expect(note.number).toMatch(/^AV-/);
    expect((await voucherRow(credited.voucherId)).status).toBe('CANCELLED');
    const [event] = await t.database.db.select().from(voucherEvents).where(and(eq(voucherEvents.voucherId, credited.voucherId), eq(voucherEvents.toStatus, 'CANCELLED')));
    expect(event).toMatchObject({ actorRole: 'finance', reason: `Avoir ${note.number} : Salarié parti` });
    // No refund row on the company's payment: the credit note pays it back.
    expect(await refundsOf(credited.voucherId)).toEqual([]);
    const mails = await mailsTo(t.database.db, buyer.email, 'refund-recorded');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.text).toContain(formatDzd(credited.unitPrice));

    // A voucher already cancelled refuses the whole credit note.
    await expect(
      issueCreditNote(t.database.db, (await companyOrderOf(credited.voucherId))!, { amount: 1, reason: 'Encore', voucherIds: [credited.voucherId] }, actor, clock.now(), t.config.publicUrl),
    ).rejects.toMatchObject({ code: 'REFUND_NOT_UNUSED' });
  });
});

async function companyOrderOf(voucherId: string): Promise<string | undefined> {
  const [line] = await t.database.db.select({ orderId: companyOrderLines.orderId }).from(companyOrderLines).where(eq(companyOrderLines.voucherId, voucherId));
  return line?.orderId;
}
