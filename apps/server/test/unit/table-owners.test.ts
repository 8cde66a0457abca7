import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS } from '../../src/db/schema/owners.ts';
import { serverWrites, TABLES_BY_EXPORT, tableWrites, writersByTable } from '../table-writers.ts';

// Issue 22, ADR 004: one module writes each table; the others call its entry.
const SRC = join(import.meta.dirname, '../../src');
const owners: Record<string, string> = TABLE_OWNERS;

describe('the scanner of table writes', () => {
  const header = `import { sql } from 'drizzle-orm';\nimport { vouchers as v, orders, partnerTransactions } from '../../db/schema/index.ts';\n`;

  it('finds Drizzle writes to a table imported from the schema, under any local name', () => {
    const text = `${header}
      await tx.update(v).set({ holderUserId: null });
      await db.insert(orders).values(row);
      await db.delete(partnerTransactions).where(x);`;
    expect(tableWrites(text).map((w) => `${w.kind} ${w.table}`)).toEqual(['update vouchers', 'insert orders', 'delete partner_transactions']);
  });

  it('finds raw SQL writes in sql templates, by name or as an interpolated table, in any case', () => {
    const text = `${header}
      await db.execute(sql\`UPDATE vouchers SET status = 'REDEEMED'\`);
      await db.execute(sql\`with l as (insert into \${partnerTransactions} (id) values (1) returning id) select 1\`);
      await db.execute(sql\`delete   from "reservations" where id = \${id}\`);`;
    expect(tableWrites(text).map((w) => `${w.kind} ${w.table}`)).toEqual(['update vouchers', 'insert partner_transactions', 'delete reservations']);
  });

  it('takes no read, comment, plain string, map or SQL clause for a write', () => {
    const text = `${header}
      // update vouchers when the holder changes
      const why = 'insert into orders';
      cache.delete(key);
      seen.delete(v.id);
      await db.select().from(v).for('update');
      await db.execute(sql\`select * from \${orders} for update skip locked\`);
      await db.execute(sql\`insert into \${v} (id) values (1) on conflict (id) do update set id = excluded.id\`.append(sql\`\`));`;
    expect(tableWrites(text).map((w) => `${w.kind} ${w.table}`)).toEqual(['insert vouchers']);
  });

  it('finds tables named by sql.identifier or sql.raw, by a string, a const or a parameter typed as a union of names (issue 32)', () => {
    const text = `${header}
      const OUTBOX = 'email_outbox';
      export async function claim(db: Db, table: 'email_outbox' | 'sms_outbox') {
        await db.execute(sql\`update \${sql.identifier(table)} set status = 'sending' where id in (select id from \${sql.identifier(table)})\`);
        await db.execute(sql\`delete from \${sql.identifier('sessions')} where id = \${id}\`);
        await db.execute(sql\`insert into \${sql.raw(OUTBOX)} (id) values (1)\`);
      }`;
    expect(tableWrites(text).map((w) => `${w.kind} ${w.table}`)).toEqual(['update email_outbox', 'update sms_outbox', 'delete sessions', 'insert email_outbox']);
  });

  it('finds plain-string SQL that runs (sql.raw, execute, query, exec), not a string that runs nowhere', () => {
    const text = `${header}
      await db.execute(sql.raw('UPDATE vouchers SET status = 1'));
      await client.query(\`delete from "reservations" where id = \${id}\`);
      await pglite.exec('insert into orders (id) values (1)');
      const note = 'update payouts set x = 1';`;
    expect(tableWrites(text).map((w) => `${w.kind} ${w.table}`)).toEqual(['update vouchers', 'delete reservations', 'insert orders']);
  });

  it('ignores a variable that is not a schema table, even when it bears a table’s name', () => {
    const text = `const orders = new Map();\nawait db.delete(orders);\nawait db.update(orders);`;
    expect(tableWrites(text)).toEqual([]);
  });
});

describe('one owner for every table', () => {
  const writes = serverWrites(SRC);
  const byTable = writersByTable(writes);

  it('names an existing module as the owner of every table of the schema', () => {
    const modules = new Set(readdirSync(join(SRC, 'modules')));
    expect(Object.keys(owners).sort()).toEqual([...TABLES_BY_EXPORT.values()].sort());
    expect(Object.values(owners).filter((owner) => !modules.has(owner))).toEqual([]);
  });

  it('lets only the owner write a table, and the routes and lib nothing', () => {
    const shared = [...byTable].filter(([, writers]) => writers.size > 1).map(([table]) => table);
    console.info(`tables written by more than one module: ${shared.length} of ${TABLES_BY_EXPORT.size}${shared.length ? ` (${shared.join(', ')})` : ''}`);
    const trespasses = writes.filter((write) => owners[write.table] !== write.writer).map((w) => `${w.file}:${w.line} ${w.kind} ${w.table} (owner: ${owners[w.table]})`);
    expect(trespasses).toEqual([]);
    expect(shared).toEqual([]);
  });

  it('sees the writes of the modules it holds to the map', () => {
    // A scanner that found nothing would pass the rule above: it must see the owners' own writes.
    expect([...(byTable.get('vouchers') ?? [])]).toContain('vouchers');
    expect([...(byTable.get('partner_transactions') ?? [])]).toContain('ledger');
    expect(byTable.size).toBeGreaterThan(40);
    // Both outboxes' claim names its table through a parameter (sql.identifier(table)).
    const claims = writes.filter((w) => w.file === 'modules/notifications/attempts.ts').map((w) => `${w.kind} ${w.table}`);
    expect(claims).toEqual(['update email_outbox', 'update sms_outbox']);
  });
});
