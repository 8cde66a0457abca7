import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TBoxDetail, TBoxListResponse, TBoxSummary, TPartnerListResponse } from '@farha/contracts/catalog';
import { boxes, boxOffers, offers, partners, users, vouchers } from '../../src/db/schema/index.ts';
import { invalidateCatalogCache, recordReview } from '../../src/modules/catalog/index.ts';
import { generateVoucherCode } from '../../src/modules/vouchers/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function list(query = ''): Promise<TBoxListResponse> {
  const res = await t.request({ method: 'GET', url: `/api/boxes${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (r: TBoxListResponse) => r.boxes.map((b) => b.name);

/** Box ids with an active offer of an active partner in `city`, straight from the database. */
async function boxIdsUsableIn(place: { city: string } | { wilaya: string }): Promise<Set<string>> {
  const rows = await t.database.db
    .selectDistinct({ id: boxes.id })
    .from(boxes)
    .innerJoin(boxOffers, eq(boxOffers.boxId, boxes.id))
    .innerJoin(offers, eq(offers.id, boxOffers.offerId))
    .innerJoin(partners, eq(partners.id, offers.partnerId))
    .where(and(eq(boxes.active, true), eq(offers.active, true), eq(partners.active, true), 'city' in place ? eq(partners.city, place.city) : eq(partners.wilaya, place.wilaya)));
  return new Set(rows.map((r) => r.id));
}

let voucherOwnerId: string;
/** A review needs a voucher (one review per voucher). */
async function review(boxId: string, rating: number, comment: string | null = null) {
  const [box] = await t.database.db.select().from(boxes).where(eq(boxes.id, boxId));
  const [voucher] = await t.database.db
    .insert(vouchers)
    .values({
      code: generateVoucherCode(),
      boxId,
      purchaserId: voucherOwnerId,
      recipientEmail: 'client@demo.farha.dz',
      recipientName: 'Amina Benali',
      status: 'REDEEMED',
      faceValue: box!.price,
      expiresAt: new Date(Date.now() + 86_400_000 * 300),
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .returning();
  return recordReview(t.database.db, { voucherId: voucher!.id, userId: voucherOwnerId, boxId, rating, comment, createdAt: new Date() });
}

describe('GET /api/boxes', () => {
  it('lists every active box with its usable offers, cities and badges', async () => {
    const body = await list();
    const [{ count }] = (await t.database.db
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(boxes)
      .where(eq(boxes.active, true))) as [{ count: number }];
    expect(body.boxes).toHaveLength(count);
    expect(body.total).toBe(count);
    expect(count).toBeGreaterThanOrEqual(20);

    for (const box of body.boxes) {
      expect(Number.isInteger(box.price)).toBe(true);
      expect(box.bestSeller).toBe(box.offerCount > 10);
      expect(box.rating).toBeNull(); // the seed has no reviews
      expect(box.reviewCount).toBe(0);
      expect(box.cities).toEqual([...new Set(box.cities)]);
    }
    // offerCount counts active offers of active partners only.
    const sample = body.boxes[0]!;
    const [{ usable }] = (await t.database.db
      .select({ usable: sql<number>`cast(count(*) as integer)` })
      .from(boxOffers)
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .innerJoin(partners, eq(partners.id, offers.partnerId))
      .where(and(eq(boxOffers.boxId, sample.id), eq(offers.active, true), eq(partners.active, true)))) as [{ usable: number }];
    expect(sample.offerCount).toBe(usable);
  });

  it('computes the header statistics and the city list from the database', async () => {
    const body = await list('?q=hammam');
    const all = await list();
    // Statistics describe the whole catalogue, whatever the filters.
    expect(body.stats).toEqual(all.stats);
    expect(body.stats.totalBoxes).toBe(all.boxes.length);
    expect(body.stats.categories.reduce((sum, c) => sum + c.count, 0)).toBe(all.boxes.length);
    for (const { category, count } of body.stats.categories) {
      expect(all.boxes.filter((b) => b.category === category)).toHaveLength(count);
    }
    expect(body.stats.averageRating).toBeNull();

    const [{ partnersCount }] = (await t.database.db
      .select({ partnersCount: sql<number>`cast(count(distinct ${partners.id}) as integer)` })
      .from(boxOffers)
      .innerJoin(boxes, eq(boxes.id, boxOffers.boxId))
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .innerJoin(partners, eq(partners.id, offers.partnerId))
      .where(and(eq(boxes.active, true), eq(offers.active, true), eq(partners.active, true)))) as [{ partnersCount: number }];
    expect(body.stats.partnersCount).toBe(partnersCount);
    const wilayas = await t.database.db
      .selectDistinct({ wilaya: partners.wilaya })
      .from(boxOffers)
      .innerJoin(boxes, eq(boxes.id, boxOffers.boxId))
      .innerJoin(offers, eq(offers.id, boxOffers.offerId))
      .innerJoin(partners, eq(partners.id, offers.partnerId))
      .where(and(eq(boxes.active, true), eq(offers.active, true), eq(partners.active, true)));
    expect(body.cities).toEqual(wilayas.map((w) => w.wilaya).sort((a, b) => a.localeCompare(b, 'fr')));
    expect(body.cities.length).toBeGreaterThanOrEqual(5);
  });

  it('searches name and description, ignoring case and accents', async () => {
    const all = await list();
    const target = all.boxes.find((b) => /hammam/i.test(b.name))!;
    expect(target).toBeDefined();

    const upper = await list(`?q=${encodeURIComponent(target.name.toUpperCase())}`);
    expect(names(upper)).toContain(target.name);
    for (const box of upper.boxes) expect(`${box.name} ${box.description}`.toLowerCase()).toContain('hammam');

    // A word found only in a description.
    const described = all.boxes.find((b) => /couscous/i.test(b.description) && !/couscous/i.test(b.name));
    if (described) {
      const byDescription = await list('?q=COUSCOUS');
      expect(names(byDescription)).toContain(described.name);
    }
    const accented = all.boxes.find((b) => /é/.test(b.name))!;
    const folded = accented.name.normalize('NFD').replace(/\p{M}/gu, '');
    expect(names(await list(`?q=${encodeURIComponent(folded)}`))).toContain(accented.name);

    const none = await list('?q=zzzz-introuvable');
    expect(none.boxes).toEqual([]);
    expect(none.total).toBe(0);
  });

  it('filters by product line', async () => {
    const body = await list('?category=nassim');
    expect(body.boxes.length).toBeGreaterThan(0);
    expect(body.boxes.every((b) => b.category === 'nassim')).toBe(true);
    const all = await list();
    expect(body.total).toBe(all.boxes.filter((b) => b.category === 'nassim').length);
  });

  it('filters by wilaya: only boxes with an active offer of an active partner there, its towns and districts included', async () => {
    const all = await list();
    // A city where some boxes can be used and others cannot, so the filter has to do something.
    let city: string | undefined;
    let usable = new Set<string>();
    for (const candidate of all.cities) {
      usable = await boxIdsUsableIn({ wilaya: candidate });
      if (usable.size > 0 && usable.size < all.boxes.length) {
        city = candidate;
        break;
      }
    }
    expect(city).toBeDefined();
    const body = await list(`?city=${encodeURIComponent(city!)}`);
    expect(new Set(body.boxes.map((b) => b.id))).toEqual(usable);
    expect(body.boxes.length).toBeLessThan(all.boxes.length);
    // Case does not matter.
    expect((await list(`?city=${encodeURIComponent(city!.toUpperCase())}`)).total).toBe(usable.size);
    expect((await list('?city=Atlantis')).total).toBe(0);
  });

  it("offers Algiers once, as its wilaya, whose boxes include those of Hydra, El Biar and Zéralda", async () => {
    const all = await list();
    const towns = (await t.database.db.selectDistinct({ city: partners.city }).from(partners).where(and(eq(partners.wilaya, 'Alger'), eq(partners.active, true)))).map((r) => r.city);
    expect(towns.length).toBeGreaterThan(1);
    expect(all.cities).toContain('Alger');
    for (const town of towns.filter((c) => c !== 'Alger')) expect(all.cities).not.toContain(town);
    const algiers = await list('?city=Alger');
    expect(new Set(algiers.boxes.map((b) => b.id))).toEqual(await boxIdsUsableIn({ wilaya: 'Alger' }));
    // A district named in an older link still filters by itself.
    const district = towns.find((c) => c !== 'Alger')!;
    expect(new Set((await list(`?city=${encodeURIComponent(district)}`)).boxes.map((b) => b.id))).toEqual(await boxIdsUsableIn({ city: district }));
  });

  it('filters by price with inclusive bounds', async () => {
    const all = await list();
    const prices = [...new Set(all.boxes.map((b) => b.price))].sort((a, b) => a - b);
    const mid = prices[Math.floor(prices.length / 2)]!;

    const exact = await list(`?minPrice=${mid}&maxPrice=${mid}`);
    expect(exact.boxes.length).toBeGreaterThan(0);
    expect(exact.boxes.every((b) => b.price === mid)).toBe(true);
    expect(exact.total).toBe(all.boxes.filter((b) => b.price === mid).length);

    const upTo = await list(`?maxPrice=${mid}`);
    expect(upTo.total).toBe(all.boxes.filter((b) => b.price <= mid).length);
    const from = await list(`?minPrice=${mid}`);
    expect(from.total).toBe(all.boxes.filter((b) => b.price >= mid).length);

    // docs/product/storefront.md §4 ranges: 5 000 belongs to "moins de 5 000" and to "5 000 - 10 000".
    const under5000 = await list('?maxPrice=5000');
    expect(under5000.boxes.every((b) => b.price <= 5000)).toBe(true);
    expect(under5000.total).toBe(all.boxes.filter((b) => b.price <= 5000).length);
  });

  it('combines filters, search and sort', async () => {
    const all = await list();
    const body = await list('?category=nassim&maxPrice=20000&sort=price-desc');
    const expected = all.boxes.filter((b) => b.category === 'nassim' && b.price <= 20000);
    expect(body.total).toBe(expected.length);
    const prices = body.boxes.map((b) => b.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('sorts by popularity (default), price and newest', async () => {
    const popular = await list();
    for (let i = 1; i < popular.boxes.length; i++) {
      expect(popular.boxes[i - 1]!.offerCount).toBeGreaterThanOrEqual(popular.boxes[i]!.offerCount);
    }
    expect(names(await list('?sort=popularity'))).toEqual(names(popular));

    const asc = (await list('?sort=price-asc')).boxes.map((b) => b.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await list('?sort=price-desc')).boxes.map((b) => b.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));

    // Make one box clearly the newest and another old.
    const [newest, oldest] = [popular.boxes[5]!, popular.boxes[0]!];
    await t.database.db.update(boxes).set({ createdAt: new Date() }).where(eq(boxes.id, newest.id));
    await t.database.db
      .update(boxes)
      .set({ createdAt: new Date(Date.now() - 400 * 86_400_000) })
      .where(eq(boxes.id, oldest.id));
    invalidateCatalogCache();
    const byDate = await list('?sort=newest');
    expect(byDate.boxes[0]!.id).toBe(newest.id);
    expect(byDate.boxes.at(-1)!.id).toBe(oldest.id);
    const dates = byDate.boxes.map((b) => b.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    // docs/product/storefront.md §4: new when created within 7 days.
    expect(byDate.boxes[0]!.isNew).toBe(true);
    expect(byDate.boxes.at(-1)!.isNew).toBe(false);
  });

  it('gives the first boxes only when asked for a limit, counting every match (the homepage shows four)', async () => {
    const all = await list();
    const first = await list('?limit=4');
    expect(names(first)).toEqual(names(all).slice(0, 4));
    expect(first.total).toBe(all.total);
    expect(first.stats).toEqual(all.stats);
    const cheapest = await list('?sort=price-asc&category=nassim&limit=2');
    expect(names(cheapest)).toEqual(names(await list('?sort=price-asc&category=nassim')).slice(0, 2));
    for (const query of ['?limit=0', '?limit=101', '?limit=2.5', '?limit=abc']) {
      const res = await t.request({ method: 'GET', url: `/api/boxes${query}` });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.json().error.field, query).toBe('limit');
    }
  });

  it('rejects bad query values with a 400 naming the field', async () => {
    const cases: [string, string, string, string][] = [
      ['?sort=cheapest', 'sort', 'UNKNOWN_SORT', 'Tri inconnu'],
      ['?minPrice=abc', 'minPrice', 'INVALID_PRICE', 'Prix invalide'],
      ['?maxPrice=-5', 'maxPrice', 'INVALID_PRICE', 'Prix invalide'],
      ['?minPrice=12.5', 'minPrice', 'INVALID_PRICE', 'Prix invalide'],
      ['?category=pizza', 'category', 'UNKNOWN_CATEGORY', 'Catégorie inconnue'],
      ['?minPrice=9000&maxPrice=1000', 'maxPrice', 'INVALID_PRICE_RANGE', 'Le prix minimum dépasse le prix maximum'],
      [`?q=${'x'.repeat(101)}`, 'q', 'SEARCH_TOO_LONG', 'Texte de recherche trop long'],
    ];
    for (const [query, field, code, message] of cases) {
      const res = await t.request({ method: 'GET', url: `/api/boxes${query}` });
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
      expect(res.json().error).toEqual({ code, message, field });
    }
    // Empty parameters mean "no filter".
    expect((await list('?q=&category=&city=&minPrice=&maxPrice=&sort=')).total).toBe((await list()).total);
  });
});

describe('catalogue cache', () => {
  it('answers 304 to a matching If-None-Match', async () => {
    const first = await t.request({ method: 'GET', url: '/api/boxes?sort=price-asc' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const again = await t.request({ method: 'GET', url: '/api/boxes?sort=price-asc', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.request({ method: 'GET', url: '/api/boxes?sort=price-desc', headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);

    const box = (first.json() as TBoxListResponse).boxes[0]!;
    const detail = await t.request({ method: 'GET', url: `/api/boxes/${box.id}` });
    const detailAgain = await t.request({
      method: 'GET',
      url: `/api/boxes/${box.id}`,
      headers: { 'if-none-match': detail.headers.etag as string },
    });
    expect(detailAgain.statusCode).toBe(304);
  });

  it('sends the cached answer compressed to clients that accept it', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/boxes' });
    const br = await t.request({ method: 'GET', url: '/api/boxes', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());
    const gzip = await t.request({ method: 'GET', url: '/api/boxes', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    // The compressed representation revalidates too.
    const again = await t.request({
      method: 'GET',
      url: '/api/boxes',
      headers: { 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves the cached list until a catalogue write invalidates it', async () => {
    const before = await list();
    const box = before.boxes[3]!;
    // A direct database write that does not invalidate: the cached answer stays.
    await t.database.db.update(boxes).set({ price: box.price + 500 }).where(eq(boxes.id, box.id));
    expect((await list()).boxes.find((b) => b.id === box.id)!.price).toBe(box.price);
    invalidateCatalogCache();
    expect((await list()).boxes.find((b) => b.id === box.id)!.price).toBe(box.price + 500);
  });

  it('refreshes ratings, the rating sort and the statistics when a review is recorded', async () => {
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'client@demo.farha.dz'));
    voucherOwnerId = owner!.id;
    const before = await t.request({ method: 'GET', url: '/api/boxes?sort=rating' });
    const etag = before.headers.etag as string;
    const all = (before.json() as TBoxListResponse).boxes;
    const [a, b, c] = [all[10]!, all[4]!, all[7]!];

    await review(a.id, 5, 'Un moment magique');
    await review(a.id, 4);
    await review(b.id, 5, 'Parfait');
    await review(c.id, 2);

    const after = await t.request({ method: 'GET', url: '/api/boxes?sort=rating', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    const body = after.json() as TBoxListResponse;
    const ranked = body.boxes.map((x) => x.id);
    // b (5.0), then a (4.5), then c (2.0), then every box without reviews.
    expect(ranked.slice(0, 3)).toEqual([b.id, a.id, c.id]);
    expect(body.boxes.slice(3).every((x) => x.rating === null)).toBe(true);
    const byId = new Map<string, TBoxSummary>(body.boxes.map((x) => [x.id, x]));
    expect(byId.get(a.id)).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect(byId.get(c.id)).toMatchObject({ rating: 2, reviewCount: 1 });
    // (5 + 4 + 5 + 2) / 4 = 4.0
    expect(body.stats.averageRating).toBe(4);
    expect(body.stats.reviewCount).toBe(4);
  });
});

describe('GET /api/boxes/:id', () => {
  it('returns the box with its offers, partners and recent reviews (first names only)', async () => {
    const rated = (await list('?sort=rating')).boxes[1]!; // the box with two reviews
    const res = await t.request({ method: 'GET', url: `/api/boxes/${rated.id}` });
    expect(res.statusCode).toBe(200);
    const box = res.json() as TBoxDetail;
    expect(box).toMatchObject({ id: rated.id, name: rated.name, price: rated.price, rating: 4.5, reviewCount: 2 });
    expect(box.offers).toHaveLength(box.offerCount);
    expect(box.offers.length).toBeGreaterThan(0);
    for (const offer of box.offers) {
      expect(offer.partner.name).toBeTruthy();
      expect(offer.partner.city).toBeTruthy();
      expect(offer.partner.address).toBeTruthy();
      expect(Number.isInteger(offer.faceValue)).toBe(true);
    }
    expect(new Set(box.offers.map((o) => o.partner.city))).toEqual(new Set(box.cities));
    expect(box.reviews).toHaveLength(2);
    expect(box.reviews.map((r) => r.firstName)).toEqual(['Amina', 'Amina']);
    expect(box.reviews.map((r) => r.rating).sort()).toEqual([4, 5]);
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('Benali');
  });

  it('carries each box and offer in Arabic beside the French, null where no translation exists, and finds it by an Arabic search', async () => {
    const [seeded] = await t.database.db.select().from(boxes).where(eq(boxes.name, 'Parenthèse Hammam'));
    const detail = (await t.request({ method: 'GET', url: `/api/boxes/${seeded!.id}` })).json() as TBoxDetail;
    expect(detail).toMatchObject({ name: 'Parenthèse Hammam', nameAr: 'استراحة الحمّام' });
    expect(detail.descriptionAr).toMatch(/^بخار وصابون أسود/);
    expect(detail.offers.length).toBeGreaterThan(0);
    for (const offer of detail.offers) {
      expect(offer.title).toMatch(/[a-z]/i);
      expect(offer.titleAr).toMatch(/^[\u0600-\u06FF]/);
      expect(offer.descriptionAr).toMatch(/[\u0600-\u06FF]/);
    }
    const listed = (await list()).boxes.find((b) => b.id === seeded!.id)!;
    expect(listed).toMatchObject({ nameAr: 'استراحة الحمّام', descriptionAr: detail.descriptionAr });
    expect(names(await list(`?q=${encodeURIComponent('الحمّام')}`))).toContain('Parenthèse Hammam');
    // Typed without the shadda, with other short vowels, or with a bare alef where the name has a hamza.
    for (const q of ['استراحة الحمام', 'اِسْتِراحَةُ الحَمّام', 'بخار وصابون اسود', 'استراحه']) {
      expect(names(await list(`?q=${encodeURIComponent(q)}`)), q).toContain('Parenthèse Hammam');
    }

    // A box written before its translation: no Arabic, the storefront falls back to the French.
    await t.database.db.update(boxes).set({ nameAr: null, descriptionAr: null }).where(eq(boxes.id, seeded!.id));
    invalidateCatalogCache();
    try {
      const untranslated = (await t.request({ method: 'GET', url: `/api/boxes/${seeded!.id}` })).json() as TBoxDetail;
      expect(untranslated).toMatchObject({ name: 'Parenthèse Hammam', nameAr: null, descriptionAr: null });
    } finally {
      await t.database.db.update(boxes).set({ nameAr: seeded!.nameAr, descriptionAr: seeded!.descriptionAr }).where(eq(boxes.id, seeded!.id));
      invalidateCatalogCache();
    }
  });

  it("answers 'Coffret non trouvé' for unknown, malformed and inactive boxes", async () => {
    const all = await list();
    const inactive = all.boxes.at(-1)!;
    await t.database.db.update(boxes).set({ active: false }).where(eq(boxes.id, inactive.id));
    invalidateCatalogCache();

    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1", inactive.id]) {
      const res = await t.request({ method: 'GET', url: `/api/boxes/${encodeURIComponent(id)}` });
      expect({ id, status: res.statusCode }).toEqual({ id, status: 404 });
      expect(res.json().error.message).toBe('Coffret non trouvé');
    }
    // Nor is it listed.
    const after = await list();
    expect(after.boxes.map((b) => b.id)).not.toContain(inactive.id);
    expect(after.stats.totalBoxes).toBe(all.stats.totalBoxes - 1);
    await t.database.db.update(boxes).set({ active: true }).where(eq(boxes.id, inactive.id));
    invalidateCatalogCache();
  });
});

describe('favourites', () => {
  it('needs a signed-in user', async () => {
    const box = (await list()).boxes[0]!;
    expect((await t.request({ method: 'GET', url: '/api/favourites' })).statusCode).toBe(401);
    expect((await t.request({ method: 'PUT', url: `/api/favourites/${box.id}` })).statusCode).toBe(401);
    expect((await t.request({ method: 'DELETE', url: `/api/favourites/${box.id}` })).statusCode).toBe(401);
  });

  it('keeps each user their own idempotent list', async () => {
    const [first, second] = (await list()).boxes;
    const amina = await t.login('client@demo.farha.dz');
    const karim = await t.login('partenaire@demo.farha.dz');
    const favs = async (cookie: string) =>
      (await t.request({ method: 'GET', url: '/api/favourites', cookie })).json().boxIds as string[];

    expect(await favs(amina)).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const res = await t.request({ method: 'PUT', url: `/api/favourites/${first!.id}`, cookie: amina });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ boxId: first!.id, favourite: true });
    }
    await t.request({ method: 'PUT', url: `/api/favourites/${second!.id}`, cookie: karim });
    expect(await favs(amina)).toEqual([first!.id]);
    expect(await favs(karim)).toEqual([second!.id]);

    for (let i = 0; i < 2; i++) {
      const res = await t.request({ method: 'DELETE', url: `/api/favourites/${first!.id}`, cookie: amina });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ boxId: first!.id, favourite: false });
    }
    expect(await favs(amina)).toEqual([]);
    expect(await favs(karim)).toEqual([second!.id]);
  });

  it("answers 'Coffret non trouvé' for a box that does not exist", async () => {
    const amina = await t.login('client@demo.farha.dz');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await t.request({ method: 'PUT', url: `/api/favourites/${id}`, cookie: amina });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Coffret non trouvé');
    }
  });
});

describe('GET /api/partners', () => {
  it('lists active, KYC-verified partners with their offer and box counts', async () => {
    const res = await t.request({ method: 'GET', url: '/api/partners' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as TPartnerListResponse;
    const expected = await t.database.db
      .select({ id: partners.id })
      .from(partners)
      .where(and(eq(partners.active, true), eq(partners.kycStatus, 'verified')));
    expect(new Set(body.partners.map((p) => p.id))).toEqual(new Set(expected.map((p) => p.id)));
    expect(body.partners.length).toBeGreaterThanOrEqual(20);
    expect(res.body).not.toMatch(/iban|DZ58|commission/i);

    const partner = body.partners.find((p) => p.offerCount > 0)!;
    const [{ count }] = (await t.database.db
      .select({ count: sql<number>`cast(count(*) as integer)` })
      .from(offers)
      .where(and(eq(offers.partnerId, partner.id), eq(offers.active, true)))) as [{ count: number }];
    expect(partner.offerCount).toBe(count);
    expect(body.partners.some((p) => p.boxCount > 0)).toBe(true);
  });

  it('filters by wilaya (a district under its city, issue 34) and category', async () => {
    const all = (await t.request({ method: 'GET', url: '/api/partners' })).json() as TPartnerListResponse;
    // The city filter's choices are the wilayas: Algiers' districts are not cities beside « Oran ».
    expect(all.cities).toEqual([...new Set(all.partners.map((p) => p.wilaya))].sort(new Intl.Collator('fr', { sensitivity: 'base' }).compare));
    const districts = all.partners.filter((p) => p.wilaya === 'Alger' && p.city !== 'Alger').map((p) => p.city);
    expect(districts.length).toBeGreaterThan(0);
    for (const district of districts) expect(all.cities).not.toContain(district);
    expect(all.cities).toEqual(expect.arrayContaining(['Alger', 'Oran']));

    const byWilaya = (await t.request({ method: 'GET', url: '/api/partners?city=alger' })).json() as TPartnerListResponse;
    expect(byWilaya.partners.length).toBe(all.partners.filter((p) => p.wilaya === 'Alger').length);
    expect(byWilaya.partners.map((p) => p.city)).toEqual(expect.arrayContaining([districts[0]!]));
    expect(byWilaya.cities).toEqual(all.cities);
    // A district named in an older link still filters by itself.
    const byDistrict = (await t.request({ method: 'GET', url: `/api/partners?city=${encodeURIComponent(districts[0]!)}` })).json() as TPartnerListResponse;
    expect(byDistrict.partners.length).toBe(all.partners.filter((p) => p.city === districts[0]).length);

    const category = all.categories[0]!;
    const byCategory = (
      await t.request({ method: 'GET', url: `/api/partners?category=${category.category}` })
    ).json() as TPartnerListResponse;
    expect(byCategory.partners).toHaveLength(category.count);
    expect(byCategory.partners.every((p) => p.category === category.category)).toBe(true);

    const bad = await t.request({ method: 'GET', url: '/api/partners?category=pizza' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('category');
  });
});
