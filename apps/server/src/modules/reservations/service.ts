import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  RESERVATION_CANCEL_HOURS,
  RESERVATION_MAX_MONTHS,
  type TReservation,
  type TReservationStatus,
} from '@farha/contracts/reservations';
import { isVoucherStatusIn, VOUCHER_STATUS_GROUPS, type TVoucherStatus } from '@farha/contracts/vouchers';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, boxOffers, offers, partners, reservations, users, vouchers } from '../../db/schema/index.ts';
import { HOUR_MS } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { notifyUser } from '../partners/index.ts';
import { publish } from '../realtime/index.ts';
import { type EmailContent, enqueueEmail, type Locale, proposalAcceptedPartnerEmail, reservationCancelledPartnerEmail, reservationConfirmedCustomerEmail, reservationDeclinedCustomerEmail, type ReservationFacts, reservationProposedCustomerEmail, reservationRequestedCustomerEmail, reservationRequestedPartnerEmail, wakeOutbox } from '../notifications/index.ts';
import { isVoucherHolder, ownedVoucherCondition, transitionVoucher } from '../vouchers/index.ts';
import { loadDaySlots } from './availability.ts';
import { smsHolder, smsPartnerOfRequest } from './sms.ts';
import { addDays, addMonths, algiersTimeOfDay, algiersToday, slotStart } from '../../lib/algiers-time.ts';

export type ReservationDeps = { db: Db; publicUrl: string; now: Date };
export type Caller = { userId: string; email: string };
export type PartnerActor = { partnerId: string; actorUserId: string };

/** A reservation that still holds the voucher (and, for the first two, a place in the slot). */
export const CURRENT_RESERVATION_STATUSES = ['pending', 'confirmed', 'proposed'] as const;

const CANCEL_NOTICE_MS = RESERVATION_CANCEL_HOURS * HOUR_MS;

const notFound = () => new AppError('RESERVATION_NOT_FOUND');

// ---------------------------------------------------------------------------------------------------
// Reading

const reservationSelection = {
  reservation: reservations,
  partner: {
    id: partners.id,
    name: partners.name,
    city: partners.city,
    address: partners.address,
    phone: partners.phone,
    email: partners.email,
    ownerUserId: partners.ownerUserId,
  },
  offer: { id: offers.id, title: offers.title, titleAr: offers.titleAr },
  voucher: { id: vouchers.id, code: vouchers.code },
  boxName: boxes.name,
  boxNameAr: boxes.nameAr,
};

export async function loadReservationRows(db: Queryable, where: SQL | undefined) {
  return db
    .select(reservationSelection)
    .from(reservations)
    .innerJoin(partners, eq(partners.id, reservations.partnerId))
    .innerJoin(offers, eq(offers.id, reservations.offerId))
    .innerJoin(vouchers, eq(vouchers.id, reservations.voucherId))
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(where)
    .orderBy(desc(reservations.createdAt), desc(reservations.id));
}
export type ReservationRow = Awaited<ReturnType<typeof loadReservationRows>>[number];

/** The last moment a pending or confirmed reservation may be cancelled (docs/product/reservations.md §6: 48 h ahead). */
export function cancelDeadline(reservation: { requestedDate: string; requestedTime: string | null }): Date {
  return new Date(slotStart(reservation.requestedDate, reservation.requestedTime).getTime() - CANCEL_NOTICE_MS);
}

