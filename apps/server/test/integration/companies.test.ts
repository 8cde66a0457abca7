import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { boxes, companyInvoices, emailOutbox, smsOutbox, vouchers } from '../../src/db/schema/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, payOnSandbox, type Role, type TestApp } from '../helpers.ts';
import { day, testClock } from '../clock.ts';
import { genuinePdf } from '../upload-fixtures.ts';
import { companySignUp, multipart } from '../company-fixtures.ts';

const clock = testClock();
const mailer = memoryMailer();
let t: TestApp;
const cookies = {} as Record<Role, string>;
let box: typeof boxes.$inferSelect;
let otherBox: typeof boxes.$inferSelect;
let rival: string;

const HEADER = 'nom;email;mobile;coffret;message;date;langue';
const csvOf = (lines: string[]) => Buffer.from(`\uFEFF${HEADER}\n${lines.join('\n')}\n`, 'utf8');


const row = (i: number, patch: Record<string, string> = {}) => ({
  name: `Salarié ${i}`,
  email: `salarie${i}@entreprise.dz`,
  mobile: '',
  box: box.name,
  message: 'Bonne fête !',
  deliveryDate: '',
  language: 'fr',
  ...patch,
});

const NEW_COMPANY = companySignUp({ name: 'Atlas Industries', nif: '000 216 012 345 678', contactEmail: 'leila.hamidi@atlas.dz' });

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer, listen: true });
  for (const role of Object.keys(ACCOUNTS) as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
  const active = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).orderBy(boxes.price).limit(2);
  [box, otherBox] = active as [typeof box, typeof box];
});
afterAll(async () => {
  await t.close();
});

describe('role × endpoint: /api/company and the back office of companies', () => {
  const none = '00000000-0000-4000-8000-000000000000';
  const company: Role[] = ['company_admin', 'company_buyer'];
  const staff: Role[] = ['superadmin', 'finance'];
  const endpoints = [
    { method: 'GET' as const, url: '/api/company/me', allowed: company },
    { method: 'POST' as const, url: '/api/company/orders/check', payload: { rows: [] }, allowed: company },
    { method: 'GET' as const, url: '/api/company/orders', allowed: company },
    { method: 'GET' as const, url: `/api/company/orders/${none}`, allowed: company },
    { method: 'GET' as const, url: `/api/company/orders/${none}/recipients`, allowed: company },
    { method: 'GET' as const, url: `/api/company/orders/${none}/proforma.pdf`, allowed: company },
    { method: 'GET' as const, url: '/api/company/invoices', allowed: company },
    { method: 'GET' as const, url: '/api/company/documents', allowed: company },
    { method: 'POST' as const, url: '/api/company/documents', allowed: ['company_admin'] as Role[] },
    { method: 'GET' as const, url: `/api/company/documents/${none}/file`, allowed: company },
    { method: 'GET' as const, url: `/api/admin/companies/${none}/documents`, allowed: staff },
    { method: 'POST' as const, url: '/api/company/members', payload: { email: 'x' }, allowed: company },
    { method: 'GET' as const, url: '/api/admin/companies/overview', allowed: staff },
    { method: 'GET' as const, url: '/api/admin/companies', allowed: staff },
    { method: 'POST' as const, url: `/api/admin/companies/${none}/review`, payload: { decision: 'verify' }, allowed: staff },
    { method: 'GET' as const, url: '/api/admin/company-orders', allowed: staff },
    { method: 'POST' as const, url: `/api/admin/company-orders/${none}/transfer`, payload: { reference: 'VIR-1', amount: 1 }, allowed: staff },
    { method: 'POST' as const, url: `/api/admin/company-orders/${none}/credit-notes`, payload: { amount: 1, reason: 'x' }, allowed: staff },
    { method: 'GET' as const, url: '/api/admin/company-invoices', allowed: staff },
  ];
  for (const e of endpoints) {
    it(`${e.method} ${e.url}: 401 anonymous, 403 outside ${e.allowed.join(', ')}`, async () => {
      const call = (cookie?: string) => t.request({ method: e.method, url: e.url, ...(e.payload ? { payload: e.payload } : {}), ...(cookie ? { cookie } : {}) });
      expect((await call()).statusCode).toBe(401);
      for (const role of Object.keys(ACCOUNTS) as Role[]) {
        const status = (await call(cookies[role])).statusCode;
        if (e.allowed.includes(role)) expect({ role, status }).not.toEqual({ role, status: 403 });
        else expect({ role, status }).toEqual({ role, status: 403 });
      }
    });
  }
});

