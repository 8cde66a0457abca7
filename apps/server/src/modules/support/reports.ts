import { and, eq, gte, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import { type TAgentProfile, type TSupportReport } from '@farha/contracts/support';
import { SUPPORT_ROLES } from '@farha/contracts/roles';
import type { Queryable } from '../../db/client.ts';
import { chatSessions, disputes, supportTickets, users } from '../../db/schema/index.ts';
import { CHAT_FIRST_ANSWER_GOAL_SECONDS } from '@farha/contracts/chat';
import { AppError } from '../../lib/errors.ts';
import { updatePersonalDetails } from '../accounts/index.ts';
import { businessMinutesBetween } from './business-hours.ts';
import { ticketSla } from './desk.ts';

/**
 * The desk's reports (issue 14) over Algiers calendar days [from, to]: volumes by day and category,
 * first-response and resolution times (business minutes), SLA compliance, satisfaction from the ratings,
 * disputes by type and outcome, and per agent. Read from the tickets and disputes of the period only.
 */
const DAY = 86_400_000;
const OFFSET = 3_600_000; // Algiers, UTC+1
const algiersDay = (d: Date) => new Date(d.getTime() + OFFSET).toISOString().slice(0, 10);
const startOf = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET);
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}
const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);

export async function supportReport(db: Queryable, range: { from: string; to: string }, now: Date): Promise<TSupportReport> {
  const from = startOf(range.from);
  const end = new Date(startOf(range.to).getTime() + DAY);
  const days = Math.round((end.getTime() - from.getTime()) / DAY);
  if (days < 1 || days > 366) throw new AppError('REPORT_RANGE', { field: 'from' });
  const inRange = and(gte(supportTickets.createdAt, from), lt(supportTickets.createdAt, end));
  const [tickets, resolvedRows, disputeRows, agents] = await Promise.all([
    db
      .select({
        category: supportTickets.category,
        priority: supportTickets.priority,
        status: supportTickets.status,
        assignedTo: supportTickets.assignedTo,
        satisfaction: supportTickets.satisfaction,
        createdAt: supportTickets.createdAt,
        firstResponseAt: supportTickets.firstResponseAt,
        resolvedAt: supportTickets.resolvedAt,
      })
      .from(supportTickets)
      .where(inRange),
    db
      .select({ resolvedAt: supportTickets.resolvedAt })
      .from(supportTickets)
      .where(and(isNotNull(supportTickets.resolvedAt), gte(supportTickets.resolvedAt, from), lt(supportTickets.resolvedAt, end))),
    db
      .select({ type: disputes.type, status: disputes.status, resolutionType: disputes.resolutionType })
      .from(disputes)
      .where(and(gte(disputes.createdAt, from), lt(disputes.createdAt, end))),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.role, [...SUPPORT_ROLES])),
  ]);

  const byDay = new Map<string, { created: number; resolved: number }>();
  for (let d = 0; d < days; d++) byDay.set(algiersDay(new Date(from.getTime() + d * DAY)), { created: 0, resolved: 0 });
  for (const t of tickets) byDay.get(algiersDay(t.createdAt))!.created++;
  for (const r of resolvedRows) {
    const slot = byDay.get(algiersDay(r.resolvedAt!));
    if (slot) slot.resolved++;
  }
  const count = <T>(items: T[], key: (item: T) => string) => {
    const m = new Map<string, number>();
    for (const item of items) m.set(key(item), (m.get(key(item)) ?? 0) + 1);
    return [...m].sort((a, b) => b[1] - a[1]);
  };

  const firstResponses = tickets.filter((t) => t.firstResponseAt).map((t) => businessMinutesBetween(t.createdAt, t.firstResponseAt!));
  const resolutions = tickets.filter((t) => t.resolvedAt).map((t) => businessMinutesBetween(t.createdAt, t.resolvedAt!));
  // Judged: answered tickets, and unanswered ones already past their deadline.
  const judged = tickets.map((t) => ({ t, sla: ticketSla(t, now) })).filter(({ t, sla }) => t.firstResponseAt || sla.breached);
  const within = judged.filter(({ sla }) => !sla.breached).length;
  const ratings = tickets.map((t) => t.satisfaction).filter((s): s is number => s !== null);

  return {
    from: range.from,
    to: range.to,
    totals: {
      created: tickets.length,
      resolved: resolvedRows.length,
      open: tickets.filter((t) => !['resolved', 'closed'].includes(t.status)).length,
    },
    byDay: [...byDay].map(([date, v]) => ({ date, ...v })),
    byCategory: count(tickets, (t) => t.category).map(([category, n]) => ({ category, count: n })),
    firstResponse: { count: firstResponses.length, medianMinutes: median(firstResponses), averageMinutes: average(firstResponses) === null ? null : Math.round(average(firstResponses)!) },
    resolution: { count: resolutions.length, medianMinutes: median(resolutions), averageMinutes: average(resolutions) === null ? null : Math.round(average(resolutions)!) },
    sla: { answered: judged.length, withinSla: within, rate: judged.length ? Math.round((within / judged.length) * 1000) / 10 : null },
    satisfaction: { count: ratings.length, average: round1(average(ratings)), distribution: [1, 2, 3, 4, 5].map((n) => ratings.filter((r) => r === n).length) },
    disputes: {
      byType: count(disputeRows, (d) => d.type).map(([type, n]) => ({ type, count: n })),
      byOutcome: count(disputeRows, (d) => d.resolutionType ?? (['resolved', 'closed'].includes(d.status) ? d.status : 'pending')).map(([outcome, n]) => ({ outcome, count: n })),
    },
    perAgent: agents
      .map((a) => {
        const mine = tickets.filter((t) => t.assignedTo === a.id);
        const rated = mine.map((t) => t.satisfaction).filter((s): s is number => s !== null);
        return {
          id: a.id,
          name: fullName(a),
          assigned: mine.length,
          resolved: mine.filter((t) => t.resolvedAt).length,
          medianFirstResponseMinutes: median(mine.filter((t) => t.firstResponseAt).map((t) => businessMinutesBetween(t.createdAt, t.firstResponseAt!))),
          averageRating: round1(average(rated)),
        };
      })
      .filter((a) => a.assigned > 0)
      .sort((a, b) => b.assigned - a.assigned),
    chats: await chatFigures(db, from, end),
  };
}

