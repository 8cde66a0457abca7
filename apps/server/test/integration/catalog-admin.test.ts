import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultLandingConfig, type TLandingConfig, type TLandingResponse } from '@farha/contracts/landing';
import type { TAdminBox, TAdminBoxPage, TAdminOfferPage } from '@farha/contracts/catalog-admin';
import { auditLog, boxes, vouchers } from '../../src/db/schema/index.ts';
import { ACCOUNTS, type GuardedEndpoint, itGuardsEachEndpoint, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { DEMO_BOX_ID, giveVoucher, PARTNER1_MASSAGE_OFFER_ID } from '../partner-fixtures.ts';
import { OFFER_AR } from '../../src/db/seed/catalog-data-ar.ts';
import { searchFold } from '../../src/lib/search-fold.ts';

const MASSAGE_TITLE_AR = OFFER_AR['hammam-dar-essalam--hammam-massage']![0];
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.request({ method, url, ...(cookie ? { cookie } : {}), ...(payload !== undefined ? { payload: payload as object } : {}) });
const admin = () => cookies.catalog_admin;

function multipart(file: { name: string; type: string; data: Buffer }) {
  const boundary = `----farha${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const uploadImage = (data: Buffer, purpose: 'box' | 'landing' = 'box', cookie = admin()) =>
  t.request({ method: 'POST', url: `/api/admin/catalog/images?purpose=${purpose}`, cookie, ...multipart({ name: 'photo.png', type: 'image/png', data }) });
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 181, g: 69, b: 27 } } }).png().toBuffer();

async function twoOffers(): Promise<TAdminOfferPage['offers']> {
  const res = await call('GET', '/api/admin/offers?pageSize=100', admin());
  expect(res.statusCode, res.body).toBe(200);
  const usable = (res.json() as TAdminOfferPage).offers.filter((o) => o.active);
  return [usable[0]!, usable.find((o) => o.partnerId !== usable[0]!.partnerId)!];
}

async function newBox(extra: Record<string, unknown> = {}): Promise<TAdminBox> {
  const offers = await twoOffers();
  const res = await call('POST', '/api/admin/boxes', admin(), {
    name: `Coffret Test ${randomUUID().slice(0, 6)}`,
    description: 'Deux expériences à vivre',
    price: 12_000,
    validityDays: 180,
    exchangeOnce: true,
    category: 'tiziri',
    offerIds: offers.map((o) => o.id),
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().box;
}

const publicList = async (q = '') => (await call('GET', `/api/boxes${q}`)).json() as { boxes: { id: string; name: string; price: number }[]; total: number };

describe('role × endpoint (issue 13, docs/product/accounts-and-roles.md §3: catalogue for superadmin and catalog_admin)', () => {
  const none = '00000000-0000-4000-8000-000000000000';
  const allowed: Role[] = ['superadmin', 'catalog_admin'];
  const endpoints: GuardedEndpoint[] = [
    { method: 'GET', url: '/api/admin/boxes', allowed: allowed },
    { method: 'GET', url: `/api/admin/boxes/${none}`, allowed: allowed },
    { method: 'POST', url: '/api/admin/boxes', payload: { name: '', price: 0, category: 'nassim' }, allowed: allowed },
    { method: 'PATCH', url: `/api/admin/boxes/${none}`, payload: { price: 5000 }, allowed: allowed },
    { method: 'DELETE', url: `/api/admin/boxes/${none}`, allowed: allowed },
    { method: 'GET', url: '/api/admin/offers?q=hammam', allowed: allowed },
    { method: 'POST', url: '/api/admin/catalog/images', allowed: allowed },
    { method: 'GET', url: '/api/admin/landing', allowed: allowed },
    { method: 'PUT', url: '/api/admin/landing/draft', payload: { hero: {} }, allowed: allowed },
    { method: 'POST', url: '/api/admin/landing/publish', allowed: allowed },
    { method: 'GET', url: '/api/admin/landing/history', allowed: allowed },
    { method: 'POST', url: `/api/admin/landing/history/${none}/rollback`, allowed: allowed },
  ];
  itGuardsEachEndpoint(t, cookies, endpoints, { answers: [200, 400, 404, 409], title: (e) => `${e.method} ${e.url}` });
});

describe('boxes', () => {
  it('refuses a box without name, with a price of 0, an unknown validity, no product line or an outside image, with the spec messages', async () => {
    const base = { name: 'Coffret', price: 5000, category: 'nassim' };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...base, name: '   ' }, 'Le nom du coffret est obligatoire', 'name'],
      [{ ...base, price: 0 }, 'Le prix doit être supérieur à 0', 'price'],
      [{ ...base, price: -100 }, 'Le prix doit être supérieur à 0', 'price'],
      [{ ...base, validityDays: 200 }, 'Durée de validité : 90, 180, 365 ou 730 jours', 'validityDays'],
      [{ name: 'Coffret', price: 5000 }, 'La gamme est obligatoire', 'category'],
      [{ ...base, imageUrl: 'https://example.com/a.jpg' }, "L'image doit être téléversée sur Farha", 'imageUrl'],
      [{ ...base, offerIds: [randomUUID()] }, 'Offre introuvable', 'offerIds'],
    ];
    for (const [body, message, field] of cases) {
      const res = await call('POST', '/api/admin/boxes', admin(), body);
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().error).toMatchObject({ message, field });
    }
  });

  it('creates a box from two offers with an uploaded picture, shows its economics and audits it', async () => {
    const image = await uploadImage(await photo(2400, 1800));
    expect(image.statusCode, image.body).toBe(201);
    const offers = await twoOffers();
    const box = await newBox({ imageUrl: image.json().url, offerIds: offers.map((o) => o.id) });
    expect(box).toMatchObject({ validityDays: 180, category: 'tiziri', active: true, imageUrl: image.json().url, offerCount: 2 });
    expect(box.offers.map((o) => o.id).sort()).toEqual(offers.map((o) => o.id).sort());
    const faces = offers.map((o) => o.faceValue);
    const commissions = offers.map((o) => Math.round((o.faceValue * o.commissionBp) / 10_000));
    expect(box.economics).toMatchObject({
      price: 12_000,
      faceValueMin: Math.min(...faces),
      faceValueMax: Math.max(...faces),
      commissionMin: Math.min(...commissions),
      marginMax: Math.max(...offers.map((o, i) => 12_000 - o.faceValue + commissions[i]!)),
    });
    expect(box.sales).toEqual({ vouchersSold: 0, revenue: 0 });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, box.id), eq(auditLog.action, 'box.create')));
    expect(entry).toMatchObject({ actorEmail: ACCOUNTS.catalog_admin, actorRole: 'catalog_admin' });
  });

  it('lists every box, active or not, with search, product line, sales and pages', async () => {
    const hidden = await newBox({ name: 'Coffret Zéphyr caché', active: false, category: 'aures' });
    const all = (await call('GET', '/api/admin/boxes?pageSize=100', admin())).json() as TAdminBoxPage;
    expect(all.boxes.some((b) => b.id === hidden.id && !b.active)).toBe(true);
    expect(all.lines.find((l) => l.category === 'aures')?.count).toBeGreaterThanOrEqual(1);

    for (const q of ['zephyr', 'ZÉPHYR caché', 'Zéphyr']) {
      const found = (await call('GET', `/api/admin/boxes?q=${encodeURIComponent(q)}`, admin())).json() as TAdminBoxPage;
      expect({ q, ids: found.boxes.map((b) => b.id) }).toEqual({ q, ids: [hidden.id] });
    }

    const line = (await call('GET', '/api/admin/boxes?category=aures&status=inactive', admin())).json() as TAdminBoxPage;
    expect(line.boxes.every((b) => b.category === 'aures' && !b.active)).toBe(true);
    expect(line.boxes.map((b) => b.id)).toContain(hidden.id);

    const page1 = (await call('GET', '/api/admin/boxes?pageSize=5&page=1', admin())).json() as TAdminBoxPage;
    const page2 = (await call('GET', '/api/admin/boxes?pageSize=5&page=2', admin())).json() as TAdminBoxPage;
    expect(page1.boxes).toHaveLength(5);
    expect(page1.total).toBe(all.total);
    expect(page2.boxes.map((b) => b.id).filter((id) => page1.boxes.some((b) => b.id === id))).toEqual([]);

    // Sales: the demo box has vouchers; one more sold shows in its figures.
    const before = (await call('GET', `/api/admin/boxes/${DEMO_BOX_ID}`, admin())).json() as TAdminBox;
    await giveVoucher(t.database.db, { boxId: DEMO_BOX_ID, now: clock.now() });
    const after = (await call('GET', `/api/admin/boxes/${DEMO_BOX_ID}`, admin())).json() as TAdminBox;
    expect(after.sales.vouchersSold).toBe(before.sales.vouchersSold + 1);
    expect(after.sales.revenue).toBe(before.sales.revenue + after.price);
  });

  it('searches the offers to bundle by title or partner, city and category, paginated', async () => {
    const all = (await call('GET', '/api/admin/offers?pageSize=100', admin())).json() as TAdminOfferPage;
    expect(all.total).toBeGreaterThan(20);
    const sample = all.offers[3]!;
    // Seeded offers have their Arabic titles (issue 15): the box editor shows them to an Arabic reader.
    expect(sample.titleAr).toMatch(/\p{Script=Arabic}/u);
    const byPartner = (await call('GET', `/api/admin/offers?q=${encodeURIComponent(sample.partnerName)}`, admin())).json() as TAdminOfferPage;
    expect(byPartner.offers.map((o) => o.id)).toContain(sample.id);
    expect(byPartner.offers.every((o) => o.partnerName === sample.partnerName || o.title.toLowerCase().includes(sample.partnerName.toLowerCase()))).toBe(true);
    const byCity = (await call('GET', `/api/admin/offers?city=${encodeURIComponent(sample.city)}&pageSize=100`, admin())).json() as TAdminOfferPage;
    expect(byCity.offers.length).toBeGreaterThan(0);
    expect(byCity.offers.every((o) => o.city === sample.city)).toBe(true);
    const byCategory = (await call('GET', `/api/admin/offers?category=${sample.category}&pageSize=100`, admin())).json() as TAdminOfferPage;
    expect(byCategory.offers.every((o) => o.category === sample.category)).toBe(true);
    // By its Arabic title, as written or without its shadda and hamza: "حمّام وتقشير وتدليك بزيت الأرغان (60 دقيقة)".
    expect(MASSAGE_TITLE_AR).toContain('حمّام وتقشير');
    for (const q of ['حمّام وتقشير', 'حمام وتقشير', 'بزيت الارغان']) {
      const byArabic = (await call('GET', `/api/admin/offers?q=${encodeURIComponent(q)}`, admin())).json() as TAdminOfferPage;
      expect(byArabic.offers.map((o) => o.id), q).toContain(PARTNER1_MASSAGE_OFFER_ID);
      expect(byArabic.offers.every((o) => searchFold(o.titleAr ?? '').includes(searchFold(q))), q).toBe(true);
    }
    const paged = (await call('GET', '/api/admin/offers?pageSize=7&page=2', admin())).json() as TAdminOfferPage;
    expect(paged.offers).toHaveLength(7);
    expect(paged.offers[0]!.id).toBe(all.offers[7]!.id);
    expect((await call('GET', '/api/admin/offers?category=cuisine', admin())).statusCode).toBe(400);
  });

  it('the public catalogue follows each write at once: created, edited, deactivated', async () => {
    await publicList(); // the catalogue is cached
    const box = await newBox({ name: 'Coffret Écho des Aurès' });
    const listed = await publicList('?q=echo%20des%20aures');
    expect(listed.boxes.map((b) => b.id)).toEqual([box.id]);

    const edited = await call('PATCH', `/api/admin/boxes/${box.id}`, admin(), { name: 'Coffret Écho de Ghoufi', price: 14_000 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await publicList('?q=echo%20des%20aures')).boxes).toEqual([]);
    expect((await publicList('?q=echo%20de%20ghoufi')).boxes).toMatchObject([{ id: box.id, price: 14_000 }]);
    const page = await call('GET', `/api/boxes/${box.id}`);
    expect(page.json()).toMatchObject({ name: 'Coffret Écho de Ghoufi', price: 14_000 });

    const off = await call('PATCH', `/api/admin/boxes/${box.id}`, admin(), { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await publicList('?q=echo%20de%20ghoufi')).boxes).toEqual([]);
    expect((await call('GET', `/api/boxes/${box.id}`)).statusCode).toBe(404);
  });

  it('writes the Arabic name and description beside the French, shown by the storefront at once, cleared when emptied, audited', async () => {
    const box = await newBox({ name: 'Coffret Aurès', nameAr: '  علبة الأوراس ', descriptionAr: 'تجربتان للعيش' });
    expect(box).toMatchObject({ name: 'Coffret Aurès', nameAr: 'علبة الأوراس', descriptionAr: 'تجربتان للعيش' });
    expect((await call('GET', `/api/boxes/${box.id}`)).json()).toMatchObject({ name: 'Coffret Aurès', nameAr: 'علبة الأوراس', descriptionAr: 'تجربتان للعيش' });
    // The back office finds it by its Arabic name too.
    for (const q of ['الأوراس', 'الاوراس', 'عُلْبَةُ الأوراس']) {
      const found = (await call('GET', `/api/admin/boxes?q=${encodeURIComponent(q)}`, admin())).json();
      expect({ q, ids: found.boxes.map((b: { id: string }) => b.id) }).toEqual({ q, ids: [box.id] });
    }

    const edited = await call('PATCH', `/api/admin/boxes/${box.id}`, admin(), { nameAr: 'علبة غوفي' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().box).toMatchObject({ nameAr: 'علبة غوفي', descriptionAr: 'تجربتان للعيش' });
    expect((await call('GET', `/api/boxes/${box.id}`)).json()).toMatchObject({ nameAr: 'علبة غوفي' });
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, box.id), eq(auditLog.action, 'box.update')));
    expect(audit).toMatchObject({ before: { nameAr: 'علبة الأوراس' }, after: { nameAr: 'علبة غوفي' } });

    // Emptied: no translation any more, the storefront falls back to the French.
    const cleared = await call('PATCH', `/api/admin/boxes/${box.id}`, admin(), { nameAr: '  ', descriptionAr: null });
    expect(cleared.json().box).toMatchObject({ nameAr: null, descriptionAr: null });
    expect((await call('GET', `/api/boxes/${box.id}`)).json()).toMatchObject({ name: 'Coffret Aurès', nameAr: null });

    // The same limits as the French, with the catalogue's messages.
    const long = await call('POST', '/api/admin/boxes', admin(), { name: 'Coffret', price: 5000, category: 'nassim', nameAr: 'ع'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ field: 'nameAr', message: expect.stringContaining('120') });
    const longText = await call('PATCH', `/api/admin/boxes/${box.id}`, admin(), { descriptionAr: 'ع'.repeat(2001) });
    expect(longText.statusCode).toBe(400);
    expect(longText.json().error).toMatchObject({ field: 'descriptionAr' });
  });

  it('updates the cached catalogue for the box written only (the other boxes are not read again)', async () => {
    const boxA = await newBox({ name: 'Coffret Alpha cache' });
    const boxB = await newBox({ name: 'Coffret Beta cache' });
    await publicList();
    // A change made behind the API's back to box B (as another server instance would, before its TTL)…
    await t.database.db.update(boxes).set({ price: 99_000 }).where(eq(boxes.id, boxB.id));
    await call('PATCH', `/api/admin/boxes/${boxA.id}`, admin(), { price: 7_000 });
    const list = await publicList('?q=cache');
    // …is not picked up by a write to box A, whose own change is.
    expect(list.boxes.find((b) => b.id === boxA.id)?.price).toBe(7_000);
    expect(list.boxes.find((b) => b.id === boxB.id)?.price).toBe(12_000);
  });

  it('replaces the bundled offers on edit', async () => {
    const box = await newBox();
    const offers = (await call('GET', '/api/admin/offers?pageSize=30', admin())).json() as TAdminOfferPage;
    const third = offers.offers.find((o) => !box.offers.some((b) => b.id === o.id))!;
    const res = await call('PATCH', `/api/admin/boxes/${box.id}`, admin(), { offerIds: [box.offers[0]!.id, third.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().box as TAdminBox).offers.map((o) => o.id).sort()).toEqual([box.offers[0]!.id, third.id].sort());
  });

  it('deletes a box never sold, and deactivates a sold one whose vouchers keep working', async () => {
    const fresh = await newBox();
    const deleted = await call('DELETE', `/api/admin/boxes/${fresh.id}`, admin());
    expect(deleted.json()).toEqual({ outcome: 'deleted', message: 'Coffret supprimé' });
    expect((await call('GET', `/api/admin/boxes/${fresh.id}`, admin())).statusCode).toBe(404);

    const sold = await newBox({ name: 'Coffret Vendu Une Fois' });
    const voucher = await giveVoucher(t.database.db, { boxId: sold.id, now: clock.now() });
    expect((await publicList('?q=vendu%20une%20fois')).boxes).toHaveLength(1);
    const res = await call('DELETE', `/api/admin/boxes/${sold.id}`, admin());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'deactivated', message: expect.stringContaining('déjà été vendu') });
    const kept = (await call('GET', `/api/admin/boxes/${sold.id}`, admin())).json() as TAdminBox;
    expect(kept).toMatchObject({ active: false, sales: { vouchersSold: 1 } });
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row).toMatchObject({ boxId: sold.id, status: voucher.status });
    // The holder still sees their voucher and its box.
    expect((await publicList('?q=vendu%20une%20fois')).boxes).toEqual([]);
    const actions = await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, sold.id));
    expect(actions.map((a) => a.action)).toContain('box.deactivate');
  });
});

describe('pictures', () => {
  it('re-encodes an upload to WebP at the sizes the storefront draws, public to read', async () => {
    const res = await uploadImage(await photo(3000, 2000));
    expect(res.statusCode, res.body).toBe(201);
    const image = res.json();
    expect(image).toMatchObject({ width: 1600, height: 1067, widths: [400, 800] });
    const full = await t.request({ method: 'GET', url: image.url });
    expect(full.headers['content-type']).toBe('image/webp');
    expect((await sharp(full.rawPayload).metadata()).width).toBe(1600);
    const card = await t.request({ method: 'GET', url: `${image.url}?w=400` });
    expect((await sharp(card.rawPayload).metadata()).width).toBe(400);
    const hero = await uploadImage(await photo(4000, 1500), 'landing');
    expect(hero.json()).toMatchObject({ width: 1920, widths: [480, 960] });
  });

  it('refuses a file that is not an image', async () => {
    const res = await uploadImage(Buffer.from('%PDF-1.4 not a picture'));
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Seules les images sont acceptées');
  });
});

describe('landing page: draft, preview, publish, history, rollback', () => {
  const landing = async () => (await call('GET', '/api/landing')).json() as TLandingResponse;
  const withHero = (title: string, ar = ''): TLandingConfig => {
    const config = defaultLandingConfig();
    config.hero.slides[0]!.title = { fr: title, ar };
    return config;
  };
  const landingIn = async (locale: 'fr' | 'ar') => (await call('GET', `/api/landing?locale=${locale}`)).json() as TLandingResponse;
  const landingAudit = async () =>
    (await t.database.db.select({ action: auditLog.action, actor: auditLog.actorEmail }).from(auditLog).where(eq(auditLog.entityType, 'landing')).orderBy(auditLog.seq)).map(
      (a) => `${a.action} ${a.actor}`,
    );

  it("refuses to publish without a draft: 'Aucun preview à publier'", async () => {
    expect((await call('GET', '/api/admin/landing', admin())).json()).toMatchObject({ draft: null, published: null });
    const res = await call('POST', '/api/admin/landing/publish', admin());
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Aucun preview à publier');
  });

  it('checks the ranges of docs/product/back-office.md §6 and refuses pictures from elsewhere', async () => {
    const cases: [(c: TLandingConfig) => void, string][] = [
      [(c) => (c.hero.autoRotateInterval = 12_000), 'Intervalle de rotation : de 2 000 à 10 000 ms, par pas de 500'],
      [(c) => (c.hero.autoRotateInterval = 2_250), 'Intervalle de rotation : de 2 000 à 10 000 ms, par pas de 500'],
      [(c) => (c.newsletter.discount = 120), 'Réduction : de 0 à 100 %'],
      [(c) => (c.hero.slides[0]!.background = 'https://cdn.example.com/hero.jpg'), 'Les images doivent être téléversées sur Farha'],
      [(c) => (c.testimonials[0]!.avatar = 'http://evil.test/a.png'), 'Les images doivent être téléversées sur Farha'],
      [(c) => (c.theme.primary = 'red'), 'Couleur invalide'],
    ];
    // Every text: French required where the field is, Arabic optional, both within the field's length.
    const bad: [(c: TLandingConfig) => void, string][] = [
      [(c) => (c.hero.slides[0]!.title = { fr: '', ar: 'عنوان' }), 'hero.slides.0.title.fr'],
      [(c) => (c.faq[0]!.question = { fr: ' ', ar: '' }), 'faq.0.question.fr'],
      [(c) => (c.benefits[0]!.title = { fr: 'Rapide', ar: 'س'.repeat(81) }), 'benefits.0.title.ar'],
      [(c) => ((c.hero.slides[1] as { cta: unknown }).cta = { ar: 'اكتشفوا' }), 'hero.slides.1.cta.fr'],
    ];
    for (const [change, field] of bad) {
      const config = defaultLandingConfig();
      change(config);
      const res = await call('PUT', '/api/admin/landing/draft', admin(), config);
      expect({ field, status: res.statusCode }).toEqual({ field, status: 400 });
      expect(res.json().error.field).toBe(field);
    }
    for (const [change, message] of cases) {
      const config = defaultLandingConfig();
      change(config);
      const res = await call('PUT', '/api/admin/landing/draft', admin(), config);
      expect({ message, status: res.statusCode }).toEqual({ message, status: 400 });
      expect(res.json().error.message).toBe(message);
    }
  });

  it('saves a draft the homepage does not show until it is published, then keeps the history and rolls back', async () => {
    const first = withHero('Des coffrets pour chaque fête');
    const image = (await uploadImage(await photo(1920, 800), 'landing')).json();
    first.hero.slides[0]!.background = image.url;
    first.theme = { primary: '#0b5d4b', secondary: '#e9a23b', accent: '#7a2e10' };
    const saved = await call('PUT', '/api/admin/landing/draft', admin(), first);
    expect(saved.statusCode, saved.body).toBe(200);
    const state = (await call('GET', '/api/admin/landing', admin())).json();
    expect(state.published).toBeNull();
    expect(state.draft.hero.slides[0].title).toEqual({ fr: 'Des coffrets pour chaque fête', ar: '' });
    expect((await landing()).source).toBe('default');

    clock.advance(60_000);
    const published = await call('POST', '/api/admin/landing/publish', admin());
    expect(published.statusCode, published.body).toBe(200);
    const home = await landing();
    expect(home).toMatchObject({ source: 'published', theme: first.theme });
    expect(home.hero.slides[0]).toMatchObject({ title: 'Des coffrets pour chaque fête', background: image.url });
    expect((await call('GET', '/api/admin/landing', admin())).json()).toMatchObject({ draft: null });

    clock.advance(60_000);
    expect((await call('PUT', '/api/admin/landing/draft', cookies.superadmin, withHero('Ramadan en coffrets'))).statusCode).toBe(200);
    expect((await call('POST', '/api/admin/landing/publish', cookies.superadmin)).statusCode).toBe(200);
    expect((await landing()).hero.slides[0]!.title).toBe('Ramadan en coffrets');

    const history = (await call('GET', '/api/admin/landing/history', admin())).json();
    expect(history.total).toBe(2);
    expect(history.versions.map((v: { status: string; config: TLandingConfig; publishedBy: string }) => [v.status, v.config.hero.slides[0]!.title.fr, v.publishedBy])).toEqual([
      ['published', 'Ramadan en coffrets', ACCOUNTS.superadmin],
      ['archived', 'Des coffrets pour chaque fête', ACCOUNTS.catalog_admin],
    ]);

    clock.advance(60_000);
    const rolled = await call('POST', `/api/admin/landing/history/${history.versions[1].id}/rollback`, admin());
    expect(rolled.statusCode, rolled.body).toBe(200);
    expect((await landing()).hero.slides[0]!.title).toBe('Des coffrets pour chaque fête');
    const after = (await call('GET', '/api/admin/landing/history', admin())).json();
    expect(after.total).toBe(3);
    expect([after.versions[0].status, after.versions[0].config.hero.slides[0].title.fr]).toEqual(['published', 'Des coffrets pour chaque fête']);

    const actions = (await t.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityType, 'landing'))).map((a) => a.action);
    expect(actions.filter((a) => a === 'landing.publish')).toHaveLength(2);
    expect(actions).toContain('landing.rollback');
    expect(actions).toContain('landing.draft');
  });

  it('publishes a draft written in both languages: an Arabic visitor sees the Arabic hero, a French one the French', async () => {
    const config = withHero('Coffrets de l’Aïd', 'علب هدايا العيد');
    config.newsletter.title = { fr: 'Nos idées cadeaux', ar: '' };
    expect((await call('PUT', '/api/admin/landing/draft', admin(), config)).statusCode).toBe(200);
    const state = (await call('GET', '/api/admin/landing', admin())).json();
    expect(state.draft.hero.slides[0].title).toEqual({ fr: 'Coffrets de l’Aïd', ar: 'علب هدايا العيد' });
    expect((await call('POST', '/api/admin/landing/publish', admin())).statusCode).toBe(200);
    const ar = await landingIn('ar');
    expect(ar.hero.slides[0]!.title).toBe('علب هدايا العيد');
    // Left empty in Arabic: the French is shown.
    expect(ar.newsletter.title).toBe('Nos idées cadeaux');
    expect(ar.faq[0]!.question).toBe('متى يستلم الشخص علبته؟');
    expect((await landingIn('fr')).hero.slides[0]!.title).toBe('Coffrets de l’Aïd');
  });

  it('accepts a draft in the single-language shape of older clients (its texts taken as French)', async () => {
    const config = JSON.parse(JSON.stringify(defaultLandingConfig()), (key, value) =>
      value && typeof value === 'object' && typeof value.fr === 'string' && typeof value.ar === 'string' ? value.fr : value,
    );
    config.hero.slides[0].title = 'Ancienne forme';
    const res = await call('PUT', '/api/admin/landing/draft', admin(), config);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().draft.hero.slides[0].title).toEqual({ fr: 'Ancienne forme', ar: '' });
  });

  it('audits one draft save per editor and editing session, and every reset, publication and rollback', async () => {
    // The draft the previous test left is more than 30 minutes old: a new editing session starts.
    clock.advance(31 * 60_000);
    const before = (await landingAudit()).length;
    const saveAs = (cookie: string, title: string, reset = false) => call('PUT', `/api/admin/landing/draft${reset ? '?reset=true' : ''}`, cookie, withHero(title));
    // An editor saving every few seconds (an autosave): one entry.
    for (let i = 0; i < 5; i++) {
      clock.advance(5_000);
      expect((await saveAs(admin(), `Brouillon ${i}`)).statusCode).toBe(200);
    }
    expect((await landingAudit()).slice(before)).toEqual([`landing.draft ${ACCOUNTS.catalog_admin}`]);
    // Another editor takes over the draft: their first save is audited, their next ones are not.
    clock.advance(5_000);
    await saveAs(cookies.superadmin, 'Repris par le superadmin');
    clock.advance(5_000);
    await saveAs(cookies.superadmin, 'Repris, encore');
    // The first editor comes back after a pause of more than 30 minutes: a new session.
    clock.advance(31 * 60_000);
    await saveAs(admin(), 'Après la pause');
    clock.advance(29 * 60_000);
    await saveAs(admin(), 'Moins de 30 minutes plus tard');
    // Restoring the defaults is audited every time, even within a session.
    clock.advance(5_000);
    expect((await call('PUT', '/api/admin/landing/draft?reset=true', admin(), defaultLandingConfig())).statusCode).toBe(200);
    clock.advance(5_000);
    expect((await call('POST', '/api/admin/landing/publish', admin())).statusCode).toBe(200);
    // After a publication the next save starts a new draft: audited.
    clock.advance(5_000);
    await saveAs(admin(), 'Nouveau brouillon');
    expect((await landingAudit()).slice(before)).toEqual([
      `landing.draft ${ACCOUNTS.catalog_admin}`,
      `landing.draft ${ACCOUNTS.superadmin}`,
      `landing.draft ${ACCOUNTS.catalog_admin}`,
      `landing.reset ${ACCOUNTS.catalog_admin}`,
      `landing.publish ${ACCOUNTS.catalog_admin}`,
      `landing.draft ${ACCOUNTS.catalog_admin}`,
    ]);
    expect((await call('PUT', '/api/admin/landing/draft?reset=maybe', admin(), defaultLandingConfig())).statusCode).toBe(400);
  });
});
