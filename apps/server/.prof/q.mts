import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.ts';
import { users, sessions } from '../src/db/schema/index.ts';
import { seedDatabase } from '../src/db/seed/seed.ts';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-q-'));
const database = await openDatabase({ dataDir });
await seedDatabase(database.db, { demo: true });
const db = database.db;
async function time(name: string, n: number, f: () => Promise<unknown>) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await f();
  console.log(name, ((performance.now() - t0) / n).toFixed(2), 'ms');
}
await time('select 1', 200, () => db.execute(sql`select 1`));
await time('users by email', 200, () => db.select().from(users).where(eq(users.email, 'client@demo.farha.dz')));
await time('sessions by hash', 200, () => db.select().from(sessions).where(eq(sessions.tokenHash, 'x')));
await time('empty tx', 50, () => db.transaction(async (tx) => { await tx.execute(sql`select 1`); }));
await time('insert', 50, () => db.execute(sql`insert into notifications (user_id, kind, title) select id, 'x', 'y' from users limit 1`));
await database.close();
process.exit(0);
