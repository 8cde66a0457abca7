import { isSmsOptedOut, smsOfUser } from '../notifications/index.ts';
import { and, asc, desc, eq, gte, ilike, like, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import {
  healthBand,
  type TSupportPartnerDetail,
  type TSupportPartnerList,
  type TSupportUserList,
  type TUserDiagnostics,
} from '@farha/contracts/support';
import type { Queryable } from '../../db/client.ts';
import type { LoginThrottle } from '../accounts/index.ts';
import {
  auditLog,
  boxes,
  disputes,
  emailOutbox,
  offers,
  orders,
  partnerMembers,
  partnerTransactions,
  partners,
  payments,
  payouts,
  reservations,
  sessions,
  supportTickets,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { disputeSummaryColumns } from './disputes.ts';

/**
 * User and partner diagnostics for the agents (issue 14): every figure is read from the database; the
 * health score starts at 100 and loses points for real signals (docs/product/support.md §7).
 */
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const likeOf = (q: string) => `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
const DONE_TICKETS = ['resolved', 'closed'];
const DONE_DISPUTES = ['resolved', 'closed'];
const DAY = 86_400_000;

type UserRow = typeof users.$inferSelect;
const toUserRow = (u: UserRow) => ({
  id: u.id,
  name: fullName(u),
  email: u.email,
  phone: u.phone,
  role: u.role,
  status: u.status,
  locale: u.locale,
  createdAt: u.createdAt.toISOString(),
  lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
});

/** GET /api/support/users: e-mail, name, phone or id; newest first; offset pages. */
export async function searchUsers(db: Queryable, query: { q?: string | undefined; role?: string | undefined; page: number; pageSize: number }): Promise<TSupportUserList> {
  const where: SQL[] = [];
  if (query.q) {
    const like = likeOf(query.q);
    where.push(
      or(
        ilike(users.email, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(users.phone, like),
        ...(/^[0-9a-f-]{36}$/i.test(query.q) ? [eq(users.id, query.q.toLowerCase())] : []),
      )!,
    );
  }
  if (query.role) where.push(eq(users.role, query.role as UserRow['role']));
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(condition)
      .orderBy(desc(users.createdAt), users.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(condition),
  ]);
  return { users: rows.map(toUserRow), total: count?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** The ten latest tickets of a customer or a partner (`where`), newest first. */
const recentTickets = (db: Queryable, where: SQL) =>
  db
    .select({ id: supportTickets.id, title: supportTickets.title, status: supportTickets.status, priority: supportTickets.priority, createdAt: supportTickets.createdAt })
    .from(supportTickets)
    .where(where)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(10);

/** The ten latest disputes of a customer or a partner (`where`), newest first, with their amount. */
const recentDisputes = (db: Queryable, where: SQL) =>
  db
    .select({ ...disputeSummaryColumns, amount: disputes.amount, createdAt: disputes.createdAt })
    .from(disputes)
    .leftJoin(vouchers, eq(vouchers.id, disputes.voucherId))
    .leftJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(where)
    .orderBy(desc(disputes.createdAt), desc(disputes.id))
    .limit(10);

/** The deductions behind the health score: [type, severity, code, points per occurrence, cap]. */
const PENALTIES = {
  suspended: ['security', 'critical', 'ACCOUNT_SUSPENDED', 40, 40],
  loginLocked: ['security', 'high', 'LOGIN_LOCKED', 20, 20],
  failedLogins: ['security', 'medium', 'FAILED_LOGINS', 4, 20],
  failedPayments: ['payment', 'high', 'FAILED_PAYMENTS', 10, 30],
  openDisputes: ['payment', 'high', 'OPEN_DISPUTES', 15, 30],
  failedEmails: ['technical', 'medium', 'FAILED_EMAILS', 10, 20],
  openTickets: ['usage', 'low', 'OPEN_TICKETS', 5, 15],
} as const;

/**
 * GET /api/support/users/:id/diagnostics. Failed payments and e-mails count over the last 90 days; failed
 * logins since the last successful one (users.failed_logins); the lock is the login throttle's.
 */
export async function userDiagnostics(db: Queryable, userId: string, now: Date, throttle?: LoginThrottle): Promise<TUserDiagnostics> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const since = new Date(now.getTime() - 90 * DAY);
  const mine = or(eq(vouchers.purchaserId, userId), eq(vouchers.holderUserId, userId))!;
  const [orderRows, voucherRows, reservationRows, ticketRows, disputeRows, sessionRows, counts, supportActions] = await Promise.all([
    db
      .select({ id: orders.id, boxName: boxes.name, boxNameAr: boxes.nameAr, amount: orders.amount, status: orders.status, createdAt: orders.createdAt })
      .from(orders)
      .innerJoin(boxes, eq(boxes.id, orders.boxId))
      .where(and(eq(orders.purchaserId, userId), ne(orders.kind, 'basket')))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(10),
    db
      .select({ id: vouchers.id, code: vouchers.code, boxName: boxes.name, boxNameAr: boxes.nameAr, status: vouchers.status, expiresAt: vouchers.expiresAt, createdAt: vouchers.createdAt })
      .from(vouchers)
      .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
      .where(mine)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(10),
    db
      .select({ id: reservations.id, partnerName: partners.name, requestedDate: reservations.requestedDate, status: reservations.status, createdAt: reservations.createdAt })
      .from(reservations)
      .innerJoin(partners, eq(partners.id, reservations.partnerId))
      .where(eq(reservations.userId, userId))
      .orderBy(desc(reservations.createdAt), desc(reservations.id))
      .limit(10),
    recentTickets(db, eq(supportTickets.userId, userId)),
    recentDisputes(db, eq(disputes.customerId, userId)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt), desc(sessions.id)).limit(10),
    Promise.all([
      db.select({ n: sql<number>`count(*)::int` }).from(orders).where(and(eq(orders.purchaserId, userId), ne(orders.kind, 'basket'))),
      db.select({ n: sql<number>`count(*)::int` }).from(vouchers).where(mine),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(and(eq(orders.purchaserId, userId), eq(payments.status, 'failed'), gte(payments.createdAt, since))),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.status, 'failed'), gte(emailOutbox.createdAt, since))),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportTickets)
        .where(and(eq(supportTickets.userId, userId), notInArray(supportTickets.status, DONE_TICKETS))),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(disputes)
        .where(and(eq(disputes.customerId, userId), notInArray(disputes.status, DONE_DISPUTES))),
    ]),
    // What agents did on the account (user-actions.ts audits every action on it).
    db
      .select({ action: auditLog.action, summary: auditLog.summary, params: auditLog.params, actorEmail: auditLog.actorEmail, createdAt: auditLog.createdAt })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId), like(auditLog.action, 'support.%')))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(10),
  ]);
  const [ordersN, vouchersN, failedPayments, failedEmails, openTickets, openDisputes] = counts.map((c) => c[0]?.n ?? 0) as [number, number, number, number, number, number];
  const loginLocked = (await throttle?.isLocked(user.email, now)) ?? false;
  const signals: Record<keyof typeof PENALTIES, number> = {
    suspended: user.status === 'suspended' ? 1 : 0,
    loginLocked: loginLocked ? 1 : 0,
    failedLogins: user.failedLogins,
    failedPayments,
    openDisputes,
    failedEmails,
    openTickets,
  };
  const issues = (Object.keys(PENALTIES) as (keyof typeof PENALTIES)[])
    .filter((k) => signals[k] > 0)
    .map((k) => {
      const [type, severity, code, each, cap] = PENALTIES[k];
      return { type, severity, code, count: signals[k], penalty: Math.min(cap, each * signals[k]) };
    });
  const healthScore = Math.max(0, 100 - issues.reduce((sum, i) => sum + i.penalty, 0));
  const activeSessions = sessionRows.filter((s) => s.expiresAt.getTime() > now.getTime());

  // The code or address the action was about (no French words: the page words the kind itself).
  const supportActionObject = (a: { summary: string; params: unknown }) => {
    const p = (a.params ?? {}) as { code?: string; reason?: string; subject?: string };
    if (p.code) return p.reason ? `${p.code} — ${p.reason}` : p.code;
    return p.subject ?? a.summary;
  };
  type ActivityItem = { kind: string; label: string; labelAr: string | null; status: string | null; at: Date; disputeId?: string };
  const item = (kind: string, label: string, at: Date, status: string | null = null, labelAr: string | null = null): ActivityItem => ({ kind, label, labelAr, status, at });
  const activity = [
    // `label` names the object and `status` is a code; the page words both kind and status in the reader's language.
    ...(user.lastLoginAt ? [item('login', '', user.lastLoginAt)] : []),
    ...(user.lastFailedLoginAt && user.failedLogins > 0 ? [item('failed_login', String(user.failedLogins), user.lastFailedLoginAt)] : []),
    ...supportActions.map((a) => item(a.action.replace('.', '_'), `${supportActionObject(a)} — ${a.actorEmail}`, a.createdAt)),
    ...orderRows.map((o) => item('order', o.boxName, o.createdAt, o.status, o.boxNameAr)),
    ...reservationRows.map((r) => item('reservation', r.partnerName, r.createdAt, r.status)),
    ...ticketRows.map((t) => item('ticket', t.title, t.createdAt, t.status)),
    ...disputeRows.map((d) => ({ ...item('dispute', d.title, d.createdAt, d.status), disputeId: d.id })),
    item('signup', '', user.createdAt),
  ]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, 12)
    .map((a) => ({ ...a, at: a.at.toISOString() }));

  return {
    user: toUserRow(user),
    healthScore,
    band: healthBand(healthScore),
    issues,
    metrics: {
      orders: ordersN,
      vouchers: vouchersN,
      failedPayments,
      failedEmails,
      openTickets,
      openDisputes,
      activeSessions: activeSessions.length,
      failedLogins: user.failedLogins,
      lastFailedLoginAt: user.lastFailedLoginAt?.toISOString() ?? null,
      loginLocked,
    },
    orders: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    vouchers: voucherRows.map(({ createdAt: _c, ...v }) => ({ ...v, expiresAt: v.expiresAt.toISOString() })),
    reservations: reservationRows.map(({ createdAt: _c, ...r }) => ({ ...r, requestedDate: String(r.requestedDate) })),
    tickets: ticketRows.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
    disputes: disputeRows.map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    devices: sessionRows.map((s) => ({
      userAgent: s.userAgent,
      ip: s.ip,
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      active: s.expiresAt.getTime() > now.getTime(),
    })),
    recentActivity: activity,
    sms: await smsOfUser(db, user),
    smsOptedOut: user.phone ? await isSmsOptedOut(db, user.phone) : false,
  };
}

type PartnerRow = typeof partners.$inferSelect;
const toPartnerRow = (p: PartnerRow) => ({
  id: p.id,
  name: p.name,
  city: p.city,
  email: p.email,
  phone: p.phone,
  kycStatus: p.kycStatus,
  active: p.active,
  createdAt: p.createdAt.toISOString(),
});

/** GET /api/support/partners: name, city, e-mail or phone. */
export async function searchPartners(db: Queryable, query: { q?: string | undefined; page: number; pageSize: number }): Promise<TSupportPartnerList> {
  const condition = query.q
    ? or(ilike(partners.name, likeOf(query.q)), ilike(partners.city, likeOf(query.q)), ilike(partners.email, likeOf(query.q)), ilike(partners.phone, likeOf(query.q)))
    : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(partners)
      .where(condition)
      .orderBy(partners.name, partners.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(partners).where(condition),
  ]);
  return { partners: rows.map(toPartnerRow), total: count?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** GET /api/support/partners/:id: what support needs to help a partner; payouts without bank details. */
export async function partnerDiagnostics(db: Queryable, partnerId: string): Promise<TSupportPartnerDetail> {
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!partner) throw new AppError('PARTNER_NOT_FOUND');
  const [members, offerRows, redemptions, payoutRows, tickets, disputeRows] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: partnerMembers.memberRole })
      .from(partnerMembers)
      .innerJoin(users, eq(users.id, partnerMembers.userId))
      .where(eq(partnerMembers.partnerId, partnerId))
      .limit(50),
    db
      .select({ id: offers.id, title: offers.title, titleAr: offers.titleAr, faceValue: offers.faceValue, active: offers.active })
      .from(offers)
      .where(eq(offers.partnerId, partnerId))
      .orderBy(offers.title, asc(offers.id))
      .limit(50),
    db
      .select({
        id: partnerTransactions.id,
        voucherCode: vouchers.code,
        offerTitle: offers.title,
        offerTitleAr: offers.titleAr,
        grossAmount: partnerTransactions.grossAmount,
        status: partnerTransactions.status,
        createdAt: partnerTransactions.createdAt,
      })
      .from(partnerTransactions)
      .innerJoin(vouchers, eq(vouchers.id, partnerTransactions.voucherId))
      .innerJoin(offers, eq(offers.id, partnerTransactions.offerId))
      .where(eq(partnerTransactions.partnerId, partnerId))
      .orderBy(desc(partnerTransactions.createdAt), desc(partnerTransactions.id))
      .limit(10),
    db
      .select({ id: payouts.id, status: payouts.status, netAmount: payouts.netAmount, requestedAt: payouts.requestedAt, paidAt: payouts.paidAt })
      .from(payouts)
      .where(eq(payouts.partnerId, partnerId))
      .orderBy(desc(payouts.requestedAt), desc(payouts.id))
      .limit(10),
    recentTickets(db, eq(supportTickets.partnerId, partnerId)),
    recentDisputes(db, eq(disputes.partnerId, partnerId)),
  ]);
  const iso = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
  return {
    partner: toPartnerRow(partner),
    members: members.map((m) => ({ id: m.id, name: fullName(m), email: m.email, role: m.role })),
    offers: offerRows,
    redemptions: redemptions.map(iso),
    payouts: payoutRows.map((p) => ({ ...p, requestedAt: p.requestedAt.toISOString(), paidAt: p.paidAt?.toISOString() ?? null })),
    tickets: tickets.map(iso),
    disputes: disputeRows.map(iso),
  };
}

