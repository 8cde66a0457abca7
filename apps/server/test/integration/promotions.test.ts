import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDzd } from '@farha/contracts/money';
import { algiersDay } from '@farha/contracts/time';
import { instantToAlgiersLocal, type TPromotion } from '@farha/contracts/promotions';
import { auditLog, promoCodes, promotions } from '../../src/db/schema/index.ts';
import { WELCOME_CODE } from '../../src/db/seed/promotions.ts';
import { confirmRedemption, holdRedemption, quoteDiscount, releaseRedemption, type QuoteLine } from '../../src/modules/promotions/index.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { aBuyer, anOrder, aPromotion, lineOf, twoBoxesOfTwoLines, type Buyer } from '../promotion-fixtures.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const db = () => t.database.db;

const quote = (code: string, buyer: Buyer, lines: QuoteLine[], email = buyer.email) =>
  quoteDiscount(db(), { code, customerId: buyer.id, email, lines, now: clock.now() });
/** What the checkout will do: quote, then hold in its transaction (PGlite has one connection: quote before it opens). */
async function hold(code: string, buyer: Buyer, lines: QuoteLine[], orderId?: string) {
  const q = await quote(code, buyer, lines);
  return db().transaction((tx) => holdRedemption(tx, q, { orderId: orderId ?? null, customerId: buyer.id, email: buyer.email, now: clock.now() }));
}

/** The refusal a buyer reads: the catalogue's code and its French. */
async function refused(promise: Promise<unknown>, code: string, message: string) {
  await expect(promise).rejects.toMatchObject({ code, message });
}

describe('BIENVENUE, seeded as the homepage promises (docs/product/promotions.md §10)', () => {
  it('is active today whatever the day, until 31 January of the year after the seed, 20 % off the whole first order', async () => {
    const [row] = await db().select().from(promotions).innerJoin(promoCodes, eq(promoCodes.promotionId, promotions.id)).where(eq(promoCodes.code, WELCOME_CODE));
    const p = row!.promotions;
    expect(p).toMatchObject({ kind: 'percent', value: 2000, scope: 'order', firstPurchaseOnly: true, oncePerCustomer: true, fundedBy: 'farha', status: 'active' });
    expect(row!.promo_codes.singleUse).toBe(false);
    const seedYear = Number(algiersDay(p.startsAt).slice(0, 4));
    // Valid through 31 January (Algiers), refused from 1 February 00:00.
    expect(instantToAlgiersLocal(p.endsAt!)).toBe(`${seedYear + 1}-02-01T00:00`);
    expect(p.startsAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
    expect(p.endsAt!.getTime()).toBeGreaterThan(clock.now().getTime());

    const [box] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'bienvenue', clock.now());
    const q = await quote('bienvenue', buyer, [lineOf(box)]);
    expect(q.discount).toBe(Math.round((box.price * 20) / 100));
    expect(q.eligibleLines).toEqual([{ index: 0, boxId: box.id, price: box.price, discount: q.discount }]);
  });

  it('is refused to a customer who already paid an order', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'returning', clock.now());
    await anOrder(db(), buyer, box.id, 'paid', new Date(clock.now().getTime() - 10 * DAY_MS));
    await refused(quote(WELCOME_CODE, buyer, [lineOf(box)]), 'PROMO_FIRST_PURCHASE', 'Ce code est réservé à un premier achat');
  });

  it('is used once per customer and once per e-mail; a released use can be taken again', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'once', clock.now());
    const orderId = await anOrder(db(), buyer, box.id, 'pending', clock.now());
    await hold(WELCOME_CODE, buyer, [lineOf(box)], orderId);
    await refused(quote(WELCOME_CODE, buyer, [lineOf(box)]), 'PROMO_ALREADY_USED', 'Ce code promo a déjà été utilisé');
    // Another account typing the same address (any case) at checkout.
    const other = await aBuyer(db(), 'other', clock.now());
    await refused(quote(WELCOME_CODE, other, [lineOf(box)], `  ${buyer.email.toUpperCase()} `), 'PROMO_ALREADY_USED', 'Ce code promo a déjà été utilisé');
    // The payment failed: the use goes back.
    await db().transaction((tx) => releaseRedemption(tx, orderId, clock.now()));
    expect((await quote(WELCOME_CODE, buyer, [lineOf(box)])).discount).toBeGreaterThan(0);
  });
});

