import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_DIR, ping, rowsOf } from '../../db/client.ts';

/** A set of migrations: how many, and the newest one's timestamp (drizzle-kit's `when`, in milliseconds). */
export type Migrations = { count: number; newest: number };

/** The migrations this build ships (drizzle-kit's journal). */
export function shippedMigrations(): Migrations {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, newest: Math.max(0, ...journal.entries.map((entry) => entry.when)) };
}

/** Liveness: the database answers one `select 1` (throws when it does not). */
export async function databaseAnswers(db: Db): Promise<void> {
  await ping(db);
}

/** The migrations the database has applied (drizzle's own table); throws when the database does not answer. */
export async function appliedMigrations(db: Db): Promise<Migrations | null> {
  const [applied] = await rowsOf<{ n: number; newest: string | null }>(
    db,
    sql`select count(*)::int as n, max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return applied ? { count: Number(applied.n), newest: Number(applied.newest ?? 0) } : null;
}

/** Readiness: the database has every migration this build ships (none missing, none newer on our side). */
export function migrationsPending(applied: Migrations | null, shipped: Migrations): boolean {
  return !applied || applied.count < shipped.count || applied.newest < shipped.newest;
}
