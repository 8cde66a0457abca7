import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  algiersLocalToInstant,
  instantToAlgiersLocal,
  PROMOTION_MESSAGES,
  PROMOTION_TRANSITIONS,
  promotionRuleError,
  type TPromotion,
  type TPromotionAction,
  type TPromotionCompanyChoices,
  type TPromotionPage,
  type TPromotionStats,
  type ZPromotionCompanyQuery,
  type ZPromotionInput,
  type ZPromotionPatch,
  type ZPromotionQuery,
} from '@farha/contracts/promotions';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, companies, promoCodes, promoRedemptions, promotions, type PromotionRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { codeCounts, generateCodes, publicCodes } from './codes.ts';

type Step = { actor: AuditActor; now: Date };
const notFound = () => new AppError('PROMOTION_NOT_FOUND');

function toPromotion(row: PromotionRow, publicCode: string | null, codeCount: number): TPromotion {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    value: row.value,
    scope: row.scope,
    productLines: row.productLines,
    boxIds: row.boxIds,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    startsAtAlgiers: instantToAlgiersLocal(row.startsAt),
    endsAtAlgiers: row.endsAt ? instantToAlgiersLocal(row.endsAt) : null,
    minAmount: row.minAmount,
    firstPurchaseOnly: row.firstPurchaseOnly,
    oncePerCustomer: row.oncePerCustomer,
    usageLimit: row.usageLimit,
    budgetDzd: row.budgetDzd,
    budgetUses: row.budgetUses,
    fundedBy: row.fundedBy,
    partnerShareBp: row.partnerShareBp,
    companies: row.companies,
    companyIds: row.companyIds,
    status: row.status,
    usedUses: row.usedUses,
    usedDzd: row.usedDzd,
    publicCode,
    codeCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withCodes(db: Queryable, rows: PromotionRow[]): Promise<TPromotion[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [codes, counts] = await Promise.all([
    publicCodes(db, ids),
    db.select({ promotionId: promoCodes.promotionId, n: count() }).from(promoCodes).where(inArray(promoCodes.promotionId, ids)).groupBy(promoCodes.promotionId),
  ]);
  const byId = new Map(counts.map((c) => [c.promotionId, Number(c.n)]));
  return rows.map((r) => toPromotion(r, codes.get(r.id) ?? null, byId.get(r.id) ?? 0));
}

/** GET /api/admin/promotions: newest first, the id breaking ties (ADR 018), all or one status. */
export async function listPromotions(db: Queryable, query: z.output<typeof ZPromotionQuery>): Promise<TPromotionPage> {
  const where = query.status === 'all' ? undefined : eq(promotions.status, query.status);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(promotions)
      .where(where)
      .orderBy(desc(promotions.createdAt), desc(promotions.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(promotions).where(where),
  ]);
  return { promotions: await withCodes(db, rows), total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

export async function getPromotion(db: Queryable, id: string): Promise<TPromotion> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound();
  return (await withCodes(db, [row]))[0]!;
}

/** docs/product/promotions.md §3: a `boxes` scope names boxes of the catalogue. */
async function checkBoxes(db: Queryable, boxIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(boxIds)];
  if (unique.length === 0) return unique;
  const found = await db.select({ id: boxes.id }).from(boxes).where(inArray(boxes.id, unique));
  if (found.length !== unique.length) throw new AppError('PROMOTION_BOX_NOT_FOUND', { field: 'boxIds' });
  return unique;
}

/** docs/product/promotions.md §13: `chosen` companies are company accounts of Farha. */
async function checkCompanies(db: Queryable, companyIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(companyIds)];
  if (unique.length === 0) return unique;
  const found = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, unique));
  if (found.length !== unique.length) throw new AppError('PROMOTION_COMPANY_NOT_FOUND', { field: 'companyIds' });
  return unique;
}

/**
 * GET /api/admin/promotions/companies: the company accounts a promotion may name (docs/product/promotions.md §13),
 * by name then id, those whose name holds `q` (case ignored).
 */
export async function promotionCompanyChoices(db: Queryable, query: z.output<typeof ZPromotionCompanyQuery>): Promise<TPromotionCompanyChoices> {
  const q = query.q?.trim();
  const where = q ? sql`${companies.name} ilike ${`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: companies.id, name: companies.name, status: companies.status })
      .from(companies)
      .where(where)
      .orderBy(asc(companies.name), asc(companies.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(companies).where(where),
  ]);
  return { companies: rows, total: Number(total?.n ?? 0), page: query.page, pageSize: query.pageSize };
}

const instant = (local: string) => algiersLocalToInstant(local) ?? (() => { throw new AppError('PROMOTION_DATE_INVALID'); })();

