import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import { type TAdminUserPage, type TAdminUserRow } from '@farha/contracts/admin';
import type { TRole } from '@farha/contracts/roles';
import type { Db, Queryable } from '../../db/client.ts';
import { orders, sessions, userCounts, users, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';

type UserRow = typeof users.$inferSelect;

// Per-user figures for the page's rows only (correlated subqueries, each on an indexed column). The outer
// column is spelt out: in a one-table select Drizzle leaves `id` unqualified, which the subquery would
// read as its own.
const outerUserId = sql.raw('"users"."id"');
const figures = (now: Date) => ({
  openSessions: sql<number>`(select count(*)::int from ${sessions} where ${sessions.userId} = ${outerUserId} and ${sessions.expiresAt} > ${now.toISOString()}::timestamptz)`,
  vouchersCount: sql<number>`(select count(*)::int from ${vouchers} where ${vouchers.purchaserId} = ${outerUserId})`,
  totalSpent: sql<number>`(select coalesce(sum(${orders.amount}), 0)::int from ${orders} where ${orders.purchaserId} = ${outerUserId} and ${orders.status} in ('paid', 'fulfilled') and ${orders.kind} <> 'basket')`,
});

function toRow(u: UserRow, f: { openSessions: number; vouchersCount: number; totalSpent: number }): TAdminUserRow {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    status: u.status,
    createdAt: u.createdAt.toISOString(),
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    failedLogins: u.failedLogins,
    lastFailedLoginAt: u.lastFailedLoginAt?.toISOString() ?? null,
    twoFactor: u.totpEnabledAt !== null,
    openSessions: Number(f.openSessions),
    vouchersCount: Number(f.vouchersCount),
    totalSpent: Number(f.totalSpent),
  };
}

/**
 * User management, server side (docs/product/back-office.md §3): search (e-mail prefix or name), role and status filters,
 * newest first, offset pages — measured by `npm run bench:scale` at 100,000 users.
 */
export async function listUsers(
  db: Queryable,
  query: { q?: string; role?: TRole; status?: 'active' | 'suspended' | 'pending'; page: number; pageSize: number; now: Date },
): Promise<TAdminUserPage> {
  const conditions: SQL[] = [];
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(or(ilike(users.email, like), ilike(users.firstName, like), ilike(users.lastName, like))!);
  }
  if (query.role) conditions.push(eq(users.role, query.role));
  if (query.status) conditions.push(eq(users.status, query.status));
  const where = conditions.length ? and(...conditions) : undefined;
  // The page's ids first (newest first, read backwards along users_created_idx), then the figures of those
  // rows only: computed before the offset, they would be counted for every skipped user.
  const page = db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .as('page');
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, ...figures(query.now) })
      .from(users)
      .innerJoin(page, eq(page.id, users.id))
      .orderBy(desc(users.createdAt), desc(users.id)),
    totalOf(db, query, where),
  ]);
  return { users: rows.map((r) => toRow(r.user, r)), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

/**
 * How many accounts the list has: a search counts its matches; otherwise the counts kept per role and status
 * (user_counts, a few rows) are summed — counting a million customers took 48 ms a page (issue 39).
 */
function totalOf(db: Queryable, query: { q?: string; role?: TRole; status?: string }, where: SQL | undefined) {
  if (query.q) return db.select({ n: count() }).from(users).where(where);
  const kept = [query.role ? eq(userCounts.role, query.role) : undefined, query.status ? eq(userCounts.status, query.status) : undefined];
  return db
    .select({ n: sql<number>`coalesce(sum(${userCounts.count}), 0)::int` })
    .from(userCounts)
    .where(and(...kept));
}

export async function userRow(db: Queryable, userId: string, now: Date): Promise<TAdminUserRow> {
  const [row] = await db.select({ user: users, ...figures(now) }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toRow(row.user, row);
}

type StaffAction = { actor: AuditActor; now: Date };

/**
 * Suspends an account: its sessions are deleted in the same transaction (every open page gets a 401 on its
 * next call) and login answers 'Compte suspendu' (auth service). Nobody suspends themselves or the last
 * active superadmin.
 */
export async function suspendUser(db: Db, userId: string, action: StaffAction): Promise<TAdminUserRow> {
  if (userId === action.actor.userId) throw new AppError('CANNOT_SUSPEND_SELF');
  await db.transaction(async (tx) => {
    // The superadmins' rows first, always in one order: two superadmins suspending each other at once wait
    // in line (the second then finds no other active superadmin) instead of deadlocking on each other's row.
    await tx.select({ id: users.id }).from(users).where(eq(users.role, 'superadmin')).orderBy(asc(users.id)).for('update');
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('USER_NOT_FOUND');
    if (before.status === 'suspended') throw new AppError('USER_ALREADY_SUSPENDED');
    if (before.role === 'superadmin') {
      // Lock every superadmin row, so that two superadmins suspending each other cannot both succeed.
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'superadmin'), eq(users.status, 'active'), ne(users.id, userId)))
        .for('update');
      if (others.length === 0) throw new AppError('LAST_SUPERADMIN');
    }
    await tx.update(users).set({ status: 'suspended', updatedAt: action.now }).where(eq(users.id, userId));
    const ended = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
    await recordAudit(tx, {
      actor: action.actor,
      action: 'user.suspend',
      entityType: 'user',
      entityId: userId,
      summary: `${before.email} — ${ended.length} session(s) fermée(s)`,
      params: { email: before.email, sessions: ended.length },
      before: { status: before.status },
      after: { status: 'suspended' },
      now: action.now,
    });
  });
  return userRow(db, userId, action.now);
}

export async function reactivateUser(db: Db, userId: string, action: StaffAction): Promise<TAdminUserRow> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('USER_NOT_FOUND');
    // docs/product/accounts-and-roles.md §10: reactivate moves any other status to active.
    if (before.status === 'active') throw new AppError('USER_NOT_SUSPENDED');
    await tx.update(users).set({ status: 'active', updatedAt: action.now }).where(eq(users.id, userId));
    await recordAudit(tx, {
      actor: action.actor,
      action: 'user.reactivate',
      entityType: 'user',
      entityId: userId,
      summary: before.email,
      params: { email: before.email },
      before: { status: before.status },
      after: { status: 'active' },
      now: action.now,
    });
  });
  return userRow(db, userId, action.now);
}
