import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock.ts';
import { prepareEmbeddedDatabase } from './db/prepare.ts';
import { seedDatabase } from './db/seed/seed.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

// One process per DATA_DIR with the embedded database (a second one would corrupt its files).
let lock: DataDirLock | undefined;
if (!config.databaseUrl) {
  try {
    lock = acquireDataDirLock(config.dataDir);
  } catch (error) {
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  }
  process.on('exit', () => lock?.release());
}

// Seeding is idempotent: settings and FAQ always, the demo catalogue and accounts in demo mode.
if (!config.databaseUrl) await prepareEmbeddedDatabase(config.dataDir, { demo: config.demoMode });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (config.databaseUrl) await seedDatabase(database.db, { demo: config.demoMode });
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: config.publicUrl, database: database.kind, demoMode: config.demoMode, dataDir: config.dataDir },
  'Farha is running',
);
