import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, type TErrorCode } from '@farha/contracts/errors';
import { kycDocuments, storedFiles, supportTickets, ticketMessages } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';
import { OWNER } from '../partner-fixtures.ts';
import { genuineJpeg, genuinePdf, genuinePng, hostileFiles, type HostileFile, jpegWithExif, pngWithText } from '../upload-fixtures.ts';

/**
 * Uploads are checked for what they contain, not only for their first bytes: every route that takes a
 * file refuses the attack's hostile files (400, nothing written) and stores genuine ones re-encoded.
 */
const clock = testClock();
let t: TestApp;
let customer: Customer;
let owner: string;
let clientTicket: string;
let partnerTicket: string;

type FilePart = { filename: string; type: string; data: Buffer };

function multipart(fields: Record<string, string>, fileField: string, file: FilePart) {
  const boundary = `----farha${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
  chunks.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const ticketFields = { title: 'Capture du problème', description: 'Le code ne passe pas au scanner.', category: 'livraison', priority: 'medium' };
const IMAGES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Each upload route: how to send one file, the types it takes, and how to find the stored file it answered. */
const routes = () => [
  {
    name: 'offer image',
    accepts: IMAGES,
    send: (file: FilePart) => t.request({ method: 'POST', url: '/api/partner/offers/image', cookie: owner, ...multipart({}, 'file', file) }),
    stored: (body: { url: string }) => ({ url: body.url, id: body.url.split('/').pop()! }),
  },
  {
    name: 'KYC document',
    accepts: ['application/pdf', 'image/jpeg', 'image/png'],
    // The answer shows the latest document of the type: each upload a second after the previous one.
    send: (file: FilePart) => {
      clock.advance(1000);
      return t.request({ method: 'POST', url: '/api/partner/kyc/documents', cookie: owner, ...multipart({ type: 'identity_card' }, 'file', file) });
    },
    stored: (body: { document: { url: string } }) => ({ url: body.document.url, id: null }),
  },
  {
    name: 'client ticket',
    accepts: [...IMAGES, 'application/pdf'],
    send: (file: FilePart) => t.request({ method: 'POST', url: '/api/client/tickets', cookie: customer.cookie, ...multipart(ticketFields, 'attachments', file) }),
    stored: (body: TicketBody) => ({ url: body.ticket.attachments[0]!.url, id: null }),
  },
  {
    name: 'partner ticket',
    accepts: [...IMAGES, 'application/pdf'],
    send: (file: FilePart) =>
      t.request({ method: 'POST', url: '/api/partner/tickets', cookie: owner, ...multipart({ ...ticketFields, category: 'scanner' }, 'attachments', file) }),
    stored: (body: TicketBody) => ({ url: body.ticket.attachments[0]!.url, id: null }),
  },
  {
    name: 'client ticket reply',
    accepts: [...IMAGES, 'application/pdf'],
    send: (file: FilePart) =>
      t.request({ method: 'POST', url: `/api/client/tickets/${clientTicket}/messages`, cookie: customer.cookie, ...multipart({ message: 'Voici le fichier.' }, 'attachments', file) }),
    stored: (body: TicketBody) => ({ url: body.ticket.messages.at(-1)!.attachments[0]!.url, id: null }),
  },
  {
    name: 'partner ticket reply',
    accepts: [...IMAGES, 'application/pdf'],
    send: (file: FilePart) =>
      t.request({ method: 'POST', url: `/api/partner/tickets/${partnerTicket}/messages`, cookie: owner, ...multipart({ message: 'Voici le fichier.' }, 'attachments', file) }),
    stored: (body: TicketBody) => ({ url: body.ticket.messages.at(-1)!.attachments[0]!.url, id: null }),
  },
];
type TicketBody = { ticket: { attachments: { url: string }[]; messages: { attachments: { url: string }[] }[] } };

/** Every file under the data directory's uploads, and the rows an upload writes. */
function filesOnDisk(): number {
  const root = path.join(t.config.dataDir, 'uploads');
  return fs.existsSync(root) ? fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length : 0;
}
async function written() {
  const db = t.database.db;
  return {
    disk: filesOnDisk(),
    files: (await db.select({ id: storedFiles.id }).from(storedFiles)).length,
    kyc: (await db.select({ id: kycDocuments.id }).from(kycDocuments)).length,
    tickets: (await db.select({ id: supportTickets.id }).from(supportTickets)).length,
    messages: (await db.select({ id: ticketMessages.id }).from(ticketMessages)).length,
  };
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  customer = await newCustomer(t, 'uploads');
  owner = await t.login(OWNER);
  const c = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: customer.cookie, payload: ticketFields });
  clientTicket = c.json().ticket.id;
  const p = await t.request({ method: 'POST', url: '/api/partner/tickets', cookie: owner, payload: { ...ticketFields, category: 'scanner' } });
  partnerTicket = p.json().ticket.id;
});
afterAll(async () => {
  await t.close();
});

describe('hostile uploads are refused and write nothing', () => {
  let hostile: HostileFile[];
  beforeAll(async () => {
    hostile = await hostileFiles();
  });

  for (const route of routes()) {
    it(`${route.name}: every hostile file answers 400 (415 for a type the route does not take), nothing stored`, async () => {
      for (const file of hostile) {
        const before = await written();
        const res = await route.send(file);
        const takesType = file.realType !== null && route.accepts.includes(file.realType);
        expect(res.statusCode, `${file.name}: ${res.body}`).toBe(takesType ? 400 : 415);
        const { code, message } = res.json().error as { code: TErrorCode; message: string };
        expect(takesType ? ['FILE_UNREADABLE', 'IMAGE_TOO_MANY_PIXELS'] : ['FILE_TYPE', 'IMAGE_TYPE'], file.name).toContain(code);
        expect(message, file.name).toBe(ERRORS[code].fr);
        expect(await written(), file.name).toEqual(before);
      }
    });
  }

  it('tells the uploader why a picture is refused, in French', async () => {
    const named = (name: string) => hostile.find((f) => f.name.startsWith(name))!;
    const [huge, bomb, polyglot] = [named('PNG header claiming'), named('1-bit PNG bomb inflating'), named('PNG with HTML')];
    const send = routes()[0]!.send;
    expect((await send(huge!)).json().error.message).toBe('Image trop grande (25 mégapixels maximum)');
    expect((await send(bomb!)).json().error.message).toBe('Image trop grande (25 mégapixels maximum)');
    expect((await send(polyglot!)).json().error.message).toBe('Fichier illisible ou endommagé');
  });

  it('stores none of a ticket’s files when one of them is refused', async () => {
    const before = await written();
    const boundary = `----farha${randomUUID()}`;
    const part = (name: string, filename: string, type: string, data: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), data, Buffer.from('\r\n')]);
    const fields = Object.entries(ticketFields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
    const truncated = hostile.find((f) => f.name === 'truncated JPEG')!;
    const payload = Buffer.concat([
      ...fields,
      part('attachments', 'ok.png', 'image/png', await genuinePng()),
      part('attachments', truncated.filename, truncated.type, truncated.data),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: customer.cookie, payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(res.statusCode, res.body).toBe(400);
    expect(await written()).toEqual(before);
  });
});

describe('genuine uploads are stored re-encoded', () => {
  /** The stored bytes of an answered upload, as the route serving them sends them. */
  async function served(url: string, cookie: string) {
    const res = await t.request({ method: 'GET', url, cookie });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    return res;
  }

  for (const route of routes()) {
    it(`${route.name}: a PNG and a JPEG come back decodable, without metadata or trailing bytes; a PDF as the parser wrote it`, async () => {
      const cookie = route.name.startsWith('client') ? customer.cookie : owner;
      const png = await pngWithText('<script>alert(1)</script>');
      const jpeg = await jpegWithExif();
      for (const file of [
        { filename: 'capture.png', type: 'image/png', data: png },
        { filename: 'photo.jpeg', type: 'image/jpeg', data: jpeg },
      ]) {
        const res = await route.send(file);
        expect(res.statusCode, `${file.filename}: ${res.body}`).toBe(201);
        const got = await served(route.stored(res.json()).url, cookie);
        const bytes = got.rawPayload;
        const meta = await sharp(bytes).metadata();
        expect(got.headers['content-type']).toBe(`image/${meta.format === 'jpeg' ? 'jpeg' : meta.format}`);
        expect(got.headers['content-disposition']).toMatch(/^inline;/);
        expect([meta.width, meta.height]).toEqual([64, 48]);
        expect(meta.exif).toBeUndefined();
        expect(bytes.includes('<script>')).toBe(false);
        await sharp(bytes, { failOn: 'error' }).raw().toBuffer(); // decodes whole
        if (meta.format === 'png') expect(bytes.subarray(-8, -4).toString('latin1')).toBe('IEND');
        if (meta.format === 'jpeg') expect([...bytes.subarray(-2)]).toEqual([0xff, 0xd9]);
        if (route.name === 'offer image') expect(meta.format).toBe('webp');
        else expect(meta.format).toBe(file.type === 'image/png' ? 'png' : 'jpeg');
      }
      if (!route.accepts.includes('application/pdf')) return;
      const pdf = await genuinePdf();
      const res = await route.send({ filename: 'registre.pdf', type: 'application/pdf', data: pdf });
      expect(res.statusCode, res.body).toBe(201);
      const got = await served(route.stored(res.json()).url, cookie);
      expect(got.headers['content-type']).toBe('application/pdf');
      expect(got.headers['content-disposition']).toMatch(/^attachment;/);
      expect(got.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      expect(got.rawPayload.equals(pdf)).toBe(false); // re-saved by the parser
      expect((await PDFDocument.load(got.rawPayload)).getPageCount()).toBe(1);
    });
  }

  it('keeps a clean display name of a hostile one: no path, no control or direction character, no leading dot (issue 32)', async () => {
    const png = await genuinePng();
    for (const [sent, shown] of [
      ['../../x.png', 'x.png'],
      ['..\\..\\etc\\passwd.png', 'passwd.png'],
      ['a\u0007b\u202egnp.exe', 'a b gnp.png'],
      ['.htaccess', 'htaccess.png'],
      ['\u200b\u3164.png', 'fichier.png'],
      ['Relevé d’identité.PNG', 'Relevé d’identité.png'],
    ] as const) {
      const res = await routes()[2]!.send({ filename: sent, type: 'image/png', data: png });
      expect(res.statusCode, `${sent}: ${res.body}`).toBe(201);
      expect(res.json().ticket.attachments[0].filename, sent).toBe(shown);
    }
  });

  it('names and types a stored file after its re-encoded bytes, not after the client', async () => {
    const res = await routes()[2]!.send({ filename: 'facture.pdf', type: 'application/pdf', data: await genuineJpeg() });
    expect(res.statusCode, res.body).toBe(201);
    const attachment = res.json().ticket.attachments[0];
    expect(attachment).toMatchObject({ filename: 'facture.jpg', contentType: 'image/jpeg' });
    const [row] = await t.database.db.select().from(storedFiles).where(eq(storedFiles.filename, 'facture.jpg'));
    expect(row!.storageKey).toMatch(/\.jpg$/);
  });
});
