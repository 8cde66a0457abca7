import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { TGroupGift, TGroupGiftContribution, TGroupGiftCreateRequest, TGroupGiftPublic, TGroupGiftSummary } from '@farha/contracts/group-gifts';
import { GROUP_GIFT_MAX_SHARE_COUNT, groupGiftPath, groupGiftReturnPath } from '@farha/contracts/group-gifts';
import type { TForeignCurrency } from '@farha/contracts/money';
import { formatDzd } from '@farha/contracts/money';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, giftCards, groupGiftContributions, groupGifts, orders, payments, users, vouchers, type GroupGiftRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { addDays, algiersDay, algiersInstant } from '../../lib/algiers-time.ts';
import { enqueueEmail, lang, type Locale, wakeOutbox } from '../notifications/index.ts';
import {
  applyCheckoutStatus,
  chargeOf,
  checkoutEvent,
  deliveryMoment,
  insertContributionOrder,
  insertPotPaidOrder,
  openCheckout,
  planCharge,
  refundContributionOrder,
  type PaidOrder,
  type PaymentProviders,
} from '../payments/index.ts';
import { getSettings } from '../settings/index.ts';
import { fulfilPaidOrder } from '../vouchers/index.ts';
import { fulfilGiftCardOrder, giftCardOffer } from '../giftcards/index.ts';
import { closingEmail, contributionReceiptEmail, contributionRefundedEmail, fundedEmail, giftSentEmail, giftTitle, groupCardEmail, reminderEmail } from './emails.ts';
import { groupCardPdfFilename, renderGroupCardPdf } from './pdf.ts';

/**
 * Issue 37, group gifts (docs/product/group-gifts.md): a pot an organiser opens for a box or a gift card, filled by
 * contributions each paid like a gift card order; full, it buys the gift once, under the pot's lock.
 */

type Ctx = { db: Db; providers: PaymentProviders; publicUrl: string; now: Date };
type Method = 'cib' | 'edahabia' | 'visa' | 'mastercard';
type Why = 'late' | 'short' | 'cancelled' | 'refused';

export const GROUP_GIFT_PUBLIC_CONTRIBUTIONS = 200;
const DAY_MS = 86_400_000;

export async function groupGiftSettings(db: Queryable) {
  const s = await getSettings(db as Db, 'payments');
  return {
    minContribution: s.group_gift_min_contribution,
    choiceDays: s.group_gift_choice_days,
    maxOpenPerUser: s.group_gift_max_open_per_user,
    maxContributionsPerEmail: s.group_gift_max_contributions_per_email,
    maxAmount: s.group_gift_max_amount,
  };
}

const potUrl = (publicUrl: string, token: string) => `${publicUrl}${groupGiftPath(token)}`;
const organiserUrl = (publicUrl: string, id: string) => `${publicUrl}/client/cagnottes/${id}`;

async function potBox(db: Queryable, pot: Pick<GroupGiftRow, 'boxId'>) {
  if (!pot.boxId) return null;
  const [box] = await db.select().from(boxes).where(eq(boxes.id, pot.boxId)).limit(1);
  return box ?? null;
}

const boxDto = (box: typeof boxes.$inferSelect | null) =>
  box ? { id: box.id, name: box.name, nameAr: box.nameAr, imageUrl: box.imageUrl, category: box.category, price: box.price } : null;

/** The gift's words for e-mails: its title and the recipient. */
function giftOf(pot: GroupGiftRow, box: { name: string; nameAr: string | null } | null, amount = pot.targetAmount) {
  return (l: ReturnType<typeof lang>) => ({ title: giftTitle(l, { boxName: box?.name ?? null, boxNameAr: box?.nameAr ?? null, amount }), recipientName: pot.recipientName });
}

// ---------------------------------------------------------------------------------------------------
// Opening a pot

