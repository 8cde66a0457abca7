import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';
import { emailOutbox, smsOutbox } from '../../src/db/schema/index.ts';
import { createMailer, enqueueEmail, processOutbox, processSmsOutbox, type SmsProvider } from '../../src/modules/notifications/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { memoryMailer, openTestDatabase, type TestDatabase } from '../helpers.ts';
import { testClock } from '../clock.ts';

/**
 * Issue 39's soak: the database restarted while the outbox was sending, and e-mails the mail server had
 * accepted were queued again (the failed record was taken for a failed send). A message the provider
 * accepted is recorded once the database answers again, and never sent twice.
 */
const clock = testClock();
let database: TestDatabase;
const log = { warn: () => undefined, error: () => undefined } as never;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A query on a lost connection: any chain of calls (`update(t).set(…).where(…)`) that rejects once awaited. */
function lostQuery(): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) => (key === 'then' ? (_resolve: unknown, reject: (error: Error) => void) => reject(new Error('Connection terminated unexpectedly')) : lostQuery()),
    apply: () => lostQuery(),
  });
}

/** The database, whose next `failures` calls of `method` fail as on a lost connection. */
function losingWrites(db: Db, failures: number, method: 'transaction' | 'update'): Db {
  return new Proxy(db, {
    get(target, key) {
      if (key === method && failures > 0) {
        failures--;
        return lostQuery();
      }
      const value = Reflect.get(target, key, target) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe('a message sent while the database is lost', () => {
  it('an e-mail the mail server accepted is recorded once the database is back, and not sent again', async () => {
    const db = database.db;
    const id = await enqueueEmail(db, { to: 'soak@example.dz', template: 'test', subject: 'Bonjour', html: '<p>Bonjour</p>', text: 'Bonjour', now: clock.now() });
    const mailer = memoryMailer();
    const deps = { mailer, clock, publicUrl: 'http://farha.test', log, hooks: voucherMailHooks, recordRetryMs: [0, 0, 0] };

    await processOutbox({ ...deps, db: losingWrites(db, 2, 'transaction') });
    clock.advance(10 * 60_000);
    await processOutbox({ ...deps, db });

    expect(mailer.sent.filter((m) => m.to === 'soak@example.dz')).toHaveLength(1);
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lockedAt: null });
    expect(row!.messageId).toBeTruthy();
  });

  it('an e-mail accepted just before its instance died is the same message when sent again: the mailbox holds it once', async () => {
    const db = database.db;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-mail-'));
    const id = await enqueueEmail(db, { to: 'killed@example.dz', template: 'test', subject: 'Votre coffret', html: '<p>Bonjour</p>', text: 'Bonjour', now: clock.now() });
    const fileMailer = createMailer({ smtpUrl: undefined, mailFrom: 'Farha <noreply@farha.dz>', dataDir });
    const messageIds: string[] = [];
    const mailer = { ...fileMailer, send: async (mail: Parameters<typeof fileMailer.send>[0]) => {
      const accepted = await fileMailer.send(mail);
      messageIds.push(accepted.messageId);
      return accepted;
    } };
    const deps = { mailer, clock, publicUrl: 'http://farha.test', log, hooks: voucherMailHooks };

    // The record never reaches the database (as when SIGKILL ends the instance right after the mail server's
    // answer): the row stays `sending` until its lock is stale, then another run claims it and sends it again.
    await processOutbox({ ...deps, db: losingWrites(db, 1, 'transaction'), recordRetryMs: [] });
    clock.advance(10 * 60_000);
    await processOutbox({ ...deps, db });

    expect(messageIds).toHaveLength(2);
    expect(messageIds[1]).toBe(messageIds[0]);
    expect(messageIds[0]).toBe(`<${id}@farha.dz>`);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toEqual([`${id}.eml`]);
    expect(fs.readFileSync(path.join(dataDir, 'mail', files[0]!), 'utf8')).toMatch(new RegExp(`^Message-ID: <${id}@farha.dz>`, 'im'));
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, messageId: `<${id}@farha.dz>` });
    fileMailer.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('a text the provider accepted is recorded once the database is back, and not sent again', async () => {
    const db = database.db;
    const sent: string[] = [];
    const sms: SmsProvider = {
      kind: 'file',
      acceptedStatus: 'written',
      send: (text) => {
        sent.push(text.to);
        return Promise.resolve({ providerId: `file:soak-${sent.length}` });
      },
    };
    const [queued] = await db
      .insert(smsOutbox)
      .values({ toNumber: '+213770123456', body: 'Votre coffret Farha', kind: 'gift', encoding: 'GSM-7', segments: 1, plannedAt: clock.now(), nextAttemptAt: clock.now(), createdAt: clock.now() })
      .returning({ id: smsOutbox.id });

    await processSmsOutbox({ db: losingWrites(db, 2, 'update'), sms, clock, log, recordRetryMs: [0, 0, 0] });
    clock.advance(10 * 60_000);
    await processSmsOutbox({ db, sms, clock, log });

    expect(sent).toEqual(['+213770123456']);
    const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.id, queued!.id));
    expect(row).toMatchObject({ status: 'written', providerId: 'file:soak-1', attempts: 1 });
  });
});
