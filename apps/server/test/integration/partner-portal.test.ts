import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  emailOutbox,
  notifications,
  offers,
  partnerMembers,
  partners,
  partnerTransactions,
  reviews,
  users,
  vouchers,
} from '../../src/db/schema/index.ts';
import { DEMO_CUSTOMER_EMAIL } from '../../src/db/seed/demo-accounts.ts';
import { BOX_AR, OFFER_AR } from '../../src/db/seed/catalog-data-ar.ts';
import { rowsOf } from '../../src/db/client.ts';
import { SEARCH_FOLD_FROM, searchFold } from '../../src/lib/search-fold.ts';
import { approvePayout, markFailed, markPaid } from '../../src/modules/ledger/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { DEMO_BOX_ID, giveVoucher, newNonce, OWNER, OWNER2, PARTNER1_ID, PARTNER1_MASSAGE_OFFER_ID, PARTNER2_ID, STAFF } from '../partner-fixtures.ts';
import { testClock, day } from '../clock.ts';

/** The seeded Arabic names of the demo box and of partner 1's offer in it (issue 15). */
const BOX_NAME_AR = BOX_AR['rituel-bien-etre']![0];
const MASSAGE_TITLE_AR = OFFER_AR['hammam-dar-essalam--hammam-massage']![0];

// A Sunday, 11:00 in Algiers (clock.ts).
const clock = testClock();
let t: TestApp;
let owner: string;
let staff: string;
let owner2: string;
let staffUserId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  owner = await t.login(OWNER);
  staff = await t.login(STAFF);
  owner2 = await t.login(OWNER2);
  const [u] = await t.database.db.select().from(users).where(eq(users.email, STAFF));
  staffUserId = u!.id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });
const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.request({ method, url, cookie, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

async function redeem(cookie = owner, recipientName = 'Amina Benali') {
  // Each scan a second after the previous one, so that "latest first" orders are well defined.
  clock.advance(1000);
  const v = await giveVoucher(t.database.db, { now: clock.now(), recipientName });
  const res = await send('POST', '/api/partner/redemptions', cookie, { code: v.code, nonce: newNonce() });
  expect(res.statusCode, res.body).toBe(200);
  return { voucher: v, result: res.json() };
}

/** Runs `check` some hours later (signed in again: partner sessions last 8 h), then comes back. */
async function later<T>(hours: number, check: (cookie: string) => Promise<T>): Promise<T> {
  clock.advance(hours * 3_600_000);
  try {
    return await check(await t.login(OWNER));
  } finally {
    clock.advance(-hours * 3_600_000);
  }
}

async function withStaffPermissions<T>(permissions: string[], run: () => Promise<T>): Promise<T> {
  await t.database.db.update(partnerMembers).set({ permissions }).where(eq(partnerMembers.userId, staffUserId));
  try {
    return await run();
  } finally {
    await t.database.db.update(partnerMembers).set({ permissions: ['scanner', 'view_transactions'] }).where(eq(partnerMembers.userId, staffUserId));
  }
}

describe('dashboard (docs/product/partners.md §11)', () => {
  it('starts empty, then counts real scans, revenue, payout, success rate and satisfaction', async () => {
    const empty = (await get('/api/partner/dashboard', owner)).json();
    expect(empty).toMatchObject({ scansToday: 0, monthRevenue: 0, pendingPayout: 0, successRate: null, lastValidations: [] });
    expect(empty.performance).toEqual({ topOffer: null, peakHour: null, satisfaction: null, reviewCount: 0 });

    for (let i = 0; i < 5; i++) await redeem(i % 2 ? staff : owner, `Client ${i}`);
    // One failed attempt: success rate 5 / 6.
    await send('POST', '/api/partner/redemptions', owner, { code: 'FRH-ZZZZ-ZZZZ-ZZZZ', nonce: newNonce() });

    const [customer] = await t.database.db.select().from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
    const redeemed = await t.database.db.select().from(vouchers).where(eq(vouchers.redeemedPartnerId, PARTNER1_ID)).limit(2);
    await t.database.db.insert(reviews).values([
      { voucherId: redeemed[0]!.id, userId: customer!.id, boxId: DEMO_BOX_ID, partnerId: PARTNER1_ID, rating: 5, createdAt: clock.now() },
      { voucherId: redeemed[1]!.id, userId: customer!.id, boxId: DEMO_BOX_ID, partnerId: PARTNER1_ID, rating: 4, createdAt: clock.now() },
    ]);

    const d = (await get('/api/partner/dashboard', owner)).json();
    expect(d.scansToday).toBe(5);
    expect(d.monthRevenue).toBe(5 * 7650);
    // Nothing requested yet: no payout pending (the available amount is d.payout.available).
    expect(d.pendingPayout).toBe(0);
    expect(d.successRate).toBe(83.3);
    expect(d.lastValidations).toHaveLength(5);
    expect(d.lastValidations[0]).toMatchObject({ amount: 9000, offerTitle: expect.stringContaining('Hammam'), offerTitleAr: MASSAGE_TITLE_AR });
    expect(d.performance).toMatchObject({ topOffer: { id: PARTNER1_MASSAGE_OFFER_ID, titleAr: MASSAGE_TITLE_AR, scans: 5 }, peakHour: '11h-13h', satisfaction: 4.5, reviewCount: 2 });
    expect(d.payout).toEqual({ available: 5 * 7650, minimum: 1000, canRequest: true });

    // The next day (Algiers), today's count starts again; the month's does not.
    const tomorrow = await later(24, async (cookie) => (await get('/api/partner/dashboard', cookie)).json());
    expect(tomorrow.scansToday).toBe(0);
    expect(tomorrow.monthRevenue).toBe(5 * 7650);

    // Staff without view_transactions see activity but no money.
    const limited = await withStaffPermissions(['scanner'], async () => (await get('/api/partner/dashboard', staff)).json());
    expect(limited).toMatchObject({ scansToday: 5, monthRevenue: null, pendingPayout: null });
    expect(limited.lastValidations[0].amount).toBeNull();

    // Partner 2 sees none of it.
    const other = (await get('/api/partner/dashboard', owner2)).json();
    expect(other).toMatchObject({ scansToday: 0, monthRevenue: 0, lastValidations: [] });
  });
});

describe('transactions (docs/product/partners.md §12)', () => {
  it('lists the ledger with tiles, search, filters and detail, scoped to the partner', async () => {
    const { voucher, result } = await redeem(owner, 'Yasmine Djebbar');
    const all = (await get('/api/partner/transactions', owner)).json();
    expect(all.summary.count).toBe(all.total);
    expect(all.summary.turnover).toBe(all.total * 9000);
    expect(all.summary.commissions).toBe(all.total * 1350);
    expect(all.summary.net).toBe(all.total * 7650);
    expect(all.transactions[0]).toMatchObject({
      id: result.transactionId,
      voucherCode: voucher.code,
      customerName: 'Yasmine Djebbar',
      customerEmail: DEMO_CUSTOMER_EMAIL,
      boxName: 'Rituel Bien-être',
      boxNameAr: BOX_NAME_AR,
      offer: { id: PARTNER1_MASSAGE_OFFER_ID, titleAr: MASSAGE_TITLE_AR },
      amount: 9000,
      commission: 1350,
      netAmount: 7650,
      status: 'validated',
      statusLabel: 'Validé',
      scannedBy: 'Karim Haddad',
      settledAt: null,
      payout: null,
    });

    const byName = (await get('/api/partner/transactions?q=yasmine', owner)).json();
    expect(byName.transactions.map((x: { id: string }) => x.id)).toEqual([result.transactionId]);
    const byCode = (await get(`/api/partner/transactions?q=${voucher.code.replace(/-/g, '').slice(3)}`, owner)).json();
    expect(byCode.total).toBe(1);
    expect((await get('/api/partner/transactions?status=settled', owner)).json().total).toBe(0);
    expect((await get('/api/partner/transactions?period=today', owner)).json().total).toBe(all.total);
    const [week, month] = await later(8 * 24, async (cookie) => [
      (await get('/api/partner/transactions?period=week', cookie)).json().total,
      (await get('/api/partner/transactions?period=month', cookie)).json().total,
    ]);
    expect(week).toBe(0);
    expect(month).toBe(all.total);
    expect((await get('/api/partner/transactions?status=nope', owner)).statusCode).toBe(400);

    const detail = await get(`/api/partner/transactions/${result.transactionId}`, staff);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().transaction).toMatchObject({ commissionBp: 1500, netAmount: 7650, boxNameAr: BOX_NAME_AR });

    // Another partner's transaction does not exist for partner 2; staff without the permission: 403.
    const foreign = await get(`/api/partner/transactions/${result.transactionId}`, owner2);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('Transaction introuvable');
    expect((await get('/api/partner/transactions', owner2)).json().total).toBe(0);
    const denied = await withStaffPermissions(['scanner'], () => get('/api/partner/transactions', staff));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe("Vous n'avez pas les permissions nécessaires pour accéder à cette page.");
  });

  it('finds a transaction by the Arabic names of its offer and box, with or without short vowels', async () => {
    const { result } = await redeem(owner, 'Nour Hamidi');
    const ids = async (q: string) =>
      ((await get(`/api/partner/transactions?q=${encodeURIComponent(q)}`, owner)).json().transactions as { id: string }[]).map((x) => x.id);
    // The offer is "حمّام وتقشير وتدليك بزيت الأرغان (60 دقيقة)" (shadda, hamza on the alef), the box "طقس العافية".
    expect(MASSAGE_TITLE_AR).toContain('حمّام وتقشير');
    expect(BOX_NAME_AR).toBe('طقس العافية');
    for (const q of ['حمّام وتقشير', 'حمام وتقشير', 'بزيت الارغان', 'بزَيْتِ الأَرْغان', 'طقس العافية', 'طَقْسُ العافيه', 'طقـــس']) {
      expect(await ids(q), q).toContain(result.transactionId);
    }
    // Within the partner's own rows only, and only what matches.
    expect((await get(`/api/partner/transactions?q=${encodeURIComponent('طقس العافية')}`, owner2)).json().total).toBe(0);
    expect(await ids('حمام بخاري')).toEqual([]);

  });

  it('folds what is typed as the database folds the names it keeps', async () => {
    const sample = `${SEARCH_FOLD_FROM} Zéphyr ÉTÉ الحمّام أإآ ؤ ئ`;
    const [row] = await rowsOf<{ folded: string }>(t.database.db, sql`select search_fold(${sample}) as folded`);
    expect(row!.folded).toBe(searchFold(sample));
    expect(searchFold('Été au HAMMAM الحمّام')).toBe('ete au hammam الحمام');
  });

  it('exports a real CSV for French spreadsheets with the same filters', async () => {
    const res = await get('/api/partner/transactions.csv?q=yasmine', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`attachment; filename="transactions-farha-${day(0)}.csv"`);
    const raw = res.rawPayload.toString('utf8');
    expect(raw.startsWith('\uFEFF')).toBe(true);
    const lines = raw.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date de validation;Code voucher;Client;E-mail client;Coffret;Prestation;Montant brut (DZD);Commission (DZD);Part de la réduction (DZD);Code promo;Net partenaire (DZD);Statut;Réglé le;Référence règlement;Validé par',
    );
    expect(lines).toHaveLength(2);
    const cells = lines[1]!.split(';');
    const [y, m, d] = day(0).split('-');
    expect(cells[0]).toBe(`${d}/${m}/${y} 11:00`);
    expect(cells[2]).toBe('Yasmine Djebbar');
    expect(cells.slice(6, 12)).toEqual(['9000', '1350', '0', '', '7650', 'Validé']);

    const everything = (await get('/api/partner/transactions.csv', owner)).rawPayload.toString('utf8');
    const total = (await get('/api/partner/transactions', owner)).json().total;
    expect(everything.trimEnd().split('\r\n')).toHaveLength(total + 1);
    expect((await get('/api/partner/transactions.csv', owner2)).rawPayload.toString('utf8').trimEnd().split('\r\n')).toHaveLength(1);
  });
});