/** What the audit log keeps of a promotion. */
const auditView = (p: TPromotion) => ({
  name: p.name,
  kind: p.kind,
  value: p.value,
  scope: p.scope,
  productLines: p.productLines,
  boxIds: p.boxIds,
  startsAt: p.startsAt,
  endsAt: p.endsAt,
  minAmount: p.minAmount,
  firstPurchaseOnly: p.firstPurchaseOnly,
  oncePerCustomer: p.oncePerCustomer,
  usageLimit: p.usageLimit,
  budgetDzd: p.budgetDzd,
  budgetUses: p.budgetUses,
  fundedBy: p.fundedBy,
  partnerShareBp: p.partnerShareBp,
  companies: p.companies,
  companyIds: p.companyIds,
  status: p.status,
  publicCode: p.publicCode,
});

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** POST /api/admin/promotions: a draft, with its public code when one is given (docs/product/promotions.md §7). */
export async function createPromotion(db: Db, input: z.output<typeof ZPromotionInput>, step: Step) {
  try {
    const promotion = await db.transaction(async (tx) => {
      const boxIds = await checkBoxes(tx, input.scope === 'boxes' ? input.boxIds : []);
      const companyIds = await checkCompanies(tx, input.companies === 'chosen' ? input.companyIds : []);
      const [row] = await tx
        .insert(promotions)
        .values({
          name: input.name,
          kind: input.kind,
          value: input.value,
          scope: input.scope,
          productLines: input.scope === 'product_lines' ? [...new Set(input.productLines)] : [],
          boxIds,
          startsAt: instant(input.startsAt),
          endsAt: input.endsAt === null ? null : instant(input.endsAt),
          minAmount: input.minAmount,
          firstPurchaseOnly: input.firstPurchaseOnly,
          oncePerCustomer: input.oncePerCustomer,
          usageLimit: input.usageLimit,
          budgetDzd: input.budgetDzd,
          budgetUses: input.budgetUses,
          fundedBy: input.fundedBy,
          partnerShareBp: input.partnerShareBp,
          companies: input.companies,
          companyIds,
          status: 'draft',
          createdBy: step.actor.userId,
          createdAt: step.now,
          updatedAt: step.now,
        })
        .returning();
      if (input.code) {
        await tx.insert(promoCodes).values({ promotionId: row!.id, code: input.code, singleUse: false, createdAt: step.now });
      }
      const created = await getPromotion(tx, row!.id);
      await recordAudit(tx, {
        actor: step.actor,
        action: 'promotion.create',
        entityType: 'promotion',
        entityId: created.id,
        summary: `Promotion créée : ${created.name}`,
        params: { name: created.name, code: created.publicCode },
        after: auditView(created),
        now: step.now,
      });
      return created;
    });
    return { promotion, message: PROMOTION_MESSAGES.PROMOTION_CREATED.fr };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('PROMO_CODE_TAKEN', { field: 'code' });
    throw error;
  }
}

/**
 * PATCH /api/admin/promotions/:id: the fields given, the merged promotion held to docs/product/promotions.md §1, §3, §8;
 * an ended promotion is read-only and a limit never goes below what is already used.
 */
export async function updatePromotion(db: Db, id: string, patch: z.output<typeof ZPromotionPatch>, step: Step) {
  const promotion = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!row) throw notFound();
    if (row.status === 'ended') throw new AppError('PROMOTION_ENDED');
    const before = (await withCodes(tx, [row]))[0]!;
    const merged = {
      kind: patch.kind ?? row.kind,
      value: patch.value ?? row.value,
      scope: patch.scope ?? row.scope,
      productLines: patch.productLines ?? row.productLines,
      boxIds: patch.boxIds ?? row.boxIds,
      startsAt: patch.startsAt ?? before.startsAtAlgiers,
      endsAt: patch.endsAt === undefined ? before.endsAtAlgiers : patch.endsAt,
      fundedBy: patch.fundedBy ?? row.fundedBy,
      partnerShareBp: patch.partnerShareBp ?? (patch.fundedBy === 'farha' ? 0 : row.partnerShareBp),
      companies: patch.companies ?? row.companies,
      companyIds: patch.companyIds ?? row.companyIds,
    };
    const broken = promotionRuleError(merged);
    if (broken) throw new AppError(broken.code, { field: broken.path });
    for (const [limit, used] of [
      [patch.usageLimit, row.usedUses],
      [patch.budgetUses, row.usedUses],
      [patch.budgetDzd, row.usedDzd],
    ] as const) {
      if (limit !== undefined && limit !== null && limit < used) throw new AppError('PROMOTION_LIMIT_BELOW_USED', { params: { used } });
    }
    const boxIds = await checkBoxes(tx, merged.scope === 'boxes' ? merged.boxIds : []);
    const companyIds = await checkCompanies(tx, merged.companies === 'chosen' ? merged.companyIds : []);
    const { startsAt, endsAt, ...fields } = patch;
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    await tx
      .update(promotions)
      .set({
        ...defined,
        productLines: merged.scope === 'product_lines' ? [...new Set(merged.productLines)] : [],
        boxIds,
        companyIds,
        partnerShareBp: merged.partnerShareBp,
        ...(startsAt !== undefined ? { startsAt: instant(startsAt) } : {}),
        ...(endsAt !== undefined ? { endsAt: endsAt === null ? null : instant(endsAt) } : {}),
        updatedAt: step.now,
      })
      .where(eq(promotions.id, id));
    const after = await getPromotion(tx, id);
    await recordAudit(tx, {
      actor: step.actor,
      action: 'promotion.update',
      entityType: 'promotion',
      entityId: id,
      summary: `Promotion modifiée : ${after.name}`,
      params: { name: after.name },
      before: auditView(before),
      after: auditView(after),
      now: step.now,
    });
    return after;
  });
  return { promotion, message: PROMOTION_MESSAGES.PROMOTION_UPDATED.fr };
}

