import { and, asc, desc, eq, ilike, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  TICKET_SLA_MINUTES,
  responseTimeTone,
  type TDeskKpis,
  type TDeskReplyRequest,
  type TDeskTicketDetail,
  type TDeskTicketList,
  type TDeskTicketQuery,
  type TDeskTicketRow,
  type TSupportOverview,
} from '@farha/contracts/support';
import { SUPPORT_ROLES } from '@farha/contracts/roles';
import type { Db, Queryable } from '../../db/client.ts';
import {
  boxes,
  chatSessions,
  disputes,
  orders,
  partners,
  reservations,
  supportTickets,
  ticketMessages,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { enqueueEmail, smsToPartner, smsToUser, ticketAnsweredSms, wakeOutbox } from '../notifications/index.ts';
import { ticketReplyEmail } from './emails.ts';
import { addBusinessMinutes, businessMinutesBetween } from './business-hours.ts';
import { ticketDisputes } from './disputes.ts';
import { publishDeskChange } from './live.ts';
import { loadThread } from './tickets.ts';

/**
 * The agents' desk (issue 14): every customer and partner ticket in one queue, with the SLA of docs/product/support.md §5
 * (first response due by priority) and response-time badges. Agents are the support and superadmin roles.
 */
export type DeskDeps = { db: Db; now: Date; publicUrl: string };
type Agent = { userId: string };

const requester = alias(users, 'requester');
const agent = alias(users, 'agent');
const CLOSED_STATUSES = ['resolved', 'closed'] as const;
const MINUTE = 60_000;

const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

function baseQuery(db: Queryable) {
  return db
    .select({ ticket: supportTickets, requester, partner: { id: partners.id, name: partners.name }, agent: { id: agent.id, firstName: agent.firstName, lastName: agent.lastName } })
    .from(supportTickets)
    // A visitor's chat (issue 36) has no account: the ticket's requester_name and requester_email stand in.
    .leftJoin(requester, eq(requester.id, supportTickets.userId))
    .leftJoin(partners, eq(partners.id, supportTickets.partnerId))
    .leftJoin(agent, eq(agent.id, supportTickets.assignedTo));
}
type JoinedRow = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

/**
 * The SLA of docs/product/support.md §5: first response due `TICKET_SLA_MINUTES[priority]` business minutes (Sunday to
 * Thursday, 09:00-18:00 Algiers) after the ticket opened; the response time counts business minutes too.
 */
export function ticketSla(ticket: { priority: string; createdAt: Date; firstResponseAt: Date | null; resolvedAt: Date | null }, now: Date) {
  const budget = TICKET_SLA_MINUTES[ticket.priority as keyof typeof TICKET_SLA_MINUTES] ?? TICKET_SLA_MINUTES.medium;
  const dueAt = addBusinessMinutes(ticket.createdAt, budget);
  const answeredOrStopped = ticket.firstResponseAt ?? ticket.resolvedAt ?? now;
  const minutes = Math.round(businessMinutesBetween(ticket.createdAt, answeredOrStopped));
  return { dueAt, minutes, breached: answeredOrStopped.getTime() > dueAt.getTime() };
}

function toRow(row: JoinedRow, now: Date): TDeskTicketRow {
  const t = row.ticket;
  const sla = ticketSla(t, now);
  return {
    id: t.id,
    title: t.title,
    category: t.category,
    priority: t.priority as TDeskTicketRow['priority'],
    status: t.status as TDeskTicketRow['status'],
    requester: row.requester
      ? {
          id: row.requester.id,
          name: fullName(row.requester),
          email: row.requester.email,
          kind: t.partnerId ? 'partner' : 'customer',
          locale: row.requester.locale,
          partnerId: row.partner?.id ?? null,
          partnerName: row.partner?.name ?? null,
        }
      : { id: '', name: t.requesterName ?? '', email: t.requesterEmail ?? '', kind: 'visitor', locale: 'fr', partnerId: null, partnerName: null },
    assignee: row.agent?.id ? { id: row.agent.id, name: fullName(row.agent) } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    firstResponseAt: t.firstResponseAt?.toISOString() ?? null,
    responseMinutes: sla.minutes,
    responseTone: responseTimeTone(sla.minutes),
    slaDueAt: sla.dueAt.toISOString(),
    slaBreached: sla.breached,
    satisfaction: t.satisfaction,
  };
}

function filters(query: Partial<TDeskTicketQuery>, agentId: string): SQL | undefined {
  const where: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(supportTickets.title, like),
        ilike(sql`coalesce(${requester.email}, ${supportTickets.requesterEmail})`, like),
        ilike(sql`coalesce(${requester.firstName} || ' ' || ${requester.lastName}, ${supportTickets.requesterName})`, like),
        ilike(sql`${supportTickets.id}::text`, like),
        ilike(partners.name, like),
      )!,
    );
  }
  if (query.status === 'active') where.push(notInArray(supportTickets.status, [...CLOSED_STATUSES]));
  else if (query.status && query.status !== 'all') where.push(eq(supportTickets.status, query.status));
  if (query.priority) where.push(eq(supportTickets.priority, query.priority));
  if (query.category) where.push(eq(supportTickets.category, query.category));
  if (query.assignee === 'me') where.push(eq(supportTickets.assignedTo, agentId));
  else if (query.assignee === 'unassigned') where.push(isNull(supportTickets.assignedTo));
  else if (query.assignee) where.push(eq(supportTickets.assignedTo, query.assignee));
  return where.length ? and(...where) : undefined;
}