describe('payouts (docs/product/payouts.md §3, §4)', () => {
  const request = (cookie = owner) => t.request({ method: 'POST', url: '/api/partner/payouts', cookie });

  it("applies the server rules in the spec's order with its messages", async () => {
    const db = t.database.db;
    // Partner 2 has nothing available.
    let res = await request(owner2);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'PAYOUT_MINIMUM', message: 'Montant minimum non atteint (1000 DZD)' });

    const [p1] = await db.select().from(partners).where(eq(partners.id, PARTNER1_ID));
    await db.update(partners).set({ kycStatus: 'pending', iban: null }).where(eq(partners.id, PARTNER1_ID));
    res = await request();
    expect(res.json().error.message).toBe('KYC non validé');
    await db.update(partners).set({ kycStatus: 'verified' }).where(eq(partners.id, PARTNER1_ID));
    res = await request();
    expect(res.json().error.message).toBe('IBAN manquant');
    const overview = (await get('/api/partner/payouts', owner)).json();
    expect(overview.available).toMatchObject({ canRequest: false, blockedReason: 'IBAN manquant' });
    await db.update(partners).set({ iban: p1!.iban }).where(eq(partners.id, PARTNER1_ID));

    // Staff may look, only the owner may ask.
    const staffTry = await request(staff);
    expect(staffTry.statusCode).toBe(403);
    expect((await get('/api/partner/payouts', staff)).statusCode).toBe(200);
  });

  it('requests a payout of everything available, then finance pays it: transactions settled, vouchers SETTLED', async () => {
    const db = t.database.db;
    const before = (await get('/api/partner/payouts', owner)).json();
    expect(before.account).toMatchObject({ ibanMasked: expect.stringMatching(/^DZ58 •••• •••• \d{4}$/), settlementCycle: 'J+7' });
    expect(before.available.count).toBeGreaterThan(0);
    expect(before.available.net).toBe(before.available.count * 7650);

    const res = await request();
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Demande de règlement soumise avec succès !');
    expect(body.detail).toBe('Traitement sous 2-3 jours ouvrés');
    expect(body.payout).toMatchObject({
      status: 'requested',
      statusLabel: 'Demandé',
      netAmount: before.available.net,
      grossAmount: before.available.gross,
      commissionAmount: before.available.commission,
      transactionCount: before.available.count,
      period: { from: day(0), to: day(0) },
      reference: expect.stringMatching(new RegExp(`^RGL-${day(0).replaceAll('-', '')}-[A-Z3789]{6}$`)),
    });

    const after = (await get('/api/partner/payouts', owner)).json();
    expect(after.available).toMatchObject({ net: 0, count: 0, canRequest: false, blockedReason: 'Montant minimum non atteint (1000 DZD)' });
    expect(after.history[0]).toMatchObject({ id: body.payout.id, statusLabel: 'Demandé' });
    expect(after.tiles).toMatchObject({ pending: before.available.net, totalReceived: 0, averagePerPayout: null });
    const inPayout = await db.select().from(partnerTransactions).where(eq(partnerTransactions.payoutId, body.payout.id));
    expect(inPayout).toHaveLength(before.available.count);
    const tx = (await get(`/api/partner/transactions/${inPayout[0]!.id}`, owner)).json().transaction;
    expect(tx.payout).toMatchObject({ id: body.payout.id, reference: body.payout.reference, status: 'requested' });

    const [ownerUser] = await db.select().from(users).where(eq(users.email, OWNER));
    const feed = await db.select().from(notifications).where(eq(notifications.userId, ownerUser!.id));
    expect(feed.map((n) => n.kind)).toContain('payout_requested');
    // Staff with view_transactions are told too.
    expect((await db.select().from(notifications).where(eq(notifications.userId, staffUserId))).map((n) => n.kind)).toContain('payout_requested');

    // Finance (a later issue's screens) through the exported service functions.
    await expect(markPaid(db, body.payout.id, { now: clock.now() })).rejects.toThrow('Opération impossible pour ce règlement');
    const processing = await approvePayout(db, body.payout.id, { now: clock.now(), publicUrl: t.config.publicUrl });
    expect(processing.statusLabel).toBe('En cours');
    const paid = await markPaid(db, body.payout.id, { now: clock.now(), publicUrl: t.config.publicUrl });
    expect(paid).toMatchObject({ status: 'paid', statusLabel: 'Payé', paidAt: clock.now().toISOString() });
    const settled = await db.select().from(partnerTransactions).where(eq(partnerTransactions.payoutId, body.payout.id));
    expect(settled.every((s) => s.status === 'settled' && s.settledAt)).toBe(true);
    const settledVouchers = await db.select().from(vouchers).where(eq(vouchers.id, settled[0]!.voucherId));
    expect(settledVouchers[0]!.status).toBe('SETTLED');
    const mails = await db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, OWNER), eq(emailOutbox.template, 'payout_paid')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Règlement payé');

    const final = (await get('/api/partner/payouts', owner)).json();
    expect(final.tiles).toMatchObject({ totalReceived: before.available.net, pending: 0, averagePerPayout: before.available.net });
    expect((await get('/api/partner/transactions?status=settled', owner)).json().total).toBe(before.available.count);
  });

  it('never puts a transaction in two payouts when two requests arrive together; a failed payout frees them', async () => {
    const db = t.database.db;
    await redeem();
    await redeem();
    const [a, b] = await Promise.all([request(), request()]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 409]);
    const created = (a.statusCode === 201 ? a : b).json().payout;
    expect(created.transactionCount).toBe(2);
    const free = await db
      .select()
      .from(partnerTransactions)
      .where(and(eq(partnerTransactions.partnerId, PARTNER1_ID), eq(partnerTransactions.status, 'validated'), isNull(partnerTransactions.payoutId)));
    expect(free).toHaveLength(0);

    clock.advance(1000);
    const failed = await markFailed(db, created.id, { now: clock.now(), reason: 'IBAN refusé par la banque' });
    expect(failed).toMatchObject({ status: 'failed', statusLabel: 'Échec', failureReason: 'IBAN refusé par la banque' });
    const overview = (await get('/api/partner/payouts', owner)).json();
    expect(overview.available).toMatchObject({ count: 2, net: 2 * 7650, canRequest: true });
    expect(overview.history.find((p: { id: string }) => p.id === created.id).period.from).toBe(day(0));
    const [ownerUser] = await db.select().from(users).where(eq(users.email, OWNER));
    const feed = (await get('/api/partner/notifications', owner)).json();
    expect(feed.notifications[0]).toMatchObject({ kind: 'payout_failed', title: 'Échec du règlement', read: false });
    expect(feed.unread).toBeGreaterThan(0);
    const read = (await send('POST', '/api/partner/notifications/read', owner, {})).json();
    expect(read.unread).toBe(0);
    expect(ownerUser).toBeTruthy();

    // Partner 2 sees none of partner 1's payouts.
    expect((await get('/api/partner/payouts', owner2)).json().history).toEqual([]);
  });

  it('exports the payment history as CSV', async () => {
    const res = await get('/api/partner/exports/payments.csv', owner);
    expect(res.statusCode).toBe(200);
    const lines = res.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]!.split(';')[0]).toBe('Référence');
    expect(lines).toHaveLength(3);
    expect(lines.some((l) => l.includes(';Payé;'))).toBe(true);
    expect(lines.some((l) => l.includes(';Échec;') && l.endsWith('IBAN refusé par la banque'))).toBe(true);
  });
});

