import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  auditLog,
  emailOutbox,
  kycDocuments,
  partnerMembers,
  partners,
  partnerTransactions,
  payouts,
  sessions,
  systemSettings,
  users,
  voucherEvents,
  vouchers,
} from '../../src/db/schema/index.ts';
import { SEED_PARTNERS } from '../../src/db/seed/catalog-data.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.ts';
import { SEED_KYC_DIR, SEED_KYC_FILES } from '../../src/db/seed/kyc-documents.ts';
import { SEED_STATE_KEY, seedDatabase, seedPartnerId } from '../../src/db/seed/seed.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { ACCOUNTS, type GuardedEndpoint, itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { giveVoucher, newNonce, OWNER, OWNER2, PARTNER1_ID } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';
import { minimalPdf } from '../upload-fixtures.ts';

/** A seeded box or offer's Arabic twin (issue 15): Arabic script. */
const ARABIC = /\p{Script=Arabic}/u;

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const post = (url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url, payload, ...(cookie ? { cookie } : {}) });

/** KYC files: the server parses the PDF and decodes the picture (upload-content.test.ts has the hostile ones). */
const PDF = minimalPdf();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----farha${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (cookie: string, type: string, file = { name: 'doc.pdf', type: 'application/pdf', data: PDF }) =>
  t.request({ method: 'POST', url: '/api/partner/kyc/documents', cookie, ...multipart({ type }, file) });

/** The demo partner scans `n` fresh vouchers and asks for its payout; returns the payout. */
async function requestedPayout(n: number) {
  const owner = await t.login(OWNER);
  for (let i = 0; i < n; i++) {
    clock.advance(1000);
    const v = await giveVoucher(t.database.db, { now: clock.now() });
    const res = await post('/api/partner/redemptions', owner, { code: v.code, nonce: newNonce() });
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await post('/api/partner/payouts', owner);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payout as { id: string; netAmount: number; grossAmount: number; commissionAmount: number; reference: string };
}

/** A new business: a partner_owner account and a pending, inactive partner, as registration makes them. */
async function newPendingPartner() {
  const tag = randomUUID().slice(0, 6);
  const email = `kyc.${tag}@example.dz`;
  const [owner] = await t.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Nadia', lastName: 'Kyc', role: 'partner_owner', createdAt: clock.now(), updatedAt: clock.now() })
    .returning();
  const [partner] = await t.database.db
    .insert(partners)
    .values({ name: `Hammam Nouveau ${tag}`, city: 'Oran', wilaya: 'Oran', ownerUserId: owner!.id, createdAt: clock.now(), updatedAt: clock.now() })
    .returning();
  await t.database.db.insert(partnerMembers).values({ partnerId: partner!.id, userId: owner!.id, memberRole: 'owner', joinedAt: clock.now(), createdAt: clock.now() });
  return { partner: partner!, email, cookie: await t.login(email) };
}

describe('role × endpoint (issue 12, docs/product/accounts-and-roles.md §3)', () => {
  const none = '00000000-0000-4000-8000-000000000000';
  const endpoints: GuardedEndpoint[] = [
    { method: 'GET', url: '/api/admin/dashboard', allowed: ['superadmin', 'finance', 'catalog_admin'] },
    { method: 'GET', url: '/api/admin/payouts?status=all', allowed: ['superadmin', 'finance'] },
    { method: 'GET', url: '/api/admin/payouts/bank-batch.csv', allowed: ['superadmin', 'finance'] },
    { method: 'POST', url: `/api/admin/payouts/${none}/approve`, allowed: ['superadmin', 'finance'] },
    { method: 'POST', url: `/api/admin/payouts/${none}/paid`, allowed: ['superadmin', 'finance'], payload: { reference: 'VIR-1' } },
    { method: 'POST', url: `/api/admin/payouts/${none}/failed`, allowed: ['superadmin', 'finance'], payload: { reason: 'IBAN fermé' } },
    { method: 'GET', url: '/api/admin/refunds?status=all', allowed: ['superadmin', 'finance'] },
    { method: 'POST', url: `/api/admin/refunds/${none}/paid`, allowed: ['superadmin', 'finance'], payload: { reference: 'RMB-1' } },
    { method: 'POST', url: `/api/admin/refunds/${none}/failed`, allowed: ['superadmin', 'finance'], payload: { reason: 'Carte expirée' } },
    { method: 'GET', url: '/api/admin/partners', allowed: ['superadmin', 'finance'] },
    { method: 'GET', url: `/api/admin/partners/${none}`, allowed: ['superadmin', 'finance'] },
    { method: 'GET', url: `/api/admin/partners/${none}/kyc/documents/${none}`, allowed: ['superadmin', 'finance'] },
    { method: 'POST', url: `/api/admin/partners/${none}/kyc`, allowed: ['superadmin', 'finance'], payload: { decision: 'verified' } },
    { method: 'PATCH', url: `/api/admin/partners/${none}`, allowed: ['superadmin', 'finance'], payload: { commissionBp: 1400 } },
    { method: 'GET', url: '/api/admin/users', allowed: ['superadmin'] },
    { method: 'POST', url: `/api/admin/users/${none}/suspend`, allowed: ['superadmin'] },
    { method: 'POST', url: `/api/admin/users/${none}/reactivate`, allowed: ['superadmin'] },
    { method: 'GET', url: '/api/admin/audit', allowed: ['superadmin'] },
    { method: 'GET', url: '/api/admin/settings', allowed: ['superadmin'] },
    { method: 'PATCH', url: '/api/admin/settings', allowed: ['superadmin'], payload: { payments: { min_amount: 2_000_000, max_amount: 1_000 } } },
    { method: 'GET', url: '/api/partner/kyc', allowed: ['partner_owner'] },
    { method: 'POST', url: '/api/partner/kyc/submit', allowed: ['partner_owner'] },
    { method: 'GET', url: `/api/partner/kyc/documents/${none}`, allowed: ['partner_owner'] },
  ];

  itGuardsEachEndpoint(t, cookies, endpoints, { answers: [200, 400, 404, 409], title: (e) => `${e.method} ${e.url}` });
});

// A path id that is not one gets the catalogue's code and words, which the web app translates (the routes
// wrote their own messages, which the error handler replaced with the generic "champs obligatoires (id)").
describe('a path id that is not an id', () => {
  it.each([
    ['superadmin', 'GET', '/api/admin/partners/pas-un-id', 'INVALID_ID', 'Identifiant invalide'],
    ['superadmin', 'GET', `/api/admin/partners/${PARTNER1_ID}/kyc/documents/pas-un-id`, 'KYC_DOCUMENT_NOT_FOUND', 'Document introuvable'],
    ['catalog_admin', 'GET', '/api/admin/boxes/pas-un-id', 'INVALID_ID', 'Identifiant invalide'],
    ['superadmin', 'GET', '/api/files/pas-un-id', 'FILE_NOT_FOUND', 'Fichier introuvable'],
    ['customer', 'GET', '/api/orders/pas-un-id', 'ORDER_NOT_FOUND', 'Commande introuvable'],
    ['customer', 'GET', '/api/vouchers/pas-un-id/voucher.pdf', 'VOUCHER_NOT_FOUND', 'Voucher not found'],
  ] as const)('%s %s %s: 400 %s', async (role, method, url, code, message) => {
    const res = await t.request({ method, url, cookie: cookies[role] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code, message });
  });
});

describe('payouts processed by finance', () => {
  it('queues, approves once when two approvals race, batches, pays with the reference and settles the vouchers', async () => {
    const db = t.database.db;
    const payout = await requestedPayout(3);
    const finance = cookies.finance;

    const queue = (await get('/api/admin/payouts?status=requested', finance)).json();
    const row = queue.payouts.find((p: { id: string }) => p.id === payout.id);
    expect(row).toMatchObject({
      status: 'requested',
      partner: { id: PARTNER1_ID },
      grossAmount: payout.grossAmount,
      commissionAmount: payout.commissionAmount,
      netAmount: payout.netAmount,
      transactionCount: 3,
      iban: expect.stringMatching(/^DZ/),
      // Days only: the web words them per language (issue 15).
      period: { from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
    });
    expect(queue.counts.requested).toBeGreaterThanOrEqual(1);
    expect(queue).toMatchObject({ page: 1, pageSize: 20 });

    const [a, b] = await Promise.all([
      post(`/api/admin/payouts/${payout.id}/approve`, finance),
      post(`/api/admin/payouts/${payout.id}/approve`, cookies.superadmin),
    ]);
    expect(row.period).not.toHaveProperty('label');
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error).toMatchObject({ code: 'PAYOUT_TRANSITION', message: 'Opération impossible pour ce règlement' });

    const csv = await get('/api/admin/payouts/bank-batch.csv', finance);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Bénéficiaire;IBAN/RIB;Montant (DZD);Référence');
    expect(lines.some((l) => l.endsWith(`;${payout.netAmount};${payout.reference}`) && l.includes(';DZ'))).toBe(true);

    expect((await post(`/api/admin/payouts/${payout.id}/paid`, finance, { reference: '' })).statusCode).toBe(400);
    const paid = await post(`/api/admin/payouts/${payout.id}/paid`, finance, { reference: 'VIR-BNA-2026-0042' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ message: 'Règlement marqué payé', payout: { status: 'paid', statusLabel: 'Payé', reference: 'VIR-BNA-2026-0042' } });

    // The partner sees 'Payé' with the bank reference.
    const overview = (await get('/api/partner/payouts', await t.login(OWNER))).json();
    expect(overview.history.find((p: { id: string }) => p.id === payout.id)).toMatchObject({ statusLabel: 'Payé', reference: 'VIR-BNA-2026-0042' });

    const txs = await db.select().from(partnerTransactions).where(eq(partnerTransactions.payoutId, payout.id));
    expect(txs.every((x) => x.status === 'settled')).toBe(true);
    const settled = await db.select().from(vouchers).where(inArray(vouchers.id, txs.map((x) => x.voucherId)));
    expect(settled.map((v) => v.status)).toEqual(['SETTLED', 'SETTLED', 'SETTLED']);
    const events = await db.select().from(voucherEvents).where(and(inArray(voucherEvents.voucherId, txs.map((x) => x.voucherId)), eq(voucherEvents.toStatus, 'SETTLED')));
    expect(events).toHaveLength(3);

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, OWNER));
    expect(mails.map((m) => m.template)).toEqual(expect.arrayContaining(['payout_processing', 'payout_paid']));

    // Audit: who, what, before and after.
    const audit = (await get(`/api/admin/audit?entityType=payout&entityId=${payout.id}`, cookies.superadmin)).json();
    expect(audit.entries.map((e: { action: string }) => e.action)).toEqual(['payout.paid', 'payout.approve']);
    expect(audit.entries[0]).toMatchObject({
      actorEmail: ACCOUNTS.finance,
      actorRole: 'finance',
      // Code and parameters for the web to word in French or Arabic; the French summary stays as a fallback.
      params: { partner: expect.any(String), amount: payout.netAmount, reference: 'VIR-BNA-2026-0042' },
      before: { status: 'processing' },
      after: { status: 'paid', reference: 'VIR-BNA-2026-0042' },
    });
    expect(audit.entries[0].summary).toContain('VIR-BNA-2026-0042');

    // The partner's bell: kind and parameters (amount in DZD, the bank reference), no French to match.
    const feed = (await get('/api/partner/notifications', await t.login(OWNER))).json();
    expect(feed.notifications.find((n: { kind: string; params: { reference?: string } | null }) => n.kind === 'payout_paid' && n.params?.reference === 'VIR-BNA-2026-0042')).toMatchObject({
      params: { amount: payout.netAmount, reference: 'VIR-BNA-2026-0042', reason: null },
      link: '/partenaire/payouts',
    });

    // Paid is final.
    expect((await post(`/api/admin/payouts/${payout.id}/failed`, finance, { reason: 'trop tard' })).statusCode).toBe(409);
  });

  it('a failed payout gives its transactions back to the partner, with the reason', async () => {
    const payout = await requestedPayout(2);
    expect((await post(`/api/admin/payouts/${payout.id}/failed`, cookies.finance, { reason: '' })).statusCode).toBe(400);
    const res = await post(`/api/admin/payouts/${payout.id}/failed`, cookies.finance, { reason: 'RIB refusé par la banque' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payout).toMatchObject({ status: 'failed', failureReason: 'RIB refusé par la banque' });
    const overview = (await get('/api/partner/payouts', await t.login(OWNER))).json();
    expect(overview.available).toMatchObject({ count: 2, net: payout.netAmount, canRequest: true });
    expect((await get('/api/admin/payouts?status=failed', cookies.finance)).json().payouts.map((p: { id: string }) => p.id)).toContain(payout.id);
  });

  it('conserves money: for every paid payout gross = commission + net and its transactions sum to it', async () => {
    const db = t.database.db;
    const paid = await db.select().from(payouts).where(eq(payouts.status, 'paid'));
    expect(paid.length).toBeGreaterThan(0);
    for (const p of paid) {
      expect(p.grossAmount).toBe(p.commissionAmount + p.netAmount + p.feesAmount);
      const txs = await db.select().from(partnerTransactions).where(eq(partnerTransactions.payoutId, p.id));
      expect(txs).toHaveLength(p.transactionCount);
      expect(txs.reduce((s, x) => s + x.grossAmount, 0)).toBe(p.grossAmount);
      expect(txs.reduce((s, x) => s + x.commissionAmount, 0)).toBe(p.commissionAmount);
      expect(txs.reduce((s, x) => s + x.netAmount, 0)).toBe(p.netAmount);
      expect(txs.every((x) => x.status === 'settled')).toBe(true);
    }
  });
});

describe('refunds processed by finance', () => {
  it('a customer refund waits in the queue; finance records it paid with its reference, once; the customer is e-mailed', async () => {
    const db = t.database.db;
    clock.advance(1000);
    const v = await giveVoucher(db, { now: clock.now() });
    const asked = await post(`/api/client/vouchers/${v.id}/refund`, cookies.customer);
    expect(asked.statusCode, asked.body).toBe(200);

    const queue = (await get('/api/admin/refunds', cookies.finance)).json();
    const row = queue.refunds.find((r: { voucherCode: string }) => r.voucherCode === v.code);
    expect(row).toMatchObject({ status: 'pending', amount: expect.any(Number), customer: { email: ACCOUNTS.customer }, boxNameAr: expect.stringMatching(ARABIC) });
    // Why, as a code the web words per language (issue 15); the stored French stays for older rows.
    expect(row).toMatchObject({ reasonCode: 'unused_box', reasonParams: null, reason: 'Coffret non utilisé, remboursement sous 14 jours' });
    expect(row.amount).toBeGreaterThan(0);

    expect((await post(`/api/admin/refunds/${row.id}/paid`, cookies.finance, { reference: '' })).statusCode).toBe(400);
    const [a, b] = await Promise.all([
      post(`/api/admin/refunds/${row.id}/paid`, cookies.finance, { reference: 'RMB-CIB-0099' }),
      post(`/api/admin/refunds/${row.id}/failed`, cookies.superadmin, { reason: 'Carte expirée' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = (a.statusCode === 200 ? a : b).json();
    expect(['paid', 'failed']).toContain(winner.refund.status);
    const [voucher] = await db.select().from(vouchers).where(eq(vouchers.id, v.id));
    expect(voucher!.status).toBe('CANCELLED');
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, ACCOUNTS.customer));
    expect(mails.map((m) => m.template)).toContain(winner.refund.status === 'paid' ? 'refund-paid' : 'refund-failed');
    const audit = (await get(`/api/admin/audit?entityType=refund&entityId=${row.id}`, cookies.superadmin)).json();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0].params).toEqual(
      winner.refund.status === 'paid'
        ? { customer: ACCOUNTS.customer, amount: row.amount, reference: 'RMB-CIB-0099' }
        : { customer: ACCOUNTS.customer, amount: row.amount, reason: 'Carte expirée' },
    );
    expect((await get(`/api/admin/refunds?status=${winner.refund.status}`, cookies.finance)).json().refunds.map((r: { id: string }) => r.id)).toContain(row.id);
  });
});

describe('partners and KYC', () => {
  it('uploads, refuses an incomplete submission, validates, and keeps each partner to its own documents', async () => {
    const db = t.database.db;
    const { partner, email, cookie } = await newPendingPartner();

    expect((await upload(cookie, 'passport')).json().error.code).toBe('KYC_DOCUMENT_TYPE');
    const gif = await upload(cookie, 'identity_card', { name: 'x.gif', type: 'image/gif', data: Buffer.from('GIF89a......') });
    expect(gif.statusCode).toBe(415);
    const big = await upload(cookie, 'identity_card', { name: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) });
    expect(big.statusCode).toBe(413);

    expect((await upload(cookie, 'business_license')).statusCode).toBe(201);
    const idCard = await upload(cookie, 'identity_card', { name: 'cni.png', type: 'image/png', data: PNG });
    expect(idCard.statusCode, idCard.body).toBe(201);
    expect(idCard.json().kyc.missing).toEqual(['bank_statement']);

    const early = await post('/api/partner/kyc/submit', cookie);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe('Documents manquants: bank_statement');

    await upload(cookie, 'bank_statement');
    const submitted = await post('/api/partner/kyc/submit', cookie);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().kyc).toMatchObject({ status: 'pending', missing: [], submittedAt: clock.now().toISOString() });

    // Ownership: the partner reads its document; another partner and a customer never do.
    const docId = idCard.json().document.id as string;
    const own = await get(`/api/partner/kyc/documents/${docId}`, cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect((await get(`/api/partner/kyc/documents/${docId}`, await t.login(OWNER2))).statusCode).toBe(404);
    expect((await get(`/api/partner/kyc/documents/${docId}`, cookies.customer)).statusCode).toBe(403);
    expect((await get(`/api/admin/partners/${PARTNER1_ID}/kyc/documents/${docId}`, cookies.finance)).statusCode).toBe(404);

    // Staff find it among the pending ones, open it and read its documents.
    const list = (await get(`/api/admin/partners?kyc=pending&q=${encodeURIComponent(partner.name)}`, cookies.finance)).json();
    expect(list.partners).toHaveLength(1);
    expect(list.partners[0]).toMatchObject({ id: partner.id, kycStatus: 'pending', active: false, ownerEmail: email, offersCount: 0, redemptions: 0, revenueTotal: 0 });
    const detail = (await get(`/api/admin/partners/${partner.id}`, cookies.finance)).json();
    expect(detail.kyc.documents.map((d: { type: string }) => d.type)).toEqual(['business_license', 'identity_card', 'bank_statement']);
    const doc = await get(detail.kyc.documents[0].url, cookies.finance);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('application/pdf');
    // The generic file route gives KYC documents only to their uploader and the staff who validate partners.
    const [kycFile] = await t.database.db.select({ fileId: kycDocuments.fileId }).from(kycDocuments).where(eq(kycDocuments.id, docId));
    for (const role of ['support', 'catalog_admin', 'customer'] as const) {
      expect((await get(`/api/files/${kycFile!.fileId}`, cookies[role])).statusCode, role).toBe(404);
    }
    expect((await get(`/api/files/${kycFile!.fileId}`, cookies.finance)).statusCode).toBe(200);
    expect((await get(`/api/files/${kycFile!.fileId}`, cookie)).statusCode).toBe(200);

    // Rejection needs a reason; then the partner resubmits and is validated.
    expect((await post(`/api/admin/partners/${partner.id}/kyc`, cookies.finance, { decision: 'rejected' })).statusCode).toBe(400);
    const rejected = await post(`/api/admin/partners/${partner.id}/kyc`, cookies.finance, { decision: 'rejected', reason: 'Registre de commerce illisible' });
    expect(rejected.json()).toMatchObject({ message: 'KYC rejeté', partner: { kycStatus: 'rejected', active: false } });
    expect((await get('/api/partner/kyc', cookie)).json()).toMatchObject({ status: 'rejected', rejectionReason: 'Registre de commerce illisible' });
    await upload(cookie, 'business_license');
    expect((await post('/api/partner/kyc/submit', cookie)).json().kyc.status).toBe('pending');
    const verified = await post(`/api/admin/partners/${partner.id}/kyc`, cookies.superadmin, { decision: 'verified' });
    expect(verified.json()).toMatchObject({ message: 'Partenaire validé', partner: { kycStatus: 'verified', active: true } });

    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.template)).toEqual(
      expect.arrayContaining(['partner_kyc_submitted', 'partner_kyc_rejected', 'partner_kyc_verified']),
    );
    expect(mails.find((m) => m.template === 'partner_kyc_rejected')!.text).toContain('Registre de commerce illisible');

    // Terms and deactivation, each audited and e-mailed.
    const terms = await t.request({ method: 'PATCH', url: `/api/admin/partners/${partner.id}`, cookie: cookies.finance, payload: { commissionBp: 1250, settlementCycle: 'monthly' } });
    expect(terms.json().partner).toMatchObject({ commissionBp: 1250, settlementCycle: 'monthly' });
    const off = await t.request({ method: 'PATCH', url: `/api/admin/partners/${partner.id}`, cookie: cookies.finance, payload: { active: false } });
    expect(off.json().partner.active).toBe(false);
    const actions = (await get(`/api/admin/audit?entityId=${partner.id}`, cookies.superadmin)).json().entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['partner.deactivate', 'partner.terms', 'partner.kyc_verified', 'partner.kyc_rejected']);
    const later = (await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).map((m) => m.template);
    expect(later).toEqual(expect.arrayContaining(['partner_terms_changed', 'partner_deactivated']));
  });

  it('lists partners with their real offers, redemptions and revenue, paginated', async () => {
    const page1 = (await get('/api/admin/partners?pageSize=5', cookies.superadmin)).json();
    expect(page1.partners).toHaveLength(5);
    expect(page1.total).toBeGreaterThanOrEqual(30);
    const page2 = (await get('/api/admin/partners?pageSize=5&page=2', cookies.superadmin)).json();
    expect(page2.partners.map((p: { id: string }) => p.id)).not.toContain(page1.partners[0].id);
    const demo = (await get(`/api/admin/partners/${PARTNER1_ID}`, cookies.finance)).json().partner;
    const [figures] = await t.database.db.select().from(partnerTransactions).where(eq(partnerTransactions.partnerId, PARTNER1_ID)).then((rows) => [
      { n: rows.length, gross: rows.reduce((s, r) => s + r.grossAmount, 0) },
    ]);
    expect(demo).toMatchObject({ redemptions: figures!.n, revenueTotal: figures!.gross, kycStatus: 'verified' });
    expect(demo.offersCount).toBeGreaterThan(0);
    expect((await get('/api/admin/partners?kyc=unknown', cookies.finance)).statusCode).toBe(400);
  });
});

