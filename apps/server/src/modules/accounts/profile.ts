import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { ZPreferences, type TPreferences, type TProfile, type TUpdateProfile } from '@farha/contracts/account';
import type { Db, Queryable } from '../../db/client.ts';
import {
  favourites,
  faqVotes,
  orders,
  payments,
  reservations,
  reviews,
  storedFiles,
  supportTickets,
  ticketAttachments,
  ticketMessages,
  users,
  voucherEvents,
  vouchers,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { adoptVouchersAddressedTo, ownedVoucherCondition } from '../vouchers/index.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { assertTextable, isSmsOptedOut } from '../notifications/index.ts';

type UserRow = typeof users.$inferSelect;

/** Stored preferences over the defaults; anything unreadable falls back to its default. */
export function preferencesOf(stored: unknown): TPreferences {
  const source = stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
  const parsed = ZPreferences.safeParse(source);
  if (parsed.success) return parsed.data;
  const defaults = ZPreferences.parse({});
  const out: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof TPreferences)[]) {
    const one = ZPreferences.shape[key].safeParse(source[key]);
    if (one.success) out[key] = one.data;
  }
  return out as TPreferences;
}

export function toProfile(user: UserRow): TProfile {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    locale: user.locale,
    preferences: preferencesOf(user.preferences),
    createdAt: user.createdAt.toISOString(),
  };
}

async function loadUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

export async function getProfile(db: Db, userId: string): Promise<TProfile> {
  return toProfile(await loadUser(db, userId));
}


/**
 * The profile (docs/product/accounts-and-roles.md §12). A new e-mail must be free; gifts addressed to the old e-mail and not yet held
 * by anyone stay with the account (they are attached to it as held).
 */