/** A reservation's notes, the partner's answer and its times, as both the customer's and the partner's views show them (contracts' RESERVATION_ANSWER_FIELDS). */
export function answerFields(r: typeof reservations.$inferSelect) {
  return {
    notes: r.notes,
    declineReason: r.declineReason,
    proposedDate: r.proposedDate,
    proposedTime: r.proposedTime,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toReservationDto(row: ReservationRow, now: Date): TReservation {
  const r = row.reservation;
  const status = r.status as TReservationStatus;
  const holdsSlot = status === 'pending' || status === 'confirmed';
  const deadline = holdsSlot ? cancelDeadline(r) : null;
  return {
    id: r.id,
    status,
    voucher: { id: row.voucher.id, code: row.voucher.code, boxName: row.boxName, boxNameAr: row.boxNameAr },
    partner: { id: row.partner.id, name: row.partner.name, city: row.partner.city, address: row.partner.address, phone: row.partner.phone },
    offer: { id: row.offer.id, title: row.offer.title, titleAr: row.offer.titleAr },
    date: r.requestedDate,
    time: r.requestedTime,
    guests: r.guests,
    phone: r.customerPhone,
    ...answerFields(r),
    // A partner's counter-proposal commits nothing yet: the customer may always turn it down.
    canCancel: status === 'proposed' || (holdsSlot && now.getTime() <= deadline!.getTime()),
    cancelDeadline: deadline?.toISOString() ?? null,
    canAcceptProposal: status === 'proposed' && !!r.proposedDate && r.proposedDate >= algiersToday(now),
  };
}

export async function listReservationsForUser(db: Queryable, userId: string, now: Date): Promise<TReservation[]> {
  const rows = await loadReservationRows(db, eq(reservations.userId, userId));
  return rows.map((row) => toReservationDto(row, now));
}

/** Reservations of some vouchers, newest first, grouped by voucher. */
export async function reservationsByVoucher(
  db: Queryable,
  voucherIds: string[],
  now: Date,
  options: { currentOnly: boolean; userId?: string },
): Promise<Map<string, TReservation[]>> {
  const out = new Map<string, TReservation[]>();
  if (voucherIds.length === 0) return out;
  const rows = await loadReservationRows(
    db,
    and(
      inArray(reservations.voucherId, voucherIds),
      options.currentOnly ? inArray(reservations.status, [...CURRENT_RESERVATION_STATUSES]) : undefined,
      // Someone else's reservation of a voucher one can see (a gift one bought) stays private.
      options.userId ? eq(reservations.userId, options.userId) : undefined,
    ),
  );
  for (const row of rows) {
    const list = out.get(row.reservation.voucherId) ?? [];
    list.push(toReservationDto(row, now));
    out.set(row.reservation.voucherId, list);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// E-mails

function factsOf(row: ReservationRow): ReservationFacts {
  const r = row.reservation;
  return {
    code: row.voucher.code,
    boxName: row.boxName,
    boxNameAr: row.boxNameAr,
    offerTitle: row.offer.title,
    offerTitleAr: row.offer.titleAr,
    partnerName: row.partner.name,
    partnerAddress: row.partner.address,
    partnerCity: row.partner.city,
    partnerPhone: row.partner.phone,
    date: r.requestedDate,
    time: r.requestedTime,
    guests: r.guests,
    customerName: r.customerName,
    customerEmail: r.customerEmail,
    customerPhone: r.customerPhone,
    notes: r.notes,
  };
}

/** The partner's contact e-mail and its owner's login e-mail (once each). */
async function partnerAddresses(db: Queryable, partner: ReservationRow['partner']): Promise<string[]> {
  const addresses = new Set<string>();
  if (partner.email) addresses.add(partner.email.trim().toLowerCase());
  if (partner.ownerUserId) {
    const [owner] = await db.select({ email: users.email }).from(users).where(eq(users.id, partner.ownerUserId)).limit(1);
    if (owner) addresses.add(owner.email);
  }
  return [...addresses];
}

/** E-mails are written in each reader's language (their account's; French for an address without one). */
type Render = (locale: Locale) => EmailContent;

type ReservationFeedKind = 'reservation_requested' | 'reservation_cancelled' | 'reservation_date_accepted';

/** What the partner's bell words in the reader's language (issue 15). */
const feedParams = (facts: ReservationFacts) => ({
  customer: facts.customerName,
  offer: facts.offerTitle,
  offerAr: facts.offerTitleAr ?? null,
  date: facts.date,
  time: facts.time ?? null,
  guests: facts.guests,
});

async function mailPartner(
  db: Queryable,
  now: Date,
  row: ReservationRow,
  template: string,
  render: Render,
  feed: { kind: ReservationFeedKind; facts: ReservationFacts; title: string; body: string },
) {
  for (const to of await partnerAddresses(db, row.partner)) await enqueueEmail(db, { now, to, template, render });
  // Issue 36: the inbox of the members who manage reservations changes without a reload (docs/product/realtime.md §6).
  await publish(db, { topic: 'partner.reservation', audience: { partnerId: row.partner.id, permission: 'manage_reservations' }, payload: { reservationId: row.reservation.id, change: feed.kind }, now });
  if (row.partner.ownerUserId) {
    // The partner portal's notification feed (bell).
    await notifyUser(
      db,
      row.partner.ownerUserId,
      { kind: feed.kind, params: feedParams(feed.facts), title: feed.title, body: feed.body, link: '/partenaire/reservations' },
      now,
    );
  }
}

export const dashboardUrl = (publicUrl: string) => `${publicUrl}/client/dashboard`;
export const portalUrl = (publicUrl: string) => `${publicUrl}/partenaire/reservations`;

// ---------------------------------------------------------------------------------------------------
// Customer side

export type NewReservation = {
  voucherId: string;
  partnerId: string;
  offerId: string;
  date: string;
  time: string | null;
  guests: number;
  phone: string;
  notes: string | null;
};

function voucherStateError(status: TVoucherStatus, expiresAt: Date, now: Date): AppError | null {
  // Issue 38 (docs/product/delivery.md §5): a physical box's voucher is booked once the box has arrived.
  if (status === 'AWAITING_DELIVERY') return new AppError('VOUCHER_AWAITING_DELIVERY');
  if (status === 'RESERVED') return new AppError('VOUCHER_ALREADY_RESERVED');
  if (status === 'EXPIRED') return new AppError('VOUCHER_EXPIRED');
  if (!isVoucherStatusIn('reservable', status)) return new AppError('VOUCHER_NOT_RESERVABLE');
  if (expiresAt.getTime() <= now.getTime()) return new AppError('VOUCHER_EXPIRED');
  return null;
}

/**
 * The partner takes reservations for this box: it is active and has an active offer in the box (that
 * offer, when given). OFFER_UNAVAILABLE otherwise, on the field the customer chose.
 */
export async function assertPartnerInBox(db: Queryable, boxId: string, partnerId: string, offerId?: string): Promise<void> {
  const [found] = await db
    .select({ id: offers.id })
    .from(offers)
    .innerJoin(partners, eq(partners.id, offers.partnerId))
    .innerJoin(boxOffers, and(eq(boxOffers.offerId, offers.id), eq(boxOffers.boxId, boxId)))
    .where(and(offerId ? eq(offers.id, offerId) : undefined, eq(offers.partnerId, partnerId), eq(offers.active, true), eq(partners.active, true)))
    .limit(1);
  if (!found) throw new AppError('OFFER_UNAVAILABLE', { field: offerId ? 'offerId' : 'partnerId' });
}

/**
 * docs/product/reservations.md §3: reserves a slot with a partner of the voucher's box. The voucher becomes RESERVED and
 * the reservation 'pending' in one transaction; the voucher row is locked first and its change is
 * conditional, so two simultaneous requests for one voucher give one success.
 */
export async function createReservation(deps: ReservationDeps, caller: Caller, input: NewReservation) {
  const { db, now } = deps;
  const [voucher] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.id, input.voucherId), ownedVoucherCondition(caller)))
    .limit(1);
  if (!voucher) throw new AppError('VOUCHER_NOT_FOUND', { field: 'voucherId' });
  if (!isVoucherHolder(voucher, caller)) throw new AppError('HOLDER_ONLY');
  const stateError = voucherStateError(voucher.status, voucher.expiresAt, now);
  if (stateError) throw stateError;

  const today = algiersToday(now);
  if (input.date < today || (input.date === today && input.time !== null && input.time <= algiersTimeOfDay(now))) {
    throw new AppError('RESERVATION_DATE_PAST', { field: 'date' });
  }
  if (input.date > addMonths(today, RESERVATION_MAX_MONTHS)) throw new AppError('RESERVATION_TOO_FAR', { field: 'date' });
  if (slotStart(input.date, input.time).getTime() >= voucher.expiresAt.getTime()) {
    throw new AppError('RESERVATION_AFTER_EXPIRY', { field: 'date' });
  }

  await assertPartnerInBox(db, voucher.boxId, input.partnerId, input.offerId);

  const [customer] = await db.select().from(users).where(eq(users.id, caller.userId)).limit(1);
  const reservationId = await db.transaction(async (tx) => {
    // One booking at a time per partner and day, so that two parties never share the last places.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reservation|${input.partnerId}|${input.date}`}))`);
    const [locked] = await tx.select().from(vouchers).where(eq(vouchers.id, voucher.id)).for('update');
    const lockedError = voucherStateError(locked!.status, locked!.expiresAt, now);
    if (lockedError) throw lockedError;

    const day = await loadDaySlots(tx, { partnerId: input.partnerId, date: input.date, now, guests: input.guests });
    const bookable = input.time === null ? day.flexibleAvailable : !!day.slots.find((s) => s.time === input.time)?.available;
    if (!bookable) throw new AppError('SLOT_UNAVAILABLE', { field: 'time' });

    const [partner] = await tx.select({ name: partners.name }).from(partners).where(eq(partners.id, input.partnerId));
    const reserved = await transitionVoucher(tx, {
      voucherId: voucher.id,
      to: 'RESERVED',
      by: 'holder',
      actorUserId: caller.userId,
      reason: `Réservation demandée chez ${partner!.name}`,
      now,
      onlyFrom: VOUCHER_STATUS_GROUPS.reservable,
      patch: { statusBeforeReservation: locked!.status, holderUserId: caller.userId, selectedOfferId: input.offerId },
    });
    if (!reserved) throw new AppError('VOUCHER_ALREADY_RESERVED');

    const [created] = await tx
      .insert(reservations)
      .values({
        voucherId: voucher.id,
        partnerId: input.partnerId,
        offerId: input.offerId,
        userId: caller.userId,
        customerName: customer ? `${customer.firstName} ${customer.lastName}`.trim() : voucher.recipientName,
        customerEmail: caller.email,
        customerPhone: input.phone,
        requestedDate: input.date,
        requestedTime: input.time,
        guests: input.guests,
        notes: input.notes,
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: reservations.id });
    const [row] = await loadReservationRows(tx, eq(reservations.id, created!.id));
    const facts = factsOf(row!);
    await enqueueEmail(tx, {
      now,
      to: caller.email,
      template: 'reservation-requested',
      voucherId: voucher.id,
      render: (locale) => reservationRequestedCustomerEmail({ ...facts, locale }, dashboardUrl(deps.publicUrl)),
    });
    await mailPartner(tx, now, row!, 'reservation-request-partner', (locale) => reservationRequestedPartnerEmail(facts, portalUrl(deps.publicUrl), locale), {
      kind: 'reservation_requested',
      facts,
      title: 'Nouvelle demande de réservation',
      body: `${facts.customerName} — ${facts.offerTitle}, le ${facts.date}${facts.time ? ` à ${facts.time}` : ''} (${facts.guests} pers.)`,
    });
    await smsPartnerOfRequest(tx, now, row!, portalUrl(deps.publicUrl));
    return created!.id;
  });
  wakeOutbox();
  const [row] = await loadReservationRows(db, eq(reservations.id, reservationId));
  return toReservationDto(row!, now);
}

/** Gives the voucher back its status from before the reservation (docs/product/vouchers.md §5: RESERVED → previous). */
async function releaseVoucher(
  db: Queryable,
  voucherId: string,
  by: 'holder' | 'partner' | 'system',
  actorUserId: string | null,
  reason: string,
  now: Date,
) {
  const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId)).limit(1);
  if (!voucher || voucher.status !== 'RESERVED') return null;
  // docs/product/vouchers.md §5: back to its previous active status.
  const previous = isVoucherStatusIn('active', voucher.statusBeforeReservation ?? '')
    ? voucher.statusBeforeReservation!
    : 'DELIVERED';
  return transitionVoucher(db, {
    voucherId,
    to: previous,
    by,
    actorUserId,
    reason,
    now,
    patch: { statusBeforeReservation: null, selectedOfferId: null },
  });
}

