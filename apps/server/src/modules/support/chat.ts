import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_PRESENCE_TTL_MS,
  CHAT_TRANSCRIPT_INTERVAL_MS,
  CHAT_TYPING_INTERVAL_MS,
  type TChatAudience,
  type TChatAvailability,
  type TChatMessage,
  type TChatMessagePage,
  type TChatMessagesQuery,
  type TChatStatus,
  type TChatView,
} from '@farha/contracts/chat';
import { isPartnerRole, SUPPORT_ROLES, type TRole } from '@farha/contracts/roles';
import type { Db, Queryable } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { chatAgents, chatSessions, partnerMembers, storedFiles, supportTickets, ticketAttachments, ticketMessages, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ATTACHMENT_TYPES, type CheckedFile, checkUpload, type FileStorage, storeCheckedFile } from '../files/index.ts';
import { enqueueEmail, wakeOutbox } from '../notifications/index.ts';
import { publish, SUPPORT_DESK_AUDIENCE, type Audience } from '../realtime/index.ts';
import { getSettings, type Settings } from '../settings/index.ts';
import { chatFallbackEmail, chatTranscriptEmail } from './chat-emails.ts';
import { publishDeskChange } from './live.ts';
import type { UploadedFile } from './tickets.ts';

/**
 * Issue 36 (docs/product/live-chat.md): a live chat with an adviser. A chat IS a support ticket (channel 'chat',
 * its messages the ticket's messages, so it lives in the person's history and the desk's reports); its live state
 * is a row of chat_sessions. This file holds what both sides share and the requester's side; chat-desk.ts the
 * advisers'.
 */
export type ChatDeps = { db: Db; storage: FileStorage; now: Date; publicUrl: string };
/** A signed-in requester (customer or partner member), or a visitor known by the hash of their cookie's token. */
export type ChatCaller = { kind: 'user'; userId: string; role: TRole } | { kind: 'visitor'; tokenHash: string | null };
export type ChatSession = typeof chatSessions.$inferSelect;

const SECOND = 1_000;
const MINUTE = 60_000;
const ALGIERS_OFFSET_MS = 3_600_000;
/** The first page of a chat's view. */
const FIRST_PAGE = 50;
/** Ticket fields of a chat. */
const CHAT_TITLE_CHARS = 80;
export const CHAT_TICKET_DESCRIPTION = 'Discussion en direct avec un conseiller';

export const hashChatToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newChatToken = (): string => randomBytes(32).toString('base64url');

/** The chat a visitor's cookie opens (their stream's only events), or null. */
export async function visitorChatOf(db: Queryable, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: chatSessions.ticketId })
    .from(chatSessions)
    .where(eq(chatSessions.visitorTokenHash, hashChatToken(token)))
    .limit(1);
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Hours and presence

export type ChatSettings = Settings<'support'>;
export const chatSettings = (db: Queryable): Promise<ChatSettings> => getSettings(db, 'support');

const hhmm = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

export function chatHoursOf(settings: ChatSettings, audience: TChatAudience): { fromHour: number; toHour: number } {
  return audience === 'partner'
    ? { fromHour: settings.chat_partner_from_hour, toHour: settings.chat_partner_to_hour }
    : { fromHour: settings.chat_customer_from_hour, toHour: settings.chat_customer_to_hour };
}

/** Every day, from `fromHour` (included) to `toHour` (excluded), Algiers time (UTC+1, no summer time). */
export function inChatHours(now: Date, hours: { fromHour: number; toHour: number }): boolean {
  const local = new Date(now.getTime() + ALGIERS_OFFSET_MS);
  const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
  return minute >= hours.fromHour * 60 && minute < hours.toHour * 60;
}

/** An adviser is present when their toggle is on and the desk page called presence within 2 minutes. */
export const presentAgent = (now: Date) => and(eq(chatAgents.available, true), gte(chatAgents.seenAt, new Date(now.getTime() - CHAT_PRESENCE_TTL_MS)));
export const activeAgentAccount = and(inArray(users.role, [...SUPPORT_ROLES]), eq(users.status, 'active'));