/** Algiers (UTC+1, no daylight saving) midnight of `now`'s day. */
function startOfAlgiersDay(now: Date): Date {
  const offset = 60 * MINUTE;
  const local = new Date(now.getTime() + offset);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offset);
}

/** The queue's figures (issue 14): open, unassigned, resolved today, median first response, SLA breaches. */
export async function deskKpis(db: Queryable, now: Date): Promise<TDeskKpis> {
  const rows = await db
    .select({
      status: supportTickets.status,
      assignedTo: supportTickets.assignedTo,
      priority: supportTickets.priority,
      createdAt: supportTickets.createdAt,
      firstResponseAt: supportTickets.firstResponseAt,
      resolvedAt: supportTickets.resolvedAt,
    })
    .from(supportTickets);
  const startOfDay = startOfAlgiersDay(now).getTime();
  const open = rows.filter((r) => !(CLOSED_STATUSES as readonly string[]).includes(r.status));
  const firstResponses = rows
    .filter((r) => r.firstResponseAt)
    .map((r) => businessMinutesBetween(r.createdAt, r.firstResponseAt!))
    .sort((a, b) => a - b);
  const mid = firstResponses.length >> 1;
  const median = firstResponses.length === 0 ? null : firstResponses.length % 2 ? firstResponses[mid]! : (firstResponses[mid - 1]! + firstResponses[mid]!) / 2;
  return {
    open: open.length,
    unassigned: open.filter((r) => !r.assignedTo).length,
    resolvedToday: rows.filter((r) => r.resolvedAt && r.resolvedAt.getTime() >= startOfDay && r.status !== 'open').length,
    medianFirstResponseMinutes: median === null ? null : Math.round(median),
    // Open tickets past their first-response deadline, and answered ones answered late.
    slaBreaches: rows.filter((r) => (r.firstResponseAt || !(CLOSED_STATUSES as readonly string[]).includes(r.status)) && ticketSla(r, now).breached).length,
  };
}

/** The language of a visitor's chat (their e-mails), or null when the ticket is no chat. */
async function chatLocale(db: Queryable, ticketId: string): Promise<'fr' | 'ar' | null> {
  const [row] = await db.select({ locale: chatSessions.locale }).from(chatSessions).where(eq(chatSessions.ticketId, ticketId)).limit(1);
  return row ? (row.locale as 'fr' | 'ar') : null;
}

/** Agents a ticket can be given to: support roles whose account is active (not invited and never activated, not suspended). */
const assignableAgent = and(inArray(users.role, [...SUPPORT_ROLES]), eq(users.status, 'active'));

export async function listAgents(db: Queryable) {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(assignableAgent)
    .orderBy(asc(users.firstName), asc(users.id));
  return rows.map((r) => ({ id: r.id, name: fullName(r) }));
}

export async function listDeskTickets(db: Queryable, agentRef: Agent, query: TDeskTicketQuery, now: Date): Promise<TDeskTicketList> {
  const where = filters(query, agentRef.userId);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .leftJoin(requester, eq(requester.id, supportTickets.userId))
    .leftJoin(partners, eq(partners.id, supportTickets.partnerId))
    .where(where);
  // Most urgent first among the open, then the most recently active.
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(
      sql`case when ${supportTickets.status} in ('resolved', 'closed') then 1 else 0 end`,
      sql`case ${supportTickets.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`,
      desc(supportTickets.updatedAt),
      desc(supportTickets.id),
    )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    tickets: rows.map((r) => toRow(r, now)),
    total: count?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    kpis: await deskKpis(db, now),
    agents: await listAgents(db),
  };
}

async function joinedTicket(db: Queryable, id: string): Promise<JoinedRow> {
  const [row] = await baseQuery(db).where(eq(supportTickets.id, id)).limit(1);
  if (!row) throw new AppError('TICKET_NOT_FOUND');
  return row;
}

