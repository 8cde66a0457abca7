import { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path';
async function time(name: string, n: number, f: () => Promise<unknown>) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await f();
  console.log(name, ((performance.now() - t0) / n).toFixed(3), 'ms');
}
const mem = new PGlite();
await mem.query('create table t (id serial primary key, v text)');
await time('mem select 1', 300, () => mem.query('select 1'));
await time('mem insert', 300, () => mem.query("insert into t (v) values ('x')"));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgl-'));
const disk = new PGlite(dir);
await disk.query('create table t (id serial primary key, v text)');
await time('disk select 1', 300, () => disk.query('select 1'));
await time('disk insert', 300, () => disk.query("insert into t (v) values ('x')"));
const relaxed = new PGlite(fs.mkdtempSync(path.join(os.tmpdir(), 'pgl-')), { relaxedDurability: true });
await relaxed.query('create table t (id serial primary key, v text)');
await time('relaxed select 1', 300, () => relaxed.query('select 1'));
await time('relaxed insert', 300, () => relaxed.query("insert into t (v) values ('x')"));
process.exit(0);
