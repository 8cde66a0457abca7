import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { formatDzd } from '@farha/contracts/money';
import { boxes, orders, users, vouchers } from '../../src/db/schema/index.ts';
import { settleSandboxCheckout, signWebhook } from '../../src/modules/payments/index.ts';
import { DEMO_SELLER_IDENTITY } from '../../src/db/seed/platform-data.ts';
import { taxSplit } from '../../src/modules/settings/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 34: Farha's legal identity, its bank account and the TVA rate are settings; every invoice and
// pro-forma prints them, with HT, TVA and TTC, and none is issued while they are empty.

const clock = testClock();
let t: TestApp;
const cookies = {} as Record<Role, string>;
let box: typeof boxes.$inferSelect;
let orderId: string;

/**
 * The text a PDF draws, one line per TJ/Tj operator, spaces folded: the standard fonts' strings as WinAnsi,
 * the embedded (Cairo) fonts' glyph codes through their ToUnicode maps, following the content's Tf.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  // Objects are read one after the other, each stream by its /Length: a compressed stream's bytes may hold
  // « endobj », or end on a carriage return, whatever the order's id and date made them.
  const header = /(\d+) 0 obj\s*/g;
  for (let m = header.exec(raw); m; m = header.exec(raw)) {
    const from = header.lastIndex;
    const streamAt = raw.indexOf('stream', from);
    const endAt = raw.indexOf('endobj', from);
    let stream: string | null = null;
    let dict = raw.slice(from, endAt);
    if (streamAt >= 0 && streamAt < endAt) {
      dict = raw.slice(from, streamAt);
      const start = raw.indexOf('\n', streamAt) + 1;
      const length = Number(dict.match(/\/Length (\d+)(?! \d+ R)/)?.[1] ?? NaN);
      const data = Number.isFinite(length) ? raw.slice(start, start + length) : raw.slice(start, raw.indexOf('endstream', start));
      try {
        stream = zlib.inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
      } catch {
        stream = data;
      }
      header.lastIndex = raw.indexOf('endobj', start + data.length);
    }
    objects.set(m[1]!, { dict, stream });
  }
  const unicodeOf = new Map<string, Map<string, string>>();
  for (const [id, o] of objects) {
    const ref = o.dict.match(/\/ToUnicode (\d+) 0 R/);
    const cmap = ref ? objects.get(ref[1]!)?.stream : null;
    if (!cmap) continue;
    const map = new Map<string, string>();
    const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const c of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) map.set(c[1]!.toLowerCase(), utf16(c[2]!));
    }
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const [from, to, width] = [parseInt(r[1]!, 16), parseInt(r[2]!, 16), r[1]!.length];
        const targets = r[3]!.startsWith('[') ? [...r[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => x[1]!) : null;
        for (let code = from; code <= to; code++) {
          const key = code.toString(16).padStart(width, '0');
          if (targets) map.set(key, utf16(targets[code - from] ?? ''));
          else map.set(key, String.fromCodePoint(parseInt(r[3]!.slice(1, -1), 16) + code - from));
        }
      }
    }
    unicodeOf.set(id, map);
  }
  const fontRefs = new Map<string, string>();
  for (const o of objects.values()) for (const f of o.dict.matchAll(/\/(F\d+) (\d+) 0 R/g)) fontRefs.set(f[1]!, f[2]!);
  const out: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream || !/T[Jj]/.test(o.stream) || o.dict.includes('/Subtype')) continue;
    let map: Map<string, string> | undefined;
    for (const op of o.stream.matchAll(/\/(F\d+) [\d.]+ Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) {
        map = unicodeOf.get(fontRefs.get(op[1]) ?? '');
        continue;
      }
      const hexes = op[2] !== undefined ? [...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[3]!];
      const decode = (hex: string) =>
        map ? (hex.match(/.{4}/g) ?? []).map((code) => map!.get(code.toLowerCase()) ?? '?').join('') : new TextDecoder('windows-1252').decode(Buffer.from(hex, 'hex'));
      out.push(hexes.map(decode).join(''));
    }
  }
  return fold(out.join('\n'));
}
const fold = (s: string) => s.replace(/[\u00a0\u202f ]+/g, ' ');

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  for (const role of ['company_buyer', 'company_admin', 'finance', 'superadmin', 'customer'] as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
  [box] = (await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(boxes.price, boxes.id).limit(1)) as [typeof box];
});
afterAll(async () => {
  await t.close();
});
// A test that fails half-way leaves the identity and the rate as every other test expects them.
afterEach(async () => {
  expect((await setPayments({ ...DEMO_SELLER_IDENTITY, tva_rate_bp: 1900 })).statusCode).toBe(200);
});