/** The requester's orders, vouchers, reservations or partner data (issue 14 context panel). */
export async function requesterContext(db: Queryable, row: Pick<JoinedRow, 'requester' | 'ticket'>): Promise<TDeskTicketDetail['context']> {
  // A visitor (issue 36) has no orders, vouchers or reservations with Farha's account.
  if (!row.requester) return { orders: [], vouchers: [], reservations: [], partner: null, openDisputes: 0 };
  const userId = row.requester.id;
  const partnerId = row.ticket.partnerId;
  const orderRows = await db
    .select({ id: orders.id, boxName: boxes.name, boxNameAr: boxes.nameAr, amount: orders.amount, status: orders.status, createdAt: orders.createdAt })
    .from(orders)
    .innerJoin(boxes, eq(boxes.id, orders.boxId))
    // A basket shows as its gifts (docs/product/basket.md §9).
    .where(and(eq(orders.purchaserId, userId), ne(orders.kind, 'basket')))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(10);
  const voucherRows = await db
    .select({ id: vouchers.id, code: vouchers.code, boxName: boxes.name, boxNameAr: boxes.nameAr, status: vouchers.status, expiresAt: vouchers.expiresAt })
    .from(vouchers)
    .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
    .where(or(eq(vouchers.purchaserId, userId), eq(vouchers.holderUserId, userId)))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(10);
  const reservationRows = await db
    .select({ id: reservations.id, partnerName: partners.name, requestedDate: reservations.requestedDate, status: reservations.status })
    .from(reservations)
    .innerJoin(partners, eq(partners.id, reservations.partnerId))
    .where(partnerId ? eq(reservations.partnerId, partnerId) : eq(reservations.userId, userId))
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(10);
  const [partner] = partnerId
    ? await db
        .select({ id: partners.id, name: partners.name, city: partners.city, phone: partners.phone, email: partners.email, kycStatus: partners.kycStatus, active: partners.active })
        .from(partners)
        .where(eq(partners.id, partnerId))
    : [];
  const [disputeCount] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(disputes)
    .where(and(partnerId ? eq(disputes.partnerId, partnerId) : eq(disputes.customerId, userId), notInArray(disputes.status, ['resolved', 'closed'])));
  return {
    orders: orderRows.map((o) => ({ ...o, createdAt: o.createdAt.toISOString() })),
    vouchers: voucherRows.map((v) => ({ ...v, expiresAt: v.expiresAt.toISOString() })),
    reservations: reservationRows.map((r) => ({ ...r, requestedDate: String(r.requestedDate) })),
    partner: partner ?? null,
    openDisputes: disputeCount?.n ?? 0,
  };
}

/** One ticket for an agent: the whole thread with internal notes, attachments and the context panel. */
export async function getDeskTicket(db: Queryable, id: string, now: Date): Promise<TDeskTicketDetail> {
  const row = await joinedTicket(db, id);
  // Agents read attachments through /api/files/:id (staff may read any private file).
  const { messages, attachments } = await loadThread(db, id, { internal: true, url: (_attachmentId, fileId) => `/api/files/${fileId}` });
  const strip = ({ messageId: _m, ...a }: (typeof attachments)[number]) => a;
  return {
    ...toRow(row, now),
    description: row.ticket.description,
    attachments: attachments.filter((a) => a.messageId === null).map(strip),
    messages: messages.map(({ message, firstName, lastName }) => ({
      id: message.id,
      sender: message.authorKind === 'support' ? 'support' : 'user',
      internal: message.internal,
      authorName: firstName === null ? (row.ticket.requesterName ?? '') : fullName({ firstName, lastName: lastName ?? '' }),
      message: message.body,
      createdAt: message.createdAt.toISOString(),
      attachments: attachments.filter((a) => a.messageId === message.id).map(strip),
    })),
    context: await requesterContext(db, row),
    disputes: (await ticketDisputes(db, id)).map((d) => ({ ...d, createdAt: d.createdAt.toISOString() })),
    canReply: row.ticket.status !== 'closed',
  };
}

/** Assigns to the caller, or to another agent (support or superadmin); an open ticket becomes assigned. */
export async function assignTicket(deps: DeskDeps, caller: Agent, id: string, agentId: string | undefined): Promise<TDeskTicketDetail> {
  const target = agentId ?? caller.userId;
  const [agentRow] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, target), assignableAgent))
    .limit(1);
  if (!agentRow) throw new AppError('AGENT_NOT_FOUND');
  await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(supportTickets)
      .set({
        assignedTo: target,
        updatedAt: deps.now,
        status: sql`case when ${supportTickets.status} = 'open' then 'assigned' else ${supportTickets.status} end`,
      })
      .where(eq(supportTickets.id, id))
      .returning({ id: supportTickets.id, status: supportTickets.status });
    if (!updated) throw new AppError('TICKET_NOT_FOUND');
    await publishDeskChange(tx, { ticketId: id, change: 'ticket_assigned', status: updated.status, now: deps.now });
  });
  return getDeskTicket(deps.db, id, deps.now);
}

