import { and, asc, desc, eq, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { type TTicketDetail, type TTicketList, type TTicketSummary } from '@farha/contracts/support';
import type { Db, Queryable } from '../../db/client.ts';
import { storedFiles, supportTickets, ticketAttachments, ticketMessages, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { ATTACHMENT_TYPES, type CheckedFile, checkUpload, type FileStorage, storeCheckedFile } from '../files/index.ts';
import { publishDeskChange } from './live.ts';

/**
 * Support tickets seen from their owner's side: a customer's own tickets, or a partner's (partner_id
 * set; every member of the partner sees them). The partner portal reuses these with its own owner and
 * attachment URLs; support agents have their own routes.
 */
export type TicketOwner = { userId: string; partnerId?: string | null };
export type UploadedFile = { data: Buffer; filename: string };
export type TicketDeps = { db: Db; storage: FileStorage; now: Date };
/** Where the owner reads an attachment (a route that checks the ticket, like ours under /api/client). */
export type AttachmentUrl = (ticketId: string, attachmentId: string) => string;

export const customerAttachmentUrl: AttachmentUrl = (ticketId, attachmentId) => `/api/client/tickets/${ticketId}/attachments/${attachmentId}`;

const ticketNotFound = () => new AppError('TICKET_NOT_FOUND');

function ownerCondition(owner: TicketOwner): SQL {
  return owner.partnerId
    ? eq(supportTickets.partnerId, owner.partnerId)
    : and(eq(supportTickets.userId, owner.userId), isNull(supportTickets.partnerId))!;
}

async function ownTicket(db: Queryable, owner: TicketOwner, id: string) {
  const [ticket] = await db
    .select()
    .from(supportTickets)
    .where(and(eq(supportTickets.id, id), ownerCondition(owner)))
    .limit(1);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/** Every attachment is checked (and re-encoded) before anything is written: one refused file stores none. */
async function checkFiles(files: UploadedFile[]): Promise<CheckedFile[]> {
  const checked: CheckedFile[] = [];
  for (const file of files) checked.push(await checkUpload({ ...file, allowed: ATTACHMENT_TYPES }));
  return checked;
}

async function storeFiles(deps: TicketDeps, db: Queryable, owner: TicketOwner, ticketId: string, messageId: string | null, files: CheckedFile[]) {
  for (const file of files) {
    const stored = await storeCheckedFile(db, deps.storage, file, { now: deps.now, purpose: 'ticket_attachment', ownerUserId: owner.userId });
    await db.insert(ticketAttachments).values({ ticketId, messageId, fileId: stored.id, createdAt: deps.now });
  }
}

function summaryOf(
  ticket: typeof supportTickets.$inferSelect,
  messages: { authorKind: string; createdAt: Date }[],
): TTicketSummary {
  const fromSupport = messages.filter((m) => m.authorKind === 'support').map((m) => m.createdAt.getTime());
  return {
    id: ticket.id,
    title: ticket.title,
    category: ticket.category,
    priority: ticket.priority as TTicketSummary['priority'],
    status: ticket.status as TTicketSummary['status'],
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    messageCount: messages.length,
    lastResponseAt: fromSupport.length ? new Date(Math.max(...fromSupport)).toISOString() : null,
    satisfaction: ticket.satisfaction,
  };
}

/** The owner's tickets, most recently active first, and the badge count (not closed). */
export async function listTickets(db: Queryable, owner: TicketOwner): Promise<TTicketList> {
  const tickets = await db.select().from(supportTickets).where(ownerCondition(owner)).orderBy(desc(supportTickets.updatedAt), desc(supportTickets.id));
  const ids = tickets.map((t) => t.id);
  const messages = ids.length
    ? await db
        .select({ ticketId: ticketMessages.ticketId, authorKind: ticketMessages.authorKind, createdAt: ticketMessages.createdAt })
        .from(ticketMessages)
        // Agents' internal notes never reach the requester.
        .where(and(inArray(ticketMessages.ticketId, ids), eq(ticketMessages.internal, false)))
    : [];
  return {
    tickets: tickets.map((t) => summaryOf(t, messages.filter((m) => m.ticketId === t.id))),
    openCount: tickets.filter((t) => t.status !== 'closed').length,
  };
}

/** One ticket with its thread and attachments; 404 unless the owner's. */
export async function getTicket(
  db: Queryable,
  owner: TicketOwner,
  id: string,
  attachmentUrl: AttachmentUrl = customerAttachmentUrl,
): Promise<TTicketDetail> {
  const ticket = await ownTicket(db, owner, id);
  const { messages, attachments } = await loadThread(db, id, { internal: false, url: (attachmentId) => attachmentUrl(id, attachmentId) });
  return {
    ...summaryOf(ticket, messages.map((m) => m.message)),
    description: ticket.description,
    attachments: attachments.filter((a) => a.messageId === null),
    messages: messages.map(({ message, firstName, lastName }) => ({
      id: message.id,
      sender: message.authorKind as 'user' | 'support',
      authorName: message.authorKind === 'support' ? `${firstName} — Support Farha` : `${firstName} ${lastName}`.trim(),
      message: message.body,
      createdAt: message.createdAt.toISOString(),
      attachments: attachments.filter((a) => a.messageId === message.id),
    })),
    canReply: ticket.status !== 'closed',
  };
}

export async function createTicket(
  deps: TicketDeps,
  owner: TicketOwner,
  input: { title: string; description: string; category: string; priority: string; files: UploadedFile[] },
  attachmentUrl: AttachmentUrl = customerAttachmentUrl,
): Promise<TTicketDetail> {
  const files = await checkFiles(input.files);
  const id = await deps.db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(supportTickets)
      .values({
        userId: owner.userId,
        partnerId: owner.partnerId ?? null,
        title: input.title,
        description: input.description,
        category: input.category,
        priority: input.priority,
        status: 'open',
        createdAt: deps.now,
        updatedAt: deps.now,
      })
      .returning({ id: supportTickets.id });
    await storeFiles(deps, tx, owner, ticket!.id, null, files);
    await publishDeskChange(tx, { ticketId: ticket!.id, change: 'ticket_created', status: 'open', now: deps.now });
    return ticket!.id;
  });
  return getTicket(deps.db, owner, id, attachmentUrl);
}

/** The owner's reply; a closed ticket is read-only, a resolved one opens again. */
export async function replyToTicket(
  deps: TicketDeps,
  owner: TicketOwner,
  id: string,
  input: { message: string; files: UploadedFile[] },
  attachmentUrl: AttachmentUrl = customerAttachmentUrl,
): Promise<TTicketDetail> {
  // The ticket is looked at before its files are decoded (and again, locked, in the transaction).
  if ((await ownTicket(deps.db, owner, id)).status === 'closed') throw new AppError('REQUESTER_TICKET_CLOSED');
  const files = await checkFiles(input.files);
  await deps.db.transaction(async (tx) => {
    const [ticket] = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.id, id), ownerCondition(owner)))
      .for('update');
    if (!ticket) throw ticketNotFound();
    if (ticket.status === 'closed') throw new AppError('REQUESTER_TICKET_CLOSED');
    const [message] = await tx
      .insert(ticketMessages)
      .values({ ticketId: id, authorId: owner.userId, authorKind: 'user', body: input.message, createdAt: deps.now })
      .returning({ id: ticketMessages.id });
    await storeFiles(deps, tx, owner, id, message!.id, files);
    const reopened = ticket.status === 'resolved';
    await tx
      .update(supportTickets)
      .set({ updatedAt: deps.now, ...(reopened ? { status: 'open', resolvedAt: null } : {}) })
      .where(eq(supportTickets.id, id));
    await publishDeskChange(tx, { ticketId: id, change: 'requester_replied', status: reopened ? 'open' : ticket.status, now: deps.now });
  });
  return getTicket(deps.db, owner, id, attachmentUrl);
}

