import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  boxEconomics,
  CATALOG_ADMIN_MESSAGES,
  type TAdminBox,
  type TAdminBoxOffer,
  type TAdminBoxPage,
  type TAdminOfferPage,
} from '@farha/contracts/catalog-admin';
import type { TProductLine } from '@farha/contracts/catalog';
import type { z } from 'zod';
import type { ZAdminBoxInput, ZAdminBoxPatch, ZAdminBoxQuery, ZAdminOfferQuery } from '@farha/contracts/catalog-admin';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, boxOffers, boxSales, offers, orders, partners, vouchers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { foldedContains } from '../../lib/search-fold.ts';
import { toBoxFields } from './box-fields.ts';
import { refreshCatalogBox } from './cache.ts';

type Step = { actor: AuditActor; now: Date };
const boxNotFound = () => new AppError('BOX_NOT_FOUND');
/** Accent- and case-insensitive search ("zephyr" finds "Zéphyr", "الحمام" finds "الحمّام"), on PostgreSQL and PGlite alike. */
const matches = foldedContains;

const offerColumns = {
  id: offers.id,
  title: offers.title,
  titleAr: offers.titleAr,
  partnerId: partners.id,
  partnerName: partners.name,
  city: partners.city,
  category: offers.category,
  faceValue: offers.faceValue,
  commissionBp: partners.commissionBp,
  offerActive: offers.active,
  partnerActive: partners.active,
  imageUrl: offers.imageUrl,
};
type OfferRow = Omit<TAdminBoxOffer, 'active'> & { offerActive: boolean; partnerActive: boolean };
const toOffer = ({ offerActive, partnerActive, ...row }: OfferRow): TAdminBoxOffer => ({
  ...row,
  city: row.city.trim(),
  active: offerActive && partnerActive,
});

type BoxRow = typeof boxes.$inferSelect;

/** The boxes of one page with their offers and sales, in three queries whatever the page size. */
async function withDetails(db: Queryable, rows: BoxRow[]): Promise<TAdminBox[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((b) => b.id);
  const [offerRows, salesRows] = await Promise.all([
    db
      .select({ boxId: boxOffers.boxId, ...offerColumns })
      .from(boxOffers)
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .innerJoin(partners, eq(partners.id, offers.partnerId))
      .where(inArray(boxOffers.boxId, ids))
      .orderBy(asc(partners.name), asc(offers.title), asc(offers.id)),
    // Kept by a trigger on vouchers: one row per box, however many vouchers exist.
    db
      .select({ boxId: boxSales.boxId, sold: boxSales.vouchersSold, revenue: boxSales.revenue })
      .from(boxSales)
      .where(inArray(boxSales.boxId, ids)),
  ]);
  const offersByBox = new Map<string, TAdminBoxOffer[]>();
  for (const { boxId, ...row } of offerRows) {
    const list = offersByBox.get(boxId) ?? [];
    list.push(toOffer(row));
    offersByBox.set(boxId, list);
  }
  const sales = new Map(salesRows.map((r) => [r.boxId, { vouchersSold: Number(r.sold), revenue: Number(r.revenue) }]));
  return rows.map((box) => {
    const bundled = offersByBox.get(box.id) ?? [];
    return {
      ...toBoxFields(box),
      active: box.active,
      createdAt: box.createdAt.toISOString(),
      updatedAt: box.updatedAt.toISOString(),
      offerCount: bundled.length,
      offers: bundled,
      sales: sales.get(box.id) ?? { vouchersSold: 0, revenue: 0 },
      economics: boxEconomics(
        box.price,
        bundled.filter((o) => o.active),
      ),
    };
  });
}