/**
 * An agent's answer or internal note. An answer counts as the first response (SLA), is e-mailed to the
 * requester in their language and shows in their help centre; a note is only for agents. The resolution
 * select sets resolved, pending (en cours) or closed; otherwise an answered ticket is at least assigned.
 */
export async function replyAsAgent(deps: DeskDeps, caller: Agent, id: string, input: TDeskReplyRequest): Promise<TDeskTicketDetail> {
  await deps.db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
    if (!ticket) throw new AppError('TICKET_NOT_FOUND');
    if (ticket.status === 'closed') throw new AppError('TICKET_CLOSED');
    await tx.insert(ticketMessages).values({
      ticketId: id,
      authorId: caller.userId,
      authorKind: 'support',
      body: input.message,
      internal: input.internal,
      createdAt: deps.now,
    });
    const status = input.status ?? (input.internal ? ticket.status : ticket.status === 'open' ? 'assigned' : ticket.status);
    const resolving = status === 'resolved' || status === 'closed';
    await tx
      .update(supportTickets)
      .set({
        status,
        assignedTo: ticket.assignedTo ?? caller.userId,
        firstResponseAt: ticket.firstResponseAt ?? (input.internal ? null : deps.now),
        resolvedAt: resolving ? (ticket.resolvedAt ?? deps.now) : null,
        updatedAt: deps.now,
      })
      .where(eq(supportTickets.id, id));
    await publishDeskChange(tx, { ticketId: id, change: 'agent_replied', status, now: deps.now });
    if (input.internal) return;
    // A visitor's chat that became a ticket (issue 36) is answered at the e-mail they gave, in the chat's language.
    const [account] = ticket.userId ? await tx.select().from(users).where(eq(users.id, ticket.userId)) : [];
    const visitorLocale = account ? null : await chatLocale(tx, ticket.id);
    const person = account ?? { email: ticket.requesterEmail ?? '', locale: visitorLocale ?? 'fr', firstName: ticket.requesterName ?? '' };
    const [me] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.id, caller.userId));
    const link = `${deps.publicUrl}${ticket.partnerId ? '/partenaire/support' : account ? '/client/support' : '/support'}`;
    await enqueueEmail(tx, {
      now: deps.now,
      to: person.email,
      template: 'support-reply',
      locale: person.locale,
      ...ticketReplyEmail({
        locale: person.locale,
        name: person.firstName,
        title: ticket.title,
        reference: ticket.id,
        message: input.message,
        agentName: me?.firstName ?? 'Support',
        link,
      }),
    });
    // Issue 25: by SMS too, when the person's own preference (a partner's SMS toggle) allows it.
    const notice = { kind: 'ticket-answered' as const, now: deps.now, render: (locale: 'fr' | 'ar') => ticketAnsweredSms({ locale, subject: ticket.title, url: link }) };
    if (ticket.partnerId) await smsToPartner(tx, ticket.partnerId, notice);
    else if (ticket.userId) await smsToUser(tx, ticket.userId, notice);
  });
  if (!input.internal) wakeOutbox();
  return getDeskTicket(deps.db, id, deps.now);
}

/** The sidebar badge and the dashboard: the queue's figures, the caller's open tickets, urgent and recent tickets. */
export async function supportOverview(db: Queryable, caller: Agent, now: Date): Promise<TSupportOverview> {
  const active = notInArray(supportTickets.status, [...CLOSED_STATUSES]);
  const urgent = await baseQuery(db)
    .where(and(active, inArray(supportTickets.priority, ['urgent', 'high'])))
    .orderBy(sql`case ${supportTickets.priority} when 'urgent' then 0 else 1 end`, asc(supportTickets.createdAt), asc(supportTickets.id))
    .limit(5);
  const recent = await baseQuery(db).orderBy(desc(supportTickets.createdAt), desc(supportTickets.id)).limit(5);
  const [mine] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(active, eq(supportTickets.assignedTo, caller.userId)));
  const [disputeFigures] = await db
    .select({ open: sql<number>`count(*)::int`, amount: sql<number>`coalesce(sum(${disputes.amount}), 0)::int` })
    .from(disputes)
    .where(notInArray(disputes.status, ['resolved', 'closed']));
  return {
    kpis: await deskKpis(db, now),
    myOpen: mine?.n ?? 0,
    urgent: urgent.map((r) => toRow(r, now)),
    recent: recent.map((r) => toRow(r, now)),
    disputes: { open: disputeFigures?.open ?? 0, amountAtStake: disputeFigures?.amount ?? 0 },
  };
}