async function presentAdvisers(db: Queryable, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(chatAgents)
    .innerJoin(users, eq(users.id, chatAgents.userId))
    .where(and(presentAgent(now), activeAgentAccount));
  return row?.n ?? 0;
}

export function audienceOfRole(role: TRole | null): TChatAudience {
  if (role === null) return 'visitor';
  return isPartnerRole(role) ? 'partner' : 'customer';
}

/** GET /api/chat/availability: open when in the audience's hours and at least one adviser is present. */
export async function chatAvailability(db: Queryable, audience: TChatAudience, now: Date): Promise<TChatAvailability> {
  const settings = await chatSettings(db);
  const hours = chatHoursOf(settings, audience);
  const range = { from: hhmm(hours.fromHour), to: hhmm(hours.toHour) };
  if (!inChatHours(now, hours)) return { open: false, reason: 'hours', hours: range };
  if ((await presentAdvisers(db, now)) === 0) return { open: false, reason: 'no_adviser', hours: range };
  return { open: true, reason: null, hours: range };
}

// ---------------------------------------------------------------------------------------------------
// Reading a chat

const fullName = (u: { firstName: string | null; lastName: string | null }) => `${u.firstName ?? ''} ${u.lastName ?? ''}`.trim();

/** Where a reader opens a chat's picture: the requester through /api/chat (checked), the desk through /api/files. */
export type ChatAttachmentUrl = (chatId: string, attachmentId: string, fileId: string) => string;
export const requesterAttachmentUrl: ChatAttachmentUrl = (chatId, attachmentId) => `/api/chat/${chatId}/attachments/${attachmentId}`;
export const deskAttachmentUrl: ChatAttachmentUrl = (_chatId, _attachmentId, fileId) => `/api/files/${fileId}`;

type ChatRow = { session: ChatSession; ticket: typeof supportTickets.$inferSelect };

export async function chatRow(db: Queryable, id: string, lock = false): Promise<ChatRow | null> {
  const query = db.select({ session: chatSessions, ticket: supportTickets }).from(chatSessions).innerJoin(supportTickets, eq(supportTickets.id, chatSessions.ticketId)).where(eq(chatSessions.ticketId, id)).limit(1);
  const [row] = lock ? await query.for('update', { of: chatSessions }) : await query;
  return row ?? null;
}

/** The requester's chat, or CHAT_NOT_FOUND (another person's chat is not found either). */
export function ownsChat(caller: ChatCaller, session: ChatSession): boolean {
  return caller.kind === 'user' ? session.requesterId === caller.userId : caller.tokenHash !== null && session.visitorTokenHash === caller.tokenHash;
}

async function requesterOwnRow(db: Queryable, caller: ChatCaller, id: string, lock = false): Promise<ChatRow> {
  const row = await chatRow(db, id, lock);
  if (!row || !ownsChat(caller, row.session)) throw new AppError('CHAT_NOT_FOUND');
  return row;
}

async function requesterNameOf(db: Queryable, ticket: ChatRow['ticket']): Promise<string> {
  if (!ticket.userId) return ticket.requesterName ?? '';
  const [u] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, ticket.userId));
  return u ? fullName(u) : '';
}

type MessageRow = { message: typeof ticketMessages.$inferSelect; firstName: string | null; lastName: string | null };

async function toMessages(db: Queryable, chatId: string, rows: MessageRow[], requesterName: string, url: ChatAttachmentUrl): Promise<TChatMessage[]> {
  const ids = rows.map((r) => r.message.id);
  const files = ids.length
    ? await db
        .select({ attachment: ticketAttachments, file: storedFiles })
        .from(ticketAttachments)
        .innerJoin(storedFiles, eq(storedFiles.id, ticketAttachments.fileId))
        .where(and(eq(ticketAttachments.ticketId, chatId), inArray(ticketAttachments.messageId, ids)))
        .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id))
    : [];
  return rows.map(({ message, firstName }) => ({
    id: message.id,
    side: message.authorKind === 'support' ? 'agent' : 'requester',
    // An adviser signs with their first name, as in the ticket e-mails.
    authorName: message.authorKind === 'support' ? (firstName ?? '') : requesterName,
    body: message.body,
    at: message.createdAt.toISOString(),
    attachments: files
      .filter((f) => f.attachment.messageId === message.id)
      .map(({ attachment, file }) => ({ id: attachment.id, name: file.filename, url: url(chatId, attachment.id, file.id), contentType: file.contentType })),
  }));
}

