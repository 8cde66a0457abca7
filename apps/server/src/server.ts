import fs from 'node:fs';
import path from 'node:path';
import type { Server } from 'node:http';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './db/data-dir-lock.ts';
import { prepareEmbeddedDatabase } from './db/prepare.ts';
import { logDestination } from './lib/log-destination.ts';
import { seedDatabase } from './db/seed/seed.ts';
import { localDiskStorage } from './modules/files/index.ts';
import { startMetricsServer } from './modules/metrics/index.ts';

// Start-up phases, printed with the "running" line (and by `BENCH_ONLY=process npm run bench`): performance.now()
// counts from the process's start. modules: loading the code; prepare: a fresh DATA_DIR's database from the
// build's template; database: starting PGlite or connecting; migrations: checking (and applying) them; seed;
// app: building the routes; listen.
const startup: Record<string, number> = { modules: Math.round(performance.now()) };
const phaseDone = (name: string, ms?: number) => (startup[name] = ms ?? Math.round(performance.now() - Object.values(startup).reduce((a, b) => a + b, 0)));

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

// A fresh embedded database starts from the build's migrated template (or is made in a child process,
// db/prepare.ts); an existing one is opened once, here, and brought up to date. Seeding is idempotent and
// skipped when this seed already ran on the database (its fingerprint is stored with it).
const freshEmbedded = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'db', 'PG_VERSION'));
const seeded = freshEmbedded && (await prepareEmbeddedDatabase(config.dataDir, { demo: config.demoMode }));
phaseDone('prepare');
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
phaseDone('database', database.openedMs?.connect);
phaseDone('migrations');
if (!seeded) await seedDatabase(database.db, { demo: config.demoMode, storage: localDiskStorage(config.dataDir), once: true });
phaseDone('seed');
// Log lines to standard output without ever blocking on it (a reader that stopped reading would otherwise
// freeze the process, shutdown included).
const logOutput = logDestination();
// The jobs run first a moment after the server listens: readiness does not wait behind them (app.ts).
const app = await buildApp({ config, database, logStream: logOutput, jobsStart: 'listen' });
phaseDone('app');

/**
 * Graceful shutdown (SIGTERM from an orchestrator, SIGINT from a terminal): stop accepting connections,
 * let the requests in flight and the running job finish (app.close: Fastify answers them, the jobs'
 * onClose hook waits for the run in progress), close the database, release the DATA_DIR lock, give the
 * last log lines a moment to leave (not more: nobody may be reading them), exit 0.
 * A shutdown that hangs ends after SHUTDOWN_TIMEOUT_MS with exit code 1.
 */
const SHUTDOWN_TIMEOUT_MS = 25_000;
const LOG_FLUSH_MS = 2_000;
let metricsServer: Server | undefined;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const timer = setTimeout(() => {
    app.log.error('shutdown took too long: exiting');
    void logOutput.flush(LOG_FLUSH_MS / 2).finally(() => process.exit(1));
  }, SHUTDOWN_TIMEOUT_MS - LOG_FLUSH_MS / 2);
  timer.unref();
  try {
    await app.close();
    await new Promise((resolve) => (metricsServer ? metricsServer.close(resolve) : resolve(undefined)));
    await database.close();
    lock?.release();
    app.log.info({ droppedLogLines: logOutput.dropped() }, 'stopped');
    await logOutput.flush(LOG_FLUSH_MS);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// Fastify would log "Server listening at" once per interface, 127.0.0.1 first: a visitor opening that
// address instead of PUBLIC_URL gets a session on a host name the payment return does not come back to.
// Only the one address Farha serves is printed (other host names are redirected to it, lib/http.ts).
const appLog = app.log;
app.log = appLog.child({}, { level: 'warn' });
try {
  await app.listen({ port: config.port, host: config.host });
} finally {
  app.log = appLog;
}
if (config.metricsPort) metricsServer = await startMetricsServer(app.metrics, config.metricsPort, config.host);
phaseDone('listen');
app.log.info(
  { startupMs: startup, url: config.publicUrl, listen: `${config.host}:${config.port}`, database: database.kind, demoMode: config.demoMode, dataDir: config.dataDir },
  `Farha is running at ${config.publicUrl}`,
);
