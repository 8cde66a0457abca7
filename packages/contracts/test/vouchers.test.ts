import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeVoucherCode, VOUCHER_STATUS_GROUPS, VOUCHER_STATUSES } from '../src/plain/vouchers.ts';

describe('a voucher code read from what a person types or a camera reads', () => {
  const canonical = 'FRH-ABCD-EFGH-JK37';

  it('accepts any case, with or without the prefix, dashes or spaces, and the QR link', () => {
    for (const input of [
      'frh-abcd-efgh-jk37',
      'FRHABCDEFGHJK37',
      ' frh abcd efgh jk37 ',
      'ABCD EFGH JK37',
      'abcd-efgh-jk37',
      'http://localhost:3000/v/FRH-ABCD-EFGH-JK37',
      'https://farha.dz/v/frh-abcd-efgh-jk37?utm=qr',
      'HTTPS://FARHA.DZ/V/FRH-ABCD-EFGH-JK37',
      'https://farha.dz/v/FRH%20ABCD%20EFGH%20JK37',
    ]) {
      expect(normalizeVoucherCode(input), input).toBe(canonical);
    }
  });

  it('refuses what cannot be a Farha code, without throwing', () => {
    for (const input of [
      '',
      'FRH-ABCD',
      'FRH-ABCD-EFGH-JK3O', // O is not in the alphabet
      'FRH-0000-1111-2222',
      'hello world',
      'https://example.com/menu',
      'WIFI:S:cafe;T:WPA;P:secret;;',
      'https://farha.dz/v/%E0%A4%A', // a broken link from a damaged QR
    ]) {
      expect(normalizeVoucherCode(input), input).toBeNull();
    }
  });
});

const STATUS = new RegExp(`^'(${VOUCHER_STATUSES.join('|')})'$`);

const COMPARED = new RegExp(`[!=]==\\s*'(${VOUCHER_STATUSES.join('|')})'`, 'g');

/**
 * The lists of two or more voucher statuses written in a source text: array (or Set) literals and SQL
 * `in (…)` lists whose items include two status literals, and a line that compares with two statuses joined
 * by `||`. A comparison with one status is not a list.
 */
export function statusLists(text: string): string[] {
  const lists = [...text.matchAll(/\[([^[\]]*)\]/g), ...text.matchAll(/\bin\s*\(([^()]*)\)/gi)]
    .filter((m) => m[1]!.split(',').filter((item) => STATUS.test(item.trim())).length >= 2)
    .map((m) => m[0].replace(/\s+/g, ' '));
  const chains = text.split('\n').filter((line) => line.includes('||') && (line.match(COMPARED)?.length ?? 0) >= 2);
  return [...lists, ...chains.map((line) => line.trim())];
}

const ROOT = join(import.meta.dirname, '../../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'test' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// One owner per vocabulary (style.md): a group of statuses is VOUCHER_STATUS_GROUPS', imported by the server's
// state machine and queries and by the web app, never a list written again (which drifts: "active" once meant
// three statuses here and four there).
describe('the voucher status groups', () => {
  it('are the only lists of voucher statuses outside the contracts and the tests', () => {
    const files = ['apps/server/src', 'apps/server/bench', 'apps/web/src'].flatMap((dir) => sources(join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(100);
    const lists = files.flatMap((file) => statusLists(readFileSync(file, 'utf8')).map((list) => `${relative(ROOT, file)}: ${list}`));
    expect(lists).toEqual([]);
  });

  it('the scan finds the forms a list takes', () => {
    expect(statusLists("const UNUSED: TVoucherStatus[] = ['ISSUED', 'DELIVERED',\n 'EXTENDED'];")).toHaveLength(1);
    expect(statusLists("const RESENDABLE = new Set(['ISSUED', 'RESERVED']);")).toHaveLength(1);
    expect(statusLists("sql`where status in ('ISSUED', 'DELIVERED') and expires_at < ${to}`")).toHaveLength(1);
    expect(statusLists("if (voucher.status === 'REDEEMED' || voucher.status === 'SETTLED') {")).toHaveLength(1);
    expect(statusLists("{ from: [...ACTIVE, 'RESERVED'], to: 'REDEEMED' }")).toHaveLength(0);
    expect(statusLists("if (status === 'RESERVED') return a || b;")).toHaveLength(0);
    expect(statusLists("inArray(payments.status, ['pending', 'processing'])")).toHaveLength(0);
    expect(statusLists("[{ toStatus: 'ISSUED' }, { fromStatus: 'ISSUED', toStatus: 'DELIVERED' }]")).toHaveLength(0);
  });

  it('keep a reserved voucher usable but not active (docs/product/vouchers.md §4)', () => {
    expect(VOUCHER_STATUS_GROUPS.usable).toContain('RESERVED');
    expect(VOUCHER_STATUS_GROUPS.active).not.toContain('RESERVED');
    for (const group of Object.values(VOUCHER_STATUS_GROUPS)) for (const s of group) expect(VOUCHER_STATUSES).toContain(s);
  });
});