const messageColumns = { message: ticketMessages, firstName: users.firstName, lastName: users.lastName };
const visibleMessages = (chatId: string) => and(eq(ticketMessages.ticketId, chatId), eq(ticketMessages.internal, false));

/** A page of messages, newest last: after a message (newer ones), before one (older ones), or the latest. */
export async function messagePage(db: Queryable, chatId: string, query: TChatMessagesQuery, requesterName: string, url: ChatAttachmentUrl): Promise<TChatMessagePage> {
  const pivotId = query.after ?? query.before;
  let pivot: Date | null = null;
  if (pivotId) {
    const [p] = await db.select({ at: ticketMessages.createdAt }).from(ticketMessages).where(and(visibleMessages(chatId), eq(ticketMessages.id, pivotId)));
    if (!p) throw new AppError('VALIDATION', { field: query.after ? 'after' : 'before' });
    pivot = p.at;
  }
  const base = db.select(messageColumns).from(ticketMessages).leftJoin(users, eq(users.id, ticketMessages.authorId));
  let rows: MessageRow[];
  if (query.after && pivot) {
    rows = await base
      .where(and(visibleMessages(chatId), or(gt(ticketMessages.createdAt, pivot), and(eq(ticketMessages.createdAt, pivot), gt(ticketMessages.id, query.after)))))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
      .limit(query.limit + 1);
    const hasMore = rows.length > query.limit;
    return { messages: await toMessages(db, chatId, rows.slice(0, query.limit), requesterName, url), hasMore };
  }
  const older = query.before && pivot ? or(lt(ticketMessages.createdAt, pivot), and(eq(ticketMessages.createdAt, pivot), lt(ticketMessages.id, query.before))) : undefined;
  rows = await base
    .where(and(visibleMessages(chatId), older))
    .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  return { messages: await toMessages(db, chatId, rows.slice(0, query.limit).reverse(), requesterName, url), hasMore };
}

export async function chatView(db: Queryable, row: ChatRow, url: ChatAttachmentUrl): Promise<TChatView> {
  const { session, ticket } = row;
  const requesterName = await requesterNameOf(db, ticket);
  const [agent] = session.agentId ? await db.select({ id: users.id, firstName: users.firstName }).from(users).where(eq(users.id, session.agentId)) : [];
  const page = await messagePage(db, session.ticketId, { limit: FIRST_PAGE }, requesterName, url);
  return {
    id: session.ticketId,
    status: session.status as TChatStatus,
    audience: session.audience as TChatAudience,
    requesterName,
    agent: agent ? { id: agent.id, name: agent.firstName } : null,
    queuedAt: session.queuedAt.toISOString(),
    acceptedAt: session.acceptedAt?.toISOString() ?? null,
    endedAt: session.endedAt?.toISOString() ?? null,
    rating: ticket.satisfaction,
    requesterReadAt: session.requesterReadAt?.toISOString() ?? null,
    agentReadAt: session.agentReadAt?.toISOString() ?? null,
    messages: page.messages,
    hasOlder: page.hasMore,
  };
}

export async function viewById(db: Queryable, id: string, url: ChatAttachmentUrl): Promise<TChatView> {
  const row = await chatRow(db, id);
  if (!row) throw new AppError('CHAT_NOT_FOUND');
  return chatView(db, row, url);
}

// ---------------------------------------------------------------------------------------------------
// Pushes (ids only: the pages read the chat through the API)

/** The requester's side of a chat: their account, or a visitor's chat stream. */
export const requesterAudience = (session: Pick<ChatSession, 'ticketId' | 'requesterId'>): Audience =>
  session.requesterId ? { userId: session.requesterId } : { chatId: session.ticketId };