const STATUS_MESSAGES = {
  activate: PROMOTION_MESSAGES.PROMOTION_ACTIVATED,
  pause: PROMOTION_MESSAGES.PROMOTION_PAUSED,
  end: PROMOTION_MESSAGES.PROMOTION_ENDED,
} as const;

/** POST /api/admin/promotions/:id/status: activate, pause or end (docs/product/promotions.md §7). */
export async function changePromotionStatus(db: Db, id: string, action: TPromotionAction, step: Step) {
  const promotion = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(promotions).where(eq(promotions.id, id)).for('update');
    if (!row) throw notFound();
    const transition = PROMOTION_TRANSITIONS[action];
    if (!transition.from.includes(row.status)) throw new AppError('PROMOTION_STATUS_CHANGE', { params: { from: row.status, to: transition.to } });
    await tx.update(promotions).set({ status: transition.to, updatedAt: step.now }).where(eq(promotions.id, id));
    const after = await getPromotion(tx, id);
    await recordAudit(tx, {
      actor: step.actor,
      action: `promotion.${action}`,
      entityType: 'promotion',
      entityId: id,
      summary: `Promotion ${row.status} → ${transition.to} : ${after.name}`,
      params: { name: after.name, from: row.status, to: transition.to },
      before: { status: row.status },
      after: { status: transition.to },
      now: step.now,
    });
    return after;
  });
  return { promotion, message: STATUS_MESSAGES[action].fr };
}

/** POST /api/admin/promotions/:id/codes: N single-use codes, audited once (docs/product/promotions.md §6). */
export async function generatePromotionCodes(db: Db, id: string, request: { count: number; prefix?: string | undefined }, step: Step) {
  const [row] = await db.select({ status: promotions.status, name: promotions.name }).from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound();
  if (row.status === 'ended') throw new AppError('PROMOTION_ENDED');
  const result = await generateCodes(db, id, request.count, request.prefix, step.now);
  await recordAudit(db, {
    actor: step.actor,
    action: 'promotion.codes',
    entityType: 'promotion',
    entityId: id,
    summary: `${result.generated} codes générés : ${row.name}`,
    params: { name: row.name, count: result.generated, prefix: request.prefix ?? null },
    now: step.now,
  });
  const codes = await codeCounts(db, id);
  return { generated: result.generated, retried: result.retried, codeCount: codes.total };
}

/** GET /api/admin/promotions/:id/stats: uses, the discount's cost and the budget used (docs/product/promotions.md §9). */
export async function promotionStats(db: Queryable, id: string): Promise<TPromotionStats> {
  const [row] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!row) throw notFound();
  const [byStatus, codes] = await Promise.all([
    db
      .select({
        status: promoRedemptions.status,
        uses: count(),
        dzd: sql<number>`coalesce(sum(${promoRedemptions.discount}), 0)::int`,
        partner: sql<number>`coalesce(sum((${promoRedemptions.discount}::bigint * ${promoRedemptions.partnerShareBp} + 5000) / 10000), 0)::int`,
      })
      .from(promoRedemptions)
      .where(eq(promoRedemptions.promotionId, id))
      .groupBy(promoRedemptions.status),
    codeCounts(db, id),
  ]);
  const of = (status: string) => byStatus.find((s) => s.status === status);
  return {
    promotionId: id,
    confirmedUses: Number(of('confirmed')?.uses ?? 0),
    heldUses: Number(of('held')?.uses ?? 0),
    releasedUses: Number(of('released')?.uses ?? 0),
    confirmedDzd: Number(of('confirmed')?.dzd ?? 0),
    heldDzd: Number(of('held')?.dzd ?? 0),
    partnerFundedDzd: Number(of('confirmed')?.partner ?? 0),
    budget: { dzd: row.budgetDzd, usedDzd: row.usedDzd, uses: row.budgetUses, usedUses: row.usedUses, usageLimit: row.usageLimit },
    codes,
  };
}

/** The redemptions of an order that are still live, for the checkout's summary (issue 35, later step). */
export async function liveRedemptionsOf(db: Queryable, orderId: string) {
  return db
    .select({ id: promoRedemptions.id, promotionId: promoRedemptions.promotionId, discount: promoRedemptions.discount, status: promoRedemptions.status })
    .from(promoRedemptions)
    .where(and(eq(promoRedemptions.orderId, orderId), sql`${promoRedemptions.status} <> 'released'`))
    .orderBy(promoRedemptions.createdAt, promoRedemptions.id);
}
