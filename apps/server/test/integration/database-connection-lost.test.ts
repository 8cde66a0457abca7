import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ping, rowsOf } from '../../src/db/client.ts';
import { openTestDatabase, type TestDatabase } from '../helpers.ts';

/**
 * Issue 39's soak: PostgreSQL restarted (`pg_ctl stop -m fast`) while requests held connections in their
 * transactions, and two of three instances ended with « Unhandled 'error' event » from node-postgres: a
 * connection lost while checked out of the pool had no listener. The request fails; the instance lives on.
 * PostgreSQL only: the embedded database has no connection to lose.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a database connection lost in the middle of a transaction', () => {
  it('fails that transaction, and the server goes on with a new connection', async () => {
    const transaction = database.db.transaction(async (tx) => {
      const [own] = await rowsOf<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      // What a database restart does to every connection: the server ends it.
      const admin = new pg.Client({ connectionString: database.url! });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [own!.pid]);
      await admin.end();
      // The connection's end reaches the client while the transaction holds it between two queries.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(sql`select 1`);
    });

    await expect(transaction).rejects.toThrow();
    await expect(ping(database.db)).resolves.toBeUndefined();
  });
});
