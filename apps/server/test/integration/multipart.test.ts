import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { kycDocuments, storedFiles, supportTickets, ticketAttachments, ticketMessages } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { newCustomer } from '../customer-fixtures.ts';
import { OWNER, STAFF } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

/**
 * A multipart/form-data body that cannot be read (no boundary in its Content-Type, or cut short before its
 * closing delimiter) is the client's mistake: every upload route answers 400 with the catalogue's message,
 * and nothing of it is kept (no ticket, message, attachment, stored file or file on disk).
 */
const clock = testClock();
let t: TestApp;
const cookies = {} as Record<'customer' | 'owner' | 'staff' | 'catalog', string>;
const ids = {} as Record<'clientTicket' | 'partnerTicket', string>;

// A real picture: whole, each form is accepted, so that only the form's own fault is refused.
let PNG: Buffer;

/** A form as a browser sends it: its fields, then one file part. */
function form(fields: Record<string, string>, fileField: string) {
  const boundary = `----farha${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="photo.png"\r\nContent-Type: image/png\r\n\r\n`), PNG, Buffer.from('\r\n'));
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), boundary };
}

const UNREADABLE = { code: 'FORM_UNREADABLE', message: 'Formulaire incomplet ou illisible : veuillez le renvoyer' };
const ticket = { title: 'Voucher non reçu', description: 'Mon amie n’a pas reçu son coffret.', category: 'livraison', priority: 'high' };

const routes = () => [
  { url: '/api/client/tickets', cookie: cookies.customer, ...form(ticket, 'attachments') },
  { url: `/api/client/tickets/${ids.clientTicket}/messages`, cookie: cookies.customer, ...form({ message: 'Toujours rien reçu.' }, 'attachments') },
  { url: '/api/partner/tickets', cookie: cookies.owner, ...form({ title: 'Paiement en retard', description: 'Le virement de mars manque.', category: 'paiements', priority: 'medium' }, 'attachments') },
  { url: `/api/partner/tickets/${ids.partnerTicket}/messages`, cookie: cookies.owner, ...form({ message: 'Des nouvelles ?' }, 'attachments') },
  { url: '/api/partner/kyc/documents', cookie: cookies.owner, ...form({ type: 'business_license' }, 'file') },
  { url: '/api/partner/offers/image', cookie: cookies.owner, ...form({}, 'file') },
  { url: '/api/admin/catalog/images?purpose=box', cookie: cookies.catalog, ...form({}, 'file') },
];

async function written() {
  const db = t.database.db;
  const rows = async (table: typeof supportTickets | typeof ticketMessages | typeof ticketAttachments | typeof storedFiles | typeof kycDocuments) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const uploads = path.join(t.config.dataDir, 'uploads');
  const files = fs.existsSync(uploads) ? fs.readdirSync(uploads, { recursive: true }).length : 0;
  return {
    tickets: await rows(supportTickets),
    messages: await rows(ticketMessages),
    attachments: await rows(ticketAttachments),
    storedFiles: await rows(storedFiles),
    kycDocuments: await rows(kycDocuments),
    files,
  };
}

beforeAll(async () => {
  PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 181, g: 69, b: 27 } } }).png().toBuffer();
  t = await buildTestApp({ clock });
  cookies.customer = (await newCustomer(t, 'nadia')).cookie;
  cookies.owner = await t.login(OWNER);
  cookies.staff = await t.login(STAFF);
  cookies.catalog = await t.login('catalogue@demo.farha.dz');
  const client = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: cookies.customer, payload: ticket });
  expect(client.statusCode, client.body).toBe(201);
  ids.clientTicket = client.json().ticket.id;
  const partner = await t.request({ method: 'POST', url: '/api/partner/tickets', cookie: cookies.owner, payload: { title: 'Question', description: 'Une question sur les paiements.', category: 'paiements', priority: 'low' } });
  expect(partner.statusCode, partner.body).toBe(201);
  ids.partnerTicket = partner.json().ticket.id;
});
afterAll(async () => {
  await t.close();
});

describe('malformed multipart bodies', () => {
  it('answers 400 without a boundary in the Content-Type, and keeps nothing', async () => {
    const before = await written();
    for (const route of routes()) {
      const res = await t.request({ method: 'POST', url: route.url, cookie: route.cookie, payload: route.body, headers: { 'content-type': 'multipart/form-data' } });
      expect({ url: route.url, status: res.statusCode, error: res.json().error }).toEqual({ url: route.url, status: 400, error: UNREADABLE });
    }
    expect(await written()).toEqual(before);
  });

  it('answers 400 to a body cut short before its end, and keeps nothing', async () => {
    const before = await written();
    for (const route of routes()) {
      const cut = route.body.subarray(0, route.body.length - 20);
      const res = await t.request({ method: 'POST', url: route.url, cookie: route.cookie, payload: cut, headers: { 'content-type': `multipart/form-data; boundary=${route.boundary}` } });
      expect({ url: route.url, status: res.statusCode, error: res.json().error }).toEqual({ url: route.url, status: 400, error: UNREADABLE });
    }
    expect(await written()).toEqual(before);
  });

  it('takes the same forms whole: only the form’s own fault was refused', async () => {
    const before = await written();
    for (const route of routes()) {
      const res = await t.request({ method: 'POST', url: route.url, cookie: route.cookie, payload: route.body, headers: { 'content-type': `multipart/form-data; boundary=${route.boundary}` } });
      expect({ url: route.url, status: res.statusCode }).toEqual({ url: route.url, status: 201 });
    }
    expect((await written()).storedFiles).toBeGreaterThan(before.storedFiles);
  });

  it('refuses a whole KYC document from partner staff (the owner’s file), keeping nothing', async () => {
    const before = await written();
    const { body, boundary } = form({ type: 'business_license' }, 'file');
    const res = await t.request({ method: 'POST', url: '/api/partner/kyc/documents', cookie: cookies.staff, payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe("Vous n'avez pas les permissions nécessaires pour accéder à cette page.");
    expect(await written()).toEqual(before);
  });
});