export async function createGroupGift(ctx: Ctx, organiser: { userId: string; locale: Locale }, input: Omit<TGroupGiftCreateRequest, 'recipientPhone'> & { recipientPhone?: string | null | undefined }) {
  const settings = await groupGiftSettings(ctx.db);
  let target: number;
  if (input.boxId) {
    const [box] = await ctx.db.select().from(boxes).where(eq(boxes.id, input.boxId)).limit(1);
    if (!box || !box.active) throw new AppError('BOX_UNAVAILABLE', { field: 'boxId' });
    target = box.price;
  } else {
    const offer = await giftCardOffer(ctx.db);
    const amount = input.giftCardAmount!;
    if (!Number.isInteger(amount) || amount < offer.minAmount || amount > offer.maxAmount) {
      throw new AppError('GIFT_CARD_AMOUNT', { field: 'giftCardAmount', params: { min: formatDzd(offer.minAmount), max: formatDzd(offer.maxAmount) } });
    }
    target = amount;
  }
  if (target > settings.maxAmount) throw new AppError('GROUP_GIFT_MAX_AMOUNT', { field: input.boxId ? 'boxId' : 'giftCardAmount', params: { max: formatDzd(settings.maxAmount) } });
  const today = algiersDay(ctx.now);
  if (input.deliverOn < today || input.deliverOn > addDays(today, 366)) throw new AppError('DELIVERY_DATE', { field: 'deliverOn' });
  if (input.closesOn < today || input.closesOn > input.deliverOn) throw new AppError('GROUP_GIFT_CLOSING_DATE', { field: 'closesOn' });
  const shareMode = input.shareMode ?? 'free';
  if (shareMode === 'equal' && (!input.shareCount || input.shareCount < 2 || input.shareCount > GROUP_GIFT_MAX_SHARE_COUNT)) {
    throw new AppError('GROUP_GIFT_SHARE_COUNT', { field: 'shareCount', params: { max: GROUP_GIFT_MAX_SHARE_COUNT } });
  }
  const id = await ctx.db.transaction(async (tx) => {
    // The organiser's row locked: two pots opened at once are counted one after the other.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, organiser.userId)).for('update');
    const [open] = await tx
      .select({ n: count() })
      .from(groupGifts)
      .where(and(eq(groupGifts.organiserId, organiser.userId), inArray(groupGifts.status, ['open', 'awaiting_choice', 'funded'])));
    if (Number(open?.n ?? 0) >= settings.maxOpenPerUser) throw new AppError('GROUP_GIFT_OPEN_LIMIT', { params: { max: settings.maxOpenPerUser } });
    const [row] = await tx
      .insert(groupGifts)
      .values({
        token: randomBytes(16).toString('base64url'),
        organiserId: organiser.userId,
        boxId: input.boxId ?? null,
        giftCardAmount: input.boxId ? null : target,
        targetAmount: target,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        recipientPhone: input.recipientPhone ?? null,
        recipientLocale: input.recipientLocale ?? organiser.locale,
        deliverOn: input.deliverOn,
        closesOn: input.closesOn,
        closesAt: algiersInstant(addDays(input.closesOn, 1)),
        message: input.message ?? null,
        showContributors: input.showContributors ?? true,
        shareMode,
        shareCount: shareMode === 'equal' ? input.shareCount! : null,
        locale: organiser.locale,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
      .returning({ id: groupGifts.id });
    return row!.id;
  });
  const groupGift = await groupGiftForOrganiser(ctx, organiser.userId, id);
  return { groupGift, url: groupGift.url };
}

// ---------------------------------------------------------------------------------------------------
// Reading a pot

async function paidContributions(db: Queryable, potId: string) {
  return db
    .select()
    .from(groupGiftContributions)
    .where(and(eq(groupGiftContributions.groupGiftId, potId), eq(groupGiftContributions.counted, true)))
    .orderBy(asc(groupGiftContributions.createdAt), asc(groupGiftContributions.id));
}

async function organiserOf(db: Queryable, pot: GroupGiftRow) {
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email, locale: users.locale }).from(users).where(eq(users.id, pot.organiserId));
  return u!;
}

function daysLeft(pot: GroupGiftRow, now: Date): number {
  if (pot.status !== 'open') return 0;
  const today = algiersDay(now);
  if (today > pot.closesOn) return 0;
  return Math.round((algiersInstant(pot.closesOn).getTime() - algiersInstant(today).getTime()) / DAY_MS);
}

async function publicView(db: Queryable, pot: GroupGiftRow, now: Date): Promise<TGroupGiftPublic> {
  const settings = await groupGiftSettings(db);
  const box = await potBox(db, pot);
  const organiser = await organiserOf(db, pot);
  const paid = await paidContributions(db, pot.id);
  const remaining = Math.max(0, pot.targetAmount - pot.collected);
  const accepting = pot.status === 'open' && now < pot.closesAt;
  const minContribution = Math.min(settings.minContribution, Math.max(remaining, 1));
  const share = pot.shareMode === 'equal' && pot.shareCount ? Math.ceil(pot.targetAmount / pot.shareCount) : null;
  return {
    token: pot.token,
    status: pot.status,
    box: boxDto(box),
    giftCardAmount: pot.giftCardAmount,
    targetAmount: pot.targetAmount,
    collected: pot.collected,
    remaining,
    organiserName: organiser.firstName,
    recipientName: pot.recipientName,
    message: pot.message,
    deliverOn: pot.deliverOn,
    closesOn: pot.closesOn,
    closesAt: pot.closesAt.toISOString(),
    daysLeft: accepting ? daysLeft(pot, now) : 0,
    showContributors: pot.showContributors,
    shareMode: pot.shareMode,
    shareCount: pot.shareCount,
    suggestedShare: share === null ? null : Math.min(Math.max(share, minContribution), remaining),
    minContribution,
    maxContribution: accepting ? remaining : 0,
    contributorCount: paid.length,
    contributions: paid.slice(0, GROUP_GIFT_PUBLIC_CONTRIBUTIONS).map((c) => ({
      name: pot.showContributors && !c.anonymous ? c.name : null,
      amount: pot.showContributors ? c.amount : null,
      message: c.message,
      paidAt: (c.paidAt ?? c.createdAt).toISOString(),
    })),
    locale: pot.locale,
  };
}

