import { and, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { type TAdminPartner, type TAdminPartnerList } from '@farha/contracts/admin';
import type { Db, Queryable } from '../../db/client.ts';
import { offers, partnerMembers, partners, partnerTransactions, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { wakeOutbox } from '../notifications/index.ts';
import { kycState, tellPartner } from './kyc.ts';

type PartnerRow = typeof partners.$inferSelect;

// Per-partner figures, as correlated subqueries: one row per partner of the page, each an index lookup.
const offersCount = sql<number>`(select count(*)::int from ${offers} where ${offers.partnerId} = ${partners.id})`;
const redemptions = sql<number>`(select count(*)::int from ${partnerTransactions} where ${partnerTransactions.partnerId} = ${partners.id})`;
const revenueTotal = sql<number>`(select coalesce(sum(${partnerTransactions.grossAmount}), 0)::int from ${partnerTransactions} where ${partnerTransactions.partnerId} = ${partners.id})`;

function toAdminPartner(
  row: PartnerRow,
  extra: { ownerEmail: string | null; offersCount: number; redemptions: number; revenueTotal: number },
): TAdminPartner {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    email: row.email,
    phone: row.phone,
    ownerEmail: extra.ownerEmail,
    kycStatus: row.kycStatus,
    kycSubmittedAt: row.kycSubmittedAt?.toISOString() ?? null,
    active: row.active,
    commissionBp: row.commissionBp,
    settlementCycle: row.settlementCycle,
    iban: row.iban,
    offersCount: Number(extra.offersCount),
    redemptions: Number(extra.redemptions),
    revenueTotal: Number(extra.revenueTotal),
    createdAt: row.createdAt.toISOString(),
  };
}

const selection = { partner: partners, ownerEmail: users.email, offersCount, redemptions, revenueTotal };

/** Partner management (docs/product/back-office.md §4): search by name or e-mail, KYC filter, submitted KYC first. */
export async function listPartners(
  db: Queryable,
  query: { kyc?: 'pending' | 'verified' | 'rejected'; q?: string; page: number; pageSize: number },
): Promise<TAdminPartnerList> {
  const conditions: SQL[] = [];
  if (query.kyc) conditions.push(eq(partners.kycStatus, query.kyc));
  if (query.q) {
    const like = `%${query.q.replace(/[%_\\]/g, '\\$&')}%`;
    conditions.push(or(ilike(partners.name, like), ilike(partners.email, like), ilike(users.email, like), ilike(partners.city, like))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total], perStatus] = await Promise.all([
    db
      .select(selection)
      .from(partners)
      .leftJoin(users, eq(users.id, partners.ownerUserId))
      .where(where)
      .orderBy(sql`${partners.kycSubmittedAt} desc nulls last`, partners.name, partners.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(partners).leftJoin(users, eq(users.id, partners.ownerUserId)).where(where),
    db.select({ status: partners.kycStatus, n: count() }).from(partners).groupBy(partners.kycStatus),
  ]);
  const by = Object.fromEntries(perStatus.map((s) => [s.status, Number(s.n)]));
  return {
    partners: rows.map((r) => toAdminPartner(r.partner, r)),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    counts: {
      all: (by.pending ?? 0) + (by.verified ?? 0) + (by.rejected ?? 0),
      pending: by.pending ?? 0,
      verified: by.verified ?? 0,
      rejected: by.rejected ?? 0,
    },
  };
}

async function loadPartner(db: Queryable, partnerId: string) {
  const [row] = await db.select(selection).from(partners).leftJoin(users, eq(users.id, partners.ownerUserId)).where(eq(partners.id, partnerId));
  if (!row) throw new AppError('PARTNER_NOT_FOUND');
  return row;
}

export async function partnerForAdmin(db: Queryable, partnerId: string) {
  const row = await loadPartner(db, partnerId);
  return { partner: toAdminPartner(row.partner, row), kyc: await kycState(db, row.partner, 'admin') };
}

type StaffAction = { actor: AuditActor; now: Date; publicUrl: string };

const kycSnapshot = (p: PartnerRow) => ({ kycStatus: p.kycStatus, active: p.active, kycRejectionReason: p.kycRejectionReason });

/** docs/product/partners.md §4: validation sets verified and active; rejection sets rejected and inactive, with its reason. */
export async function decideKyc(
  db: Db,
  partnerId: string,
  decision: { decision: 'verified' | 'rejected'; reason?: string },
  action: StaffAction,
): Promise<TAdminPartner> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(partners).where(eq(partners.id, partnerId)).for('update');
    if (!before) throw new AppError('PARTNER_NOT_FOUND');
    if (decision.decision === 'verified') {
      const state = await kycState(tx, before, 'admin');
      if (state.missing.length) throw new AppError('KYC_DOCUMENTS_MISSING', { status: 409, params: { documents: state.missing.join(', ') } });
    }
    const verified = decision.decision === 'verified';
    const [after] = await tx
      .update(partners)
      .set({
        kycStatus: decision.decision,
        active: verified,
        kycReviewedAt: action.now,
        kycRejectionReason: verified ? null : (decision.reason ?? null),
        updatedAt: action.now,
      })
      .where(eq(partners.id, partnerId))
      .returning();
    await recordAudit(tx, {
      actor: action.actor,
      action: verified ? 'partner.kyc_verified' : 'partner.kyc_rejected',
      entityType: 'partner',
      entityId: partnerId,
      summary: `${before.name}${verified ? '' : ` — ${decision.reason}`}`,
      params: verified ? { partner: before.name } : { partner: before.name, reason: decision.reason ?? '' },
      before: kycSnapshot(before),
      after: kycSnapshot(after!),
      now: action.now,
    });
    await tellPartner(tx, after!, verified ? { kind: 'kyc_verified' } : { kind: 'kyc_rejected', reason: decision.reason ?? '' }, action);
  });
  wakeOutbox();
  return (await partnerForAdmin(db, partnerId)).partner;
}