describe('partner self-registration', () => {
  const registration = () => ({
    businessName: `Spa Djurdjura ${randomUUID().slice(0, 4)}`,
    city: 'Tizi Ouzou',
    wilaya: 'Tizi Ouzou',
    phone: '0550 12 34 56',
    firstName: 'Meriem',
    lastName: 'Aït',
    email: `meriem.${randomUUID().slice(0, 6)}@example.dz`,
    password: 'motdepasse-solide',
    category: 'bien-etre',
    consent: true,
  });

  it('is closed by default, then makes a partner_owner and a pending, inactive partner when the setting is on', async () => {
    const closed = await post('/api/partners/register', undefined, registration());
    expect(closed.statusCode).toBe(403);
    expect(closed.json().error.code).toBe('SELF_REGISTRATION_CLOSED');

    await t.database.db
      .insert(systemSettings)
      .values({ key: 'features', value: { partner_self_registration: true }, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: { partner_self_registration: true }, updatedAt: clock.now() } });
    const input = registration();
    const res = await post('/api/partners/register', undefined, input);
    expect(res.statusCode, res.body).toBe(201);
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, res.json().partnerId));
    expect(partner).toMatchObject({ name: input.businessName, category: 'bien-etre', kycStatus: 'pending', active: false, settlementCycle: 'J+14', commissionBp: 1500 });
    const cookie = await t.login(input.email, input.password);
    expect((await get('/api/partner/kyc', cookie)).json()).toMatchObject({ status: 'pending', missing: ['business_license', 'identity_card', 'bank_statement'] });
    const [welcome] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, input.email));
    expect(welcome!.template).toBe('partner_registered');

    const again = await post('/api/partners/register', undefined, { ...input, businessName: 'Autre' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("Erreur lors de l'inscription");
    expect((await post('/api/partners/register', undefined, { ...registration(), email: 'pas-un-email' })).statusCode).toBe(400);
  });

  it('tells the visitor, field by field and in the catalogue\'s words, what the form lacks', async () => {
    const { consent: _consent, ...withoutConsent } = registration();
    const refused = await post('/api/partners/register', undefined, withoutConsent);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'PARTNER_CONSENT', field: 'consent', message: 'Veuillez accepter les conditions partenaires' });
    const badCategory = await post('/api/partners/register', undefined, { ...registration(), category: 'karaoke' });
    expect(badCategory.json().error).toMatchObject({ code: 'UNKNOWN_CATEGORY', field: 'category' });
    const badPhone = await post('/api/partners/register', undefined, { ...registration(), phone: 'abc' });
    expect(badPhone.json().error).toMatchObject({ code: 'INVALID_PHONE', field: 'phone', message: 'Format de téléphone invalide' });
  });
});