export async function closeTicket(
  deps: Pick<TicketDeps, 'db' | 'now'>,
  owner: TicketOwner,
  id: string,
  attachmentUrl: AttachmentUrl = customerAttachmentUrl,
): Promise<TTicketDetail> {
  const ticket = await ownTicket(deps.db, owner, id);
  await deps.db.transaction(async (tx) => {
    const closed = await tx
      .update(supportTickets)
      .set({ status: 'closed', resolvedAt: ticket.resolvedAt ?? deps.now, updatedAt: deps.now })
      .where(and(eq(supportTickets.id, id), ne(supportTickets.status, 'closed')))
      .returning({ id: supportTickets.id });
    if (closed.length > 0) await publishDeskChange(tx, { ticketId: id, change: 'requester_closed', status: 'closed', now: deps.now });
  });
  return getTicket(deps.db, owner, id, attachmentUrl);
}

/** The stored file of one of the owner's ticket attachments; 404 otherwise. */
export async function findTicketAttachment(db: Queryable, owner: TicketOwner, ticketId: string, attachmentId: string) {
  await ownTicket(db, owner, ticketId);
  const [row] = await db
    .select({ file: storedFiles })
    .from(ticketAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, ticketAttachments.fileId))
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)))
    .limit(1);
  if (!row) throw new AppError('FILE_NOT_FOUND');
  return row.file;
}

/**
 * A ticket's messages (oldest first, with their authors' names) and its attachments, each with the address
 * its reader opens it at. The requester's views leave internal notes out; the agents' desk reads them all.
 */
export async function loadThread(
  db: Queryable,
  ticketId: string,
  options: { internal: boolean; url: (attachmentId: string, fileId: string) => string },
) {
  const messages = await db
    .select({ message: ticketMessages, firstName: users.firstName, lastName: users.lastName })
    .from(ticketMessages)
    // A visitor's message in a chat (issue 36) has no author account: its name is the ticket's requester_name.
    .leftJoin(users, eq(users.id, ticketMessages.authorId))
    .where(options.internal ? eq(ticketMessages.ticketId, ticketId) : and(eq(ticketMessages.ticketId, ticketId), eq(ticketMessages.internal, false)))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
  const files = await db
    .select({ attachment: ticketAttachments, file: storedFiles })
    .from(ticketAttachments)
    .innerJoin(storedFiles, eq(storedFiles.id, ticketAttachments.fileId))
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
  const attachments = files.map(({ attachment, file }) => ({
    id: attachment.id,
    filename: file.filename,
    contentType: file.contentType,
    size: file.sizeBytes,
    url: options.url(attachment.id, file.id),
    messageId: attachment.messageId,
  }));
  return { messages, attachments };
}
