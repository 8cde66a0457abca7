import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { queryTimings } from '../lib/samples.ts';
import * as schema from './schema/index.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** How long opening took (server.ts's start-up phases): connecting or starting PGlite, then the migrations. */
  openedMs?: { connect: number; migrations: number };
  /** The embedded database's data folder as a gzipped tarball, taken while it runs (scheduled backups). */
  dumpDataDir?: () => Promise<Blob>;
};

export { MIGRATIONS_DIR };

/**
 * PGlite's defaults plus a smaller buffer cache: Postgres' 128 MB of shared_buffers live in the WASM
 * heap and are touched at start (≈ 115 MB more resident memory); the data files stay in the OS page
 * cache anyway, so 16 MB costs the catalogue and scan figures nothing measurable (`npm run bench`).
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

// drizzle-orm/pglite reads dates, timestamps and intervals as text (it converts them itself) and says so
// with a `parsers` option on every query, which PGlite merges with its ~320 type parsers each time
// (≈ 0.2 ms and ~150 KB of garbage per query). Installed once on the client instead, and dropped from
// the queries of clients made here.
const asText = (value: string) => value;
const DRIZZLE_PARSERS: NonNullable<PGliteOptions['parsers']> = Object.fromEntries(
  // timestamp, timestamptz, interval, date, and their arrays; numeric[]
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1115, 1185, 1187, 1182, 1231].map((oid) => [oid, asText]),
);
const withDrizzleParsers = new WeakSet<object>();

/** An embedded database client for openDatabase: `dataDir` on disk, in memory without one. */
export function newEmbeddedClient(dataDir?: string, options: PGliteOptions = {}): PGlite {
  // pg_trgm: the trigram indexes of the searches (`ilike '%…%'`), as on PostgreSQL; btree_gin: a partner's
  // search in one index (partner and trigrams).
  const settings: PGliteOptions = { startParams: EMBEDDED_START_PARAMS, extensions: { pg_trgm, btree_gin }, ...options, parsers: DRIZZLE_PARSERS };
  const client = dataDir ? new PGlite(dataDir, settings) : new PGlite(settings);
  withDrizzleParsers.add(client);
  return client;
}

/** Issue 13: the back office's "database query time" is the duration of the queries this process ran. */
function timed<T>(result: T): T {
  if (!(result instanceof Promise)) return result;
  const started = performance.now();
  return result.finally(() => queryTimings.add(performance.now() - started)) as T;
}

type QueryClient = { query: (...args: unknown[]) => unknown; transaction: (fn: (tx: never) => unknown) => unknown };

/** The client as drizzle sees it: the same, minus the per-query parsers (see DRIZZLE_PARSERS). */
function sharingParsers<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      const c = target as unknown as QueryClient;
      if (key === 'query') {
        return (text: string, params?: unknown[], options?: Record<string, unknown>) => timed(c.query(text, params, options ? { ...options, parsers: undefined } : options));
      }
      if (key === 'transaction') return (fn: (tx: object) => unknown) => c.transaction((tx: never) => fn(sharingParsers(tx as object)));
      const value = Reflect.get(target, key, target) as unknown;
      // PGlite keeps its state in private fields: its methods run on the client itself.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export type OpenOptions = { databaseUrl?: string; dataDir?: string; pglite?: PGlite; poolSize?: number };

/** The migrations this build ships (drizzle-kit's journal): how many, and the newest one's timestamp (`when`, ms). */
export type Migrations = { count: number; newest: number };

export function shippedMigrations(): Migrations {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return { count: journal.entries.length, newest: Math.max(0, ...journal.entries.map((entry) => entry.when)) };
}

