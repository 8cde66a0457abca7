import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { newEmbeddedClient, openDatabase } from '../../src/db/client.ts';
import { listBackups } from '../../src/db/scheduled-backup.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { freePort, memoryMailer } from '../helpers.ts';
import { testClock } from '../clock.ts';

/**
 * Issue 39: the server (server.ts, `jobsStart: 'listen'`) runs its jobs first a moment after it listens, so that
 * a restarted instance answers its readiness probe without waiting behind their first runs. They still run
 * at start: here the scheduled backup, one of them, is taken once the server listens and not before.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-jobs-start-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('the jobs of a server that starts them when it listens', () => {
  it('run nothing before it listens, and their first runs once it does', async () => {
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(path.join(dataDir, 'db'), { recursive: true });
    const database = await openDatabase({ pglite: newEmbeddedClient(path.join(dataDir, 'db'), { loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]) }) });
    const port = await freePort();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JOBS: 'true', BACKUP_KEEP_DAYS: '2', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    const app = await buildApp({ config, database, clock: testClock(), logger: false, mailer: memoryMailer(), jobsStart: 'listen' });
    const backups = () => listBackups(path.join(dataDir, 'backups')).length;
    try {
      await app.ready();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(backups(), 'a job ran before the server listened').toBe(0);

      await app.listen({ port, host: '127.0.0.1' });
      for (let i = 0; i < 200 && backups() === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(backups()).toBe(1);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