/** chat.status to the requester and the adviser(s), chat.queue to the desk. */
export async function publishChatStatus(tx: Queryable, session: Pick<ChatSession, 'ticketId' | 'requesterId'>, status: TChatStatus, agentIds: (string | null)[], now: Date) {
  const payload = { chatId: session.ticketId, status };
  await publish(tx, { topic: 'chat.status', audience: requesterAudience(session), payload, now });
  for (const agentId of new Set(agentIds.filter((a): a is string => a !== null))) await publish(tx, { topic: 'chat.status', audience: { userId: agentId }, payload, now });
  await publish(tx, { topic: 'chat.queue', audience: SUPPORT_DESK_AUDIENCE, payload, now });
}

// ---------------------------------------------------------------------------------------------------
// Both sides: messages, typing, read

export type ChatSide = 'requester' | 'agent';

async function checkFiles(files: UploadedFile[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) checked.push(await checkUpload({ ...file, allowed: ATTACHMENT_TYPES }));
  return checked;
}

/**
 * A message of either side: plain text (trimmed by the contract), pictures through the tickets' checked upload,
 * at most CHAT_MESSAGES_PER_MINUTE a minute per person; an ended or missed chat takes no more (CHAT_ENDED). The
 * adviser's first message is the chat's first answer (and the ticket's first response).
 */
export async function addChatMessage(
  deps: ChatDeps,
  side: { side: 'requester'; caller: ChatCaller } | { side: 'agent'; agentId: string },
  chatId: string,
  input: { body: string; files: UploadedFile[] },
  url: ChatAttachmentUrl,
): Promise<TChatMessage> {
  const checked = await checkFiles(input.files);
  const messageId = await deps.db.transaction(async (tx) => {
    const row = side.side === 'requester' ? await requesterOwnRow(tx, side.caller, chatId, true) : await chatRow(tx, chatId, true);
    if (!row) throw new AppError('CHAT_NOT_FOUND');
    const { session, ticket } = row;
    if (session.status === 'ended' || session.status === 'missed') throw new AppError('CHAT_ENDED');
    if (side.side === 'agent') {
      if (session.status !== 'active') throw new AppError('CHAT_NOT_ACTIVE');
      if (session.agentId !== side.agentId) throw new AppError('CHAT_NOT_ASSIGNED');
    }
    const since = new Date(deps.now.getTime() - MINUTE);
    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketMessages)
      .where(
        side.side === 'agent'
          ? and(eq(ticketMessages.authorId, side.agentId), eq(ticketMessages.authorKind, 'support'), gt(ticketMessages.createdAt, since))
          : and(eq(ticketMessages.ticketId, chatId), inArray(ticketMessages.authorKind, ['user', 'visitor']), gt(ticketMessages.createdAt, since)),
      );
    if ((recent?.n ?? 0) >= CHAT_MESSAGES_PER_MINUTE) throw new AppError('CHAT_RATE_LIMITED');
    const authorId = side.side === 'agent' ? side.agentId : session.requesterId;
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId: chatId, authorId, authorKind: side.side === 'agent' ? 'support' : authorId ? 'user' : 'visitor', body: input.body, internal: false, createdAt: deps.now })
      .returning({ id: ticketMessages.id });
    for (const file of checked) {
      const stored = await storeCheckedFile(tx, deps.storage, file, { now: deps.now, purpose: 'ticket_attachment', ownerUserId: authorId });
      await tx.insert(ticketAttachments).values({ ticketId: chatId, messageId: message!.id, fileId: stored.id, createdAt: deps.now });
    }
    if (side.side === 'agent' && !session.firstAnswerAt) {
      await tx.update(chatSessions).set({ firstAnswerAt: deps.now }).where(eq(chatSessions.ticketId, chatId));
    }
    await tx
      .update(supportTickets)
      .set({ updatedAt: deps.now, ...(side.side === 'agent' && !ticket.firstResponseAt ? { firstResponseAt: deps.now } : {}) })
      .where(eq(supportTickets.id, chatId));
    const payload = { chatId, messageId: message!.id };
    await publish(tx, { topic: 'chat.message', audience: requesterAudience(session), payload, now: deps.now });
    if (session.agentId) await publish(tx, { topic: 'chat.message', audience: { userId: session.agentId }, payload, now: deps.now });
    return message!.id;
  });
  const row = await chatRow(deps.db, chatId);
  const requesterName = await requesterNameOf(deps.db, row!.ticket);
  const [message] = await deps.db.select(messageColumns).from(ticketMessages).leftJoin(users, eq(users.id, ticketMessages.authorId)).where(eq(ticketMessages.id, messageId));
  return (await toMessages(deps.db, chatId, [message!], requesterName, url))[0]!;
}

