import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { eq } from 'drizzle-orm';
import { newEmbeddedClient, openDatabase } from '../../src/db/client.ts';
import { backupEmbedded, restoreEmbedded } from '../../src/db/backup.ts';
import { LOCK_FILE } from '../../src/db/data-dir-lock.ts';
import { newsletterSubscriptions, users } from '../../src/db/schema/index.ts';
import { backupFileName, listBackups, runScheduledBackup } from '../../src/db/scheduled-backup.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { DAY_MS, HOUR_MS } from '../../src/lib/clock.ts';
import { memoryMailer } from '../helpers.ts';
import { TEST_START, testClock } from '../clock.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-backup-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('db:backup and db:restore (embedded database)', () => {
  it('backs up a data folder and restores it into a new one, refusing to overwrite or to run beside a server', async () => {
    // A data folder with a database of its own (the seeded template) and a row written after.
    const source = path.join(root, 'source');
    fs.mkdirSync(path.join(source, 'db'), { recursive: true });
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    const original = await openDatabase({ pglite: newEmbeddedClient(path.join(source, 'db'), { loadDataDir: template }) });
    await original.db.insert(newsletterSubscriptions).values({ email: 'sauvegarde@example.dz', createdAt: new Date() });
    await original.close();

    const file = path.join(root, 'backups', 'farha.tar.gz');
    const size = await backupEmbedded(source, file);
    expect(size).toBeGreaterThan(100_000);
    expect(fs.statSync(file).size).toBe(size);
    expect(fs.existsSync(path.join(source, LOCK_FILE))).toBe(false);

    const target = path.join(root, 'restored');
    await restoreEmbedded(file, target);
    const restored = await openDatabase({ dataDir: target });
    try {
      const rows = await restored.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, 'sauvegarde@example.dz'));
      expect(rows).toHaveLength(1);
      expect((await restored.db.select().from(users).where(eq(users.email, 'client@demo.farha.dz'))).length).toBe(1);
    } finally {
      await restored.close();
    }

    // Never over an existing database, never beside a running process.
    await expect(restoreEmbedded(file, target)).rejects.toThrow(/already holds a database/);
    fs.writeFileSync(path.join(source, LOCK_FILE), `${process.ppid}\n`);
    await expect(backupEmbedded(source, path.join(root, 'other.tar.gz'))).rejects.toThrow(/in use by another Farha process/);
    fs.rmSync(path.join(source, LOCK_FILE));
  }, 120_000);

  it('writes nothing to the data folder it backs up (run as root on the host, a file it rewrote would be root-owned and stop the container’s server)', async () => {
    const source = path.join(root, 'untouched');
    fs.mkdirSync(path.join(source, 'db'), { recursive: true });
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    await (await openDatabase({ pglite: newEmbeddedClient(path.join(source, 'db'), { loadDataDir: template }) })).close();

    /** Every file and folder under `dir` with what a write changes: size, modification time, inode. */
    const snapshot = (dir: string): Record<string, string> => {
      const entries: Record<string, string> = {};
      const visit = (rel: string) => {
        const stat = fs.statSync(path.join(dir, rel));
        entries[rel] = `${stat.size} ${stat.mtimeMs} ${stat.ino}`;
        if (stat.isDirectory()) for (const name of fs.readdirSync(path.join(dir, rel))) visit(path.join(rel, name));
      };
      visit('.');
      return entries;
    };
    const before = snapshot(source);
    const file = path.join(root, 'untouched.tar.gz');
    await backupEmbedded(source, file);
    expect(snapshot(source)).toEqual(before);

    // The backup is whole all the same: it restores.
    const target = path.join(root, 'untouched-restored');
    await restoreEmbedded(file, target);
    const restored = await openDatabase({ dataDir: target });
    try {
      expect((await restored.db.select().from(users).where(eq(users.email, 'client@demo.farha.dz'))).length).toBe(1);
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe('scheduled backups taken by the running server (embedded database)', () => {
  it('writes one every interval into DATA_DIR/backups and keeps them N days, by the injected clock', async () => {
    const dir = path.join(root, 'schedule', 'backups');
    const clock = testClock();
    let dumps = 0;
    const dump = async () => {
      dumps += 1;
      return new Blob([`backup ${dumps}`]);
    };
    const pass = () => runScheduledBackup({ dir, dump, now: clock.now(), everyMs: 24 * HOUR_MS, keepDays: 3 });

    expect((await pass()).written).toBe(path.join(dir, backupFileName(clock.now())));
    clock.advance(23 * HOUR_MS);
    expect((await pass()).written).toBeNull();
    for (let day = 1; day <= 6; day++) {
      clock.set(new Date(TEST_START.getTime() + day * DAY_MS));
      await pass();
    }
    // Days 0 to 6 were taken; with 3 days kept, days 3 (exactly 3 days old), 4, 5 and 6 remain.
    const kept = listBackups(dir).map((b) => (b.takenAt.getTime() - TEST_START.getTime()) / DAY_MS);
    expect(kept).toEqual([3, 4, 5, 6]);
    expect(dumps).toBe(7);
    expect(fs.readFileSync(listBackups(dir).at(-1)!.file, 'utf8')).toBe('backup 7');
    expect(fs.readdirSync(dir).some((name) => name.endsWith('.partial'))).toBe(false);
  });

  it('is taken by the server at start, restores into a new folder with the same accounts, and is configured at start-up', async () => {
    const dataDir = path.join(root, 'live');
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const template = new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
    const database = await openDatabase({ pglite: newEmbeddedClient(path.join(dataDir, 'db'), { loadDataDir: template }) });
    const clock = testClock();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JOBS: 'true', BACKUP_KEEP_DAYS: '2' });
    const app = await buildApp({ config, database, clock, logger: false, mailer: memoryMailer() });
    try {
      const dir = path.join(dataDir, 'backups');
      for (let i = 0; i < 200 && listBackups(dir).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const [backup] = listBackups(dir);
      expect(backup?.takenAt.toISOString()).toBe(clock.now().toISOString().replace(/\.\d{3}Z$/, '.000Z'));
      const target = path.join(root, 'live-restored');
      await restoreEmbedded(backup!.file, target);
      const restored = await openDatabase({ dataDir: target });
      try {
        const count = async (db: typeof restored.db) => (await db.select({ id: users.id }).from(users)).length;
        expect(await count(restored.db)).toBe(await count(database.db));
      } finally {
        await restored.close();
      }
    } finally {
      await app.close();
      await database.close();
    }
    expect(() => loadConfig({ BACKUP_KEEP_DAYS: 'a week' })).toThrow(/BACKUP_KEEP_DAYS/);
    expect(() => loadConfig({ BACKUP_KEEP_DAYS: '-1' })).toThrow(/BACKUP_KEEP_DAYS/);
    expect(loadConfig({}).backupKeepDays).toBe(7);
  }, 120_000);
});