describe('a code at checkout (docs/product/promotions.md §2 to §4)', () => {
  it('answers an unknown code, and a draft one, « Code promo inconnu »', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'unknown', clock.now());
    await refused(quote('PASUNCODE', buyer, [lineOf(box)]), 'PROMO_UNKNOWN', 'Code promo inconnu');
    const draft = await aPromotion(t, cookies.catalog_admin, clock.now(), {}, false);
    await refused(quote(draft.code, buyer, [lineOf(box)]), 'PROMO_UNKNOWN', 'Code promo inconnu');
  });

  it('is refused before its start and from its end, by the clock; paused and ended promotions say so', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'dates', clock.now());
    const now = clock.now();
    const startsAt = new Date(now.getTime() + 2 * DAY_MS);
    const later = await aPromotion(t, cookies.catalog_admin, now, {
      startsAt: instantToAlgiersLocal(startsAt),
      endsAt: instantToAlgiersLocal(new Date(startsAt.getTime() + 5 * DAY_MS)),
    });
    const local = instantToAlgiersLocal(startsAt);
    const shown = `${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)} ${local.slice(11, 16)}`;
    await refused(quote(later.code, buyer, [lineOf(box)]), 'PROMO_NOT_STARTED', `Ce code promo sera valable à partir du ${shown}`);
    try {
      clock.set(startsAt);
      expect((await quote(later.code, buyer, [lineOf(box)])).discount).toBe(Math.round(box.price / 10));
      clock.set(new Date(startsAt.getTime() + 5 * DAY_MS - 60_000));
      expect((await quote(later.code, buyer, [lineOf(box)])).discount).toBeGreaterThan(0);
      clock.set(new Date(startsAt.getTime() + 5 * DAY_MS));
      await refused(quote(later.code, buyer, [lineOf(box)]), 'PROMO_EXPIRED', 'Ce code promo a expiré');
    } finally {
      clock.set(now);
    }
    const paused = await aPromotion(t, cookies.catalog_admin, now);
    await t.request({ method: 'POST', url: `/api/admin/promotions/${paused.id}/status`, cookie: cookies.catalog_admin, payload: { action: 'pause' } });
    await refused(quote(paused.code, buyer, [lineOf(box)]), 'PROMO_PAUSED', 'Ce code promo est suspendu pour le moment');
    await t.request({ method: 'POST', url: `/api/admin/promotions/${paused.id}/status`, cookie: cookies.catalog_admin, payload: { action: 'end' } });
    await refused(quote(paused.code, buyer, [lineOf(box)]), 'PROMO_EXPIRED', 'Ce code promo a expiré');
  });

  it('takes a percentage rounded to the dinar, half up, and a fixed amount capped at what it applies to, shared between the lines', async () => {
    const [a, b] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'amounts', clock.now());
    const percent = await aPromotion(t, cookies.catalog_admin, clock.now(), { kind: 'percent', value: 1250 });
    // 12,5 % of 3 999 DA = 499,875 DA → 500 DA; of 4 004 DA = 500,5 → 501 DA (half a dinar up).
    expect((await quote(percent.code, buyer, [lineOf(a, 3999)])).discount).toBe(500);
    expect((await quote(percent.code, buyer, [lineOf(a, 4004)])).discount).toBe(501);
    const two = await quote(percent.code, buyer, [lineOf(a, 3333), lineOf(b, 6667)]);
    expect(two.discount).toBe(1250);
    expect(two.eligibleLines.map((l) => l.discount)).toEqual([417, 833]);

    const fixed = await aPromotion(t, cookies.catalog_admin, clock.now(), { kind: 'fixed', value: 50_000 });
    const capped = await quote(fixed.code, buyer, [lineOf(a, 3500)]);
    expect(capped.discount).toBe(3500);
    const small = await aPromotion(t, cookies.catalog_admin, clock.now(), { kind: 'fixed', value: 1000 });
    const shared = await quote(small.code, buyer, [lineOf(a, 5000), lineOf(b, 5000)]);
    expect(shared.discount).toBe(1000);
    expect(shared.eligibleLines.map((l) => l.discount)).toEqual([500, 500]);
  });

  it('applies to its product lines or boxes only, and says so for a box outside them', async () => {
    const [a, b] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'scope', clock.now());
    const line = await aPromotion(t, cookies.catalog_admin, clock.now(), { scope: 'product_lines', productLines: [b.category as never] });
    await refused(quote(line.code, buyer, [lineOf(a)]), 'PROMO_NOT_APPLICABLE', 'Ce code ne s’applique pas à ce coffret');
    const both = await quote(line.code, buyer, [lineOf(a), lineOf(b)]);
    expect(both.eligibleLines.map((l) => l.boxId)).toEqual([b.id]);
    expect(both.discount).toBe(Math.round(b.price / 10));

    const chosen = await aPromotion(t, cookies.catalog_admin, clock.now(), { scope: 'boxes', boxIds: [a.id], kind: 'fixed', value: 700 });
    await refused(quote(chosen.code, buyer, [lineOf(b)]), 'PROMO_NOT_APPLICABLE', 'Ce code ne s’applique pas à ce coffret');
    const only = await quote(chosen.code, buyer, [lineOf(b), lineOf(a)]);
    expect(only.eligibleLines).toEqual([{ index: 1, boxId: a.id, price: a.price, discount: 700 }]);
  });

  it('asks for its minimum amount on the whole order', async () => {
    const [a, b] = await twoBoxesOfTwoLines(db());
    const buyer = await aBuyer(db(), 'minimum', clock.now());
    const min = a.price + 1;
    const p = await aPromotion(t, cookies.catalog_admin, clock.now(), { minAmount: min });
    await refused(quote(p.code, buyer, [lineOf(a)]), 'PROMO_MIN_AMOUNT', `Ce code promo demande un achat d’au moins ${formatDzd(min)}`);
    expect((await quote(p.code, buyer, [lineOf(a), lineOf(b)])).discount).toBe(Math.round((a.price + b.price) / 10));
  });

  it('stops at its usage limit, counting held uses, and gives a released use back', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const p = await aPromotion(t, cookies.catalog_admin, clock.now(), { usageLimit: 1 });
    const first = await aBuyer(db(), 'limit1', clock.now());
    const second = await aBuyer(db(), 'limit2', clock.now());
    const orderId = await anOrder(db(), first, box.id, 'pending', clock.now());
    await hold(p.code, first, [lineOf(box)], orderId);
    await refused(quote(p.code, second, [lineOf(box)]), 'PROMO_EXHAUSTED', 'Ce code promo a atteint sa limite d’utilisation');
    expect(await db().transaction((tx) => releaseRedemption(tx, orderId, clock.now()))).toBe(1);
    // Released twice gives back once.
    expect(await db().transaction((tx) => releaseRedemption(tx, orderId, clock.now()))).toBe(0);
    const secondOrder = await anOrder(db(), second, box.id, 'pending', clock.now());
    await hold(p.code, second, [lineOf(box)], secondOrder);
    expect(await db().transaction((tx) => confirmRedemption(tx, secondOrder, clock.now()))).toBe(1);
    // A confirmed use is not given back by a late failure.
    expect(await db().transaction((tx) => releaseRedemption(tx, secondOrder, clock.now()))).toBe(0);
    const stats = (await t.request({ method: 'GET', url: `/api/admin/promotions/${p.id}/stats`, cookie: cookies.catalog_admin })).json();
    expect(stats).toMatchObject({ confirmedUses: 1, heldUses: 0, releasedUses: 1, confirmedDzd: Math.round(box.price / 10), budget: { usedUses: 1, usageLimit: 1 } });
  });
});

