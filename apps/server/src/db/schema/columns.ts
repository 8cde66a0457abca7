import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { VOUCHER_STATUS_GROUPS, type TVoucherStatusGroup } from '@farha/contracts/vouchers';
import { timestamp, uuid, type ReferenceConfig } from 'drizzle-orm/pg-core';
import { orderedId } from '../../lib/ordered-id.ts';

export const id = () => uuid('id').primaryKey().defaultRandom();
/**
 * The id of a row of a thread or a timeline, listed on (created_at, id): made by the code in the order rows
 * are written (lib/ordered-id.ts), so that rows of one instant keep that order. SQL inserts get a random one.
 */
export const threadId = () => uuid('id').primaryKey().defaultRandom().$defaultFn(orderedId);
/**
 * Every timestamp is written by the code from the injected clock, never by the database's `now()`: a rule
 * that reads a time (due mail, refund window, ordering of a thread) must see the same clock the code sees.
 */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull();
export const ts = (name: string) => timestamp(name, { withTimezone: true });
/** A uuid column that must name a row of another table: `uuid(name).notNull().references(target, actions)`. */
export const requiredRef = (name: string, target: ReferenceConfig['ref'], actions?: ReferenceConfig['actions']) =>
  uuid(name).notNull().references(target, actions);

/** `column IN ('a','b')` for CHECK constraints on status columns. */
export function oneOf(column: SQL | { name: string }, values: readonly string[]): SQL {
  const list = sql.join(
    values.map((v) => sql.raw(`'${v.replace(/'/g, "''")}'`)),
    sql.raw(', '),
  );
  return sql`${column} in (${list})`;
}

/**
 * `status in ('ISSUED', …)` for a group of the contracts' VOUCHER_STATUS_GROUPS, in SQL that Drizzle's
 * `inArray` cannot reach (a partial index, a raw query). The statuses are written as constants, not
 * parameters: the planner matches a partial index's predicate only against the same constant list.
 */
export function voucherStatusIn(column: SQL | AnyColumn, group: TVoucherStatusGroup): SQL {
  return oneOf(column, VOUCHER_STATUS_GROUPS[group]);
}
