import {
  type TBoxListFilters,
  type TBoxSummary,
  type TPartnerListResponse,
  type TPublicPartner,
} from '@farha/contracts/catalog';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { serialize, type SerializedBody } from '../../lib/memo-cache.ts';
import { catalogCacheFor } from './cache.ts';
import { isUuid, loadBoxDetail } from './detail.ts';
import { filtersKey, loadCatalogSnapshot, queryCatalog, type CatalogSnapshot } from './listing.ts';
import { filterPartners, loadPartnerDirectory, type PartnerDirectory } from './partners.ts';

export { invalidateCatalogCache } from './cache.ts';
export { recordReview, type NewReview } from './reviews.ts';

export type CatalogContext = { db: Queryable; now: Date };

const boxNotFound = () => new AppError('BOX_NOT_FOUND');

function snapshot(ctx: CatalogContext): Promise<CatalogSnapshot> {
  return catalogCacheFor(ctx.db).get('snapshot', () => loadCatalogSnapshot(ctx.db, ctx.now), ctx.now.getTime());
}

/** GET /api/boxes, serialized once per distinct query until the catalogue changes. */
export function listBoxesSerialized(ctx: CatalogContext, filters: TBoxListFilters): Promise<SerializedBody> {
  return catalogCacheFor(ctx.db).get(
    `list:${filtersKey(filters)}`,
    async () => serialize(queryCatalog(await snapshot(ctx), filters)),
    ctx.now.getTime(),
  );
}

/** GET /api/boxes/:id; inactive, unknown and malformed ids are all 'Coffret non trouvé'. */
export async function getBoxSerialized(ctx: CatalogContext, id: string): Promise<SerializedBody> {
  const key = id.toLowerCase();
  if (!isUuid(key)) throw boxNotFound();
  const summary = (await snapshot(ctx)).byId.get(key);
  if (!summary) throw boxNotFound();
  return catalogCacheFor(ctx.db).get(
    `box:${key}`,
    async () => serialize(await loadBoxDetail(ctx.db, summary)),
    ctx.now.getTime(),
  );
}

/** An active box by id (any case), or null: what the server puts in a box page's HTML (title, meta, JSON-LD). */
export async function findActiveBox(ctx: CatalogContext, id: string): Promise<TBoxSummary | null> {
  const key = id.toLowerCase();
  if (!isUuid(key)) return null;
  return (await snapshot(ctx)).byId.get(key) ?? null;
}

/** The active catalogue's boxes (popularity order), for other modules (e.g. the homepage). */
export async function listActiveBoxes(ctx: CatalogContext): Promise<TBoxSummary[]> {
  return (await snapshot(ctx)).boxes;
}

function partnerDirectory(ctx: CatalogContext): Promise<PartnerDirectory> {
  return catalogCacheFor(ctx.db).get('partners', () => loadPartnerDirectory(ctx.db), ctx.now.getTime());
}

/** GET /api/partners: active, KYC-verified partners. */
export function listPartnersSerialized(
  ctx: CatalogContext,
  filters: { city?: string | undefined; category?: string | undefined },
): Promise<SerializedBody> {
  const key = `partners:${JSON.stringify([filters.city?.toLowerCase() ?? '', filters.category ?? ''])}`;
  return catalogCacheFor(ctx.db).get(
    key,
    async () => serialize(filterPartners(await partnerDirectory(ctx), filters) satisfies TPartnerListResponse),
    ctx.now.getTime(),
  );
}

/** Public partners, for the homepage's partner grid. */
export async function listPublicPartners(ctx: CatalogContext): Promise<TPublicPartner[]> {
  return (await partnerDirectory(ctx)).partners;
}
