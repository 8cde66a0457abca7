import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, reservations, systemSettings, voucherEvents, voucherReminders, vouchers } from '../../src/db/schema/index.ts';
import { runExpiryReminders, runVoucherExpiry } from '../../src/modules/vouchers/index.ts';
import { cancelOpenReservationsOfVoucher } from '../../src/modules/reservations/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { days, makeVoucher, newCustomer, PARTNER1_ID, PARTNER1_OFFER_ID, type Customer } from '../customer-fixtures.ts';
import { TEST_START, testClock, day } from '../clock.ts';

const START = TEST_START;
const clock = testClock();
let t: TestApp;
let amina: Customer;

const deps = () => ({ db: t.database.db, clock, publicUrl: t.config.publicUrl, log: t.app.log });
const reminderMails = (voucherId: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.voucherId, voucherId)))
    .then((rows) => rows.filter((r) => r.template.startsWith('reminder-')));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  amina = await newCustomer(t, 'amina');
});
afterAll(async () => {
  await t.close();
});

describe('expiry reminders', () => {
  it('sends the 30-day and the 7-day reminder once each, to the holder, even when the job runs twice or at once', async () => {
    const { voucher } = await makeVoucher(t.database.db, {
      purchaserId: amina.id,
      recipientEmail: 'ancienne.adresse@example.dz',
      holderUserId: amina.id,
      at: new Date(START.getTime() - days(300)),
      expiresAt: new Date(START.getTime() + days(25)),
    });
    await runExpiryReminders(deps());
    await runExpiryReminders(deps());
    await Promise.all([runExpiryReminders(deps()), runExpiryReminders(deps()), runExpiryReminders(deps())]);
    let mails = await reminderMails(voucher.id);
    expect(mails.map((m) => m.template)).toEqual(['reminder-expiry_30d']);
    expect(mails[0]!.toAddress).toBe(amina.email);
    expect(mails[0]!.subject).toContain('expire dans 25 jours');

    clock.set(new Date(START.getTime() + days(19)));
    await Promise.all([runExpiryReminders(deps()), runExpiryReminders(deps())]);
    await runExpiryReminders(deps());
    mails = await reminderMails(voucher.id);
    expect(mails.map((m) => m.template).sort()).toEqual(['reminder-expiry_30d', 'reminder-expiry_7d']);
    const rows = await t.database.db.select().from(voucherReminders).where(eq(voucherReminders.voucherId, voucher.id));
    expect(rows).toHaveLength(2);
    clock.set(START);
  });

  it('sends only the 7-day one when less than 7 days are left, and nothing for used or far-off vouchers', async () => {
    const soon = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: 'nadia@example.dz', at: START, expiresAt: new Date(START.getTime() + days(5)) });
    const used = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: 'nadia@example.dz', at: START, status: 'REDEEMED', expiresAt: new Date(START.getTime() + days(5)) });
    const far = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: 'nadia@example.dz', at: START, expiresAt: new Date(START.getTime() + days(31)) });
    await runExpiryReminders(deps());
    const mails = await reminderMails(soon.voucher.id);
    expect(mails.map((m) => m.template)).toEqual(['reminder-expiry_7d']);
    // Nobody holds it yet: the recipient is reminded.
    expect(mails[0]!.toAddress).toBe('nadia@example.dz');
    expect(await reminderMails(used.voucher.id)).toEqual([]);
    expect(await reminderMails(far.voucher.id)).toEqual([]);
  });
});

describe('expiry job', () => {
  it('moves overdue unused vouchers to EXPIRED through the state machine, cancelling waiting reservations', async () => {
    const overdue = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: new Date(START.getTime() - days(400)), expiresAt: new Date(START.getTime() - days(1)) });
    const reserved = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: new Date(START.getTime() - days(400)), status: 'RESERVED', expiresAt: new Date(START.getTime() - 60_000) });
    const [reservation] = await t.database.db
      .insert(reservations)
      .values({
        voucherId: reserved.voucher.id,
        partnerId: PARTNER1_ID,
        offerId: PARTNER1_OFFER_ID,
        userId: amina.id,
        customerName: 'Amina Test',
        customerEmail: amina.email,
        customerPhone: '0550123456',
        requestedDate: day(-1),
        status: 'pending',
        createdAt: clock.now(),
        updatedAt: clock.now(),
      })
      .returning();
    const used = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: new Date(START.getTime() - days(400)), status: 'REDEEMED', expiresAt: new Date(START.getTime() - days(1)) });
    const valid = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: START });

    const counts = await Promise.all([runVoucherExpiry(deps(), cancelOpenReservationsOfVoucher), runVoucherExpiry(deps(), cancelOpenReservationsOfVoucher)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    const status = async (id: string) => (await t.database.db.select().from(vouchers).where(eq(vouchers.id, id)))[0]!.status;
    expect(await status(overdue.voucher.id)).toBe('EXPIRED');
    expect(await status(reserved.voucher.id)).toBe('EXPIRED');
    expect(await status(used.voucher.id)).toBe('REDEEMED');
    expect(await status(valid.voucher.id)).toBe('DELIVERED');
    const events = await t.database.db
      .select()
      .from(voucherEvents)
      .where(and(eq(voucherEvents.voucherId, overdue.voucher.id), eq(voucherEvents.toStatus, 'EXPIRED')));
    expect(events).toMatchObject([{ fromStatus: 'DELIVERED', actorRole: 'system', reason: 'Date de validité dépassée' }]);
    const [after] = await t.database.db.select().from(reservations).where(eq(reservations.id, reservation!.id));
    expect(after!.status).toBe('cancelled');
    expect(await runVoucherExpiry(deps(), cancelOpenReservationsOfVoucher)).toBe(0);
  });

  it('leaves vouchers alone when the voucher_auto_expiry setting is off', async () => {
    const overdue = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: new Date(START.getTime() - days(400)), expiresAt: new Date(START.getTime() - days(2)) });
    const [features] = await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, 'features'));
    await t.database.db
      .update(systemSettings)
      .set({ value: { ...(features!.value as object), voucher_auto_expiry: false } })
      .where(eq(systemSettings.key, 'features'));
    expect(await runVoucherExpiry(deps(), cancelOpenReservationsOfVoucher)).toBe(0);
    expect((await t.database.db.select().from(vouchers).where(eq(vouchers.id, overdue.voucher.id)))[0]!.status).toBe('DELIVERED');
    await t.database.db.update(systemSettings).set({ value: features!.value }).where(eq(systemSettings.key, 'features'));
    expect(await runVoucherExpiry(deps(), cancelOpenReservationsOfVoucher)).toBe(1);
  });
});
