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
});