const setPayments = (values: Record<string, unknown>) =>
  t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { payments: values } });

describe('HT and TVA cut from a TTC price', () => {
  it('rounds HT to the nearest dinar and leaves TVA = TTC − HT, exactly', () => {
    expect(taxSplit(5000, 1900)).toEqual({ ht: 4202, tva: 798, ttc: 5000 });
    expect(taxSplit(119, 1900)).toEqual({ ht: 100, tva: 19, ttc: 119 });
    expect(taxSplit(0, 1900)).toEqual({ ht: 0, tva: 0, ttc: 0 });
    expect(taxSplit(12_000, 0)).toEqual({ ht: 12_000, tva: 0, ttc: 12_000 });
    for (let ttc = 1; ttc < 3000; ttc += 7) {
      const { ht, tva } = taxSplit(ttc, 1900);
      expect(ht + tva).toBe(ttc);
      expect(Math.abs(ht * 1.19 - ttc)).toBeLessThanOrEqual(0.6);
    }
  });
});

describe('the pro-forma, the invoice and the credit note of a company', () => {
  it('prints the account to pay into, Farha\'s identifiers, and HT, TVA 19 % and TTC', async () => {
    const rows = [1, 2].map((i) => ({ name: `Salarié ${i}`, email: `tva${i}@entreprise.dz`, mobile: '', box: box.name, message: 'Bonne fête !', deliveryDate: '', language: 'fr' }));
    const res = await t.request({ method: 'POST', url: '/api/company/orders', cookie: cookies.company_buyer, payload: { rows, payment: 'transfer', idempotencyKey: 'tva-identity-1' } });
    expect(res.statusCode, res.body).toBe(201);
    orderId = res.json().id;
    const total = res.json().total as number;
    const split = taxSplit(total, 1900);

    const proforma = await t.request({ method: 'GET', url: `/api/company/orders/${orderId}/proforma.pdf`, cookie: cookies.company_admin });
    expect(proforma.statusCode).toBe(200);
    const text = pdfText(proforma.rawPayload);
    expect(text).toContain(`RIB : ${DEMO_SELLER_IDENTITY.seller_rib}`);
    expect(text).toContain(`Banque : ${DEMO_SELLER_IDENTITY.seller_bank}`);
    expect(text).toContain(`NIF : ${DEMO_SELLER_IDENTITY.seller_nif}`);
    expect(text).toContain(`NIS : ${DEMO_SELLER_IDENTITY.seller_nis}`);
    expect(text).toContain(`RC : ${DEMO_SELLER_IDENTITY.seller_rc}`);
    expect(text).toContain(`Art. imp. : ${DEMO_SELLER_IDENTITY.seller_article}`);
    expect(text).not.toContain('RIB : —');
    expect(text).toContain(`Total HT\n${fold(formatDzd(split.ht))}`);
    expect(text).toContain(`TVA (19 %)\n${fold(formatDzd(split.tva))}`);
    expect(text).toContain(`Total TTC\n${fold(formatDzd(total))}`);
    const arabic = await t.request({ method: 'GET', url: `/api/company/orders/${orderId}/proforma.pdf?lang=ar`, cookie: cookies.company_admin });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const arabicText = pdfText(arabic.rawPayload);
    for (const value of [DEMO_SELLER_IDENTITY.seller_rib, DEMO_SELLER_IDENTITY.seller_nif, String(split.ht), String(split.tva)]) {
      expect(arabicText.replace(/ /g, '')).toContain(value.replace(/ /g, ''));
    }

    const paid = await t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/transfer`, cookie: cookies.finance, payload: { reference: 'VIR-TVA-1', amount: total } });
    expect([200, 202]).toContain(paid.statusCode);
    let order: { status: string; invoiceId?: string } = { status: '' };
    for (let waited = 0; waited < 30_000 && order.status !== 'issued'; waited += 100) {
      order = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}`, cookie: cookies.company_buyer })).json();
      if (order.status !== 'issued') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(order.status).toBe('issued');
    const invoice = pdfText((await t.request({ method: 'GET', url: `/api/company/invoices/${order.invoiceId}/document.pdf`, cookie: cookies.company_admin })).rawPayload);
    expect(invoice).toContain('FACTURE');
    expect(invoice).toContain(`NIF : ${DEMO_SELLER_IDENTITY.seller_nif}`);
    expect(invoice).toContain(`Total HT\n${fold(formatDzd(split.ht))}`);
    expect(invoice).toContain(`TVA (19 %)\n${fold(formatDzd(split.tva))}`);
    expect(invoice).toContain(`Total TTC\n${fold(formatDzd(total))}`);

    const note = await t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/credit-notes`, cookie: cookies.finance, payload: { amount: box.price, reason: 'Salarié parti' } });
    expect(note.statusCode, note.body).toBe(201);
    const credit = pdfText((await t.request({ method: 'GET', url: `/api/admin/company-invoices/${note.json().id}/document.pdf?kind=credit_note`, cookie: cookies.finance })).rawPayload);
    const noteSplit = taxSplit(box.price, 1900);
    expect(credit).toContain(`Total HT\n- ${fold(formatDzd(noteSplit.ht))}`);
    expect(credit).toContain(`TVA (19 %)\n- ${fold(formatDzd(noteSplit.tva))}`);
    expect(credit).toContain(`Total TTC\n- ${fold(formatDzd(box.price))}`);
  });

  it('uses the TVA rate finance sets', async () => {
    expect((await setPayments({ tva_rate_bp: 900 })).statusCode).toBe(200);
    const order = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}`, cookie: cookies.company_buyer })).json();
    const text = pdfText((await t.request({ method: 'GET', url: `/api/company/invoices/${order.invoiceId}/document.pdf`, cookie: cookies.company_admin })).rawPayload);
    expect(text).toContain(`TVA (9 %)\n${fold(formatDzd(taxSplit(order.total, 900).tva))}`);
    expect((await setPayments({ tva_rate_bp: 1900 })).statusCode).toBe(200);
  });

  it('refuses a pro-forma while the RIB is empty, and any invoice while the NIF is, in French', async () => {
    const rows = [{ name: 'Salarié 9', email: 'tva9@entreprise.dz', mobile: '', box: box.name, message: '', deliveryDate: '', language: 'fr' }];
    const res = await t.request({ method: 'POST', url: '/api/company/orders', cookie: cookies.company_buyer, payload: { rows, payment: 'transfer', idempotencyKey: 'tva-identity-2' } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await setPayments({ seller_rib: '' })).statusCode).toBe(200);
    const refused = await t.request({ method: 'GET', url: `/api/company/orders/${res.json().id}/proforma.pdf`, cookie: cookies.company_admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'SELLER_IDENTITY_MISSING' });
    expect(refused.json().error.message).toMatch(/^Pro forma et factures indisponibles : renseignez d’abord l’identité de Farha/);
    const admin = await t.request({ method: 'GET', url: `/api/admin/company-orders/${res.json().id}/proforma.pdf`, cookie: cookies.finance });
    expect(admin.statusCode).toBe(409);
    // An invoice needs no RIB, only the identity.
    const order = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}`, cookie: cookies.company_buyer })).json();
    expect((await t.request({ method: 'GET', url: `/api/company/invoices/${order.invoiceId}/document.pdf`, cookie: cookies.company_admin })).statusCode).toBe(200);
    expect((await setPayments({ seller_rib: DEMO_SELLER_IDENTITY.seller_rib, seller_nif: '' })).statusCode).toBe(200);
    const noNif = await t.request({ method: 'GET', url: `/api/company/invoices/${order.invoiceId}/document.pdf`, cookie: cookies.company_admin });
    expect(noNif.statusCode).toBe(409);
    expect(noNif.json().error.code).toBe('SELLER_IDENTITY_MISSING');
    expect((await setPayments({ seller_nif: DEMO_SELLER_IDENTITY.seller_nif })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/company/orders/${res.json().id}/proforma.pdf`, cookie: cookies.company_admin })).statusCode).toBe(200);
  });
});