describe('settings (superadmin)', () => {
  it('reads the defaults, saves a subset, refuses min above max, audits, and the setting is enforced', async () => {
    const admin = cookies.superadmin;
    const before = (await get('/api/admin/settings', admin)).json();
    expect(before.settings.payments).toMatchObject({ min_amount: 1000, max_amount: 500_000, commission_rate_bp: 1500 });
    expect(before.settings.security.password_min_length).toBe(8);

    const bad = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: admin, payload: { payments: { min_amount: 600_000 } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Le montant minimum doit être inférieur au maximum');
    expect((await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: admin, payload: { security: { password_min_length: 7 } } })).statusCode).toBe(400);

    const saved = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: admin, payload: { features: { partner_self_registration: false }, payments: { min_amount: 1000, max_amount: 400_000 } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ message: 'Configuration système sauvegardée !', settings: { payments: { min_amount: 1000, max_amount: 400_000 }, features: { partner_self_registration: false } } });
    // Enforced: registration is closed again.
    const closed = await post('/api/partners/register', undefined, { businessName: 'Fermé', category: 'sport', city: 'Oran', wilaya: 'Oran', phone: '0550000000', firstName: 'A', lastName: 'B', email: `ferme.${randomUUID().slice(0, 6)}@example.dz`, password: 'motdepasse-solide', consent: true });
    expect(closed.json().error.code).toBe('SELF_REGISTRATION_CLOSED');
    const audit = (await get('/api/admin/audit?action=settings.', admin)).json();
    expect(audit.entries.map((e: { entityId: string }) => e.entityId).sort()).toEqual(['features', 'payments']);
    // The form sent min_amount unchanged: the audit names and shows only what changed.
    const payments = audit.entries.find((e: { entityId: string }) => e.entityId === 'payments');
    expect(payments).toMatchObject({ params: { fields: ['max_amount'] }, summary: 'max_amount' });
    expect({ before: payments.before, after: payments.after }).toEqual({ before: { max_amount: 500_000 }, after: { max_amount: 400_000 } });
  });
});