/** « en train d'écrire… »: pushed to the other side at most once per CHAT_TYPING_INTERVAL_MS per side (more are dropped). */
export async function chatTyping(db: Db, row: ChatRow, side: ChatSide, now: Date): Promise<void> {
  const { session } = row;
  if (session.status !== 'active' && !(session.status === 'waiting' && side === 'requester')) return;
  const column = side === 'agent' ? chatSessions.agentTypingAt : chatSessions.requesterTypingAt;
  const earliest = new Date(now.getTime() - CHAT_TYPING_INTERVAL_MS);
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(chatSessions)
      .set(side === 'agent' ? { agentTypingAt: now } : { requesterTypingAt: now })
      .where(and(eq(chatSessions.ticketId, session.ticketId), or(sql`${column} is null`, lt(column, earliest))))
      .returning({ id: chatSessions.ticketId });
    if (!updated) return;
    const payload = { chatId: session.ticketId, side };
    if (side === 'requester') {
      if (session.agentId) await publish(tx, { topic: 'chat.typing', audience: { userId: session.agentId }, payload, now });
    } else await publish(tx, { topic: 'chat.typing', audience: requesterAudience(session), payload, now });
  });
}

/** « Lu »: the side's read time, pushed to the other side. */
export async function chatRead(db: Db, row: ChatRow, side: ChatSide, now: Date): Promise<{ at: string }> {
  const { session } = row;
  await db.transaction(async (tx) => {
    await tx
      .update(chatSessions)
      .set(side === 'agent' ? { agentReadAt: now } : { requesterReadAt: now })
      .where(eq(chatSessions.ticketId, session.ticketId));
    const payload = { chatId: session.ticketId, side, at: now.toISOString() };
    if (side === 'requester') {
      if (session.agentId) await publish(tx, { topic: 'chat.read', audience: { userId: session.agentId }, payload, now });
    } else await publish(tx, { topic: 'chat.read', audience: requesterAudience(session), payload, now });
  });
  return { at: now.toISOString() };
}

/**
 * Either side ends the chat: its ticket becomes resolved (the person may still rate it and ask for the
 * transcript). Ending an ended chat changes nothing.
 */
export async function endChat(db: Db, chatId: string, by: { side: 'requester'; caller: ChatCaller } | { side: 'agent'; agentId: string }, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const row = by.side === 'requester' ? await requesterOwnRow(tx, by.caller, chatId, true) : await chatRow(tx, chatId, true);
    if (!row) throw new AppError('CHAT_NOT_FOUND');
    const { session } = row;
    if (session.status === 'ended' || session.status === 'missed') return;
    if (by.side === 'agent' && session.agentId !== by.agentId) throw new AppError('CHAT_NOT_ASSIGNED');
    await tx.update(chatSessions).set({ status: 'ended', endedAt: now, endedBy: by.side }).where(eq(chatSessions.ticketId, chatId));
    await tx.update(supportTickets).set({ status: 'resolved', resolvedAt: now, updatedAt: now }).where(eq(supportTickets.id, chatId));
    await publishChatStatus(tx, session, 'ended', [session.agentId], now);
    await publishDeskChange(tx, { ticketId: chatId, change: by.side === 'agent' ? 'agent_replied' : 'requester_closed', status: 'resolved', now });
  });
}

// ---------------------------------------------------------------------------------------------------
// The requester's side

type Identity = { userId: string | null; name: string; email: string; locale: 'fr' | 'ar'; partnerId: string | null };