describe('opening a company account', () => {
  it('refuses wrong identifiers with the catalogue\'s French words, and changes nothing', async () => {
    const res = await t.request({ method: 'POST', url: '/api/companies/register', payload: { ...NEW_COMPANY, nif: '12345' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('NIF invalide : 15 ou 20 chiffres');
    const article = await t.request({ method: 'POST', url: '/api/companies/register', payload: { ...NEW_COMPANY, articleImposition: '12' } });
    expect(article.json().error.message).toBe("Article d'imposition invalide : 11 chiffres");
    expect((await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: NEW_COMPANY.contactEmail, password: NEW_COMPANY.password } })).statusCode).toBe(401);
  });

  it('opens a pending company that cannot order until finance verifies it', async () => {
    const res = await t.request({ method: 'POST', url: '/api/companies/register', payload: NEW_COMPANY });
    expect(res.statusCode, res.body).toBe(201);
    const again = await t.request({ method: 'POST', url: '/api/companies/register', payload: { ...NEW_COMPANY, contactEmail: 'autre@atlas.dz' } });
    expect(again.json().error.message).toBe('Une entreprise avec ce NIF a déjà un compte');
    rival = await t.login(NEW_COMPANY.contactEmail, NEW_COMPANY.password);
    const me = (await t.request({ method: 'GET', url: '/api/company/me', cookie: rival })).json();
    expect(me.company).toMatchObject({ status: 'pending', nif: '000216012345678', contactPhone: '+213550112233' });
    const order = await t.request({ method: 'POST', url: '/api/company/orders', cookie: rival, payload: { rows: [row(1)], payment: 'transfer', idempotencyKey: 'atlas-0001' } });
    expect(order.json().error.message).toBe("Votre entreprise n'est pas encore vérifiée par nos équipes");
    // The documents finance asks for: the company's own, read by finance, by no other company.
    const upload = await t.request({ method: 'POST', url: '/api/company/documents', cookie: rival, ...multipart('rc.pdf', await genuinePdf(), { type: 'rc' }) });
    expect(upload.statusCode, upload.body).toBe(201);
    const [doc] = upload.json().documents;
    expect(doc).toMatchObject({ type: 'rc', filename: 'rc.pdf' });
    const badType = await t.request({ method: 'POST', url: '/api/company/documents', cookie: rival, ...multipart('rc.pdf', await genuinePdf(), { type: 'passeport' }) });
    expect(badType.json().error.message).toBe('Type de document inconnu');
    const seen = (await t.request({ method: 'GET', url: `/api/admin/companies/${me.company.id}/documents`, cookie: cookies.finance })).json();
    expect(seen.documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    const file = await t.request({ method: 'GET', url: `/api/admin/companies/${me.company.id}/documents/${doc.id}/file`, cookie: cookies.finance });
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.request({ method: 'GET', url: `/api/company/documents/${doc.id}/file`, cookie: cookies.company_admin })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/company/documents', cookie: cookies.company_admin })).json().documents).toEqual([]);
    const verified = await t.request({ method: 'POST', url: `/api/admin/companies/${me.company.id}/review`, cookie: cookies.finance, payload: { decision: 'verify' } });
    expect(verified.json().status).toBe('verified');
  });

  it('lets the admin invite a colleague as a buyer, and not a buyer', async () => {
    const res = await t.request({ method: 'POST', url: '/api/company/members', cookie: cookies.company_admin, payload: { email: 'karim.buyer@sonatel.dz', firstName: 'Karim', lastName: 'Ould' } });
    expect(res.statusCode, res.body).toBe(201);
    const me = (await t.request({ method: 'GET', url: '/api/company/me', cookie: cookies.company_admin })).json();
    expect(me.members.map((m: { email: string }) => m.email)).toContain('karim.buyer@sonatel.dz');
    const buyer = await t.request({ method: 'POST', url: '/api/company/members', cookie: cookies.company_buyer, payload: { email: 'x.y@sonatel.dz', firstName: 'X', lastName: 'Y' } });
    expect(buyer.json().error.message).toBe("Réservé à l'administrateur du compte entreprise");
  });
});

describe('a bulk order paid by transfer', () => {
  let orderId: string;

  it('checks every row of a file at once, with line numbers and the catalogue\'s messages', async () => {
    const past = day(-3);
    const file = csvOf([
      `Amel Saadi;amel@entreprise.dz;;${box.name};Bonne fête;;fr`,
      `;sans.nom@entreprise.dz;;${box.name};;;fr`,
      `Yanis;pas-un-email;;Coffret inconnu;;${past};de`,
      `Rania;rania@entreprise.dz;0550 12 34 56;${otherBox.name.toUpperCase()};;${day(10)};ar`,
      `Karim;karim@entreprise.dz;021 12 34 56;${box.name};;;fr`,
    ]);
    const res = await t.request({ method: 'POST', url: '/api/company/orders/file', cookie: cookies.company_buyer, ...multipart('liste.csv', file) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.input).toHaveLength(5);
    expect(body.invalid).toBe(3);
    expect(body.rows.map((r: { line: number }) => r.line)).toEqual([3, 4, 6]);
    // A landline takes no text.
    expect(body.rows[2].problems.map((p: { field: string }) => p.field)).toEqual(['mobile']);
    expect(body.rows[0].problems.map((p: { message: string }) => p.message)).toEqual(['Nom du destinataire requis']);
    expect(body.rows[1].problems.map((p: { field: string }) => p.field)).toEqual(['email', 'box', 'deliveryDate', 'language']);
    expect(body.quote).toMatchObject({ lines: 2, subtotal: box.price + otherBox.price, total: box.price + otherBox.price, discount: 0 });
    // Issue 34: the quote names each box in French and in Arabic, for the Arabic page.
    expect(body.quote.byBox.map((b: { boxId: string; nameAr: string | null }) => [b.boxId, b.nameAr]).sort()).toEqual([[box.id, box.nameAr], [otherBox.id, otherBox.nameAr]].sort());
    expect(box.nameAr).toBeTruthy();
  });

  it('reads an Excel file too, and refuses other files', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Destinataires');
    sheet.addRow(['Nom', 'E-mail', 'Coffret', 'Langue']);
    sheet.addRow(['Amel Saadi', 'amel@entreprise.dz', box.name, 'fr']);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await t.request({ method: 'POST', url: '/api/company/orders/file', cookie: cookies.company_buyer, ...multipart('liste.xlsx', data) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ invalid: 0, quote: { lines: 1 } });
    const pdf = await t.request({ method: 'POST', url: '/api/company/orders/file', cookie: cookies.company_buyer, ...multipart('liste.pdf', data) });
    expect(pdf.json().error.message).toBe('Fichier CSV ou Excel (.xlsx) attendu');
  });

  it('prices a large order with the volume discount of the settings', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => row(i));
    const res = await t.request({ method: 'POST', url: '/api/company/orders/check', cookie: cookies.company_buyer, payload: { rows } });
    const quote = res.json().quote;
    expect(quote).toMatchObject({ lines: 60, subtotal: 60 * box.price, discountBp: 500 });
    expect(quote.total).toBe(60 * box.price - Math.round((60 * box.price * 500) / 10_000));
  });

  it('places one order however often the same request comes, and waits for the transfer', async () => {
    const rows = [row(1), row(2, { deliveryDate: day(5) }), row(3, { language: 'ar', box: otherBox.name, mobile: '0661 23 45 67' })];
    const body = { rows, payment: 'transfer', idempotencyKey: 'sonatel-aid-2026' };
    const [a, b] = await Promise.all([
      t.request({ method: 'POST', url: '/api/company/orders', cookie: cookies.company_buyer, payload: body }),
      t.request({ method: 'POST', url: '/api/company/orders', cookie: cookies.company_buyer, payload: body }),
    ]);
    expect(a.statusCode, a.body).toBe(201);
    expect(b.json().id).toBe(a.json().id);
    orderId = a.json().id;
    expect(a.json()).toMatchObject({ status: 'awaiting_transfer', recipients: 3, total: 2 * box.price + otherBox.price });
    const list = (await t.request({ method: 'GET', url: '/api/company/orders', cookie: cookies.company_admin })).json();
    expect(list.orders.filter((o: { id: string }) => o.id === orderId)).toHaveLength(1);
    const proforma = await t.request({ method: 'GET', url: `/api/company/orders/${orderId}/proforma.pdf`, cookie: cookies.company_admin });
    expect(proforma.headers['content-type']).toBe('application/pdf');
    expect(proforma.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('never shows a company another company\'s order, recipients or documents', async () => {
    for (const url of [`/api/company/orders/${orderId}`, `/api/company/orders/${orderId}/recipients`, `/api/company/orders/${orderId}/proforma.pdf`]) {
      const res = await t.request({ method: 'GET', url, cookie: rival });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
    expect((await t.request({ method: 'GET', url: '/api/company/orders', cookie: rival })).json().orders).toEqual([]);
  });

  it('issues every voucher once when finance records the transfer, with an invoice numbered in sequence', async () => {
    const wrong = await t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/transfer`, cookie: cookies.finance, payload: { reference: 'VIR-778812', amount: 1 } });
    expect(wrong.statusCode).toBe(400);
    const total = 2 * box.price + otherBox.price;
    const [first, second] = await Promise.all([
      t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/transfer`, cookie: cookies.finance, payload: { reference: 'VIR-778812', amount: total } }),
      t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/transfer`, cookie: cookies.superadmin, payload: { reference: 'VIR-778812', amount: total } }),
    ]);
    // A double click: the second request either joins the issuance under way (the same answer) or finds it
    // done (issued: false), depending on when it arrives; the vouchers below are counted once either way. On a
    // loaded machine the 2 s the answer waits may pass first (202): the order page then follows its progress,
    // and the order must be issued without anything more (no job run, no other click).
    const answers = [first, second].map((res) => ({ status: res.statusCode, body: res.json() }));
    expect(answers.every((a) => (a.status === 200 && typeof a.body.issued === 'boolean') || (a.status === 202 && a.body.issuing === true))).toBe(true);
    if (answers.every((a) => a.status === 200)) expect(answers.map((a) => a.body.issued)).toContain(true);
    for (let waited = 0; ; waited += 100) {
      const progress = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}/progress`, cookie: cookies.company_buyer })).json();
      if (progress.status === 'issued' || waited >= 30_000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const again = await t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/transfer`, cookie: cookies.finance, payload: { reference: 'VIR-778812', amount: total } });
    expect(again.json()).toEqual({ issued: false });

    const order = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}`, cookie: cookies.company_buyer })).json();
    expect(order).toMatchObject({ status: 'issued', issued: 3, transferReference: 'VIR-778812' });
    expect(order.invoiceNumber).toBe(`FA-${day(0).slice(0, 4)}-000001`);
    const recipients = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}/recipients`, cookie: cookies.company_buyer })).json();
    expect(recipients.recipients.map((r: { voucherCode: string | null }) => r.voucherCode)).toEqual([expect.stringMatching(/^FRH-/), expect.stringMatching(/^FRH-/), expect.stringMatching(/^FRH-/)]);
    // Issue 34: each recipient's box with its Arabic name, for the Arabic page.
    expect(recipients.recipients[0]).toMatchObject({ box: box.name, boxAr: box.nameAr });
    const ids = recipients.recipients.map((r: { voucherCode: string }) => r.voucherCode);
    const [issued] = await t.database.db.select({ n: count() }).from(vouchers).where(inArray(vouchers.code, ids));
    expect(issued!.n).toBe(3);
    const mails = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'voucher'), inArray(emailOutbox.toAddress, ['salarie1@entreprise.dz', 'salarie2@entreprise.dz', 'salarie3@entreprise.dz'])));
    expect(mails).toHaveLength(3);
    const scheduled = mails.find((m) => m.toAddress === 'salarie2@entreprise.dz')!;
    expect(scheduled.nextAttemptAt.toISOString().slice(0, 10)).toBe(day(5));
    expect(mails.find((m) => m.toAddress === 'salarie3@entreprise.dz')!.locale).toBe('ar');
    // The recipient with a mobile gets the gift text too, in Arabic (UCS-2), with the code and its link.
    const texts = await t.database.db.select().from(smsOutbox).where(inArray(smsOutbox.voucherId, (await t.database.db.select({ id: vouchers.id }).from(vouchers).where(inArray(vouchers.code, ids))).map((v) => v.id)));
    expect(texts.map((x) => ({ to: x.toNumber, encoding: x.encoding }))).toEqual([{ to: '+213661234567', encoding: 'UCS-2' }]);
    expect(texts[0]!.body).toContain(ids[2]);
    expect(texts[0]!.body).toContain(`/v/${ids[2]}`);

    const invoice = await t.request({ method: 'GET', url: `/api/company/invoices/${order.invoiceId}/document.pdf?lang=ar`, cookie: cookies.company_admin });
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.request({ method: 'GET', url: `/api/company/invoices/${order.invoiceId}/document.pdf`, cookie: rival })).statusCode).toBe(404);
  });

  it('follows, resends, moves and exports the recipients', async () => {
    const page = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}/recipients?pageSize=2`, cookie: cookies.company_buyer })).json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.recipients.map((r: { line: number }) => r.line)).toEqual([2, 3]);
    const [now, later] = page.recipients as { id: string; voucherStatus: string }[];
    expect(now!.voucherStatus).toBe('ISSUED');
    const scheduled = await t.request({ method: 'POST', url: `/api/company/orders/${orderId}/recipients/${later!.id}/resend`, cookie: cookies.company_buyer });
    expect(scheduled.statusCode).toBe(409);
    const moved = await t.request({ method: 'POST', url: `/api/company/orders/${orderId}/recipients/${later!.id}/move`, cookie: cookies.company_buyer, payload: { name: 'Nouveau Salarié', email: 'nouveau@entreprise.dz' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'nouveau@entreprise.dz'));
    expect(mails.map((m) => m.nextAttemptAt.toISOString().slice(0, 10))).toEqual([day(5)]);
    const dropped = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, 'salarie2@entreprise.dz'), eq(emailOutbox.status, 'pending')));
    expect(dropped).toEqual([]);
    const csv = await t.request({ method: 'GET', url: `/api/company/orders/${orderId}/recipients.csv`, cookie: cookies.company_admin });
    const lines = csv.body.trim().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain('nouveau@entreprise.dz');
  });

  it('refunds by a credit note numbered in its own sequence, never more than invoiced', async () => {
    const order = (await t.request({ method: 'GET', url: `/api/company/orders/${orderId}`, cookie: cookies.company_buyer })).json();
    const over = await t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/credit-notes`, cookie: cookies.finance, payload: { amount: order.total + 1, reason: 'Trop' } });
    expect(over.statusCode).toBe(400);
    const note = await t.request({ method: 'POST', url: `/api/admin/company-orders/${orderId}/credit-notes`, cookie: cookies.finance, payload: { amount: box.price, reason: 'Salarié parti' } });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().number).toBe(`AV-${day(0).slice(0, 4)}-000001`);
    const [invoice] = await t.database.db.select().from(companyInvoices).where(and(eq(companyInvoices.orderId, orderId), eq(companyInvoices.kind, 'invoice')));
    expect(invoice!.amount).toBe(order.total);
    const overview = (await t.request({ method: 'GET', url: '/api/admin/companies/overview', cookie: cookies.finance })).json();
    expect(overview.companySales).toBe(order.total - box.price);
    expect(overview.shareBp).toBeGreaterThan(0);
  });
});

describe('a bulk order paid online', () => {
  it('issues the vouchers when the CIB checkout is paid, with the next invoice number', async () => {
    const res = await t.request({ method: 'POST', url: '/api/company/orders', cookie: cookies.company_admin, payload: { rows: [row(10), row(11)], payment: 'cib', idempotencyKey: 'sonatel-online-1' } });
    expect(res.statusCode, res.body).toBe(201);
    const { id, checkoutUrl } = res.json();
    expect(res.json().status).toBe('awaiting_payment');
    const paid = await payOnSandbox(t.config.publicUrl, checkoutUrl);
    expect(paid.status).toBeLessThan(400);
    // Issue 32: the payment starts the issuance, which runs in batches once the payment is committed.
    let order = (await t.request({ method: 'GET', url: `/api/company/orders/${id}`, cookie: cookies.company_admin })).json();
    for (let i = 0; i < 100 && order.status !== 'issued'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      order = (await t.request({ method: 'GET', url: `/api/company/orders/${id}`, cookie: cookies.company_admin })).json();
    }
    expect(order).toMatchObject({ status: 'issued', issued: 2, checkoutUrl: null });
    expect(order.invoiceNumber).toBe(`FA-${day(0).slice(0, 4)}-000002`);
  });
});
