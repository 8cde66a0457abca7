import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { emailOutbox, users } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { OUTBOX_ENQUEUED, signals } from '../../lib/signals.ts';
import type { Mailer, OutgoingMail } from './mailer.ts';
import { asLocale, type Locale } from './html.ts';
import type { EmailContent } from './templates.ts';
import { afterFailure, claimDue, recordAccepted } from './attempts.ts';
import { dropPendingVoucherSms } from './sms-outbox.ts';

/** What a message carries: a voucher's QR and PDF, a gift card's PDF (docs/product/gift-cards.md §3), or a group card (docs/product/group-gifts.md §7). */
export type OutboxAttachments = { voucherId?: string; giftCardId?: string; groupGiftId?: string; qr?: boolean; pdf?: boolean };


type Envelope = {
  to: string;
  template: string;
  /**
   * The reader's language. With `render`, it is the fallback for an address without a Farha account (a gift
   * recipient: the language the purchaser chose); an account's own language always wins.
   */
  locale?: Locale;
  voucherId?: string;
  attachments?: OutboxAttachments;
  sendAt?: Date;
  /** When it is enqueued, from the caller's clock: it is due then unless `sendAt` says later. */
  now: Date;
};

/** The language of the account behind an e-mail address, if there is one. */
export async function accountLocale(db: Queryable, address: string): Promise<Locale | null> {
  const [row] = await db
    .select({ locale: users.locale })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${address.trim()})`)
    .limit(1);
  return row ? asLocale(row.locale) : null;
}

/**
 * Queues an e-mail in the caller's transaction; it is sent once that commits (at `sendAt` at the earliest).
 * Give `render` to write it in the recipient's language (their account's, else `locale`, else French).
 */
export async function enqueueEmail(
  db: Queryable,
  email: Envelope & (EmailContent | { render: (locale: Locale) => EmailContent }),
): Promise<string> {
  const locale = 'render' in email ? ((await accountLocale(db, email.to)) ?? email.locale ?? 'fr') : (email.locale ?? 'fr');
  const content = 'render' in email ? email.render(locale) : email;
  const [row] = await db.insert(emailOutbox).values(outboxRow(email, locale, content)).returning({ id: emailOutbox.id });
  return row!.id;
}

/** The outbox row of a message written in `locale`. */
function outboxRow(email: Envelope, locale: Locale, content: EmailContent) {
  return {
    toAddress: email.to,
    subject: content.subject,
    html: content.html,
    text: content.text,
    template: email.template,
    locale,
    voucherId: email.voucherId,
    attachments: email.attachments ?? {},
    nextAttemptAt: email.sendAt ?? email.now,
    createdAt: email.now,
  };
}

/**
 * enqueueEmail for many messages at once (a company's order, issue 27): the accounts' languages read in one
 * query, the rows written 500 per statement, in the caller's transaction.
 */
export async function enqueueEmails(db: Queryable, emails: readonly (Envelope & { render: (locale: Locale) => EmailContent })[]): Promise<void> {
  if (emails.length === 0) return;
  const addresses = [...new Set(emails.map((e) => e.to.trim().toLowerCase()))];
  const known = new Map<string, Locale>();
  for (let i = 0; i < addresses.length; i += 1000) {
    const chunk = addresses.slice(i, i + 1000);
    const rows = await db
      .select({ email: sql<string>`lower(${users.email})`, locale: users.locale })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, chunk));
    for (const row of rows) known.set(row.email, asLocale(row.locale));
  }
  const values = emails.map((email) => {
    const locale = known.get(email.to.trim().toLowerCase()) ?? email.locale ?? 'fr';
    return outboxRow(email, locale, email.render(locale));
  });
  for (let i = 0; i < values.length; i += 500) await db.insert(emailOutbox).values(values.slice(i, i + 500));
}

/** Scheduled voucher e-mails (and texts) not sent yet are dropped when the voucher is exchanged or cancelled. */
export async function dropPendingVoucherEmails(db: Queryable, voucherId: string, why: string): Promise<void> {
  await dropPendingVoucherSms(db, voucherId, why);
  await db
    .update(emailOutbox)
    .set({ status: 'failed', lastError: why })
    .where(and(eq(emailOutbox.voucherId, voucherId), eq(emailOutbox.status, 'pending'), inArray(emailOutbox.template, ['voucher', 'voucher-resend'])));
}

/** Tells this instance's worker to look now (call after the enqueuing transaction committed). */
export function wakeOutbox(): void {
  signals.emit(OUTBOX_ENQUEUED);
}

type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * What another domain adds to sending, so that notifications never import it (ADR 004): the vouchers
 * domain attaches a voucher's QR and PDF and marks it DELIVERED once the mail server accepted it.
 */
export type MailHooks = {
  /** `locale` is the message's language: the voucher PDF is written in it. */
  attachments: (db: Db, wanted: OutboxAttachments, publicUrl: string, locale: Locale) => Promise<OutgoingMail['attachments']>;
  /** Runs in the transaction that records the message as sent. */
  sent: (tx: Db, row: OutboxRow, now: Date) => Promise<void>;
};

type Deps = {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl: string;
  log: FastifyBaseLogger;
  hooks: MailHooks;
  /** The waits between tries to record a sent message (attempts.ts's RECORD_RETRY_MS; shorter in tests). */
  recordRetryMs?: readonly number[];
};

/**
 * Claims due messages with FOR UPDATE SKIP LOCKED — so that several server instances never send one
 * message twice — and sends them. Returns how many were handled.
 */
export async function processOutbox(deps: Deps): Promise<number> {
  const now = deps.clock.now();
  const ids = await claimDue(deps.db, 'email_outbox', now);
  if (ids.length === 0) return 0;
  const rows = await deps.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
  await Promise.all(rows.map((row) => deliver(deps, row)));
  return rows.length;
}

async function deliver(deps: Deps, row: OutboxRow): Promise<void> {
  let messageId: string;
  try {
    const mail: OutgoingMail = { to: row.toAddress, subject: row.subject, html: row.html, text: row.text, key: row.id };
    const wanted = row.attachments as OutboxAttachments;
    if ((wanted.voucherId || wanted.giftCardId || wanted.groupGiftId) && (wanted.qr || wanted.pdf)) mail.attachments = await deps.hooks.attachments(deps.db, wanted, deps.publicUrl, asLocale(row.locale));
    ({ messageId } = await deps.mailer.send(mail));
  } catch (error) {
    const attempts = row.attempts;
    const { failed, nextAttemptAt } = await afterFailure(deps.db, attempts, deps.clock.now());
    deps.log.warn({ err: error, outboxId: row.id, attempts }, failed ? 'e-mail failed for good' : 'e-mail will be retried');
    await deps.db
      .update(emailOutbox)
      .set({
        status: failed ? 'failed' : 'pending',
        lockedAt: null,
        lastError: String((error as Error).message ?? error).slice(0, 500),
        nextAttemptAt,
      })
      .where(eq(emailOutbox.id, row.id));
    return;
  }
  // The mail server has it: from here on the message is only recorded, never sent again.
  const now = deps.clock.now();
  await recordAccepted(
    () =>
      deps.db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: now, messageId, lockedAt: null, lastError: null })
          .where(eq(emailOutbox.id, row.id));
        await deps.hooks.sent(tx, row, now);
      }),
    deps.recordRetryMs,
  ).catch((error: unknown) => deps.log.error({ err: error, outboxId: row.id }, 'e-mail sent but not recorded: the database did not answer'));
}