describe("the customer's invoice", () => {
  it("prints Farha's identifiers and HT, TVA and TTC, and is refused while the identity is empty", async () => {
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.customer));
    const [paid] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.purchaserId, customer!.id), inArray(orders.status, ['paid', 'fulfilled'])))
      .orderBy(orders.createdAt, orders.id)
      .limit(1);
    expect(paid).toBeDefined();
    const url = `/api/client/orders/${paid!.id}/invoice.pdf`;
    const res = await t.request({ method: 'GET', url, cookie: cookies.customer });
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    const split = taxSplit(paid!.amount, 1900);
    expect(text).toContain(DEMO_SELLER_IDENTITY.seller_legal_name);
    expect(text).toContain(`NIF : ${DEMO_SELLER_IDENTITY.seller_nif}`);
    expect(text).toContain(`RC : ${DEMO_SELLER_IDENTITY.seller_rc}`);
    expect(text).toContain(`Total HT\n${fold(formatDzd(split.ht))}`);
    expect(text).toContain(`TVA (19 %)\n${fold(formatDzd(split.tva))}`);
    expect(text).toContain(`Total TTC\n${fold(formatDzd(paid!.amount))}`);

    expect((await setPayments({ seller_article: '' })).statusCode).toBe(200);
    const refused = await t.request({ method: 'GET', url, cookie: cookies.customer });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('SELLER_IDENTITY_MISSING');
    expect((await setPayments({ seller_article: DEMO_SELLER_IDENTITY.seller_article })).statusCode).toBe(200);
  });
});

