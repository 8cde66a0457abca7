import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 32: two product lines of the same GMV came back in either order, depending on the day. Every list a
// user sees is in a total order: an ORDER BY ends on a unique key, so that equal dates, names or amounts never
// swap between two loads, two pages or the raw figures and their rollup.
const SRC = join(import.meta.dirname, '../../src');

/** The last key of each Drizzle `.orderBy(…)` call of a source text, as written. */
function orderByLastKeys(text: string): { line: number; last: string }[] {
  const file = ts.createSourceFile('source.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: { line: number; last: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === 'orderBy' && node.arguments.length > 0) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, last: node.arguments.at(-1)!.getText(file) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * A last key that is unique among the rows it orders: an `id` (or `seq`) column, a spread of keys (checked
 * where it is built), or a key that is unique there, named here with the reason.
 */
const UNIQUE_LAST_KEY = /(\.id|\.seq|\bid)\)?$|^\.\.\./;
const UNIQUE_THERE: Record<string, string> = {
  'sql`trim(${partners.city})`': 'select distinct: one row per city',
  'asc(companyOrderLines.line)': "an order's lines: (order_id, line) is unique",
  'companyOrderLines.line': "an order's lines: (order_id, line) is unique",
  'desc(favourites.boxId)': "one customer's favourites: (user_id, box_id) is the key",
  'asc(boxOffers.offerId)': 'after the box id: (box_id, offer_id) is the key',
  'asc(companyMembers.userId)': "one company's members: (company_id, user_id) is the key",
  'asc(loginFailures.key)': 'the key is the primary key: the login counters locked in one order',
  'asc(promoCodes.code)': 'a code is unique (promo_codes_code_key)',
  'asc(giftCards.code)': 'a card\'s code is unique (gift_cards_code_key)',
  'asc(chatSessions.ticketId)': "a chat session's primary key (issue 36)",
  'desc(chatSessions.ticketId)': "a chat session's primary key (issue 36)",
};

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : [];
  });

describe('every list in a total order', () => {
  it('reads the last key of an orderBy call, over several lines too', () => {
    const text = `db.select().from(t).orderBy(desc(t.createdAt));\nq.orderBy(\n  asc(t.name),\n  asc(t.id),\n);`;
    expect(orderByLastKeys(text)).toEqual([
      { line: 1, last: 'desc(t.createdAt)' },
      { line: 2, last: 'asc(t.id)' },
    ]);
  });

  it('ends every ORDER BY of the server on a unique key', () => {
    const calls = sources(SRC).flatMap((path) => orderByLastKeys(readFileSync(path, 'utf8')).map((c) => ({ ...c, file: relative(SRC, path) })));
    expect(calls.length).toBeGreaterThan(80);
    const partial = calls.filter((c) => !UNIQUE_LAST_KEY.test(c.last) && !(c.last in UNIQUE_THERE)).map((c) => `${c.file}:${c.line} ends on ${c.last}`);
    expect(partial).toEqual([]);
  });
});
