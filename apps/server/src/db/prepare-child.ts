/**
 * The short-lived child of prepare.ts: migrates and seeds the embedded database of DATA_DIR, then exits.
 * `template`: migrates only (scripts/build.mjs makes the fresh DATA_DIRs' template this way).
 */
import { openDatabase } from './client.ts';
import { seedDatabase } from './seed/seed.ts';
import { localDiskStorage } from '../modules/files/index.ts';

async function main(dataDir: string, mode: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    if (mode !== 'template') await seedDatabase(database.db, { demo: mode === 'demo', storage: localDiskStorage(dataDir) });
  } finally {
    await database.close();
  }
}

main(process.argv[2]!, process.argv[3] ?? 'base').catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