async function ownReservation(db: Queryable, caller: Caller, id: string) {
  const [row] = await loadReservationRows(db, and(eq(reservations.id, id), eq(reservations.userId, caller.userId)));
  if (!row) throw notFound();
  return row;
}

/** The customer cancels, up to 48 h before the slot; a partner's proposal may be turned down any time. */
export async function cancelReservation(deps: ReservationDeps, caller: Caller, id: string) {
  const { db, now } = deps;
  const row = await ownReservation(db, caller, id);
  const status = row.reservation.status as TReservationStatus;
  if (!(CURRENT_RESERVATION_STATUSES as readonly string[]).includes(status)) throw new AppError('RESERVATION_NOT_CANCELLABLE');
  if (status !== 'proposed' && now.getTime() > cancelDeadline(row.reservation).getTime()) {
    throw new AppError('RESERVATION_CANCEL_TOO_LATE');
  }
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reservations)
      .set({ status: 'cancelled', updatedAt: now })
      .where(and(eq(reservations.id, id), eq(reservations.status, status)))
      .returning({ id: reservations.id });
    if (!updated) throw new AppError('RESERVATION_NOT_CANCELLABLE');
    await releaseVoucher(tx, row.reservation.voucherId, 'holder', caller.userId, 'Réservation annulée par le client', now);
    const facts = factsOf(row);
    await mailPartner(tx, now, row, 'reservation-cancelled-partner', (locale) => reservationCancelledPartnerEmail(facts, portalUrl(deps.publicUrl), locale), {
      kind: 'reservation_cancelled',
      facts,
      title: 'Réservation annulée',
      body: `${facts.customerName} — ${facts.offerTitle}, le ${facts.date}${facts.time ? ` à ${facts.time}` : ''}`,
    });
  });
  wakeOutbox();
  const [after] = await loadReservationRows(db, eq(reservations.id, id));
  return toReservationDto(after!, now);
}

