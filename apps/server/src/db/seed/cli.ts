/**
 * `npm run db:seed` (compiled to apps/server/dist/seed.js: `node apps/server/dist/seed.js` in the image): opens
 * the database (PGlite under DATA_DIR, or DATABASE_URL), applies migrations and
 * seeds it. Demo data unless DEMO_MODE=false; by default only with the embedded database.
 * npm runs this with cwd apps/server: a relative DATA_DIR is resolved against the directory npm was
 * started from (INIT_CWD), i.e. the repository root.
 */
import path from 'node:path';
import { openDatabase } from '../client.ts';
import { acquireDataDirLock } from '../data-dir-lock.ts';
import { localDiskStorage } from '../../modules/files/index.ts';
import { seedCounts, seedDatabase } from './seed.ts';

function parseBool(value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  return ['true', '1', 'yes'].includes(value.toLowerCase());
}

async function main(): Promise<void> {
  const base = process.env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, process.env.DATA_DIR ?? './data');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const demo = parseBool(process.env.DEMO_MODE) ?? !databaseUrl;

  // The embedded database serves one process: refused while a server runs on this DATA_DIR.
  const lock = databaseUrl ? undefined : acquireDataDirLock(dataDir);
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    const started = Date.now();
    await seedDatabase(database.db, { demo, storage: localDiskStorage(dataDir) });
    const counts = await seedCounts(database.db);
    const where = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
    console.log(`Seed applied to ${where}, demo ${demo ? 'on' : 'off'}, in ${Date.now() - started} ms.`);
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(22)} ${n}`);
  } finally {
    await database.close();
    lock?.release();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error && err.name === 'DataDirLockedError' ? err.message : err);
  process.exitCode = 1;
});