async function identityOf(db: Queryable, caller: ChatCaller, input: { name?: string | undefined; email?: string | undefined; locale?: 'fr' | 'ar' | undefined }): Promise<Identity> {
  if (caller.kind === 'visitor') {
    const name = input.name?.trim();
    if (!name) throw new AppError('CHAT_VISITOR_DETAILS', { field: 'name' });
    if (!input.email) throw new AppError('CHAT_VISITOR_DETAILS', { field: 'email' });
    return { userId: null, name, email: input.email, locale: input.locale ?? 'fr', partnerId: null };
  }
  const [u] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!u) throw new AppError('CHAT_NOT_FOUND');
  const [member] = isPartnerRole(caller.role)
    ? await db.select({ partnerId: partnerMembers.partnerId }).from(partnerMembers).where(eq(partnerMembers.userId, caller.userId)).limit(1)
    : [];
  return { userId: u.id, name: fullName(u), email: u.email, locale: u.locale, partnerId: member?.partnerId ?? null };
}

async function openChatOf(db: Queryable, caller: ChatCaller): Promise<string | null> {
  const mine = caller.kind === 'user' ? eq(chatSessions.requesterId, caller.userId) : caller.tokenHash ? eq(chatSessions.visitorTokenHash, caller.tokenHash) : undefined;
  if (!mine) return null;
  const [row] = await db
    .select({ id: chatSessions.ticketId })
    .from(chatSessions)
    .where(and(mine, inArray(chatSessions.status, ['waiting', 'active'])))
    .limit(1);
  return row?.id ?? null;
}

/**
 * POST /api/chat: in the audience's hours with an adviser present, the chat waits in the queue; otherwise it is at
 * once an e-mail ticket (status missed) and the person is told so (CHAT_MESSAGES.MISSED). One open chat per person
 * (CHAT_ALREADY_OPEN, with its id). A visitor gets a new token (their cookie) with each chat.
 */
export async function startChat(
  deps: ChatDeps,
  caller: ChatCaller,
  input: { message: string; name?: string | undefined; email?: string | undefined; locale?: 'fr' | 'ar' | undefined },
): Promise<{ chat: TChatView; token: string | null }> {
  const audience = caller.kind === 'visitor' ? 'visitor' : audienceOfRole(caller.role);
  const open = await openChatOf(deps.db, caller);
  if (open) throw new AppError('CHAT_ALREADY_OPEN', { params: { chatId: open } });
  const who = await identityOf(deps.db, caller, input);
  const availability = await chatAvailability(deps.db, audience, deps.now);
  const status: TChatStatus = availability.open ? 'waiting' : 'missed';
  const token = caller.kind === 'visitor' ? newChatToken() : null;
  const firstLine = input.message.replace(/\s+/g, ' ').trim();
  const id = await deps.db
    .transaction(async (tx) => {
      const [ticket] = await tx
        .insert(supportTickets)
        .values({
          userId: who.userId,
          requesterName: who.userId ? null : who.name,
          requesterEmail: who.userId ? null : who.email,
          channel: 'chat',
          partnerId: who.partnerId,
          title: firstLine.length > CHAT_TITLE_CHARS ? `${firstLine.slice(0, CHAT_TITLE_CHARS - 1)}…` : firstLine,
          description: CHAT_TICKET_DESCRIPTION,
          category: who.partnerId ? 'compte' : 'autre',
          priority: 'medium',
          status: 'open',
          createdAt: deps.now,
          updatedAt: deps.now,
        })
        .returning({ id: supportTickets.id });
      const chatId = ticket!.id;
      await tx.insert(chatSessions).values({
        ticketId: chatId,
        audience,
        status,
        requesterId: who.userId,
        locale: who.locale,
        queuedAt: deps.now,
        endedBy: status === 'missed' ? 'system' : null,
        visitorTokenHash: token ? hashChatToken(token) : null,
      });
      await tx.insert(ticketMessages).values({ ticketId: chatId, authorId: who.userId, authorKind: who.userId ? 'user' : 'visitor', body: input.message, createdAt: deps.now });
      await publish(tx, { topic: 'chat.queue', audience: SUPPORT_DESK_AUDIENCE, payload: { chatId, status }, now: deps.now });
      await publishDeskChange(tx, { ticketId: chatId, change: 'ticket_created', status: 'open', now: deps.now });
      if (status === 'missed') await mailFallback(tx, deps, { chatId, who, message: input.message });
      return chatId;
    })
    .catch((error: unknown) => {
      // Two starts at once: the unique open chat per person keeps one; the other is told which.
      if (isUniqueViolation(error)) throw new AppError('CHAT_ALREADY_OPEN');
      throw error;
    });
  if (status === 'missed') wakeOutbox();
  return { chat: await viewById(deps.db, id, requesterAttachmentUrl), token };
}