/** The customer accepts the partner's other date: the reservation is confirmed at that date. */
export async function acceptProposal(deps: ReservationDeps, caller: Caller, id: string) {
  const { db, now } = deps;
  const row = await ownReservation(db, caller, id);
  const r = row.reservation;
  if (r.status !== 'proposed' || !r.proposedDate) throw new AppError('NO_PROPOSAL');
  if (r.proposedDate < algiersToday(now)) throw new AppError('RESERVATION_DATE_PAST', { status: 409 });
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reservations)
      .set({ status: 'confirmed', requestedDate: r.proposedDate!, requestedTime: r.proposedTime, proposedDate: null, proposedTime: null, updatedAt: now })
      .where(and(eq(reservations.id, id), eq(reservations.status, 'proposed')))
      .returning({ id: reservations.id });
    if (!updated) throw new AppError('NO_PROPOSAL');
    const [fresh] = await loadReservationRows(tx, eq(reservations.id, id));
    const facts = factsOf(fresh!);
    await mailPartner(tx, now, fresh!, 'reservation-proposal-accepted', (locale) => proposalAcceptedPartnerEmail(facts, portalUrl(deps.publicUrl), locale), {
      kind: 'reservation_date_accepted',
      facts,
      title: 'Nouvelle date acceptée',
      body: `${facts.customerName} — ${facts.offerTitle}, le ${facts.date}${facts.time ? ` à ${facts.time}` : ''}`,
    });
  });
  wakeOutbox();
  const [after] = await loadReservationRows(db, eq(reservations.id, id));
  return toReservationDto(after!, now);
}

