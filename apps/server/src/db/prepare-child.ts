/** The short-lived child of prepare.ts: migrates and seeds the embedded database of DATA_DIR, then exits. */
import { openDatabase } from './client.ts';
import { seedDatabase } from './seed/seed.ts';
import { localDiskStorage } from '../modules/files/index.ts';

async function main(dataDir: string, demo: boolean): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await seedDatabase(database.db, { demo, storage: localDiskStorage(dataDir) });
  } finally {
    await database.close();
  }
}

main(process.argv[2]!, process.argv[3] === 'demo').catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
