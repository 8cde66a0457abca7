import { and, asc, desc, eq, gt, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  TChatAgentList,
  TChatAudience,
  TChatMessage,
  TChatMessagePage,
  TChatMessagesQuery,
  TChatStatus,
  TDeskChatDetail,
  TDeskChatList,
  TDeskChatQuery,
  TDeskChatRow,
  TDeskChatSummary,
} from '@farha/contracts/chat';
import type { Db, Queryable } from '../../db/client.ts';
import { chatAgents, chatSessions, partners, supportTickets, ticketMessages, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import {
  activeAgentAccount,
  addChatMessage,
  type ChatDeps,
  chatRead,
  chatRow,
  chatSettings,
  chatTyping,
  chatView,
  deskAttachmentUrl,
  endChat,
  messagePage,
  presentAgent,
  publishChatStatus,
} from './chat.ts';
import { requesterContext } from './desk.ts';
import { publishDeskChange } from './live.ts';
import type { UploadedFile } from './tickets.ts';

/**
 * Issue 36 (docs/product/live-chat.md §4): the advisers' side of the live chat, on the support desk (roles support
 * and superadmin): the queue with wait times, presence, accepting (one adviser wins), the maximum of chats at once,
 * transfer, the conversation and its end.
 */
type Agent = { userId: string };

const requester = alias(users, 'chat_requester');
const agent = alias(users, 'chat_agent');
const fullName = (u: { firstName: string | null; lastName: string | null }) => `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();

function deskRowsQuery(db: Queryable) {
  return db
    .select({ session: chatSessions, ticket: supportTickets, requester: { firstName: requester.firstName, lastName: requester.lastName }, agent: { id: agent.id, firstName: agent.firstName } })
    .from(chatSessions)
    .innerJoin(supportTickets, eq(supportTickets.id, chatSessions.ticketId))
    .leftJoin(requester, eq(requester.id, supportTickets.userId))
    .leftJoin(agent, eq(agent.id, chatSessions.agentId));
}

/** The cursor of a page: the last row's sort time and id. */
const encodeCursor = (at: Date, id: string) => Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(at ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) throw new AppError('VALIDATION', { field: 'cursor' });
  return { at: date, id };
}

/**
 * GET /api/support/chats: waiting (oldest first: the longest wait on top), mine (my active chats), active (everyone's),
 * ended (ended or missed, newest first). Keyset pages on (time, id).
 */
export async function listDeskChats(db: Queryable, caller: Agent, query: TDeskChatQuery, now: Date): Promise<TDeskChatList> {
  const sortAt: SQL<Date> =
    query.view === 'ended'
      ? sql<Date>`coalesce(${chatSessions.endedAt}, ${chatSessions.queuedAt})`
      : query.view === 'waiting'
        ? sql<Date>`${chatSessions.queuedAt}`
        : sql<Date>`coalesce(${chatSessions.acceptedAt}, ${chatSessions.queuedAt})`;
  const newestFirst = query.view === 'ended';
  const where: (SQL | undefined)[] = [
    query.view === 'waiting'
      ? eq(chatSessions.status, 'waiting')
      : query.view === 'ended'
        ? inArray(chatSessions.status, ['ended', 'missed'])
        : eq(chatSessions.status, 'active'),
    query.view === 'mine' ? eq(chatSessions.agentId, caller.userId) : undefined,
  ];
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    where.push(
      newestFirst
        ? or(lt(sortAt, c.at), and(eq(sortAt, c.at), lt(chatSessions.ticketId, c.id)))
        : or(gt(sortAt, c.at), and(eq(sortAt, c.at), gt(chatSessions.ticketId, c.id))),
    );
  }
  const rows = await deskRowsQuery(db)
    .where(and(...where))
    .orderBy(...(newestFirst ? [desc(sortAt), desc(chatSessions.ticketId)] : [asc(sortAt), asc(chatSessions.ticketId)]))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const ids = page.map((r) => r.session.ticketId);
  const last = ids.length
    ? await db
        .selectDistinctOn([ticketMessages.ticketId], { ticketId: ticketMessages.ticketId, kind: ticketMessages.authorKind, body: ticketMessages.body, at: ticketMessages.createdAt })
        .from(ticketMessages)
        .where(and(inArray(ticketMessages.ticketId, ids), eq(ticketMessages.internal, false)))
        .orderBy(ticketMessages.ticketId, desc(ticketMessages.createdAt), desc(ticketMessages.id))
    : [];
  const unread = ids.length
    ? await db
        .select({ ticketId: ticketMessages.ticketId, n: sql<number>`count(*)::int` })
        .from(ticketMessages)
        .innerJoin(chatSessions, eq(chatSessions.ticketId, ticketMessages.ticketId))
        .where(
          and(
            inArray(ticketMessages.ticketId, ids),
            inArray(ticketMessages.authorKind, ['user', 'visitor']),
            sql`(${chatSessions.agentReadAt} is null or ${ticketMessages.createdAt} > ${chatSessions.agentReadAt})`,
          ),
        )
        .groupBy(ticketMessages.ticketId)
    : [];
  const chats: TDeskChatRow[] = page.map(({ session, ticket, requester: person, agent: adviser }) => {
    const waitEnd = session.acceptedAt ?? (session.status === 'waiting' ? now : (session.endedAt ?? session.queuedAt));
    const lastMessage = last.find((m) => m.ticketId === session.ticketId);
    return {
      id: session.ticketId,
      requesterName: person?.firstName != null ? fullName(person) : (ticket.requesterName ?? ''),
      audience: session.audience as TChatAudience,
      status: session.status as TChatStatus,
      queuedAt: session.queuedAt.toISOString(),
      waitSeconds: Math.max(0, Math.floor((waitEnd.getTime() - session.queuedAt.getTime()) / 1000)),
      acceptedAt: session.acceptedAt?.toISOString() ?? null,
      endedAt: session.endedAt?.toISOString() ?? null,
      agent: adviser?.id ? { id: adviser.id, name: adviser.firstName ?? '' } : null,
      lastMessage: lastMessage ? { side: lastMessage.kind === 'support' ? 'agent' : 'requester', body: lastMessage.body.slice(0, 140), at: lastMessage.at.toISOString() } : null,
      unread: unread.find((u) => u.ticketId === session.ticketId)?.n ?? 0,
    };
  });
  const lastRow = page.at(-1);
  const lastAt = lastRow
    ? query.view === 'ended'
      ? (lastRow.session.endedAt ?? lastRow.session.queuedAt)
      : query.view === 'waiting'
        ? lastRow.session.queuedAt
        : (lastRow.session.acceptedAt ?? lastRow.session.queuedAt)
    : null;
  return { chats, nextCursor: rows.length > query.limit && lastRow && lastAt ? encodeCursor(lastAt, lastRow.session.ticketId) : null };
}

async function activeCount(db: Queryable, agentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatSessions)
    .where(and(eq(chatSessions.agentId, agentId), eq(chatSessions.status, 'active')));
  return row?.n ?? 0;
}

/** GET /api/support/chats/summary: the sidebar's waiting count, my active chats and my toggle. */
export async function deskChatSummary(db: Queryable, caller: Agent, now: Date): Promise<TDeskChatSummary> {
  const settings = await chatSettings(db);
  const [waiting] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatSessions)
    .where(eq(chatSessions.status, 'waiting'));
  const [me] = await db.select().from(chatAgents).where(eq(chatAgents.userId, caller.userId));
  const [present] = await db
    .select({ id: chatAgents.userId })
    .from(chatAgents)
    .where(and(eq(chatAgents.userId, caller.userId), presentAgent(now)));
  return { waiting: waiting?.n ?? 0, mine: await activeCount(db, caller.userId), present: Boolean(present), available: me?.available ?? false, maxPerAgent: settings.chat_max_per_agent };
}

/** POST /api/support/chats/presence: the toggle, called every 60 s while on (present = seen within 2 minutes). */
export async function setChatPresence(db: Db, caller: Agent, available: boolean, now: Date): Promise<TDeskChatSummary> {
  await db
    .insert(chatAgents)
    .values({ userId: caller.userId, available, seenAt: now })
    .onConflictDoUpdate({ target: chatAgents.userId, set: { available, seenAt: now } });
  return deskChatSummary(db, caller, now);
}

/** GET /api/support/chats/agents: present advisers (active accounts) with their active chats. */
export async function chatAgentList(db: Queryable, now: Date): Promise<TChatAgentList> {
  const settings = await chatSettings(db);
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      active: sql<number>`(select count(*)::int from ${chatSessions} where ${chatSessions.agentId} = ${users.id} and ${chatSessions.status} = 'active')`,
    })
    .from(chatAgents)
    .innerJoin(users, eq(users.id, chatAgents.userId))
    .where(and(presentAgent(now), activeAgentAccount))
    .orderBy(asc(users.firstName), asc(users.id))
    .limit(200);
  return { agents: rows.map((r) => ({ id: r.id, name: fullName(r), active: r.active, present: true })), maxPerAgent: settings.chat_max_per_agent };
}

/** GET /api/support/chats/:id: any adviser may read any chat (supervision); the requester and their context beside it. */
export async function deskChat(db: Queryable, id: string): Promise<TDeskChatDetail> {
  const row = await chatRow(db, id);
  if (!row) throw new AppError('CHAT_NOT_FOUND');
  const { ticket, session } = row;
  const [person] = ticket.userId ? await db.select().from(users).where(eq(users.id, ticket.userId)) : [];
  const [partner] = ticket.partnerId ? await db.select({ id: partners.id, name: partners.name }).from(partners).where(eq(partners.id, ticket.partnerId)) : [];
  return {
    chat: await chatView(db, row, deskAttachmentUrl),
    requester: {
      userId: person?.id ?? null,
      name: person ? fullName(person) : (ticket.requesterName ?? ''),
      email: person?.email ?? ticket.requesterEmail ?? '',
      kind: session.audience as TChatAudience,
      locale: person?.locale ?? (session.locale as 'fr' | 'ar'),
      partnerId: partner?.id ?? null,
      partnerName: partner?.name ?? null,
    },
    context: await requesterContext(db, { requester: person ?? null, ticket }),
  };
}

export async function deskMessages(db: Queryable, id: string, query: TChatMessagesQuery): Promise<TChatMessagePage> {
  const detail = await chatRow(db, id);
  if (!detail) throw new AppError('CHAT_NOT_FOUND');
  const view = await chatView(db, detail, deskAttachmentUrl);
  return messagePage(db, id, query, view.requesterName, deskAttachmentUrl);
}

/** Locks the adviser's chat_agents row (made if absent): their accepts and transfers to them run one at a time. */
async function lockAgent(tx: Queryable, agentId: string, now: Date) {
  await tx.insert(chatAgents).values({ userId: agentId, available: false, seenAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(chatAgents).where(eq(chatAgents.userId, agentId)).for('update');
  return row!;
}

/**
 * POST /api/support/chats/:id/accept: one adviser only (the second of a race gets CHAT_TAKEN), under the setting
 * `support.chat_max_per_agent` active chats (CHAT_MAX_REACHED). The ticket is assigned to them.
 */
export async function acceptChat(db: Db, caller: Agent, id: string, now: Date): Promise<TDeskChatDetail> {
  const settings = await chatSettings(db);
  await db.transaction(async (tx) => {
    await lockAgent(tx, caller.userId, now);
    if ((await activeCount(tx, caller.userId)) >= settings.chat_max_per_agent) throw new AppError('CHAT_MAX_REACHED', { params: { max: settings.chat_max_per_agent } });
    // The row lock decides a race: the second UPDATE waits, then finds the chat no longer waiting.
    const [taken] = await tx
      .update(chatSessions)
      .set({ status: 'active', agentId: caller.userId, acceptedAt: now })
      .where(and(eq(chatSessions.ticketId, id), eq(chatSessions.status, 'waiting')))
      .returning();
    if (!taken) {
      const exists = await chatRow(tx, id);
      throw new AppError(exists ? 'CHAT_TAKEN' : 'CHAT_NOT_FOUND');
    }
    await tx.update(supportTickets).set({ status: 'assigned', assignedTo: caller.userId, updatedAt: now }).where(eq(supportTickets.id, id));
    await publishChatStatus(tx, taken, 'active', [caller.userId], now);
    await publishDeskChange(tx, { ticketId: id, change: 'ticket_assigned', status: 'assigned', now });
  });
  return deskChat(db, id);
}

/** The assigned adviser's row of an active chat (CHAT_NOT_ASSIGNED for anyone else). */
async function assignedRow(db: Queryable, caller: Agent, id: string) {
  const row = await chatRow(db, id);
  if (!row) throw new AppError('CHAT_NOT_FOUND');
  if (row.session.status === 'ended' || row.session.status === 'missed') throw new AppError('CHAT_ENDED');
  if (row.session.agentId !== caller.userId) throw new AppError('CHAT_NOT_ASSIGNED');
  return row;
}

/** POST /api/support/chats/:id/transfer: to a present colleague under their maximum (CHAT_AGENT_UNAVAILABLE otherwise). */
export async function transferChat(db: Db, caller: Agent, id: string, targetId: string, now: Date): Promise<TDeskChatDetail> {
  const settings = await chatSettings(db);
  await db.transaction(async (tx) => {
    const row = await chatRow(tx, id, true);
    if (!row) throw new AppError('CHAT_NOT_FOUND');
    const { session } = row;
    if (session.status === 'waiting') throw new AppError('CHAT_NOT_ACTIVE');
    if (session.status !== 'active') throw new AppError('CHAT_ENDED');
    if (session.agentId !== caller.userId) throw new AppError('CHAT_NOT_ASSIGNED');
    if (targetId === caller.userId) throw new AppError('CHAT_AGENT_UNAVAILABLE', { field: 'agentId' });
    const [target] = await tx.select({ id: users.id }).from(users).where(and(eq(users.id, targetId), activeAgentAccount));
    if (!target) throw new AppError('AGENT_NOT_FOUND', { field: 'agentId' });
    const lock = await lockAgent(tx, targetId, now);
    const present = lock.available && lock.seenAt.getTime() >= now.getTime() - 2 * 60_000;
    if (!present || (await activeCount(tx, targetId)) >= settings.chat_max_per_agent) throw new AppError('CHAT_AGENT_UNAVAILABLE', { field: 'agentId' });
    await tx
      .update(chatSessions)
      .set({ agentId: targetId, agentReadAt: null, transfers: sql`${chatSessions.transfers} + 1` })
      .where(eq(chatSessions.ticketId, id));
    await tx.update(supportTickets).set({ assignedTo: targetId, updatedAt: now }).where(eq(supportTickets.id, id));
    await publishChatStatus(tx, session, 'active', [caller.userId, targetId], now);
    await publishDeskChange(tx, { ticketId: id, change: 'ticket_assigned', status: 'assigned', now });
  });
  return deskChat(db, id);
}

export async function agentMessage(deps: ChatDeps, caller: Agent, id: string, input: { body: string; files: UploadedFile[] }): Promise<TChatMessage> {
  return addChatMessage(deps, { side: 'agent', agentId: caller.userId }, id, input, deskAttachmentUrl);
}

export async function agentTyping(db: Db, caller: Agent, id: string, now: Date): Promise<void> {
  await chatTyping(db, await assignedRow(db, caller, id), 'agent', now);
}

export async function agentRead(db: Db, caller: Agent, id: string, now: Date): Promise<{ at: string }> {
  const row = await chatRow(db, id);
  if (!row) throw new AppError('CHAT_NOT_FOUND');
  if (row.session.agentId !== caller.userId) throw new AppError('CHAT_NOT_ASSIGNED');
  return chatRead(db, row, 'agent', now);
}

export async function agentEnd(db: Db, caller: Agent, id: string, now: Date): Promise<TDeskChatDetail> {
  await endChat(db, id, { side: 'agent', agentId: caller.userId }, now);
  return deskChat(db, id);
}