/** GET /api/admin/boxes: every box, active or not, with search, product line and status filters. */
export async function listAdminBoxes(db: Queryable, query: z.output<typeof ZAdminBoxQuery>): Promise<TAdminBoxPage> {
  const base: SQL[] = [];
  // French or Arabic, names and descriptions.
  if (query.q) {
    const q = query.q;
    base.push(or(...[boxes.name, boxes.description, boxes.nameAr, boxes.descriptionAr].map((column) => matches(column, q)))!);
  }
  if (query.status !== 'all') base.push(eq(boxes.active, query.status === 'active'));
  const where = and(...base, query.category ? eq(boxes.category, query.category) : undefined);
  const [rows, [total], lines] = await Promise.all([
    db
      .select()
      .from(boxes)
      .where(where)
      .orderBy(desc(boxes.active), desc(boxes.updatedAt), asc(boxes.name), asc(boxes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(boxes).where(where),
    db
      .select({ category: boxes.category, n: count() })
      .from(boxes)
      .where(and(...base))
      .groupBy(boxes.category),
  ]);
  return {
    boxes: await withDetails(db, rows),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    lines: lines.map((l) => ({ category: l.category as TProductLine, count: Number(l.n) })),
  };
}

export async function getAdminBox(db: Queryable, id: string): Promise<TAdminBox> {
  const [row] = await db.select().from(boxes).where(eq(boxes.id, id)).limit(1);
  if (!row) throw boxNotFound();
  return (await withDetails(db, [row]))[0]!;
}

/** GET /api/admin/offers: partner offers to bundle, searchable by title (French or Arabic) or partner, city and category. */
export async function listAdminOffers(db: Queryable, query: z.output<typeof ZAdminOfferQuery>): Promise<TAdminOfferPage> {
  const conditions: SQL[] = [];
  if (query.q) conditions.push(or(matches(offers.title, query.q), matches(offers.titleAr, query.q), matches(partners.name, query.q))!);
  if (query.city) conditions.push(ilike(partners.city, query.city.replace(/[%_\\]/g, '\\$&')));
  if (query.category) conditions.push(eq(offers.category, query.category));
  const where = and(...conditions);
  const [rows, [total], cities] = await Promise.all([
    db
      .select(offerColumns)
      .from(offers)
      .innerJoin(partners, eq(partners.id, offers.partnerId))
      .where(where)
      .orderBy(desc(sql`${offers.active} and ${partners.active}`), asc(partners.name), asc(offers.title), asc(offers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(offers).innerJoin(partners, eq(partners.id, offers.partnerId)).where(where),
    db.selectDistinct({ city: sql<string>`trim(${partners.city})` }).from(partners).orderBy(sql`trim(${partners.city})`),
  ]);
  return {
    offers: rows.map(toOffer),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize: query.pageSize,
    cities: cities.map((c) => c.city),
  };
}

async function checkOffers(db: Queryable, offerIds: string[]): Promise<string[]> {
  const unique = [...new Set(offerIds)];
  if (unique.length === 0) return unique;
  const found = await db.select({ id: offers.id }).from(offers).where(inArray(offers.id, unique));
  if (found.length !== unique.length) throw new AppError('BOX_OFFER_NOT_FOUND', { field: 'offerIds' });
  return unique;
}

/** What the audit log keeps of a box. */
const auditView = (box: TAdminBox) => ({
  name: box.name,
  nameAr: box.nameAr,
  price: box.price,
  validityDays: box.validityDays,
  exchangeOnce: box.exchangeOnce,
  category: box.category,
  imageUrl: box.imageUrl,
  active: box.active,
  offerIds: box.offers.map((o) => o.id),
});

/** POST /api/admin/boxes */
export async function createBox(db: Db, input: z.output<typeof ZAdminBoxInput>, step: Step) {
  const box = await db.transaction(async (tx) => {
    const offerIds = await checkOffers(tx, input.offerIds);
    const [row] = await tx
      .insert(boxes)
      .values({
        name: input.name,
        description: input.description,
        nameAr: input.nameAr ?? null,
        descriptionAr: input.descriptionAr ?? null,
        price: input.price,
        validityDays: input.validityDays,
        exchangeOnce: input.exchangeOnce,
        category: input.category,
        imageUrl: input.imageUrl ?? null,
        active: input.active,
        createdAt: step.now,
        updatedAt: step.now,
      })
      .returning();
    if (offerIds.length > 0) {
      await tx.insert(boxOffers).values(offerIds.map((offerId) => ({ boxId: row!.id, offerId, createdAt: step.now })));
    }
    const created = await getAdminBox(tx, row!.id);
    await recordAudit(tx, {
      actor: step.actor,
      action: 'box.create',
      entityType: 'box',
      entityId: created.id,
      summary: `Coffret créé : ${created.name}`,
      params: { name: created.name, nameAr: created.nameAr ?? null },
      after: auditView(created),
      now: step.now,
    });
    return created;
  });
  refreshCatalogBox(db, box.id, step.now);
  return { box, message: CATALOG_ADMIN_MESSAGES.BOX_CREATED.fr };
}

/** PATCH /api/admin/boxes/:id: the fields given; `offerIds` replaces the bundled offers. */
export async function updateBox(db: Db, id: string, patch: z.output<typeof ZAdminBoxPatch>, step: Step) {
  const box = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: boxes.id }).from(boxes).where(eq(boxes.id, id)).for('update');
    if (!locked) throw boxNotFound();
    const before = await getAdminBox(tx, id);
    const { offerIds, ...fields } = patch;
    const defined = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    await tx
      .update(boxes)
      .set({ ...defined, updatedAt: step.now })
      .where(eq(boxes.id, id));
    if (offerIds) {
      const wanted = await checkOffers(tx, offerIds);
      const current = new Set(before.offers.map((o) => o.id));
      const removed = [...current].filter((o) => !wanted.includes(o));
      const added = wanted.filter((o) => !current.has(o));
      if (removed.length > 0) await tx.delete(boxOffers).where(and(eq(boxOffers.boxId, id), inArray(boxOffers.offerId, removed)));
      if (added.length > 0) await tx.insert(boxOffers).values(added.map((offerId) => ({ boxId: id, offerId, createdAt: step.now })));
    }
    const after = await getAdminBox(tx, id);
    await recordAudit(tx, {
      actor: step.actor,
      action: 'box.update',
      entityType: 'box',
      entityId: id,
      summary: `Coffret modifié : ${after.name}`,
      params: { name: after.name, nameAr: after.nameAr ?? null },
      before: auditView(before),
      after: auditView(after),
      now: step.now,
    });
    return after;
  });
  refreshCatalogBox(db, id, step.now);
  return { box, message: CATALOG_ADMIN_MESSAGES.BOX_UPDATED.fr };
}