describe('the back office (docs/product/promotions.md §7, §8)', () => {
  const post = (payload: object) => t.request({ method: 'POST', url: '/api/admin/promotions', cookie: cookies.catalog_admin, payload });
  const base = () => ({ name: 'Ramadan', kind: 'percent', value: 1500, startsAt: instantToAlgiersLocal(clock.now()) });

  it('refuses what the rules refuse, naming the field, in French', async () => {
    const cases: [object, string, string][] = [
      [{ value: 10_001 }, 'value', 'Pourcentage : de 0,01 à 100 %'],
      [{ kind: 'fixed', value: 0 }, 'value', 'Le montant de la réduction est un nombre entier de dinars supérieur à 0'],
      [{ endsAt: instantToAlgiersLocal(new Date(clock.now().getTime() - 60_000)) }, 'endsAt', 'La fin doit être postérieure au début'],
      [{ startsAt: '2027-02-30T10:00' }, 'startsAt', 'Date invalide (AAAA-MM-JJTHH:MM, heure d’Alger)'],
      [{ scope: 'boxes' }, 'boxIds', 'Choisissez au moins une gamme ou un coffret'],
      [{ scope: 'boxes', boxIds: ['00000000-0000-4000-8000-000000000000'] }, 'boxIds', 'Coffret introuvable dans le catalogue'],
      [{ fundedBy: 'shared' }, 'partnerShareBp', 'Part des partenaires : de 0,01 à 100 % quand la réduction est partagée, 0 sinon'],
      [{ minAmount: 10.5 }, 'minAmount', 'Montant en dinars entiers, de 0 à 10 000 000'],
      [{ code: 'a b' }, 'code', 'Code : de 3 à 32 lettres, chiffres ou tirets'],
    ];
    for (const [patch, field, message] of cases) {
      const res = await post({ ...base(), ...patch });
      expect({ patch, status: res.statusCode, field: res.json().error.field, message: res.json().error.message }).toEqual({ patch, status: 400, field, message });
    }
    const taken = await post({ ...base(), code: 'bienvenue' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe('Ce code promo existe déjà');
  });

  it('lists newest first with the id breaking ties, filters by status, edits, moves through its statuses, and audits each change', async () => {
    const a = await aPromotion(t, cookies.catalog_admin, clock.now(), { name: 'Premier' }, false);
    const b = await aPromotion(t, cookies.superadmin, clock.now(), { name: 'Second' }, false);
    const list = (await t.request({ method: 'GET', url: '/api/admin/promotions?status=draft&pageSize=100', cookie: cookies.catalog_admin })).json();
    const drafts = list.promotions as TPromotion[];
    expect(drafts.every((p) => p.status === 'draft')).toBe(true);
    const sameInstant = drafts.filter((p) => p.id === a.id || p.id === b.id);
    expect(sameInstant.map((p) => p.id)).toEqual([a.id, b.id].sort().reverse());

    const patched = await t.request({ method: 'PATCH', url: `/api/admin/promotions/${a.id}`, cookie: cookies.catalog_admin, payload: { kind: 'fixed', value: 1500, budgetDzd: 30_000 } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().promotion).toMatchObject({ kind: 'fixed', value: 1500, budgetDzd: 30_000 });
    const badPatch = await t.request({ method: 'PATCH', url: `/api/admin/promotions/${a.id}`, cookie: cookies.catalog_admin, payload: { kind: 'percent', value: 20_000 } });
    expect(badPatch.json().error).toMatchObject({ code: 'PROMOTION_PERCENT_RANGE', field: 'value' });

    const status = (action: string) => t.request({ method: 'POST', url: `/api/admin/promotions/${a.id}/status`, cookie: cookies.catalog_admin, payload: { action } });
    expect((await status('pause')).json().error.message).toBe('Impossible de passer cette promotion de « draft » à « paused »');
    expect((await status('activate')).json().promotion.status).toBe('active');
    expect((await status('pause')).json().promotion.status).toBe('paused');
    expect((await status('end')).json().promotion.status).toBe('ended');
    expect((await status('activate')).statusCode).toBe(409);
    const frozen = await t.request({ method: 'PATCH', url: `/api/admin/promotions/${a.id}`, cookie: cookies.catalog_admin, payload: { name: 'Encore' } });
    expect(frozen.json().error.message).toBe('Cette promotion est terminée : elle ne peut plus être modifiée');

    const actions = (await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entityType, 'promotion'), eq(auditLog.entityId, a.id)))).map((r) => r.action).sort();
    expect(actions).toEqual(['promotion.activate', 'promotion.create', 'promotion.end', 'promotion.pause', 'promotion.update']);
  });

  it('keeps a limit above what is already used', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const p = await aPromotion(t, cookies.catalog_admin, clock.now(), { budgetUses: 5 });
    for (const tag of ['u1', 'u2']) await hold(p.code, await aBuyer(db(), tag, clock.now()), [lineOf(box)]);
    const res = await t.request({ method: 'PATCH', url: `/api/admin/promotions/${p.id}`, cookie: cookies.catalog_admin, payload: { budgetUses: 1 } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('La limite ne peut pas être inférieure à ce qui est déjà utilisé (2)');
  });

  it('generates unique single-use codes, exports them with their use, and each is used once', async () => {
    const [box] = await twoBoxesOfTwoLines(db());
    const p = await aPromotion(t, cookies.catalog_admin, clock.now(), { name: 'Radio' });
    const made = await t.request({ method: 'POST', url: `/api/admin/promotions/${p.id}/codes`, cookie: cookies.catalog_admin, payload: { count: 300, prefix: 'radio' } });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ generated: 300, codeCount: 301 });
    const tooMany = await t.request({ method: 'POST', url: `/api/admin/promotions/${p.id}/codes`, cookie: cookies.catalog_admin, payload: { count: 100_001 } });
    expect(tooMany.json().error.message).toBe('Nombre de codes : de 1 à 100 000');

    const csv = await t.request({ method: 'GET', url: `/api/admin/promotions/${p.id}/codes.csv`, cookie: cookies.catalog_admin });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('code;usage_unique;utilisations;cree_le');
    const generated = lines.slice(1).map((l) => l.split(';')).filter(([, single]) => single === 'oui');
    expect(generated).toHaveLength(300);
    const codes = generated.map(([code]) => code!);
    expect(new Set(codes).size).toBe(300);
    for (const code of codes) expect(code).toMatch(/^RADIO-[ABCDEFGHJKLMNPQRSTUVWXYZ2-9]{10}$/);

    const one = codes[0]!;
    const buyer = await aBuyer(db(), 'single', clock.now());
    await hold(one.toLowerCase(), buyer, [lineOf(box)]);
    const again = await aBuyer(db(), 'single2', clock.now());
    await refused(quote(one, again, [lineOf(box)]), 'PROMO_ALREADY_USED', 'Ce code promo a déjà été utilisé');
    // Another code of the same promotion still works.
    expect((await quote(codes[1]!, again, [lineOf(box)])).discount).toBeGreaterThan(0);
    const after = (await t.request({ method: 'GET', url: `/api/admin/promotions/${p.id}/codes.csv`, cookie: cookies.catalog_admin })).body;
    expect(after).toContain(`${one};oui;1;`);
    const stats = (await t.request({ method: 'GET', url: `/api/admin/promotions/${p.id}/stats`, cookie: cookies.catalog_admin })).json();
    expect(stats).toMatchObject({ heldUses: 1, codes: { total: 301, used: 1 } });
    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, p.id), eq(auditLog.action, 'promotion.codes')));
    expect(entry).toMatchObject({ actorEmail: 'catalogue@demo.farha.dz', params: { count: 300, prefix: 'RADIO' } });
  });
});