describe('the invoice of a basket (issue 34, docs/product/basket.md §7)', () => {
  it('lists every gift with its recipient and voucher code, then HT, TVA and TTC of the total; a gift’s link gives it', async () => {
    const [a, b] = (await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(boxes.price, boxes.id).limit(2)) as [typeof box, typeof box];
    for (const [i, gift] of [a, b].entries()) {
      const res = await t.request({ method: 'POST', url: '/api/client/basket/lines', cookie: cookies.customer, payload: { boxId: gift.id, recipientName: `Invité ${i + 1}`, recipientEmail: `invite${i + 1}@example.dz` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const total = a.price + b.price;
    const res = await t.request({ method: 'POST', url: '/api/client/basket/checkout', cookie: cookies.customer, payload: { paymentMethod: 'cib', termsAccepted: true, expectedTotal: total, idempotencyKey: 'facture-panier-1' } });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId: basketId, checkoutUrl } = res.json() as { orderId: string; checkoutUrl: string };
    const checkoutId = checkoutUrl.split('/').pop()!;
    await settleSandboxCheckout(t.database.db, checkoutId, { status: 'paid', reason: null }, clock.now());
    const raw = JSON.stringify({ id: `evt_${checkoutId}`, entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount: total, currency: 'dzd' } });
    const hook = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, await t.app.payments.sandbox.webhookSecret()) } });
    expect(hook.json().outcome).toBe('applied');
    const gifts = await t.database.db.select().from(orders).where(eq(orders.basketOrderId, basketId)).orderBy(orders.createdAt, orders.id);
    const codes = await t.database.db.select().from(vouchers).where(inArray(vouchers.orderId, gifts.map((g) => g.id)));
    const pdf = await t.request({ method: 'GET', url: `/api/client/orders/${gifts[1]!.id}/invoice.pdf`, cookie: cookies.customer });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Commande\n${basketId}`);
    for (const i of [1, 2]) expect(text).toContain(`Pour Invité ${i} <invite${i}@example.dz>`);
    for (const v of codes) expect(text).toContain(`Voucher ${v.code}`);
    const split = taxSplit(total, 1900);
    expect(text).toContain(`Total HT\n${fold(formatDzd(split.ht))}`);
    expect(text).toContain(`TVA (19 %)\n${fold(formatDzd(split.tva))}`);
    expect(text).toContain(`Total TTC\n${fold(formatDzd(total))}`);
  });
});
