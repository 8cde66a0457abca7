import { openDatabase } from '../src/db/client.ts';
import { prepareEmbeddedDatabase } from '../src/db/prepare.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';

/**
 * A bench's database with the demo data, opened as `npm start` opens it: DATABASE_URL's (seeded here), else
 * the embedded one in `dataDir` — the build's template copied (migrated, empty: the seed is then written
 * here, as on a first start) or made and seeded by a child process.
 */
export async function openBenchDatabase(dataDir: string, databaseUrl = process.env.DATABASE_URL) {
  if (databaseUrl) {
    const database = await openDatabase({ databaseUrl });
    await seedDatabase(database.db, { demo: true });
    return database;
  }
  const seeded = await prepareEmbeddedDatabase(dataDir, { demo: true });
  const database = await openDatabase({ dataDir });
  if (!seeded) await seedDatabase(database.db, { demo: true });
  return database;
}