async function potByToken(db: Queryable, token: string): Promise<GroupGiftRow> {
  const [pot] = await db.select().from(groupGifts).where(eq(groupGifts.token, token)).limit(1);
  if (!pot) throw new AppError('GROUP_GIFT_NOT_FOUND');
  return pot;
}

async function ownPot(db: Queryable, organiserId: string, id: string): Promise<GroupGiftRow> {
  const [pot] = await db.select().from(groupGifts).where(and(eq(groupGifts.id, id), eq(groupGifts.organiserId, organiserId))).limit(1);
  if (!pot) throw new AppError('GROUP_GIFT_NOT_FOUND');
  return pot;
}

/** GET /api/group-gifts/:token: the pot as anyone with its link sees it (no e-mail). */
export async function groupGiftByToken(db: Db, token: string, now: Date): Promise<TGroupGiftPublic> {
  return publicView(db, await potByToken(db, token), now);
}

const FAILED_ORDER = ['failed', 'canceled', 'expired'];
function contributionStatus(c: { status: string }, orderStatus: string): TGroupGiftContribution['status'] {
  if (c.status === 'pending' && FAILED_ORDER.includes(orderStatus)) return 'failed';
  return c.status as TGroupGiftContribution['status'];
}

const remindable = (pot: GroupGiftRow, now: Date) => pot.status === 'open' && (!pot.remindedAt || now.getTime() - pot.remindedAt.getTime() >= DAY_MS);

/** GET /api/client/group-gifts/:id: the organiser's own pot (404 for anyone else's). */
export async function groupGiftForOrganiser(ctx: Pick<Ctx, 'db' | 'publicUrl' | 'now'>, organiserId: string, id: string): Promise<TGroupGift> {
  const pot = await ownPot(ctx.db, organiserId, id);
  const view = await publicView(ctx.db, pot, ctx.now);
  const rows = await ctx.db
    .select({ c: groupGiftContributions, order: { status: orders.status, amount: orders.amount, chargedCurrency: orders.chargedCurrency, chargedAmount: orders.chargedAmount, exchangeRateE4: orders.exchangeRateE4 } })
    .from(groupGiftContributions)
    .innerJoin(orders, eq(orders.id, groupGiftContributions.orderId))
    .where(eq(groupGiftContributions.groupGiftId, pot.id))
    .orderBy(asc(groupGiftContributions.createdAt), asc(groupGiftContributions.id));
  const [voucher] = pot.voucherId ? await ctx.db.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.id, pot.voucherId)) : [];
  const [card] = pot.giftCardId ? await ctx.db.select({ code: giftCards.code }).from(giftCards).where(eq(giftCards.id, pot.giftCardId)) : [];
  const { contributions: _public, ...rest } = view;
  return {
    ...rest,
    id: pot.id,
    url: potUrl(ctx.publicUrl, pot.token),
    recipientEmail: pot.recipientEmail,
    recipientPhone: pot.recipientPhone,
    recipientLocale: pot.recipientLocale,
    choiceDeadline: pot.choiceDeadline?.toISOString() ?? null,
    voucherCode: voucher?.code ?? null,
    giftCardCode: card ? `CC-…-${card.code.slice(-4)}` : null,
    excessAmount: pot.excessAmount,
    remindedAt: pot.remindedAt?.toISOString() ?? null,
    contributions: rows.map(({ c, order }) => ({
      id: c.id,
      orderId: c.orderId,
      name: c.name,
      email: c.email,
      anonymous: c.anonymous,
      amount: c.amount,
      charge: chargeOf(order),
      message: c.message,
      status: contributionStatus(c, order.status),
      byOrganiser: c.byOrganiser,
      createdAt: c.createdAt.toISOString(),
      paidAt: c.paidAt?.toISOString() ?? null,
    })),
    can: {
      cancel: pot.status === 'open',
      remind: remindable(pot, ctx.now) && view.contributorCount > 0,
      choose: pot.status === 'awaiting_choice',
      cardPdf: view.contributorCount > 0,
    },
    createdAt: pot.createdAt.toISOString(),
  };
}

