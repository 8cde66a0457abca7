import { eq, sql } from 'drizzle-orm';
import {
  defaultLandingConfig,
  LANDING_MESSAGES,
  resolveLanding,
  ZLandingConfig,
  type TLandingConfig,
  type TLandingContent,
  type TLandingResponse,
  type TNewsletterResponse,
} from '@farha/contracts/landing';
import type { TLocale } from '@farha/contracts/auth';
import type { Queryable } from '../../db/client.ts';
import { boxes, landingConfigs, newsletterSubscriptions, offers, partners, reviews } from '../../db/schema/index.ts';
import { listPublicPartners } from './service.ts';
import { MemoCache } from '../../lib/memo-cache.ts';
import { storefrontChanged } from '../../lib/storefront-version.ts';

/** Partners shown in the homepage grid when the configuration lists none. */
export const LANDING_PARTNER_GRID_SIZE = 12;

const OFFER_CATEGORY_LABELS: Record<string, { fr: string; ar: string }> = {
  'bien-etre': { fr: 'Bien-être', ar: 'عافية' },
  gastronomie: { fr: 'Gastronomie', ar: 'فن الطبخ' },
  sport: { fr: 'Sport', ar: 'رياضة' },
  traditionnel: { fr: 'Traditionnel', ar: 'تقليدي' },
  detente: { fr: 'Détente', ar: 'استرخاء' },
  beaute: { fr: 'Beauté', ar: 'جمال' },
};

type PublishedConfig = { config: TLandingConfig; updatedAt: string } | null;

let landingGeneration = 0;
/** Call after publishing (or unpublishing) a landing configuration. */
export function invalidateLandingCache(): void {
  landingGeneration += 1;
  storefrontChanged();
}

// The published configuration and the live figures per database handle, until the back office publishes
// another configuration (it calls invalidateLandingCache) or, at the latest, 60 s by the injected clock.
const caches = new WeakMap<object, MemoCache>();
function cacheFor(db: object): MemoCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new MemoCache(60_000, () => landingGeneration)));
  return cache;
}

async function loadPublished(db: Queryable): Promise<PublishedConfig> {
  const [row] = await db
    .select({ config: landingConfigs.config, publishedAt: landingConfigs.publishedAt, updatedAt: landingConfigs.updatedAt })
    .from(landingConfigs)
    .where(eq(landingConfigs.status, 'published'))
    .limit(1);
  if (!row) return null;
  // A stored configuration that no longer matches the contract is ignored rather than served broken.
  const parsed = ZLandingConfig.safeParse(row.config);
  if (!parsed.success) return null;
  return { config: parsed.data, updatedAt: (row.publishedAt ?? row.updatedAt).toISOString() };
}

/**
 * docs/product/storefront.md §3: the published landing configuration, or the defaults (with real partners in the grid), in
 * the visitor's language: each text in Arabic for `ar` when it has one, else in French.
 */
export async function getLanding(ctx: { db: Queryable; now: Date }, locale: TLocale): Promise<TLandingResponse> {
  const cache = cacheFor(ctx.db);
  const published = await cache.get('published', () => loadPublished(ctx.db), ctx.now.getTime());
  const config = resolveLanding(published ? published.config : defaultLandingConfig(), locale);
  // The live figures (six counts over the catalogue) are computed at most once a minute per language.
  if (config.hero.stats.length === 0) config.hero.stats = structuredClone(await cache.get(`hero:${locale}`, () => liveHeroStats(ctx.db, locale), ctx.now.getTime()));
  if (config.partners.length === 0) {
    const partners = await listPublicPartners(ctx);
    config.partners = [...partners]
      .sort((a, b) => b.boxCount - a.boxCount || a.name.localeCompare(b.name, 'fr'))
      .slice(0, LANDING_PARTNER_GRID_SIZE)
      .map((p) => ({
        name: p.name,
        logo: p.logoUrl ?? '',
        category: (p.category && OFFER_CATEGORY_LABELS[p.category]?.[locale]) ?? p.businessType ?? '',
        city: p.city,
      }));
  }
  return { ...config, source: published ? 'published' : 'default', updatedAt: published?.updatedAt ?? null };
}

const STAT_LABELS = {
  boxes: { fr: 'Coffrets à offrir', ar: 'علبة للإهداء' },
  cities: { fr: 'Villes', ar: 'مدينة' },
  partners: { fr: 'Partenaires', ar: 'شريك' },
  rating: { fr: 'Note moyenne', ar: 'متوسط التقييم' },
  experiences: { fr: 'Expériences', ar: 'تجربة' },
} as const;

/**
 * The homepage figures when the configuration sets none: what the database holds now — active boxes,
 * cities and partners, and the average of customers' reviews (active experiences while there is none).
 */
async function liveHeroStats(db: Queryable, locale: TLocale): Promise<TLandingContent['hero']['stats']> {
  const [row] = await db
    .select({
      boxes: sql<number>`(select count(*)::int from ${boxes} where ${boxes.active})`,
      cities: sql<number>`(select count(distinct ${partners.city})::int from ${partners} where ${partners.active})`,
      partners: sql<number>`(select count(*)::int from ${partners} where ${partners.active})`,
      experiences: sql<number>`(select count(*)::int from ${offers} where ${offers.active})`,
      reviews: sql<number>`(select count(*)::int from ${reviews})`,
      rating: sql<string | null>`(select round(avg(${reviews.rating}), 1)::text from ${reviews})`,
    })
    .from(sql`(select 1) as figures`);
  const figures = row!;
  const count = (n: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ' : 'fr-DZ').format(Number(n));
  const stat = (value: string, label: keyof typeof STAT_LABELS, icon: string) => ({ value, label: STAT_LABELS[label][locale], icon });
  return [
    stat(count(figures.boxes), 'boxes', 'gift'),
    stat(count(figures.cities), 'cities', 'map-pin'),
    stat(count(figures.partners), 'partners', 'handshake'),
    Number(figures.reviews) > 0 && figures.rating
      ? stat(`${figures.rating.replace('.', ',')}/5`, 'rating', 'star')
      : stat(count(figures.experiences), 'experiences', 'sparkles'),
  ];
}

/** Newsletter sign-up; an address already on the list is a success that adds nothing. */
export async function subscribeToNewsletter(
  db: Queryable,
  input: { email: string; locale?: TLocale | undefined },
  now: Date,
): Promise<TNewsletterResponse & { created: boolean }> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email: input.email, locale: input.locale ?? 'fr', createdAt: now })
    .onConflictDoNothing({ target: newsletterSubscriptions.email })
    .returning({ id: newsletterSubscriptions.id });
  const created = inserted.length > 0;
  return {
    subscribed: true,
    alreadySubscribed: !created,
    message: created ? LANDING_MESSAGES.NEWSLETTER_SUBSCRIBED : LANDING_MESSAGES.NEWSLETTER_ALREADY,
    created,
  };
}

/** Number of subscriptions (for tests and the back office). */
export async function countNewsletterSubscriptions(db: Queryable, email: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`cast(count(*) as integer)` })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return Number(row?.count ?? 0);
}