export async function updateProfile(db: Db, userId: string, input: TUpdateProfile, now: Date): Promise<TProfile> {
  const user = await loadUser(db, userId);
  const email = input.email ?? user.email;
  if (email !== user.email) {
    const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.email, email), ne(users.id, userId))).limit(1);
    if (taken) throw new AppError('EMAIL_TAKEN', { field: 'email' });
  }
  const preferences = { ...preferencesOf(user.preferences), ...(input.preferences ?? {}) };
  const phone = input.phone === undefined ? user.phone : input.phone?.trim() || null;
  if (preferences.smsNotifications && phone) {
    // Issue 32: texts only to a mobile of a country finance lists; and a number that answered STOP stays
    // stopped whoever saves it: only its holder lifts it (« START », or the code texted to it).
    await assertTextable(db, phone, 'phone');
    if (await isSmsOptedOut(db, phone)) throw new AppError('SMS_NUMBER_STOPPED', { field: 'phone' });
  }
  try {
    const updated = await db.transaction(async (tx) => {
      if (email !== user.email) {
        await adoptVouchersAddressedTo(tx, user.email, userId, now);
      }
      const [row] = await tx
        .update(users)
        .set({
          firstName: input.firstName.trim(),
          lastName: input.lastName.trim(),
          email,
          phone,
          locale: input.locale ?? user.locale,
          preferences,
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .returning();
      return row!;
    });
    return toProfile(updated);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', { field: 'email' });
    throw error;
  }
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** Everything Farha keeps about the customer (GDPR-style export), without secrets (hashes, tokens). */
export async function exportAccountData(db: Db, userId: string, now: Date) {
  const user = await loadUser(db, userId);
  const caller = { userId, email: user.email };
  const [orderRows, voucherRows, reservationRows, reviewRows, ticketRows, favouriteRows, voteRows] = await Promise.all([
    db.select().from(orders).where(eq(orders.purchaserId, userId)).orderBy(asc(orders.createdAt), asc(orders.id)),
    db.select().from(vouchers).where(ownedVoucherCondition(caller)).orderBy(asc(vouchers.createdAt), asc(vouchers.id)),
    db.select().from(reservations).where(eq(reservations.userId, userId)).orderBy(asc(reservations.createdAt), asc(reservations.id)),
    db.select().from(reviews).where(eq(reviews.userId, userId)).orderBy(asc(reviews.createdAt), asc(reviews.id)),
    db.select().from(supportTickets).where(eq(supportTickets.userId, userId)).orderBy(asc(supportTickets.createdAt), asc(supportTickets.id)),
    db.select().from(favourites).where(eq(favourites.userId, userId)),
    db.select().from(faqVotes).where(eq(faqVotes.userId, userId)),
  ]);
  const orderIds = orderRows.map((o) => o.id);
  const voucherIds = voucherRows.map((v) => v.id);
  const ticketIds = ticketRows.map((t) => t.id);
  const [paymentRows, eventRows, messageRows, attachmentRows] = await Promise.all([
    orderIds.length ? db.select().from(payments).where(inArray(payments.orderId, orderIds)) : [],
    voucherIds.length ? db.select().from(voucherEvents).where(inArray(voucherEvents.voucherId, voucherIds)).orderBy(asc(voucherEvents.createdAt), asc(voucherEvents.id)) : [],
    ticketIds.length ? db.select().from(ticketMessages).where(inArray(ticketMessages.ticketId, ticketIds)).orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id)) : [],
    ticketIds.length
      ? db
          .select({ attachment: ticketAttachments, file: storedFiles })
          .from(ticketAttachments)
          .innerJoin(storedFiles, eq(storedFiles.id, ticketAttachments.fileId))
          .where(inArray(ticketAttachments.ticketId, ticketIds))
      : [],
  ]);

  return {
    exportedAt: now.toISOString(),
    profile: { ...toProfile(user), role: user.role, status: user.status, lastLoginAt: iso(user.lastLoginAt), updatedAt: iso(user.updatedAt) },
    orders: orderRows.map((o) => ({
      id: o.id,
      kind: o.kind,
      status: o.status,
      boxId: o.boxId,
      amount: o.amount,
      currency: o.currency,
      paymentMethod: o.paymentMethod,
      recipientName: o.recipientName,
      recipientEmail: o.recipientEmail,
      senderName: o.senderName,
      personalMessage: o.personalMessage,
      deliverAt: iso(o.deliverAt),
      relatedVoucherId: o.relatedVoucherId,
      // docs/product/basket.md §9: a gift of a basket names the basket order that holds its payment.
      basketOrderId: o.basketOrderId,
      createdAt: iso(o.createdAt),
      paidAt: iso(o.paidAt),
      refundedAt: iso(o.refundedAt),
      payments: paymentRows
        .filter((p) => p.orderId === o.id)
        .map((p) => ({ provider: p.provider, transactionId: p.providerCheckoutId, status: p.status, amount: p.amount, method: p.method, createdAt: iso(p.createdAt) })),
    })),
    vouchers: voucherRows.map((v) => ({
      id: v.id,
      code: v.code,
      status: v.status,
      boxId: v.boxId,
      faceValue: v.faceValue,
      bought: v.purchaserId === userId,
      held: v.holderUserId === userId,
      recipientName: v.recipientName,
      recipientEmail: v.recipientEmail,
      senderName: v.senderName,
      personalMessage: v.personalMessage,
      createdAt: iso(v.createdAt),
      expiresAt: iso(v.expiresAt),
      deliveredAt: iso(v.deliveredAt),
      redeemedAt: iso(v.redeemedAt),
      events: eventRows
        .filter((e) => e.voucherId === v.id)
        .map((e) => ({ from: e.fromStatus, to: e.toStatus, by: e.actorRole, reason: e.reason, at: iso(e.createdAt) })),
    })),
    reservations: reservationRows.map((r) => ({
      id: r.id,
      voucherId: r.voucherId,
      partnerId: r.partnerId,
      offerId: r.offerId,
      date: r.requestedDate,
      time: r.requestedTime,
      guests: r.guests,
      phone: r.customerPhone,
      notes: r.notes,
      status: r.status,
      createdAt: iso(r.createdAt),
    })),
    reviews: reviewRows.map((r) => ({ id: r.id, voucherId: r.voucherId, boxId: r.boxId, partnerId: r.partnerId, rating: r.rating, comment: r.comment, createdAt: iso(r.createdAt) })),
    tickets: ticketRows.map((t) => ({
      id: t.id,
      title: t.title,
      description: t.description,
      category: t.category,
      priority: t.priority,
      status: t.status,
      createdAt: iso(t.createdAt),
      messages: messageRows
        .filter((m) => m.ticketId === t.id)
        .map((m) => ({ from: m.authorKind, message: m.body, at: iso(m.createdAt) })),
      attachments: attachmentRows
        .filter((a) => a.attachment.ticketId === t.id)
        .map((a) => ({ filename: a.file.filename, contentType: a.file.contentType, size: a.file.sizeBytes })),
    })),
    favouriteBoxIds: favouriteRows.map((f) => f.boxId),
    faqVotes: voteRows.map((v) => ({ faqId: v.faqId, helpful: v.helpful })),
  };
}

/** Issue 25: a « STOP » reply from this number turns "SMS notifications" off on every account that has it. */
export async function turnOffSmsNotifications(db: Queryable, phone: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ preferences: sql`${users.preferences} || '{"smsNotifications": false}'::jsonb`, updatedAt: now })
    .where(eq(users.phone, phone));
}