/** The e-mail that says the message became a ticket answered by e-mail (at once out of hours, or by the job). */
async function mailFallback(tx: Queryable, deps: { now: Date; publicUrl: string }, input: { chatId: string; who: Pick<Identity, 'email' | 'name' | 'locale' | 'userId' | 'partnerId'>; message: string }) {
  const { who } = input;
  const link = `${deps.publicUrl}${who.partnerId ? '/partenaire/support' : who.userId ? '/client/support' : '/support'}`;
  await enqueueEmail(tx, {
    now: deps.now,
    to: who.email,
    template: 'chat-fallback',
    locale: who.locale,
    ...chatFallbackEmail({ locale: who.locale, name: who.name, reference: input.chatId, message: input.message, link }),
  });
}

/** GET /api/chat/current: the open chat, else the latest one ended within the hour (to rate it after a reload); a visitor's is their cookie's. */
export async function currentChat(db: Queryable, caller: ChatCaller, now: Date): Promise<TChatView | null> {
  if (caller.kind === 'visitor') {
    if (!caller.tokenHash) return null;
    const [row] = await db.select({ id: chatSessions.ticketId }).from(chatSessions).where(eq(chatSessions.visitorTokenHash, caller.tokenHash)).limit(1);
    return row ? viewById(db, row.id, requesterAttachmentUrl) : null;
  }
  const open = await openChatOf(db, caller);
  if (open) return viewById(db, open, requesterAttachmentUrl);
  const [recent] = await db
    .select({ id: chatSessions.ticketId })
    .from(chatSessions)
    .where(and(eq(chatSessions.requesterId, caller.userId), gte(chatSessions.queuedAt, new Date(now.getTime() - 60 * MINUTE))))
    .orderBy(desc(chatSessions.queuedAt), desc(chatSessions.ticketId))
    .limit(1);
  return recent ? viewById(db, recent.id, requesterAttachmentUrl) : null;
}

export async function requesterChat(db: Queryable, caller: ChatCaller, id: string): Promise<TChatView> {
  return chatView(db, await requesterOwnRow(db, caller, id), requesterAttachmentUrl);
}

export async function requesterMessages(db: Queryable, caller: ChatCaller, id: string, query: TChatMessagesQuery): Promise<TChatMessagePage> {
  const row = await requesterOwnRow(db, caller, id);
  return messagePage(db, id, query, await requesterNameOf(db, row.ticket), requesterAttachmentUrl);
}

export async function requesterTyping(db: Db, caller: ChatCaller, id: string, now: Date): Promise<void> {
  await chatTyping(db, await requesterOwnRow(db, caller, id), 'requester', now);
}

export async function requesterRead(db: Db, caller: ChatCaller, id: string, now: Date): Promise<{ at: string }> {
  return chatRead(db, await requesterOwnRow(db, caller, id), 'requester', now);
}

/** A picture of the requester's chat (its ticket's attachment), for the requester only. */
export async function requesterAttachment(db: Queryable, caller: ChatCaller, id: string, attachmentId: string) {
  await requesterOwnRow(db, caller, id);
  const [row] = await db
    .select({ file: storedFiles })
    .from(ticketAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, ticketAttachments.fileId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, id)))
    .limit(1);
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row.file;
}

/** 1–5 once the chat has ended (the ticket's satisfaction, as a ticket's rating). */
export async function rateChat(db: Db, caller: ChatCaller, id: string, input: { rating: number; comment?: string | undefined }, now: Date): Promise<TChatView> {
  await db.transaction(async (tx) => {
    const { session } = await requesterOwnRow(tx, caller, id, true);
    if (session.status !== 'ended') throw new AppError('CHAT_NOT_ENDED');
    await tx.update(supportTickets).set({ satisfaction: input.rating, updatedAt: now }).where(eq(supportTickets.id, id));
    await tx.update(chatSessions).set({ ratingComment: input.comment?.trim() || null }).where(eq(chatSessions.ticketId, id));
    await publishDeskChange(tx, { ticketId: id, change: 'ticket_rated', status: 'resolved', now });
  });
  return requesterChat(db, caller, id);
}