/** GET /api/client/group-gifts: the organiser's pots, newest first, a page at a time. */
export async function listGroupGifts(ctx: Pick<Ctx, 'db' | 'publicUrl'>, organiserId: string, query: { page: number; pageSize: number }) {
  const where = eq(groupGifts.organiserId, organiserId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ pot: groupGifts, box: boxes, n: sql<number>`(select count(*)::int from ${groupGiftContributions} c where c.group_gift_id = ${groupGifts.id} and c.counted)` })
      .from(groupGifts)
      .leftJoin(boxes, eq(boxes.id, groupGifts.boxId))
      .where(where)
      .orderBy(desc(groupGifts.createdAt), desc(groupGifts.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    ctx.db.select({ n: count() }).from(groupGifts).where(where),
  ]);
  const groupGiftsOut: TGroupGiftSummary[] = rows.map(({ pot, box, n }) => ({
    id: pot.id,
    token: pot.token,
    url: potUrl(ctx.publicUrl, pot.token),
    status: pot.status,
    box: boxDto(box),
    giftCardAmount: pot.giftCardAmount,
    targetAmount: pot.targetAmount,
    collected: pot.collected,
    recipientName: pot.recipientName,
    closesOn: pot.closesOn,
    deliverOn: pot.deliverOn,
    choiceDeadline: pot.choiceDeadline?.toISOString() ?? null,
    contributorCount: Number(n),
    createdAt: pot.createdAt.toISOString(),
  }));
  return { groupGifts: groupGiftsOut, total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

// ---------------------------------------------------------------------------------------------------
// Contributing

type ContributionInput = {
  name: string;
  email: string;
  anonymous?: boolean | undefined;
  amount: number;
  message?: string | null | undefined;
  paymentMethod: Method;
  chargeCurrency?: TForeignCurrency | undefined;
  expectedChargeAmount?: number | undefined;
  locale?: Locale | undefined;
};

/** A pending contribution (its order of kind group_contribution) and its gateway checkout. */
async function startContribution(ctx: Ctx, pot: GroupGiftRow, who: { userId: string | null; byOrganiser: boolean }, input: ContributionInput) {
  const settings = await groupGiftSettings(ctx.db);
  const email = input.email.trim().toLowerCase();
  const { charge } = await planCharge(ctx, { method: input.paymentMethod, amountDzd: input.amount, currency: input.chargeCurrency, expectedAmount: input.expectedChargeAmount });
  const locale = input.locale ?? pot.locale;
  const order = await ctx.db.transaction(async (tx) => {
    // Under the pot's lock: its status, what it still needs and the address's count are read as they are.
    const [locked] = await tx.select().from(groupGifts).where(eq(groupGifts.id, pot.id)).for('update');
    const p = locked!;
    if (who.byOrganiser) {
      if (p.status !== 'awaiting_choice') throw new AppError('GROUP_GIFT_NOT_AWAITING_CHOICE');
      if (input.amount !== p.targetAmount - p.collected) throw new AppError('GROUP_GIFT_NOT_AWAITING_CHOICE');
    } else {
      if (p.status !== 'open' || ctx.now >= p.closesAt) throw new AppError('GROUP_GIFT_CLOSED');
      const remaining = p.targetAmount - p.collected;
      const min = Math.min(settings.minContribution, remaining);
      if (!Number.isInteger(input.amount) || input.amount < min) throw new AppError('GROUP_GIFT_MIN_CONTRIBUTION', { field: 'amount', params: { min: formatDzd(min) } });
      if (input.amount > remaining) throw new AppError('GROUP_GIFT_MAX_CONTRIBUTION', { field: 'amount', params: { max: formatDzd(remaining) } });
      const [mine] = await tx
        .select({ n: count() })
        .from(groupGiftContributions)
        .innerJoin(orders, eq(orders.id, groupGiftContributions.orderId))
        .where(and(eq(groupGiftContributions.groupGiftId, p.id), eq(groupGiftContributions.email, email), notInArray(orders.status, FAILED_ORDER)));
      if (Number(mine?.n ?? 0) >= settings.maxContributionsPerEmail) throw new AppError('GROUP_GIFT_EMAIL_LIMIT', { field: 'email', params: { max: settings.maxContributionsPerEmail } });
    }
    // A contributor without an account: the order is the organiser's (orders name a purchaser); the
    // contributor's name and e-mail are the order's « recipient », whom payments pays back (§6).
    const o = await insertContributionOrder(tx, {
      purchaserId: who.userId ?? p.organiserId,
      amount: input.amount,
      charge,
      recipientName: input.name,
      recipientEmail: email,
      recipientLocale: locale,
      paymentMethod: input.paymentMethod,
      now: ctx.now,
    });
    await tx.insert(groupGiftContributions).values({
      groupGiftId: p.id,
      orderId: o.id,
      userId: who.userId,
      name: input.name,
      email,
      anonymous: !!input.anonymous,
      amount: input.amount,
      message: input.message ?? null,
      locale,
      byOrganiser: who.byOrganiser,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    return o;
  });
  return openCheckout(ctx, order, {
    locale,
    description: `Farha — Cagnotte pour ${pot.recipientName}`,
    returnUrl: `${ctx.publicUrl}${groupGiftReturnPath(pot.token, order.id)}`,
  });
}

/** POST /api/group-gifts/:token/contributions: anyone with the link. */
export async function contribute(ctx: Ctx, token: string, caller: { userId: string; role: string } | null, input: ContributionInput) {
  const pot = await potByToken(ctx.db, token);
  return startContribution(ctx, pot, { userId: caller?.role === 'customer' ? caller.userId : null, byOrganiser: false }, input);
}

/** GET /api/group-gifts/:token/contributions/:orderId: the return page (a pending payment is asked of its gateway first). */
export async function contributionReceipt(ctx: Ctx, token: string, orderId: string) {
  const pot = await potByToken(ctx.db, token);
  const load = async () =>
    (
      await ctx.db
        .select({ c: groupGiftContributions, order: orders })
        .from(groupGiftContributions)
        .innerJoin(orders, eq(orders.id, groupGiftContributions.orderId))
        .where(and(eq(groupGiftContributions.orderId, orderId), eq(groupGiftContributions.groupGiftId, pot.id)))
        .limit(1)
    )[0];
  let row = await load();
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  if (row.order.status === 'pending') {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
    const provider = payment && (payment.status === 'pending' || payment.status === 'processing') ? ctx.providers.byName(payment.provider) : null;
    if (payment && provider) {
      try {
        const snapshot = await provider.fetchCheckout(payment.providerCheckoutId);
        if ((await applyCheckoutStatus({ ...ctx, fulfil: ctx.providers.fulfil }, checkoutEvent(payment, snapshot))) === 'applied') row = (await load())!;
      } catch {
        // The gateway is unreachable: the contribution stays pending; reconciliation retries.
      }
    }
  }
  const [payment] = await ctx.db.select({ failureReason: payments.failureReason }).from(payments).where(eq(payments.orderId, orderId)).limit(1);
  const status = contributionStatus(row.c, row.order.status);
  const fresh = await potByToken(ctx.db, token);
  return {
    orderId,
    status,
    amount: row.c.amount,
    charge: chargeOf(row.order),
    failureReason: status === 'failed' ? (payment?.failureReason ?? 'Erreur de paiement') : null,
    groupGift: await publicView(ctx.db, fresh, ctx.now),
  };
}

// ---------------------------------------------------------------------------------------------------
// A contribution paid (payments' fulfilment of kind group_contribution, in the payment's transaction)

export async function fulfilGroupContribution(db: Db, ctx: { publicUrl: string; now: Date }, order: PaidOrder) {
  const [c0] = await db.select().from(groupGiftContributions).where(eq(groupGiftContributions.orderId, order.id)).limit(1);
  if (!c0) return;
  // docs/product/group-gifts.md §3: the pot's row locked, then the contribution read again under it.
  const [pot] = await db.select().from(groupGifts).where(eq(groupGifts.id, c0.groupGiftId)).for('update');
  const [c] = await db.select().from(groupGiftContributions).where(eq(groupGiftContributions.id, c0.id));
  if (!pot || !c || c.status !== 'pending') return;
  const accepts = c.byOrganiser ? pot.status === 'awaiting_choice' : pot.status === 'open' && ctx.now < pot.closesAt;
  if (!accepts) {
    await db.update(groupGiftContributions).set({ status: 'paid', paidAt: ctx.now, updatedAt: ctx.now }).where(eq(groupGiftContributions.id, c.id));
    await refundContribution(db, ctx, pot, { ...c, status: 'paid' }, 'late');
    return;
  }
  await db.update(groupGiftContributions).set({ status: 'paid', counted: true, paidAt: ctx.now, updatedAt: ctx.now }).where(eq(groupGiftContributions.id, c.id));
  const [updated] = await db
    .update(groupGifts)
    .set({ collected: sql`${groupGifts.collected} + ${c.amount}`, updatedAt: ctx.now })
    .where(eq(groupGifts.id, pot.id))
    .returning();
  const box = await potBox(db, updated!);
  await enqueueEmail(db, {
    now: ctx.now,
    to: c.email,
    template: 'group-gift-contribution',
    locale: c.locale,
    render: (locale) =>
      contributionReceiptEmail({ locale, name: c.name, amount: c.amount, gift: giftOf(updated!, box), collected: updated!.collected, target: updated!.targetAmount, url: potUrl(ctx.publicUrl, pot.token) }),
  });
  if (updated!.collected >= updated!.targetAmount) {
    await issueGift(db, ctx, updated!, box ? { box } : { card: true });
  }
}

/**
 * The pot buys its gift (docs/product/group-gifts.md §4), under its lock, once: an order of kind group_gift paid by
 * the pot — the box (its voucher delivered on the day, partners paid on it as on any voucher) or the gift card —
 * and what the pot holds beyond the price as a gift card to the recipient. A gift card pot gives one card of
 * everything collected.
 */
async function issueGift(db: Db, ctx: { publicUrl: string; now: Date }, pot: GroupGiftRow, what: { box: typeof boxes.$inferSelect } | { card: true }) {
  const organiser = await organiserOf(db, pot);
  const deliverAt = deliveryMoment(pot.deliverOn, ctx.now) ?? null;
  const paid = await paidContributions(db, pot.id);
  const names = paid.length;
  const rl = lang(pot.recipientLocale);
  const senderName = rl.t({ fr: `${organiser.firstName} et ${names} proches`, ar: `${organiser.firstName} و${names} من المقربين` });
  const base = {
    purchaserId: pot.organiserId,
    recipientName: pot.recipientName,
    recipientEmail: pot.recipientEmail,
    recipientLocale: pot.recipientLocale,
    recipientPhone: pot.recipientPhone,
    senderName,
    personalMessage: pot.message,
    deliverAt,
    now: ctx.now,
  };
  let voucherId: string | null = null;
  let giftCardId: string | null = null;
  let excessGiftCardId: string | null = null;
  let orderId: string;
  let excess = 0;
  let giftBox: { name: string; nameAr: string | null } | null = null;
  if ('box' in what) {
    const price = what.box.id === pot.boxId ? pot.targetAmount : what.box.price;
    const order = await insertPotPaidOrder(db, { ...base, boxId: what.box.id, amount: price });
    const voucher = (await fulfilPaidOrder(db, ctx, order, { receipt: false })) as { id: string } | undefined;
    voucherId = voucher?.id ?? null;
    orderId = order.id;
    giftBox = what.box;
    excess = pot.collected - price;
    if (excess > 0) {
      const extra = await insertPotPaidOrder(db, { ...base, boxId: null, amount: excess });
      excessGiftCardId = (await fulfilGiftCardOrder(db, ctx, extra)).id;
    }
  } else {
    const order = await insertPotPaidOrder(db, { ...base, boxId: null, amount: pot.collected });
    giftCardId = (await fulfilGiftCardOrder(db, ctx, order)).id;
    orderId = order.id;
    excess = Math.max(0, pot.collected - pot.targetAmount);
  }
  await db
    .update(groupGifts)
    .set({ status: 'issued', orderId, voucherId, giftCardId, excessGiftCardId, excessAmount: excess, fundedAt: ctx.now, updatedAt: ctx.now })
    .where(eq(groupGifts.id, pot.id));
  const gift = giftOf(pot, giftBox, 'box' in what ? pot.targetAmount : pot.collected);
  const sendAt = deliverAt ?? undefined;
  await enqueueEmail(db, {
    now: ctx.now,
    to: organiser.email,
    template: 'group-gift-funded',
    render: (locale) => fundedEmail({ locale, name: organiser.firstName, gift, collected: pot.collected, excess, deliverOn: deliverAt ? pot.deliverOn : algiersDay(ctx.now), url: organiserUrl(ctx.publicUrl, pot.id) }),
  });
  await enqueueEmail(db, {
    now: ctx.now,
    to: pot.recipientEmail,
    template: 'group-gift-card',
    locale: pot.recipientLocale,
    sendAt,
    attachments: { groupGiftId: pot.id, pdf: true },
    render: (locale) => groupCardEmail({ locale, recipientName: pot.recipientName, organiserName: organiser.firstName, count: names, gift, message: pot.message }),
  });
  const seen = new Set<string>();
  for (const c of paid) {
    if (seen.has(c.email)) continue;
    seen.add(c.email);
    await enqueueEmail(db, { now: ctx.now, to: c.email, template: 'group-gift-sent', locale: c.locale, sendAt, render: (locale) => giftSentEmail({ locale, name: c.name, gift, url: potUrl(ctx.publicUrl, pot.token) }) });
  }
}

// ---------------------------------------------------------------------------------------------------
// Refunds (docs/product/group-gifts.md §6): each paid contribution once, through the way it was paid

async function refundContribution(db: Queryable, ctx: { now: Date }, pot: GroupGiftRow, c: typeof groupGiftContributions.$inferSelect, why: Why) {
  const [moved] = await db
    .update(groupGiftContributions)
    .set({ status: 'refunded', refundedAt: ctx.now, updatedAt: ctx.now })
    .where(and(eq(groupGiftContributions.id, c.id), eq(groupGiftContributions.status, 'paid')))
    .returning({ id: groupGiftContributions.id });
  if (!moved) return false;
  await refundContributionOrder(db, { orderId: c.orderId, amount: c.amount, why, now: ctx.now });
  await enqueueEmail(db, {
    now: ctx.now,
    to: c.email,
    template: 'group-gift-refunded',
    locale: c.locale,
    render: (locale) => contributionRefundedEmail({ locale, name: c.name, amount: c.amount, recipientName: pot.recipientName, why }),
  });
  return true;
}

/** Every paid contribution of a locked pot paid back; the pot ends in `status`. */
async function refundEveryone(db: Queryable, ctx: { now: Date }, pot: GroupGiftRow, why: Why, status: 'refunding' | 'cancelled') {
  const paid = await db
    .select()
    .from(groupGiftContributions)
    .where(and(eq(groupGiftContributions.groupGiftId, pot.id), eq(groupGiftContributions.status, 'paid')))
    .orderBy(asc(groupGiftContributions.createdAt), asc(groupGiftContributions.id));
  let n = 0;
  for (const c of paid) if (await refundContribution(db, ctx, pot, c, why)) n += 1;
  await db
    .update(groupGifts)
    .set({ status: n > 0 || status === 'cancelled' ? status : 'refunded', choice: why === 'refused' ? 'refund' : pot.choice, updatedAt: ctx.now })
    .where(eq(groupGifts.id, pot.id));
  return n;
}

async function lockOwnPot(tx: Queryable, organiserId: string, id: string) {
  const [pot] = await tx.select().from(groupGifts).where(and(eq(groupGifts.id, id), eq(groupGifts.organiserId, organiserId))).for('update');
  if (!pot) throw new AppError('GROUP_GIFT_NOT_FOUND');
  return pot;
}

/** POST …/cancel: an open pot is closed and everyone paid back. */
export async function cancelGroupGift(ctx: Ctx, organiserId: string, id: string) {
  await ctx.db.transaction(async (tx) => {
    const pot = await lockOwnPot(tx, organiserId, id);
    if (pot.status !== 'open') throw new AppError('GROUP_GIFT_NOT_CANCELLABLE');
    await refundEveryone(tx, ctx, pot, 'cancelled', 'cancelled');
  });
  wakeOutbox();
  return groupGiftForOrganiser(ctx, organiserId, id);
}

/** POST …/remind: past contributors e-mailed, once a day. */
export async function remindContributors(ctx: Ctx, organiserId: string, id: string) {
  const reminded = await ctx.db.transaction(async (tx) => {
    const pot = await lockOwnPot(tx, organiserId, id);
    if (pot.status !== 'open') throw new AppError('GROUP_GIFT_CLOSED');
    if (!remindable(pot, ctx.now)) throw new AppError('GROUP_GIFT_REMIND_LIMIT');
    const paid = await paidContributions(tx, pot.id);
    if (paid.length === 0) throw new AppError('GROUP_GIFT_NOTHING_TO_REMIND');
    const organiser = await organiserOf(tx, pot);
    const seen = new Map<string, (typeof paid)[number]>();
    for (const c of paid) if (!seen.has(c.email) && c.email !== organiser.email.toLowerCase()) seen.set(c.email, c);
    for (const c of seen.values()) {
      await enqueueEmail(tx, {
        now: ctx.now,
        to: c.email,
        template: 'group-gift-reminder',
        locale: c.locale,
        render: (locale) =>
          reminderEmail({ locale, name: c.name, organiserName: organiser.firstName, recipientName: pot.recipientName, collected: pot.collected, target: pot.targetAmount, closesOn: pot.closesOn, url: potUrl(ctx.publicUrl, pot.token) }),
      });
    }
    await tx.update(groupGifts).set({ remindedAt: ctx.now, updatedAt: ctx.now }).where(eq(groupGifts.id, pot.id));
    return seen.size;
  });
  wakeOutbox();
  return { groupGift: await groupGiftForOrganiser(ctx, organiserId, id), reminded };
}

/** POST …/choice: what a pot closed short becomes (docs/product/group-gifts.md §5). */
export async function chooseForGroupGift(
  ctx: Ctx,
  organiserId: string,
  id: string,
  input: { choice: 'pay_rest' | 'cheaper_box' | 'gift_card' | 'refund'; boxId?: string | undefined; paymentMethod?: Method | undefined; chargeCurrency?: TForeignCurrency | undefined; expectedChargeAmount?: number | undefined },
) {
  if (input.choice === 'pay_rest') {
    const pot = await ownPot(ctx.db, organiserId, id);
    if (pot.status !== 'awaiting_choice') throw new AppError('GROUP_GIFT_NOT_AWAITING_CHOICE');
    const organiser = await organiserOf(ctx.db, pot);
    await ctx.db.update(groupGifts).set({ choice: 'pay_rest', updatedAt: ctx.now }).where(and(eq(groupGifts.id, pot.id), eq(groupGifts.status, 'awaiting_choice')));
    const checkout = await startContribution(ctx, pot, { userId: organiserId, byOrganiser: true }, {
      name: `${organiser.firstName} ${organiser.lastName}`.trim(),
      email: organiser.email,
      amount: pot.targetAmount - pot.collected,
      paymentMethod: input.paymentMethod!,
      chargeCurrency: input.chargeCurrency,
      expectedChargeAmount: input.expectedChargeAmount,
      locale: pot.locale,
    });
    return { groupGift: await groupGiftForOrganiser(ctx, organiserId, id), checkout };
  }
  await ctx.db.transaction(async (tx) => {
    const pot = await lockOwnPot(tx, organiserId, id);
    if (pot.status !== 'awaiting_choice') throw new AppError('GROUP_GIFT_NOT_AWAITING_CHOICE');
    if (input.choice === 'refund') {
      await refundEveryone(tx, ctx, pot, 'refused', 'refunding');
      return;
    }
    if (pot.collected <= 0) throw new AppError('GROUP_GIFT_CHEAPER_BOX', { params: { collected: formatDzd(0) } });
    await tx.update(groupGifts).set({ choice: input.choice, updatedAt: ctx.now }).where(eq(groupGifts.id, pot.id));
    if (input.choice === 'gift_card') {
      await issueGift(tx as unknown as Db, ctx, { ...pot, boxId: null }, { card: true });
      return;
    }
    const [box] = await tx.select().from(boxes).where(eq(boxes.id, input.boxId!)).limit(1);
    if (!box || !box.active || box.price > pot.collected) throw new AppError('GROUP_GIFT_CHEAPER_BOX', { field: 'boxId', params: { collected: formatDzd(pot.collected) } });
    await issueGift(tx as unknown as Db, ctx, { ...pot, boxId: box.id, targetAmount: box.price }, { box });
  });
  wakeOutbox();
  return { groupGift: await groupGiftForOrganiser(ctx, organiserId, id), checkout: null };
}

/** GET …/card.pdf: the group card as it stands (the organiser's), once a contribution is paid. */
export async function groupCardPdfForOrganiser(db: Db, organiserId: string, id: string) {
  const pot = await ownPot(db, organiserId, id);
  const doc = await groupCardDocument(db, pot);
  if (!doc) throw new AppError('GROUP_GIFT_CARD_NOT_READY');
  return { filename: groupCardPdfFilename(pot.recipientName), pdf: await renderGroupCardPdf(doc, pot.recipientLocale) };
}

async function groupCardDocument(db: Queryable, pot: GroupGiftRow) {
  const paid = await paidContributions(db, pot.id);
  if (paid.length === 0) return null;
  const organiser = await organiserOf(db, pot);
  const box = await potBox(db, pot);
  const [bought] = pot.orderId ? await db.select({ boxId: orders.boxId, amount: orders.amount }).from(orders).where(eq(orders.id, pot.orderId)) : [];
  const giftBox = bought?.boxId ? ((await db.select().from(boxes).where(eq(boxes.id, bought.boxId)))[0] ?? box) : pot.orderId ? null : box;
  return {
    recipientName: pot.recipientName,
    organiserName: organiser.firstName,
    message: pot.message,
    gift: { boxName: giftBox?.name ?? null, boxNameAr: giftBox?.nameAr ?? null, amount: bought?.amount ?? pot.targetAmount },
    contributors: paid.map((c) => ({ name: c.anonymous ? null : c.name, message: c.message })),
  };
}

/** The outbox's part: the group card attached to the recipient's e-mail, in the message's language. */
export async function groupCardAttachment(db: Db, groupGiftId: string, locale: Locale) {
  const [pot] = await db.select().from(groupGifts).where(eq(groupGifts.id, groupGiftId)).limit(1);
  const doc = pot ? await groupCardDocument(db, pot) : null;
  if (!pot || !doc) return undefined;
  return [{ filename: groupCardPdfFilename(pot.recipientName), content: await renderGroupCardPdf(doc, locale), contentType: 'application/pdf' }];
}

// ---------------------------------------------------------------------------------------------------
// The closing job (every minute): pots past their closing day, choices past their deadline

export async function closeGroupGifts(deps: { db: Db; publicUrl: string; now: Date; limit?: number }): Promise<number> {
  const { db, now } = deps;
  const limit = deps.limit ?? 50;
  const settings = await groupGiftSettings(db);
  let done = 0;
  for (; done < limit; ) {
    const closed = await db.transaction(async (tx) => {
      const [pot] = await tx
        .select()
        .from(groupGifts)
        .where(and(eq(groupGifts.status, 'open'), lte(groupGifts.closesAt, now)))
        .orderBy(asc(groupGifts.closesAt), asc(groupGifts.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!pot) return false;
      const deadline = new Date(pot.closesAt.getTime() + settings.choiceDays * DAY_MS);
      await tx.update(groupGifts).set({ status: 'awaiting_choice', choiceDeadline: deadline, closedAt: now, updatedAt: now }).where(eq(groupGifts.id, pot.id));
      const organiser = await organiserOf(tx, pot);
      const box = await potBox(tx, pot);
      await enqueueEmail(tx, {
        now,
        to: organiser.email,
        template: 'group-gift-closing',
        render: (locale) =>
          closingEmail({ locale, name: organiser.firstName, gift: giftOf(pot, box), collected: pot.collected, target: pot.targetAmount, deadline: algiersDay(new Date(deadline.getTime() - 1)), url: organiserUrl(deps.publicUrl, pot.id) }),
      });
      return true;
    });
    if (!closed) break;
    done += 1;
  }
  for (; done < limit; ) {
    const refunded = await db.transaction(async (tx) => {
      const [pot] = await tx
        .select()
        .from(groupGifts)
        .where(and(eq(groupGifts.status, 'awaiting_choice'), lte(groupGifts.choiceDeadline, now)))
        .orderBy(asc(groupGifts.choiceDeadline), asc(groupGifts.id))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!pot) return false;
      await refundEveryone(tx, { now }, pot, 'short', 'refunding');
      return true;
    });
    if (!refunded) break;
    done += 1;
  }
  if (done > 0) wakeOutbox();
  return done;
}