const termsSnapshot = (p: PartnerRow) => ({ commissionBp: p.commissionBp, settlementCycle: p.settlementCycle, active: p.active });

/** Commission (basis points), settlement cycle, active flag: each change audited and told to the partner. */
export async function updatePartnerTerms(
  db: Db,
  partnerId: string,
  patch: { commissionBp?: number; settlementCycle?: 'J+7' | 'J+14' | 'monthly'; active?: boolean },
  action: StaffAction,
): Promise<TAdminPartner> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(partners).where(eq(partners.id, partnerId)).for('update');
    if (!before) throw new AppError('PARTNER_NOT_FOUND');
    // Only a verified partner may be (re)activated: activation is what KYC validation grants.
    if (patch.active === true && !before.active && before.kycStatus !== 'verified') {
      throw new AppError('KYC_NOT_VERIFIED');
    }
    const [after] = await tx
      .update(partners)
      .set({ ...patch, updatedAt: action.now })
      .where(eq(partners.id, partnerId))
      .returning();
    const termsChanged = after!.commissionBp !== before.commissionBp || after!.settlementCycle !== before.settlementCycle;
    const activeChanged = after!.active !== before.active;
    if (!termsChanged && !activeChanged) return;
    await recordAudit(tx, {
      actor: action.actor,
      action: activeChanged ? (after!.active ? 'partner.reactivate' : 'partner.deactivate') : 'partner.terms',
      entityType: 'partner',
      entityId: partnerId,
      summary: before.name,
      params: { partner: before.name },
      before: termsSnapshot(before),
      after: termsSnapshot(after!),
      now: action.now,
    });
    if (termsChanged) {
      await tellPartner(
        tx,
        after!,
        {
          kind: 'terms_changed',
          commissionBp: after!.commissionBp,
          settlementCycle: after!.settlementCycle as 'J+7' | 'J+14' | 'monthly',
        },
        action,
      );
    }
    if (activeChanged) await tellPartner(tx, after!, { kind: after!.active ? 'reactivated' : 'deactivated' }, action);
  });
  wakeOutbox();
  return (await partnerForAdmin(db, partnerId)).partner;
}

/**
 * A partner account made by a superadmin (issue 12): the owner or a staff member (scanner) of an existing
 * partner, in the transaction that creates the account.
 */
export async function attachPartnerAccount(
  tx: Queryable,
  input: { partnerId: string; userId: string; role: 'partner_owner' | 'partner_staff'; now: Date },
): Promise<void> {
  const [partner] = await tx.select({ id: partners.id }).from(partners).where(eq(partners.id, input.partnerId));
  if (!partner) throw new AppError('PARTNER_NOT_FOUND', { field: 'partnerId' });
  await tx.insert(partnerMembers).values({
    partnerId: input.partnerId,
    userId: input.userId,
    memberRole: input.role === 'partner_owner' ? 'owner' : 'staff',
    permissions: input.role === 'partner_owner' ? [] : ['scanner'],
    invitedAt: input.now,
    createdAt: input.now,
  });
}