// ---------------------------------------------------------------------------------------------------
// Partner side (the partner portal calls these; every one is scoped to the caller's partner)

async function partnerReservation(db: Queryable, partner: PartnerActor, id: string) {
  const [row] = await loadReservationRows(db, and(eq(reservations.id, id), eq(reservations.partnerId, partner.partnerId)));
  if (!row) throw notFound();
  return row;
}

async function mailCustomer(db: Queryable, now: Date, row: ReservationRow, template: string, render: Render) {
  await enqueueEmail(db, { now, to: row.reservation.customerEmail, template, voucherId: row.reservation.voucherId, render });
  // Issue 36: a member's answer shows at once in the inboxes of the colleagues who manage reservations (docs/product/realtime.md §6).
  await publish(db, { topic: 'partner.reservation', audience: { partnerId: row.partner.id, permission: 'manage_reservations' }, payload: { reservationId: row.reservation.id, change: template.replaceAll('-', '_') }, now });
}

export type PartnerReservationResult = typeof reservations.$inferSelect;

/** pending → confirmed; the customer is told by e-mail. */
export async function confirmReservation(deps: ReservationDeps, partner: PartnerActor, id: string): Promise<PartnerReservationResult> {
  const { db, now } = deps;
  const row = await partnerReservation(db, partner, id);
  if (row.reservation.status !== 'pending') throw new AppError('RESERVATION_NOT_PENDING');
  const updated = await db.transaction(async (tx) => {
    const [u] = await tx
      .update(reservations)
      .set({ status: 'confirmed', updatedAt: now })
      .where(and(eq(reservations.id, id), eq(reservations.status, 'pending')))
      .returning();
    if (!u) throw new AppError('RESERVATION_NOT_PENDING');
    await mailCustomer(tx, now, row, 'reservation-confirmed', (locale) => reservationConfirmedCustomerEmail({ ...factsOf(row), locale }, dashboardUrl(deps.publicUrl)));
    await smsHolder(tx, now, row, 'reservation-confirmed', dashboardUrl(deps.publicUrl));
    return u;
  });
  wakeOutbox();
  return updated;
}