/**
 * Issue 36 (docs/product/live-chat.md §7): the live chats queued in the period: how many, answered, missed (became
 * e-mail tickets), the first answer in seconds from the queue (goal: under 60 s), the duration of the accepted
 * ones that ended, and their ratings.
 */
async function chatFigures(db: Queryable, from: Date, end: Date): Promise<TSupportReport['chats']> {
  const rows = await db
    .select({
      status: chatSessions.status,
      queuedAt: chatSessions.queuedAt,
      acceptedAt: chatSessions.acceptedAt,
      firstAnswerAt: chatSessions.firstAnswerAt,
      endedAt: chatSessions.endedAt,
      satisfaction: supportTickets.satisfaction,
    })
    .from(chatSessions)
    .innerJoin(supportTickets, eq(supportTickets.id, chatSessions.ticketId))
    .where(and(gte(chatSessions.queuedAt, from), lt(chatSessions.queuedAt, end)));
  const seconds = (a: Date, b: Date) => Math.max(0, Math.round((b.getTime() - a.getTime()) / 1000));
  const firstAnswers = rows.filter((r) => r.firstAnswerAt).map((r) => seconds(r.queuedAt, r.firstAnswerAt!));
  const durations = rows.filter((r) => r.acceptedAt && r.endedAt).map((r) => seconds(r.acceptedAt!, r.endedAt!));
  const ratings = rows.filter((r) => r.status === 'ended').map((r) => r.satisfaction).filter((s): s is number => s !== null);
  const avg = (values: number[]) => (values.length ? Math.round(average(values)!) : null);
  return {
    count: rows.length,
    answered: firstAnswers.length,
    missed: rows.filter((r) => r.status === 'missed').length,
    firstAnswer: { medianSeconds: median(firstAnswers), averageSeconds: avg(firstAnswers), goalSeconds: CHAT_FIRST_ANSWER_GOAL_SECONDS },
    averageDurationSeconds: avg(durations),
    rating: { count: ratings.length, average: round1(average(ratings)) },
  };
}

/** The agent's own profile and figures (issue 14 /support/profile). */
export async function agentProfile(db: Queryable, userId: string, now: Date): Promise<TAgentProfile> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('USER_NOT_FOUND');
  const mine = eq(supportTickets.assignedTo, userId);
  const [open, resolved, answered, [disputeCount]] = await Promise.all([
    db.select({ n: sql<number>`count(*)::int` }).from(supportTickets).where(and(mine, notInArray(supportTickets.status, ['resolved', 'closed']))),
    db
      .select({ resolvedAt: supportTickets.resolvedAt, satisfaction: supportTickets.satisfaction })
      .from(supportTickets)
      .where(and(mine, isNotNull(supportTickets.resolvedAt))),
    db
      .select({ createdAt: supportTickets.createdAt, firstResponseAt: supportTickets.firstResponseAt })
      .from(supportTickets)
      .where(and(mine, isNotNull(supportTickets.firstResponseAt))),
    db.select({ n: sql<number>`count(*)::int` }).from(disputes).where(eq(disputes.resolvedBy, userId)),
  ]);
  const ratings = resolved.map((r) => r.satisfaction).filter((s): s is number => s !== null);
  const since = now.getTime() - 30 * DAY;
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    stats: {
      openAssigned: open[0]?.n ?? 0,
      resolvedTotal: resolved.length,
      resolvedLast30Days: resolved.filter((r) => r.resolvedAt!.getTime() >= since).length,
      medianFirstResponseMinutes: median(answered.map((t) => businessMinutesBetween(t.createdAt, t.firstResponseAt!))),
      averageRating: round1(average(ratings)),
      ratings: ratings.length,
      disputesResolved: disputeCount?.n ?? 0,
    },
  };
}

export async function updateAgentProfile(db: Queryable, userId: string, input: { firstName: string; lastName: string; phone: string | null }, now: Date) {
  await updatePersonalDetails(db, userId, { firstName: input.firstName, lastName: input.lastName, phone: input.phone }, now);
  return agentProfile(db, userId, now);
}
