import { and, asc, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isVoucherStatusIn, VOUCHER_STATUS_GROUPS } from '@farha/contracts/vouchers';
import type { Db } from '../../db/client.ts';
import { boxes, users, voucherReminders, vouchers } from '../../db/schema/index.ts';
import { DAY_MS, type Clock } from '../../lib/clock.ts';
import { enqueueEmail, expiryReminderEmail, expiryReminderSms, smsToAccountOf, wakeOutbox } from '../notifications/index.ts';
import { getSettings } from '../settings/index.ts';
import { transitionVoucher } from './transition.ts';

export type JobDeps = { db: Db; clock: Clock; publicUrl: string; log: FastifyBaseLogger };

const BATCH = 100;

/** Issue 4: reminders 30 and 7 days before expiry; within 7 days only the 7-day one is sent. */
const REMINDERS = [
  { kind: 'expiry_7d', withinDays: 7, beyondDays: 0 },
  { kind: 'expiry_30d', withinDays: 30, beyondDays: 7 },
] as const;

/**
 * Sends the expiry reminders that are due. The voucher_reminders row (unique per voucher and kind) is
 * inserted with ON CONFLICT DO NOTHING in the same transaction as the e-mail: whichever instance inserts
 * it sends, the others skip — never twice. Returns the number of reminders queued.
 */
export async function runExpiryReminders(deps: JobDeps): Promise<number> {
  const now = deps.clock.now();
  let queued = 0;
  for (const reminder of REMINDERS) {
    const due = await deps.db
      .select({ voucher: vouchers, boxName: boxes.name, boxNameAr: boxes.nameAr, holderEmail: users.email, holderName: users.firstName })
      .from(vouchers)
      .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
      .leftJoin(users, eq(users.id, vouchers.holderUserId))
      .where(
        and(
          inArray(vouchers.status, [...VOUCHER_STATUS_GROUPS.usable]),
          gt(vouchers.expiresAt, new Date(now.getTime() + reminder.beyondDays * DAY_MS)),
          lte(vouchers.expiresAt, new Date(now.getTime() + reminder.withinDays * DAY_MS)),
          or(isNull(vouchers.deliverAt), lte(vouchers.deliverAt, now)),
          notExists(
            deps.db
              .select({ one: sql`1` })
              .from(voucherReminders)
              .where(and(eq(voucherReminders.voucherId, vouchers.id), eq(voucherReminders.kind, reminder.kind))),
          ),
        ),
      )
      .orderBy(asc(vouchers.expiresAt), asc(vouchers.id))
      .limit(BATCH);

    for (const row of due) {
      const { voucher } = row;
      const sent = await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(voucherReminders)
          .values({ voucherId: voucher.id, kind: reminder.kind, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: voucherReminders.id });
        if (!claimed) return false;
        const daysLeft = Math.max(1, Math.ceil((voucher.expiresAt.getTime() - now.getTime()) / DAY_MS));
        const dashboardUrl = `${deps.publicUrl}/client/dashboard`;
        await enqueueEmail(tx, {
          now,
          to: row.holderEmail ?? voucher.recipientEmail,
          template: `reminder-${reminder.kind}`,
          voucherId: voucher.id,
          locale: voucher.recipientLocale,
          render: (locale) => expiryReminderEmail({
            locale,
            name: row.holderName ?? voucher.recipientName,
            boxName: row.boxName,
            boxNameAr: row.boxNameAr,
            code: voucher.code,
            expiresAt: voucher.expiresAt,
            daysLeft,
            dashboardUrl,
          }),
        });
        // Issue 25: by SMS too, to a holder whose "SMS notifications" is on.
        await smsToAccountOf(tx, row.holderEmail ?? voucher.recipientEmail, {
          kind: 'expiry-reminder',
          now,
          voucherId: voucher.id,
          render: (locale) => expiryReminderSms({ locale, boxName: row.boxName, boxNameAr: row.boxNameAr, expiresAt: voucher.expiresAt, daysLeft, dashboardUrl }),
        });
        return true;
      });
      if (sent) queued++;
    }
  }
  if (queued > 0) wakeOutbox();
  return queued;
}

/**
 * docs/product/vouchers.md §8: → EXPIRED by the system once expires_at passed (setting voucher_auto_expiry). Each voucher
 * moves in its own transaction through the state machine's conditional update, so concurrent runs
 * expire it once; reservations still waiting on it are cancelled. Returns how many expired.
 */
/**
 * `releaseReservations` is the reservations domain's entry that cancels what still waits on an expired
 * voucher (passed in by the job runner: vouchers never import reservations; ADR 004).
 */
export async function runVoucherExpiry(
  deps: JobDeps,
  releaseReservations: (db: Db, voucherId: string, now: Date) => Promise<unknown>,
): Promise<number> {
  const features = await getSettings(deps.db, 'features');
  if (!features.voucher_auto_expiry) return 0;
  const now = deps.clock.now();
  const due = await deps.db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(and(inArray(vouchers.status, [...VOUCHER_STATUS_GROUPS.expirable]), lte(vouchers.expiresAt, now)))
    .orderBy(asc(vouchers.expiresAt), asc(vouchers.id))
    .limit(BATCH);
  let expired = 0;
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      // Under the row lock, so that an extension made meanwhile is seen (and wins).
      const [current] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
      if (!current || !isVoucherStatusIn('expirable', current.status) || current.expiresAt.getTime() > now.getTime()) return false;
      const voucher = await transitionVoucher(tx, {
        voucherId: id,
        to: 'EXPIRED',
        by: 'system',
        reason: 'Date de validité dépassée',
        now,
        onlyFrom: VOUCHER_STATUS_GROUPS.expirable,
      });
      if (!voucher) return false;
      await releaseReservations(tx, id, now);
      return true;
    });
    if (done) expired++;
  }
  if (expired > 0) deps.log.info({ expired }, 'vouchers expired');
  return expired;
}
