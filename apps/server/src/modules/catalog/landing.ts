import { eq, sql } from 'drizzle-orm';
import {
  defaultLandingConfig,
  fillNewsletterTokens,
  formatPromotionDiscount,
  LANDING_MESSAGES,
  namesNewsletterOffer,
  NEWSLETTER_WITHOUT_OFFER,
  resolveLanding,
  ZLandingConfig,
  type TLandingConfig,
  type TLandingContent,
  type TLandingResponse,
  type TNewsletterResponse,
} from '@farha/contracts/landing';
import type { TLocale } from '@farha/contracts/auth';
import { formatDate } from '@farha/contracts/money';
import { WEB_PATHS } from '@farha/contracts/web-paths';
import type { Db, Queryable } from '../../db/client.ts';
import { boxes, landingConfigs, newsletterSubscriptions, offers, partners, reviews } from '../../db/schema/index.ts';
import { listPublicPartners } from './service.ts';
import { MemoCache } from '../../lib/memo-cache.ts';
import { enqueueEmail, newsletterWelcomeEmail, wakeOutbox } from '../notifications/index.ts';
import { findPublicPromotion, isPromotionLive, type PublicPromotion } from '../promotions/index.ts';
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
  config.newsletter = await newsletterOfPromotion(ctx, config.newsletter, locale);
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

/** The last day a promotion's code works, in Algiers: the end is the first instant refused. */
const lastValidDay = (endsAt: Date | null, locale: TLocale) => (endsAt ? formatDate(new Date(endsAt.getTime() - 1), locale) : null);

/**
 * docs/product/promotions.md §10, docs/product/storefront.md §3: the newsletter's discount and end date are
 * its promotion's (the `{discount}`, `{until}` and `{code}` of its texts); without such a promotion, the
 * configured percentage and no date.
 */
async function newsletterOfPromotion(
  ctx: { db: Queryable; now: Date },
  newsletter: TLandingContent['newsletter'],
  locale: TLocale,
): Promise<TLandingContent['newsletter']> {
  const promotion = newsletter.promoCode ? await cacheFor(ctx.db).get(`promotion:${newsletter.promoCode}`, () => findPublicPromotion(ctx.db, newsletter.promoCode), ctx.now.getTime()) : null;
  // A paused, ended or not yet started promotion: the homepage promises nothing its code would refuse.
  if (promotion && !isPromotionLive(promotion, ctx.now)) {
    const plain = (text: string) => (namesNewsletterOffer(text) ? NEWSLETTER_WITHOUT_OFFER[locale] : text);
    const title = plain(newsletter.title);
    const subtitle = plain(newsletter.subtitle);
    return { ...newsletter, promoCode: '', title, subtitle: subtitle === title ? '' : subtitle };
  }
  const discount = promotion?.kind === 'percent' ? Math.round(promotion.value / 100) : newsletter.discount;
  const values = {
    code: promotion?.code ?? newsletter.promoCode,
    discount: promotion ? formatPromotionDiscount(promotion.kind, promotion.value, locale) : formatPromotionDiscount('percent', newsletter.discount * 100, locale),
    until: promotion ? lastValidDay(promotion.endsAt, locale) : null,
  };
  return {
    ...newsletter,
    promoCode: values.code,
    discount,
    title: fillNewsletterTokens(newsletter.title, values),
    subtitle: fillNewsletterTokens(newsletter.subtitle, values),
  };
}

/** The newsletter's code as the homepage shows it now (the published configuration's, or the defaults'). */
async function newsletterPromotion(db: Queryable): Promise<PublicPromotion | null> {
  const published = await loadPublished(db);
  const newsletter = (published ? published.config : defaultLandingConfig()).newsletter;
  if (!newsletter.enabled || !newsletter.promoCode) return null;
  return findPublicPromotion(db, newsletter.promoCode);
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

/**
 * Newsletter sign-up; an address already on the list is a success that adds nothing. A new address gets the
 * homepage's code by e-mail, in its language, when that code's promotion is live (active, started, not
 * ended: docs/product/promotions.md §10); the e-mail is queued with the subscription, so a second sign-up
 * (which adds no row) never sends a second one.
 */
export async function subscribeToNewsletter(
  db: Db,
  input: { email: string; locale?: TLocale | undefined },
  ctx: { now: Date; publicUrl: string },
): Promise<TNewsletterResponse & { created: boolean; emailed: boolean }> {
  const locale = input.locale ?? 'fr';
  const { created, emailed } = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(newsletterSubscriptions)
      .values({ email: input.email, locale, createdAt: ctx.now })
      .onConflictDoNothing({ target: newsletterSubscriptions.email })
      .returning({ id: newsletterSubscriptions.id });
    if (inserted.length === 0) return { created: false, emailed: false };
    const promotion = await newsletterPromotion(tx);
    if (!promotion || !isPromotionLive(promotion, ctx.now)) return { created: true, emailed: false };
    await enqueueEmail(tx, {
      to: input.email,
      template: 'newsletter-welcome',
      // The language the visitor signed up in (an account's own language wins).
      locale,
      now: ctx.now,
      render: (l) =>
        newsletterWelcomeEmail({
          locale: l,
          code: promotion.code,
          kind: promotion.kind,
          value: promotion.value,
          endsAt: promotion.endsAt,
          firstPurchaseOnly: promotion.firstPurchaseOnly,
          catalogUrl: `${ctx.publicUrl}${WEB_PATHS.catalog}`,
        }),
    });
    return { created: true, emailed: true };
  });
  if (emailed) wakeOutbox();
  return {
    subscribed: true,
    alreadySubscribed: !created,
    message: created ? LANDING_MESSAGES.NEWSLETTER_SUBSCRIBED : LANDING_MESSAGES.NEWSLETTER_ALREADY,
    created,
    emailed,
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