/** The whole conversation by e-mail to the requester, at most once per CHAT_TRANSCRIPT_INTERVAL_MS. */
export async function sendTranscript(deps: ChatDeps, caller: ChatCaller, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { session, ticket } = await requesterOwnRow(tx, caller, id, true);
    if (session.transcriptSentAt && deps.now.getTime() - session.transcriptSentAt.getTime() < CHAT_TRANSCRIPT_INTERVAL_MS) throw new AppError('CHAT_TRANSCRIPT_LIMIT');
    const requesterName = await requesterNameOf(tx, ticket);
    const [account] = ticket.userId ? await tx.select({ email: users.email, locale: users.locale, firstName: users.firstName }).from(users).where(eq(users.id, ticket.userId)) : [];
    const to = account?.email ?? ticket.requesterEmail ?? '';
    const locale = (account?.locale ?? session.locale) as 'fr' | 'ar';
    const rows = await tx
      .select(messageColumns)
      .from(ticketMessages)
      .leftJoin(users, eq(users.id, ticketMessages.authorId))
      .where(visibleMessages(id))
      .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
    const lines = rows.map(({ message, firstName }) => ({
      at: message.createdAt,
      author: message.authorKind === 'support' ? (firstName ?? '') : requesterName,
      agent: message.authorKind === 'support',
      body: message.body,
    }));
    await enqueueEmail(tx, {
      now: deps.now,
      to,
      template: 'chat-transcript',
      locale,
      ...chatTranscriptEmail({ locale, name: account?.firstName ?? requesterName, reference: id, startedAt: session.queuedAt, lines }),
    });
    await tx.update(chatSessions).set({ transcriptSentAt: deps.now }).where(eq(chatSessions.ticketId, id));
  });
  wakeOutbox();
}

// ---------------------------------------------------------------------------------------------------
// The job: a chat nobody accepted in time becomes an e-mail ticket

/**
 * Job `chat-fallback` (every 30 s): waiting chats older than the setting `support.chat_wait_limit_seconds` become
 * missed (their ticket stays open for an e-mail answer) and their requester is e-mailed so. Claims its rows
 * (FOR UPDATE SKIP LOCKED) so that any number of instances may run it; returns how many it moved.
 */
export async function runChatFallback(deps: { db: Db; now: Date; publicUrl: string }): Promise<number> {
  const settings = await chatSettings(deps.db);
  const limit = new Date(deps.now.getTime() - settings.chat_wait_limit_seconds * SECOND);
  const moved = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ session: chatSessions, ticket: supportTickets })
      .from(chatSessions)
      .innerJoin(supportTickets, eq(supportTickets.id, chatSessions.ticketId))
      .where(and(eq(chatSessions.status, 'waiting'), lt(chatSessions.queuedAt, limit)))
      .orderBy(asc(chatSessions.queuedAt), asc(chatSessions.ticketId))
      .limit(50)
      .for('update', { of: chatSessions, skipLocked: true });
    for (const { session, ticket } of due) {
      await tx.update(chatSessions).set({ status: 'missed', endedBy: 'system' }).where(eq(chatSessions.ticketId, session.ticketId));
      await publishChatStatus(tx, session, 'missed', [], deps.now);
      const [first] = await tx
        .select({ body: ticketMessages.body })
        .from(ticketMessages)
        .where(visibleMessages(session.ticketId))
        .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id))
        .limit(1);
      const [account] = ticket.userId ? await tx.select().from(users).where(eq(users.id, ticket.userId)) : [];
      const who = account
        ? { userId: account.id, email: account.email, name: fullName(account), locale: account.locale, partnerId: ticket.partnerId }
        : { userId: null, email: ticket.requesterEmail ?? '', name: ticket.requesterName ?? '', locale: session.locale as 'fr' | 'ar', partnerId: null };
      await mailFallback(tx, deps, { chatId: session.ticketId, who, message: first?.body ?? '' });
    }
    return due.length;
  });
  if (moved > 0) wakeOutbox();
  // A full batch: run again at once (the runner loops while the job returns more than 0).
  return moved === 50 ? moved : 0;
}