/**
 * DELETE /api/admin/boxes/:id: a box never ordered is deleted; one that was ever ordered or sold is
 * deactivated instead, so that its vouchers and orders keep their box.
 */
export async function deleteBox(db: Db, id: string, step: Step) {
  const outcome = await db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: boxes.id }).from(boxes).where(eq(boxes.id, id)).for('update');
    if (!locked) throw boxNotFound();
    const before = await getAdminBox(tx, id);
    const [[sold], [ordered]] = await Promise.all([
      tx.select({ n: count() }).from(sql`(select 1 from ${vouchers} where ${vouchers.boxId} = ${id} limit 1) as v`),
      tx.select({ n: count() }).from(sql`(select 1 from ${orders} where ${orders.boxId} = ${id} limit 1) as o`),
    ]);
    const kept = Number(sold?.n) > 0 || Number(ordered?.n) > 0;
    if (kept) {
      await tx.update(boxes).set({ active: false, updatedAt: step.now }).where(eq(boxes.id, id));
    } else {
      await tx.delete(boxes).where(eq(boxes.id, id));
    }
    await recordAudit(tx, {
      actor: step.actor,
      action: kept ? 'box.deactivate' : 'box.delete',
      entityType: 'box',
      entityId: id,
      summary: kept ? `Coffret vendu désactivé : ${before.name}` : `Coffret supprimé : ${before.name}`,
      params: { name: before.name, nameAr: before.nameAr ?? null, sold: kept },
      before: auditView(before),
      after: kept ? { ...auditView(before), active: false } : null,
      now: step.now,
    });
    return kept ? ('deactivated' as const) : ('deleted' as const);
  });
  refreshCatalogBox(db, id, step.now);
  return {
    outcome,
    message: outcome === 'deleted' ? CATALOG_ADMIN_MESSAGES.BOX_DELETED.fr : CATALOG_ADMIN_MESSAGES.BOX_DEACTIVATED.fr,
  };
}