describe('users (superadmin)', () => {
  it('searches, filters and pages on the server', async () => {
    const res = (await get('/api/admin/users?q=demo.farha.dz&role=finance', cookies.superadmin)).json();
    expect(res.users.map((u: { email: string }) => u.email)).toEqual([ACCOUNTS.finance]);
    const customers = (await get('/api/admin/users?role=customer&pageSize=2', cookies.superadmin)).json();
    expect(customers.users.length).toBeLessThanOrEqual(2);
    expect(customers.users.every((u: { role: string }) => u.role === 'customer')).toBe(true);
    const me = (await get(`/api/admin/users?q=${ACCOUNTS.customer}`, cookies.superadmin)).json().users[0];
    expect(me).toMatchObject({ email: ACCOUNTS.customer, status: 'active', openSessions: expect.any(Number), vouchersCount: expect.any(Number) });
    expect(me.openSessions).toBeGreaterThan(0);
    expect(me.vouchersCount).toBeGreaterThan(0);
  });

  it('suspends: every session ends at once and login is refused; reactivates; never self or the last superadmin', async () => {
    const db = t.database.db;
    const [customer] = await db.select().from(users).where(eq(users.email, ACCOUNTS.customer));
    const [admin] = await db.select().from(users).where(eq(users.email, ACCOUNTS.superadmin));
    const open = await t.login(ACCOUNTS.customer);
    expect((await get('/api/auth/me', open)).statusCode).toBe(200);

    const res = await post(`/api/admin/users/${customer!.id}/suspend`, cookies.superadmin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Compte suspendu', user: { status: 'suspended', openSessions: 0 } });
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer!.id))).toHaveLength(0);
    const [suspension] = (await get(`/api/admin/audit?action=user.suspend&entityId=${customer!.id}`, cookies.superadmin)).json().entries;
    expect(suspension).toMatchObject({ action: 'user.suspend', params: { email: ACCOUNTS.customer, sessions: expect.any(Number) } });
    expect(suspension.params.sessions).toBeGreaterThanOrEqual(1);
    expect((await get('/api/client/vouchers', open)).statusCode).toBe(401);
    const login = await post('/api/auth/login', undefined, { email: ACCOUNTS.customer, password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.message).toBe('Compte suspendu. Contactez le support.');
    expect((await post(`/api/admin/users/${customer!.id}/suspend`, cookies.superadmin)).statusCode).toBe(409);

    const back = await post(`/api/admin/users/${customer!.id}/reactivate`, cookies.superadmin);
    expect(back.json()).toMatchObject({ message: 'Compte réactivé', user: { status: 'active' } });
    cookies.customer = await t.login(ACCOUNTS.customer);

    const self = await post(`/api/admin/users/${admin!.id}/suspend`, cookies.superadmin);
    expect(self.json().error).toMatchObject({ code: 'CANNOT_SUSPEND_SELF', message: 'Vous ne pouvez pas suspendre votre propre compte' });

    // Two superadmins suspending each other at the same instant: one wins, the last one stays.
    const [second] = await db
      .insert(users)
      .values({ email: `admin2.${randomUUID().slice(0, 6)}@farha.dz`, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Deux', lastName: 'Admin', role: 'superadmin', createdAt: clock.now(), updatedAt: clock.now() })
      .returning();
    const secondCookie = await t.login(second!.email);
    const [x, y] = await Promise.all([
      post(`/api/admin/users/${second!.id}/suspend`, cookies.superadmin),
      post(`/api/admin/users/${admin!.id}/suspend`, secondCookie),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    expect([x, y].find((r) => r.statusCode === 409)!.json().error).toMatchObject({
      code: 'LAST_SUPERADMIN',
      message: 'Impossible de suspendre le dernier super administrateur',
    });
    const active = await db.select().from(users).where(and(eq(users.role, 'superadmin'), eq(users.status, 'active')));
    expect(active).toHaveLength(1);
    // Put the demo superadmin back for the other tests.
    await db.update(users).set({ status: 'active' }).where(eq(users.id, admin!.id));
    cookies.superadmin = await t.login(ACCOUNTS.superadmin);
  });
});

describe('audit and dashboard', () => {
  it('keeps the audit log append-only', async () => {
    const db = t.database.db;
    const [entry] = await db.select().from(auditLog).limit(1);
    expect(entry).toBeTruthy();
    await expect(db.update(auditLog).set({ summary: 'effacé' }).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, entry!.id))).rejects.toThrow();
  });

  it('filters and pages the audit log', async () => {
    const res = (await get('/api/admin/audit?action=user.&pageSize=2', cookies.superadmin)).json();
    expect(res.entries.length).toBeLessThanOrEqual(2);
    expect(res.total).toBeGreaterThanOrEqual(3);
    expect(res.entries.every((e: { action: string }) => e.action.startsWith('user.'))).toBe(true);
  });

  it('shows real KPIs to every admin role; recent activity to superadmin only', async () => {
    const admin = cookies.superadmin;
    const dash = (await get('/api/admin/dashboard?days=30', cookies.catalog_admin)).json();
    const [verified] = await t.database.db.select().from(partners).where(and(eq(partners.kycStatus, 'verified'), eq(partners.active, true))).then((r) => [r.length]);
    expect(dash.kpis.verifiedPartners.value).toBe(verified);
    expect(dash.kpis.vouchers.value).toBeGreaterThanOrEqual(5);
    expect(dash.kpis.gmv.value).toBeGreaterThan(0);
    expect(dash.kpis.activeCustomers.value).toBeGreaterThanOrEqual(1);
    expect(dash.recentActivity).toEqual([]);
    const forAdmin = (await get('/api/admin/dashboard', admin)).json();
    expect(forAdmin.recentActivity.length).toBeGreaterThan(0);
    expect((await get('/api/admin/dashboard?days=12', admin)).statusCode).toBe(400);
  });
});

describe('the demo seed’s KYC documents', () => {
  it('gives each verified demo partner its three documents, readable in its file, once', async () => {
    const db = t.database.db;
    // The test template is seeded without a file storage; the server's seed has one.
    await seedDatabase(db, { demo: true, now: clock.now(), storage: t.app.storage });
    const detail = (await get(`/api/admin/partners/${PARTNER1_ID}`, cookies.finance)).json();
    expect(detail.kyc).toMatchObject({ status: 'verified', missing: [] });
    expect(detail.kyc.submittedAt).not.toBeNull();
    expect(detail.kyc.documents.map((d: { type: string; contentType: string }) => [d.type, d.contentType])).toEqual(
      SEED_KYC_FILES.map((f) => [f.type, f.contentType]),
    );
    for (const [i, f] of SEED_KYC_FILES.entries()) {
      const file = await get(detail.kyc.documents[i].url, cookies.finance);
      expect(file.statusCode, f.asset).toBe(200);
      expect(file.rawPayload.equals(fs.readFileSync(path.join(SEED_KYC_DIR, f.asset))), f.asset).toBe(true);
    }
    // The partner reads them from its own profile too.
    expect((await get('/api/partner/kyc', await t.login(OWNER))).json().documents).toHaveLength(3);
    // Every verified seed partner has them; the pending and rejected ones have none.
    const verified = SEED_PARTNERS.filter((p) => p.kycStatus === 'verified').map((p) => seedPartnerId(p.slug));
    const others = SEED_PARTNERS.filter((p) => p.kycStatus !== 'verified').map((p) => seedPartnerId(p.slug));
    const count = async (ids: string[]) => (await db.select({ id: kycDocuments.id }).from(kycDocuments).where(inArray(kycDocuments.partnerId, ids))).length;
    expect(await count(verified)).toBe(verified.length * 3);
    expect(await count(others)).toBe(0);

    // Seeding again, even with its record of what was seeded gone, adds nothing.
    const [state] = await db.select().from(systemSettings).where(eq(systemSettings.key, SEED_STATE_KEY));
    await db.update(systemSettings).set({ value: { ...(state!.value as object), kyc: 0 } }).where(eq(systemSettings.key, SEED_STATE_KEY));
    await seedDatabase(db, { demo: true, now: clock.now(), storage: t.app.storage });
    expect(await count(verified)).toBe(verified.length * 3);
  });
});