describe('offers (docs/product/partners.md §8)', () => {
  const valid = { title: 'Massage aux pierres chaudes', description: 'Soixante minutes de détente.', category: 'detente', faceValue: 7500 };

  it('lists the offers with statistics from real scans and the boxes they are in', async () => {
    const res = await get('/api/partner/offers', owner);
    expect(res.statusCode).toBe(200);
    const { offers: list, tiles } = res.json();
    const massage = list.find((o: { id: string }) => o.id === PARTNER1_MASSAGE_OFFER_ID);
    const total = (await get('/api/partner/transactions', owner)).json().total;
    expect(massage.stats).toMatchObject({ totalRedemptions: total, scansThisMonth: total, revenueThisMonth: total * 7650, rating: 4.5, reviewCount: 2, popularityRank: 1 });
    expect(massage.boxes).toContainEqual({ id: DEMO_BOX_ID, name: 'Rituel Bien-être', nameAr: BOX_NAME_AR });
    expect(massage.titleAr).toBe(MASSAGE_TITLE_AR);
    expect(massage.deletable).toBe(false);
    expect(tiles).toMatchObject({ totalOffers: 2, activeOffers: 2, scansThisMonth: total, averageRating: 4.5 });
    expect((await get('/api/partner/offers?sort=scans', owner)).json().offers[0].id).toBe(PARTNER1_MASSAGE_OFFER_ID);
    expect((await get('/api/partner/offers?q=gommage', owner)).json().offers).toHaveLength(2);
  });

  it("validates the form with the spec's rules", async () => {
    const bad = async (patch: Record<string, unknown>) => (await send('POST', '/api/partner/offers', owner, { ...valid, ...patch })).json().error;
    expect(await bad({ title: '   ' })).toMatchObject({ message: 'Veuillez remplir tous les champs obligatoires', field: 'title' });
    expect(await bad({ description: '' })).toMatchObject({ message: 'Veuillez remplir tous les champs obligatoires', field: 'description' });
    expect(await bad({ faceValue: 50 })).toMatchObject({ message: 'La valeur doit être d’au moins 100 DA', field: 'faceValue' });
    expect(await bad({ faceValue: 7550 })).toMatchObject({ message: 'La valeur doit être un multiple de 100 DA' });
    expect(await bad({ category: 'cuisine' })).toMatchObject({ message: "Catégorie d'offre inconnue", field: 'category' });
    expect(await bad({ imageUrl: 'pas une url' })).toMatchObject({ message: "L'URL de l'image est invalide", field: 'imageUrl' });
    expect(await bad({ titleAr: 'ع'.repeat(121) })).toMatchObject({ field: 'titleAr' });
  });

  it('creates, edits, toggles and deletes an offer; a used offer can only be deactivated', async () => {
    const created = await send('POST', '/api/partner/offers', owner, { ...valid, imageUrl: 'https://images.example.dz/pierres.jpg' });
    expect(created.statusCode, created.body).toBe(201);
    const offer = created.json().offer;
    expect(offer).toMatchObject({ title: valid.title, faceValue: 7500, active: true, boxes: [], deletable: true, stats: { totalRedemptions: 0 } });

    const edited = await send('PATCH', `/api/partner/offers/${offer.id}`, owner, { faceValue: 8000, termsConditions: 'Sur réservation.' });
    expect(edited.json().offer).toMatchObject({ faceValue: 8000, termsConditions: 'Sur réservation.', title: valid.title });
    // Issue 15: the Arabic title and description are optional; emptied, the French is shown.
    expect(offer).toMatchObject({ titleAr: null, descriptionAr: null });
    const arabic = await send('PATCH', `/api/partner/offers/${offer.id}`, owner, { titleAr: ' تدليك بالحجارة الساخنة ', descriptionAr: 'ستون دقيقة من الاسترخاء.' });
    expect(arabic.json().offer).toMatchObject({ title: valid.title, titleAr: 'تدليك بالحجارة الساخنة', descriptionAr: 'ستون دقيقة من الاسترخاء.' });
    const emptied = await send('PATCH', `/api/partner/offers/${offer.id}`, owner, { titleAr: '' });
    expect(emptied.json().offer).toMatchObject({ titleAr: null, descriptionAr: 'ستون دقيقة من الاسترخاء.' });

    const off = await send('POST', `/api/partner/offers/${offer.id}/toggle`, owner);
    expect(off.json()).toMatchObject({ offer: { active: false }, message: 'Offre désactivée' });
    expect((await get('/api/partner/offers?status=inactive', owner)).json().offers.map((o: { id: string }) => o.id)).toEqual([offer.id]);

    const used = await send('DELETE', `/api/partner/offers/${PARTNER1_MASSAGE_OFFER_ID}`, owner);
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe('Cette offre a déjà été utilisée : désactivez-la plutôt');
    const gone = await send('DELETE', `/api/partner/offers/${offer.id}`, owner);
    expect(gone.statusCode).toBe(200);
    expect((await t.database.db.select().from(offers).where(eq(offers.id, offer.id)))).toHaveLength(0);
  });

  it("keeps offers to their partner and to members allowed to manage them", async () => {
    for (const [method, url] of [
      ['PATCH', `/api/partner/offers/${PARTNER1_MASSAGE_OFFER_ID}`],
      ['POST', `/api/partner/offers/${PARTNER1_MASSAGE_OFFER_ID}/toggle`],
      ['DELETE', `/api/partner/offers/${PARTNER1_MASSAGE_OFFER_ID}`],
    ] as const) {
      const res = await send(method, url, owner2, method === 'PATCH' ? { title: 'Piraté' } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.database.db.select().from(offers).where(eq(offers.id, PARTNER1_MASSAGE_OFFER_ID));
    expect(row).toMatchObject({ active: true, partnerId: PARTNER1_ID });
    expect((await get('/api/partner/offers', owner2)).json().offers.every((o: { id: string }) => o.id !== PARTNER1_MASSAGE_OFFER_ID)).toBe(true);
    expect((await get('/api/partner/offers', staff)).statusCode).toBe(403);
    expect((await send('POST', '/api/partner/offers', staff, valid)).statusCode).toBe(403);
    const allowed = await withStaffPermissions(['manage_offers'], () => get('/api/partner/offers', staff));
    expect(allowed.statusCode).toBe(200);
    expect(PARTNER2_ID).not.toBe(PARTNER1_ID);
  });

  it('uploads an offer image (images only)', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const multipart = (content: Buffer, filename: string, type: string) => {
      const boundary = '----farha' + Date.now();
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.request({ method: 'POST', url: '/api/partner/offers/image', cookie: owner, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    };
    const ok = await multipart(png, 'hammam.png', 'image/png');
    expect(ok.statusCode, ok.body).toBe(201);
    const { url } = ok.json();
    expect(url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    const served = await t.request({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    // Re-encoded as the catalogue's pictures are.
    expect(served.headers['content-type']).toBe('image/webp');
    const created = await send('POST', '/api/partner/offers', owner, { ...valid, title: 'Avec image', imageUrl: url });
    expect(created.json().offer.imageUrl).toBe(url);

    const pdf = await multipart(Buffer.from('%PDF-1.4 test'), 'menu.pdf', 'application/pdf');
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().error.message).toBe('Seules les images sont acceptées');
  });
});
