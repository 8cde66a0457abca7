import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLandingConfig, defaultLandingContent, type TLandingResponse } from '@farha/contracts/landing';
import { boxes, landingConfigs, newsletterSubscriptions, partners, reviews, users } from '../../src/db/schema/index.ts';
import { DEMO_CUSTOMER_EMAIL } from '../../src/db/seed/demo-accounts.ts';
import { invalidateLandingCache } from '../../src/modules/catalog/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { DEMO_BOX_ID, giveVoucher } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

let t: TestApp;
const clock = testClock();

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

async function landing(query = ''): Promise<TLandingResponse> {
  const res = await t.request({ method: 'GET', url: `/api/landing${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const subscribe = (email: unknown) => t.request({ method: 'POST', url: '/api/newsletter', payload: { email } });

async function subscriptionsOf(email: string): Promise<number> {
  const [row] = await t.database.db
    .select({ count: sql<number>`cast(count(*) as integer)` })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, email));
  return Number(row!.count);
}

describe('GET /api/landing', () => {
  it('serves the default homepage content when nothing is published', async () => {
    const body = await landing();
    expect(body.source).toBe('default');
    expect(body.hero.autoRotateInterval).toBe(5000);
    expect(body.hero.slides).toHaveLength(3);
    for (const slide of body.hero.slides) {
      expect(slide.title).toBeTruthy();
      expect(slide.cta).toBeTruthy();
      expect(slide.background).toBeTruthy();
    }
    expect(body.hero.stats.map((s) => s.label)).toEqual(['Coffrets à offrir', 'Villes', 'Partenaires', 'Expériences']);
    expect(body.benefits).toHaveLength(4);
    expect(body.testimonials).toHaveLength(3);
    expect(body.testimonials.every((x) => x.rating === 5)).toBe(true);
    expect(body.newsletter).toMatchObject({ enabled: true, promoCode: 'BIENVENUE', discount: 20 });
    expect(body.faq.length).toBeGreaterThanOrEqual(4);
    expect(body.theme).toEqual({ primary: '#b5451b', secondary: '#e9a23b', accent: '#1f6f5c' });
  });

  it("shows live figures from the database when the configuration sets none, then the reviews' average", async () => {
    const db = t.database.db;
    const activeBoxes = await db.select({ id: boxes.id }).from(boxes).where(eq(boxes.active, true));
    const activePartners = await db.select({ city: partners.city }).from(partners).where(eq(partners.active, true));
    const before = await landing();
    expect(before.hero.stats.map((s) => s.value).slice(0, 3)).toEqual([
      String(activeBoxes.length),
      String(new Set(activePartners.map((p) => p.city)).size),
      String(activePartners.length),
    ]);

    await db.update(boxes).set({ active: false }).where(eq(boxes.id, activeBoxes[0]!.id));
    const reviewed = await Promise.all([5, 4].map((rating) => giveVoucher(db, { now: new Date() }).then((v) => ({ v, rating }))));
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    await db.insert(reviews).values(reviewed.map(({ v, rating }) => ({ voucherId: v.id, userId: customer!.id, boxId: DEMO_BOX_ID, rating, createdAt: new Date() })));
    // The figures are kept for a minute (six counts per homepage view would not scale), then read again.
    clock.advance(59_000);
    expect((await landing()).hero.stats).toEqual(before.hero.stats);
    clock.advance(2_000);
    const after = await landing();
    expect(after.hero.stats[0]!.value).toBe(String(activeBoxes.length - 1));
    expect(after.hero.stats[3]).toMatchObject({ label: 'Note moyenne', value: '4,5/5', icon: 'star' });
    const arabic = await landing('?locale=ar');
    expect(arabic.hero.stats.map((s) => s.label)).toEqual(['علبة للإهداء', 'مدينة', 'شريك', 'متوسط التقييم']);
    await db.update(boxes).set({ active: true }).where(eq(boxes.id, activeBoxes[0]!.id));
    await db.delete(reviews);
  });

  it('fills the partner grid with real, verified partners', async () => {
    const body = await landing();
    expect(body.partners.length).toBeGreaterThanOrEqual(6);
    const rows = await t.database.db.select().from(partners);
    const byName = new Map(rows.map((p) => [p.name, p]));
    for (const partner of body.partners) {
      const row = byName.get(partner.name);
      expect(row, partner.name).toBeDefined();
      expect(row!.active).toBe(true);
      expect(row!.kycStatus).toBe('verified');
      expect(partner.city).toBe(row!.city);
    }
  });

  it('serves Arabic defaults on request', async () => {
    const body = await landing('?locale=ar');
    expect(body.hero.slides[0]!.title).toMatch(/[\u0600-\u06FF]/);
    expect(body.newsletter.promoCode).toBe('BIENVENUE');
    expect((await t.request({ method: 'GET', url: '/api/landing?locale=en' })).statusCode).toBe(400);
  });

  it('serves the published configuration once one is published (one stored before the texts were bilingual)', async () => {
    // The shape stored before issue 13's bilingual texts: plain strings, read as French.
    const config = defaultLandingContent('fr');
    config.hero.slides[0]!.title = 'Spécial Ramadan';
    config.hero.autoRotateInterval = 7000;
    config.partners = [{ name: 'Partenaire vitrine', logo: '', category: 'Bien-être', city: 'Oran' }];
    await t.database.db.insert(landingConfigs).values({ status: 'published', config, publishedAt: new Date(), createdAt: new Date(), updatedAt: new Date() });
    invalidateLandingCache();

    const body = await landing();
    expect(body.source).toBe('published');
    expect(body.updatedAt).not.toBeNull();
    expect(body.hero.slides[0]!.title).toBe('Spécial Ramadan');
    expect(body.hero.autoRotateInterval).toBe(7000);
    expect(body.partners).toEqual([{ name: 'Partenaire vitrine', logo: '', category: 'Bien-être', city: 'Oran' }]);
  });

  it('shows an Arabic visitor the Arabic texts of the published configuration, and the French where there is none', async () => {
    const config = defaultLandingConfig();
    config.hero.slides[0]!.title = { fr: 'Spécial Ramadan', ar: 'عروض رمضان' };
    config.faq[0]!.answer = { fr: 'Réponse seulement en français.', ar: '' };
    config.partners = [{ name: { fr: 'Hammam Essalam', ar: 'حمّام السلام' }, logo: '', category: { fr: 'Bien-être', ar: '' }, city: { fr: 'Oran', ar: 'وهران' } }];
    await t.database.db.update(landingConfigs).set({ config }).where(eq(landingConfigs.status, 'published'));
    invalidateLandingCache();

    const ar = await landing('?locale=ar');
    expect(ar.hero.slides[0]!.title).toBe('عروض رمضان');
    expect(ar.hero.slides[1]!.title).toBe('الصحراء، القصبة، القبائل: الجزائر هدية');
    expect(ar.faq[0]!.answer).toBe('Réponse seulement en français.');
    expect(ar.partners).toEqual([{ name: 'حمّام السلام', logo: '', category: 'Bien-être', city: 'وهران' }]);
    const fr = await landing('?locale=fr');
    expect(fr.hero.slides[0]!.title).toBe('Spécial Ramadan');
    expect(fr.partners[0]!.name).toBe('Hammam Essalam');
  });

  it('falls back to the defaults when the stored configuration is unusable', async () => {
    await t.database.db.update(landingConfigs).set({ config: { hero: 'cassé' } }).where(eq(landingConfigs.status, 'published'));
    invalidateLandingCache();
    const body = await landing();
    expect(body.source).toBe('default');
    expect(body.hero.slides).toHaveLength(3);
  });
});

describe('POST /api/newsletter', () => {
  it('subscribes an address once; a second sign-up is a polite 200', async () => {
    const first = await subscribe('Lina.Haddad@Example.dz');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ subscribed: true, alreadySubscribed: false });

    const again = await subscribe('  lina.haddad@example.dz ');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      subscribed: true,
      alreadySubscribed: true,
      message: 'Vous êtes déjà inscrit(e) à la newsletter',
    });
    expect(await subscriptionsOf('lina.haddad@example.dz')).toBe(1);
  });

  it("rejects an invalid address with 'Adresse email invalide'", async () => {
    for (const email of ['pas-un-email', 'a@b', '', 42, undefined]) {
      const res = await subscribe(email);
      expect({ email, status: res.statusCode }).toEqual({ email, status: 400 });
      expect(res.json().error).toMatchObject({ message: 'Adresse email invalide', field: 'email' });
    }
  });

  it('is rate-limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await subscribe(`rafale${i}@example.dz`)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(10);
  });
});
