import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { faqEntries, faqVotes, supportTickets, ticketAttachments, ticketMessages, users } from '../../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';
import { testClock } from '../clock.ts';
import { minimalPdf } from '../upload-fixtures.ts';

const clock = testClock();
let t: TestApp;
let amina: Customer;
let karim: Customer;

// A 1×1 PNG and a one-page PDF: the server decodes and re-encodes them (upload-content.test.ts has the hostile ones).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PDF = minimalPdf();

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

/** A multipart/form-data body, as a browser's FormData would send it. */
function multipart(parts: Part[]) {
  const boundary = `----farha${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));
const ticketFields = { title: 'Voucher non reçu', description: 'Mon amie n’a pas reçu son coffret.', category: 'livraison', priority: 'high' };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  amina = await newCustomer(t, 'amina');
  karim = await newCustomer(t, 'karim');
});
afterAll(async () => {
  await t.close();
});

describe('FAQ', () => {
  it('lists published customer entries for anyone, with search (accents ignored) and categories', async () => {
    const res = await t.request({ method: 'GET', url: '/api/faq' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.entries).toHaveLength(5);
    expect(body.entries[0]).toMatchObject({ category: 'livraison', views: 0, helpful: 0, notHelpful: 0, myVote: null });
    expect(body.categories).toContainEqual({ category: 'remboursement', count: 1 });
    const search = (await t.request({ method: 'GET', url: '/api/faq?q=rembourse' })).json();
    expect(search.entries.map((e: { category: string }) => e.category)).toContain('remboursement');
    // Any form of the word finds « Puis-je être remboursé ? », in French or Arabic; the chips count what was found.
    for (const q of ['rembourser', 'remboursement', 'Remboursée', 'الاسترداد']) {
      const found = (await t.request({ method: 'GET', url: `/api/faq?q=${encodeURIComponent(q)}` })).json();
      expect({ q, questions: found.entries.map((e: { question: string }) => e.question) }).toEqual({ q, questions: expect.arrayContaining(['Puis-je être remboursé ?']) });
      expect(found.categories.reduce((sum: number, c: { count: number }) => sum + c.count, 0)).toBe(found.entries.length);
    }
    const nothing = (await t.request({ method: 'GET', url: '/api/faq?q=parapente' })).json();
    expect(nothing.entries).toEqual([]);
    // Every category stays offered, at 0: « Toutes » never says 5 beside an empty result.
    expect(nothing.categories.length).toBe(body.categories.length);
    expect(nothing.categories.every((c: { count: number }) => c.count === 0)).toBe(true);
    const byCategory = (await t.request({ method: 'GET', url: '/api/faq?category=echange' })).json();
    expect(byCategory.entries).toHaveLength(1);
    const partners = (await t.request({ method: 'GET', url: '/api/faq?audience=partner' })).json();
    expect(partners.entries.every((e: { id: string }) => !body.entries.some((c: { id: string }) => c.id === e.id))).toBe(true);
    const [hidden] = await t.database.db.update(faqEntries).set({ published: false }).where(eq(faqEntries.id, body.entries[4].id)).returning();
    expect((await t.request({ method: 'GET', url: '/api/faq' })).json().entries).toHaveLength(4);
    await t.database.db.update(faqEntries).set({ published: true }).where(eq(faqEntries.id, hidden!.id));
  });

  it('answers Arabic readers in Arabic for every seeded entry, French where an entry has no Arabic', async () => {
    for (const audience of ['customer', 'partner']) {
      const fr = (await t.request({ method: 'GET', url: `/api/faq?audience=${audience}` })).json().entries;
      const ar = (await t.request({ method: 'GET', url: `/api/faq?audience=${audience}&locale=ar` })).json().entries;
      expect(ar).toHaveLength(fr.length);
      for (const entry of ar) {
        expect(entry.question).toMatch(/[\u0600-\u06FF]/);
        expect(entry.answer).toMatch(/[\u0600-\u06FF]/);
      }
    }
    const first = (await t.request({ method: 'GET', url: '/api/faq' })).json().entries[0];
    await t.database.db.update(faqEntries).set({ questionAr: null, answerAr: null }).where(eq(faqEntries.id, first.id));
    const fallback = (await t.request({ method: 'GET', url: '/api/faq?locale=ar' })).json().entries[0];
    expect(fallback).toMatchObject({ id: first.id, question: first.question, answer: first.answer });
  });

  it('counts views', async () => {
    const [entry] = (await t.request({ method: 'GET', url: '/api/faq' })).json().entries;
    await t.request({ method: 'POST', url: `/api/faq/${entry.id}/view` });
    const res = await t.request({ method: 'POST', url: `/api/faq/${entry.id}/view` });
    expect(res.json()).toEqual({ views: 2 });
    expect((await t.request({ method: 'POST', url: '/api/faq/00000000-0000-4000-8000-000000000000/view' })).statusCode).toBe(404);
  });

  it('keeps one vote per user: voting again changes nothing, changing the vote moves it, counts stay exact', async () => {
    const entry = (await t.request({ method: 'GET', url: '/api/faq' })).json().entries[1];
    const vote = (cookie: string | undefined, helpful: boolean) =>
      t.request({ method: 'POST', url: `/api/faq/${entry.id}/vote`, ...(cookie ? { cookie } : {}), payload: { helpful } });
    expect((await vote(undefined, true)).statusCode).toBe(401);

    const results = await Promise.all([vote(amina.cookie, true), vote(amina.cookie, true), vote(amina.cookie, true)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect((await vote(amina.cookie, true)).json()).toMatchObject({ helpful: 1, notHelpful: 0, myVote: true, message: 'Merci pour votre retour !' });
    expect((await vote(karim.cookie, false)).json()).toMatchObject({ helpful: 1, notHelpful: 1 });
    expect((await vote(amina.cookie, false)).json()).toMatchObject({ helpful: 0, notHelpful: 2, myVote: false });

    const [row] = await t.database.db.select().from(faqEntries).where(eq(faqEntries.id, entry.id));
    const votes = await t.database.db.select().from(faqVotes).where(eq(faqVotes.faqId, entry.id));
    expect({ helpful: row!.helpful, notHelpful: row!.notHelpful }).toEqual({
      helpful: votes.filter((v) => v.helpful).length,
      notHelpful: votes.filter((v) => !v.helpful).length,
    });
    const mine = (await t.request({ method: 'GET', url: '/api/faq', cookie: amina.cookie })).json();
    expect(mine.entries.find((e: { id: string }) => e.id === entry.id).myVote).toBe(false);
  });
});

describe('support tickets', () => {
  it('creates a ticket with attachments (multipart) and shows its thread', async () => {
    const form = multipart([
      ...fields(ticketFields),
      { name: 'attachments', filename: 'capture.png', type: 'image/png', data: PNG },
      { name: 'attachments', filename: 'recu.pdf', type: 'application/pdf', data: PDF },
    ]);
    const res = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: amina.cookie, ...form });
    expect(res.statusCode, res.body).toBe(201);
    const { ticket, message } = res.json();
    expect(message).toBe('Ticket créé ! Notre équipe vous répond en moins de 2 h.');
    expect(ticket).toMatchObject({ title: 'Voucher non reçu', category: 'livraison', priority: 'high', status: 'open', canReply: true, messages: [] });
    expect(ticket.attachments.map((a: { filename: string; contentType: string }) => [a.filename, a.contentType])).toEqual([
      ['capture.png', 'image/png'],
      ['recu.pdf', 'application/pdf'],
    ]);
    const image = await t.request({ method: 'GET', url: ticket.attachments[0].url, cookie: amina.cookie });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({ format: 'png', width: 1, height: 1 });

    // Nobody else reads it; support staff do, through the files route.
    expect((await t.request({ method: 'GET', url: ticket.attachments[0].url, cookie: karim.cookie })).statusCode).toBe(404);
    const [attachment] = await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, ticket.attachments[0].id));
    const agent = await t.login('support@demo.farha.dz');
    expect((await t.request({ method: 'GET', url: `/api/files/${attachment!.fileId}`, cookie: agent })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/files/${attachment!.fileId}`, cookie: karim.cookie })).statusCode).toBe(404);
  });

  it.each([
    [{ ...ticketFields, title: '   ' }, 'Veuillez remplir tous les champs obligatoires'],
    [{ ...ticketFields, description: '' }, 'Veuillez remplir tous les champs obligatoires'],
    [{ ...ticketFields, priority: 'urgent' }, 'Veuillez remplir tous les champs obligatoires'],
  ])('refuses %o', async (payload, message) => {
    const before = (await t.database.db.select().from(supportTickets)).length;
    const json = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: amina.cookie, payload });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe(message);
    const form = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: amina.cookie, ...multipart(fields(payload)) });
    expect(form.statusCode).toBe(400);
    expect((await t.database.db.select().from(supportTickets)).length).toBe(before);
  });

  it('refuses files that are not images or PDF, whatever their name', async () => {
    const form = multipart([...fields(ticketFields), { name: 'attachments', filename: 'photo.png', type: 'image/png', data: Buffer.from('MZ\x90\x00 not an image') }]);
    const res = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: amina.cookie, ...form });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe('Seules les images et les PDF sont acceptés');
  });

  it('lists tickets with the open badge, takes replies, and makes closed tickets read-only', async () => {
    const lina = await newCustomer(t, 'lina');
    const create = (title: string) =>
      t.request({ method: 'POST', url: '/api/client/tickets', cookie: lina.cookie, payload: { ...ticketFields, title } });
    const first = (await create('Premier')).json().ticket;
    await create('Second');
    const list = (await t.request({ method: 'GET', url: '/api/client/tickets', cookie: lina.cookie })).json();
    expect(list.tickets).toHaveLength(2);
    expect(list.openCount).toBe(2);

    // An agent answers; Lina replies with a file.
    const agent = await t.database.db.select().from(users).where(eq(users.email, 'support@demo.farha.dz'));
    await t.database.db.insert(ticketMessages).values({ ticketId: first.id, authorId: agent[0]!.id, authorKind: 'support', body: 'Nous regardons.', createdAt: clock.now() });
    const reply = await t.request({
      method: 'POST',
      url: `/api/client/tickets/${first.id}/messages`,
      cookie: lina.cookie,
      ...multipart([{ name: 'message', value: 'Merci, voici le reçu.' }, { name: 'attachments', filename: 'recu.pdf', type: 'application/pdf', data: PDF }]),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const thread = reply.json().ticket;
    expect(thread.messages.map((m: { sender: string; message: string }) => [m.sender, m.message])).toEqual([
      ['support', 'Nous regardons.'],
      ['user', 'Merci, voici le reçu.'],
    ]);
    expect(thread.messages[0].authorName).toBe('Walid — Support Farha');
    expect(thread.messages[1].attachments).toHaveLength(1);
    expect(thread.lastResponseAt).not.toBeNull();
    expect((await t.request({ method: 'POST', url: `/api/client/tickets/${first.id}/messages`, cookie: lina.cookie, payload: { message: ' ' } })).statusCode).toBe(400);

    const closed = await t.request({ method: 'POST', url: `/api/client/tickets/${first.id}/close`, cookie: lina.cookie });
    expect(closed.json().ticket).toMatchObject({ status: 'closed', canReply: false });
    const refused = await t.request({ method: 'POST', url: `/api/client/tickets/${first.id}/messages`, cookie: lina.cookie, payload: { message: 'Encore une question' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Ce ticket est fermé : ouvrez un nouveau ticket si besoin.');
    expect((await t.request({ method: 'GET', url: '/api/client/tickets', cookie: lina.cookie })).json().openCount).toBe(1);
  });

  it("answers 404 for another customer's ticket, everywhere", async () => {
    const { ticket } = (await t.request({ method: 'POST', url: '/api/client/tickets', cookie: amina.cookie, payload: ticketFields })).json();
    const attempts = await Promise.all([
      t.request({ method: 'GET', url: `/api/client/tickets/${ticket.id}`, cookie: karim.cookie }),
      t.request({ method: 'POST', url: `/api/client/tickets/${ticket.id}/messages`, cookie: karim.cookie, payload: { message: 'Coucou' } }),
      t.request({ method: 'POST', url: `/api/client/tickets/${ticket.id}/close`, cookie: karim.cookie }),
    ]);
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect((await t.request({ method: 'GET', url: '/api/client/tickets', cookie: karim.cookie })).json().tickets.some((x: { id: string }) => x.id === ticket.id)).toBe(false);
    const [row] = await t.database.db.select().from(supportTickets).where(and(eq(supportTickets.id, ticket.id)));
    expect(row!.status).toBe('open');
  });
});