/** The migrations the database has applied (drizzle's own table); throws when the database does not answer or has none. */
export async function appliedMigrations(db: Queryable): Promise<Migrations | null> {
  const [applied] = await rowsOf<{ n: number; newest: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return applied ? { count: Number(applied.n), newest: Number(applied.newest ?? 0) } : null;
}

/** The database lacks a migration this build ships (none missing, none newer on our side, or it is up to date). */
export function migrationsPending(applied: Migrations | null, shipped: Migrations): boolean {
  return !applied || applied.count < shipped.count || applied.newest < shipped.newest;
}

/**
 * Whether the migrator has anything to do: one query instead of drizzle's reading and hashing every migration
 * file, creating its schema and table "if not exists" and an empty transaction, at every start (a restart is
 * quicker; N instances starting together do not queue for the migration lock). A database without drizzle's
 * table yet answers "pending".
 */
async function upToDate(db: Db, shipped: Migrations): Promise<boolean> {
  try {
    return !migrationsPending(await appliedMigrations(db), shipped);
  } catch {
    return false;
  }
}

/** Opens PGlite under `<dataDir>/db` or PostgreSQL at `databaseUrl`, and applies pending migrations. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const started = performance.now();
  const shipped = shippedMigrations();
  if (options.databaseUrl) {
    // Loaded only here: an embedded start never needs the PostgreSQL driver.
    const { default: pgDriver } = await import('pg');
    const pool = new pgDriver.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server closes (restart, failover) must not crash the process; the pool reconnects.
    pool.on('error', (error) => console.error('PostgreSQL pool connection lost:', error.message));
    // Nor one lost while a request holds it (a transaction during a restart): that request's queries fail,
    // the pool drops the client at its release. Without a listener node-postgres would end the process.
    pool.on('connect', (client) => client.on('error', (error) => console.error('PostgreSQL connection lost in use:', error.message)));
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => timed(query(...args));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    const connected = performance.now();
    try {
      if (!(await upToDate(drizzlePg(client, { schema }) as unknown as Db, shipped))) {
        // Several instances may start at once: one migrates, the others wait.
        await client.query('select pg_advisory_lock(724100)');
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('select pg_advisory_unlock(724100)').catch(() => undefined);
        }
      }
    } finally {
      client.release();
    }
    return { db, kind: 'postgres', close: () => pool.end(), openedMs: openedMs(started, connected) };
  }
  let client = options.pglite;
  if (!client) {
    if (!options.dataDir) throw new Error('dataDir is required for the embedded database');
    const dir = path.join(options.dataDir, 'db');
    fs.mkdirSync(dir, { recursive: true });
    client = newEmbeddedClient(dir);
  }
  await client.waitReady;
  const connected = performance.now();
  const driver = withDrizzleParsers.has(client) ? sharingParsers(client) : client;
  const db = drizzlePglite(driver, { schema }) as unknown as Db;
  if (!(await upToDate(db, shipped))) await migratePglite(drizzlePglite(driver, { schema }), { migrationsFolder: MIGRATIONS_DIR });
  const owned = client;
  return {
    db,
    kind: 'pglite',
    close: () => owned.close(),
    dumpDataDir: async () => (await owned.dumpDataDir('gzip')) as Blob,
    openedMs: openedMs(started, connected),
  };
}

const openedMs = (started: number, connected: number) => ({ connect: Math.round(connected - started), migrations: Math.round(performance.now() - connected) });

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The rows of a raw statement (both drivers answer `{ rows }`); for what the query builder cannot say. */
/**
 * Issue 39: whether an error means the database cannot be reached right now (stopped, restarting, failing
 * over, the network gone), not that a statement failed: SQLSTATE class 08 (connection exception), 57P01–03
 * (shut down, or starting up), the socket's errors, node-postgres' lost connection. Read through the error's
 * causes (Drizzle wraps the driver's error).
 */
export function databaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (/^08/.test(code) || /^57P0[123]$/.test(code) || UNREACHABLE_SOCKET.has(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGE.test(message)) return true;
  }
  return false;
}
const UNREACHABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNREACHABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export async function rowsOf<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
