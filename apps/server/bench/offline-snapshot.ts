/**
 * `npm run bench:offline` (issue 26): the sizes of the partner phone's offline snapshot, as the server sends
 * them (gzip and brotli), for BENCH_OFFLINE_VOUCHERS redeemable vouchers (10 000) and a delta of
 * BENCH_OFFLINE_CHANGES changes (100); goals 1 MB and 10 KB compressed. Prints its figures, asserts nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { OFFLINE_SNAPSHOT_PAGE } from '@farha/contracts/offline';
import { rowsOf } from '../src/db/client.ts';
import { openBenchDatabase } from './database.ts';
import { DEMO_PARTNER_SLUG, DEMO_VOUCHER_BOX_SLUG } from '../src/db/seed/catalog-data.ts';
import { seedBoxId, seedPartnerId } from '../src/db/seed/seed.ts';
import { systemClock } from '../src/lib/clock.ts';
import { offlineSnapshot } from '../src/modules/vouchers/index.ts';

// `npm run bench` runs this after run.ts: BENCH_ONLY (process, catalogue) stops before it.
if (process.env.BENCH_ONLY) process.exit(0);

const VOUCHERS = Number(process.env.BENCH_OFFLINE_VOUCHERS ?? 10_000);
const CHANGES = Number(process.env.BENCH_OFFLINE_CHANGES ?? 100);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-bench-offline-'));
// The embedded database whatever DATABASE_URL says: the sizes are the snapshot's, not the server's.
const database = await openBenchDatabase(dataDir, '');
const db = database.db;
const start = systemClock.now();
const boxId = seedBoxId(DEMO_VOUCHER_BOX_SLUG);
const [partner] = await rowsOf<{ id: string; active: boolean }>(db, sql`select id, active from partners where id = ${seedPartnerId(DEMO_PARTNER_SLUG)}`);
// Issue 32: every snapshot is recorded for the user it is issued to.
const [member] = await rowsOf<{ userId: string }>(db, sql`select user_id as "userId" from partner_members where partner_id = ${partner!.id} limit 1`);
const userId = member!.userId;

// Vouchers like the demo customer's, with codes of their own (the check constraint's format), all redeemable.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ3789';
const code = (n: number) => {
  let s = '';
  for (let i = 0, x = n * 7919 + 104729; i < 12; i++, x = Math.floor(x / ALPHABET.length) + i * 131) s += ALPHABET[x % ALPHABET.length];
  return `FRH-${s.slice(0, 4)}-${s.slice(4, 8)}-${s.slice(8)}`;
};
const existing = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from vouchers where box_id = ${boxId}`);
const codes = [...new Set(Array.from({ length: VOUCHERS * 2 }, (_, i) => code(i + 1)))].slice(0, VOUCHERS - existing[0]!.n);
for (let i = 0; i < codes.length; i += 5000) {
  await db.execute(sql`insert into vouchers (code, box_id, purchaser_id, recipient_email, recipient_name, status, face_value, expires_at, created_at, updated_at)
    select c, ${boxId}, t.purchaser_id, t.recipient_email, t.recipient_name, 'DELIVERED', t.face_value, ${new Date(start.getTime() + 365 * 86_400_000).toISOString()}::timestamptz, ${start.toISOString()}::timestamptz, ${start.toISOString()}::timestamptz
    from jsonb_array_elements_text((${JSON.stringify(codes.slice(i, i + 5000))}::text)::jsonb) c,
      (select purchaser_id, recipient_email, recipient_name, face_value from vouchers where box_id = ${boxId} limit 1) t
    on conflict do nothing`);
}

const sizes = (text: string) => ({
  raw: Buffer.byteLength(text),
  gzip: zlib.gzipSync(text, { level: 6 }).length,
  br: zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
});
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let full = '';
let entries = 0;
let after: string | undefined;
let cursor = '';
let scope = '';
const fullStarted = performance.now();
do {
  const page = await offlineSnapshot(db, { partner: partner!, userId, after, now: start, signingSeed: undefined });
  const payload = JSON.parse(page.payload) as { entries: unknown[]; next: string | null; cursor: string; scope: string };
  full += JSON.stringify(page);
  entries += payload.entries.length;
  after = payload.next ?? undefined;
  cursor = payload.cursor;
  scope = payload.scope;
} while (after);
const fullMs = performance.now() - fullStarted;

// CHANGES vouchers redeemed a minute later (status and event rows as a scan writes them), then the delta.
const later = new Date(start.getTime() + 60_000);
await db.execute(sql`with changed as (
    update vouchers set status = 'REDEEMED', redeemed_at = ${later.toISOString()}::timestamptz
    where id in (select id from vouchers where box_id = ${boxId} and status = 'DELIVERED' limit ${CHANGES}) returning id)
  insert into voucher_events (voucher_id, from_status, to_status, actor_role, reason, created_at)
  select id, 'DELIVERED', 'REDEEMED', 'partner', 'bench', ${later.toISOString()}::timestamptz from changed`);
const deltaStarted = performance.now();
const delta = await offlineSnapshot(db, { partner: partner!, userId, since: cursor, scope, now: new Date(later.getTime() + 60_000), signingSeed: undefined });
const deltaMs = performance.now() - deltaStarted;
const deltaPayload = JSON.parse(delta.payload) as { kind: string; entries: unknown[] };

const f = sizes(full);
const d = sizes(JSON.stringify(delta));
console.log(`Offline snapshot (issue 26), embedded database, pages of ${OFFLINE_SNAPSHOT_PAGE}`);
console.log(`  full: ${entries} vouchers in ${Math.ceil(entries / OFFLINE_SNAPSHOT_PAGE)} page(s), ${fullMs.toFixed(0)} ms: raw ${kb(f.raw)}, gzip ${kb(f.gzip)}, br ${kb(f.br)} (goal ≤ 1024 KB compressed)`);
console.log(`  delta: ${deltaPayload.kind}, ${deltaPayload.entries.length} changes, ${deltaMs.toFixed(0)} ms: raw ${kb(d.raw)}, gzip ${kb(d.gzip)}, br ${kb(d.br)} (goal ≤ 10 KB compressed)`);
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
