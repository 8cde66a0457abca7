import { appliedMigrations, type Db, type Migrations, migrationsPending, ping, shippedMigrations } from '../../db/client.ts';

/** Liveness: the database answers one `select 1` (throws when it does not). */
export async function databaseAnswers(db: Db): Promise<void> {
  await ping(db);
}

/** What readiness compares: the same reading as the start-up's migrator's (db/client.ts). */
export { appliedMigrations, type Migrations, migrationsPending, shippedMigrations };