/** pending or proposed → declined (with the reason); the voucher goes back to its previous status. */
export async function declineReservation(
  deps: ReservationDeps,
  partner: PartnerActor,
  id: string,
  reason: string,
): Promise<PartnerReservationResult> {
  const { db, now } = deps;
  const row = await partnerReservation(db, partner, id);
  const status = row.reservation.status;
  if (status !== 'pending' && status !== 'proposed') throw new AppError('RESERVATION_NOT_PENDING');
  const updated = await db.transaction(async (tx) => {
    const [u] = await tx
      .update(reservations)
      .set({ status: 'declined', declineReason: reason, updatedAt: now })
      .where(and(eq(reservations.id, id), eq(reservations.status, status)))
      .returning();
    if (!u) throw new AppError('RESERVATION_NOT_PENDING');
    await releaseVoucher(tx, row.reservation.voucherId, 'partner', partner.actorUserId, `Réservation refusée par ${row.partner.name} : ${reason}`, now);
    await mailCustomer(tx, now, row, 'reservation-declined', (locale) => reservationDeclinedCustomerEmail({ ...factsOf(row), locale }, reason, dashboardUrl(deps.publicUrl)));
    await smsHolder(tx, now, row, 'reservation-declined', dashboardUrl(deps.publicUrl));
    return u;
  });
  wakeOutbox();
  return updated;
}

/** pending → proposed: another date (and time, or flexible) that the customer may accept or turn down. */
export async function proposeReservation(
  deps: ReservationDeps,
  partner: PartnerActor,
  id: string,
  proposal: { date: string; time: string | null; message?: string | null },
): Promise<PartnerReservationResult> {
  const { db, now } = deps;
  const row = await partnerReservation(db, partner, id);
  if (row.reservation.status !== 'pending') throw new AppError('RESERVATION_NOT_PENDING');
  const today = algiersToday(now);
  if (proposal.date < today) throw new AppError('RESERVATION_DATE_PAST', { field: 'date' });
  if (proposal.date > addMonths(today, RESERVATION_MAX_MONTHS)) throw new AppError('RESERVATION_TOO_FAR', { field: 'date' });
  const [voucher] = await db.select({ expiresAt: vouchers.expiresAt }).from(vouchers).where(eq(vouchers.id, row.reservation.voucherId));
  if (voucher && slotStart(proposal.date, proposal.time).getTime() >= voucher.expiresAt.getTime()) {
    throw new AppError('RESERVATION_AFTER_EXPIRY', { field: 'date' });
  }
  const updated = await db.transaction(async (tx) => {
    const [u] = await tx
      .update(reservations)
      .set({ status: 'proposed', proposedDate: proposal.date, proposedTime: proposal.time, updatedAt: now })
      .where(and(eq(reservations.id, id), eq(reservations.status, 'pending')))
      .returning();
    if (!u) throw new AppError('RESERVATION_NOT_PENDING');
    await mailCustomer(
      tx,
      now,
      row,
      'reservation-proposed',
      (locale) => reservationProposedCustomerEmail(
        { ...factsOf(row), locale },
        { date: proposal.date, time: proposal.time, message: proposal.message?.trim() || null },
        dashboardUrl(deps.publicUrl),
      ),
    );
    return u;
  });
  wakeOutbox();
  return updated;
}

/** Used by the expiry job: reservations still waiting on an expired voucher are cancelled. */
export async function cancelOpenReservationsOfVoucher(db: Queryable, voucherId: string, now: Date): Promise<number> {
  const rows = await db
    .update(reservations)
    .set({ status: 'cancelled', declineReason: 'Voucher expiré', updatedAt: now })
    .where(and(eq(reservations.voucherId, voucherId), inArray(reservations.status, ['pending', 'proposed'])))
    .returning({ id: reservations.id });
  return rows.length;
}

/**
 * The day before a confirmed reservation (Algiers' days), its holder's reminder by SMS — once: the
 * outbox's dedupe key refuses a second. Returns how many were queued.
 */
export async function runReservationSmsReminders(deps: { db: Db; clock: { now: () => Date }; publicUrl: string }): Promise<number> {
  const now = deps.clock.now();
  const tomorrow = addDays(algiersToday(now), 1);
  const rows = await loadReservationRows(
    deps.db,
    and(
      eq(reservations.status, 'confirmed'),
      eq(reservations.requestedDate, tomorrow),
      sql`not exists (select 1 from sms_outbox o where o.dedupe_key = 'reservation-reminder:' || ${reservations.id}::text)`,
    ),
  );
  let queued = 0;
  for (const row of rows) {
    if (await smsHolder(deps.db, now, row, 'reservation-reminder', dashboardUrl(deps.publicUrl), `reservation-reminder:${row.reservation.id}`)) queued++;
  }
  if (queued > 0) wakeOutbox();
  // Nothing left to do in this run: the next one looks again (a holder may turn SMS on meanwhile).
  return 0;
}
