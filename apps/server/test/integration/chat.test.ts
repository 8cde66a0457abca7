import { beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { TChatView, TDeskChatDetail, TDeskChatList, TDeskChatSummary } from '@farha/contracts/chat';
import { chatAgents, chatSessions, emailOutbox, supportTickets, systemSettings } from '../../src/db/schema/index.ts';
import { runChatFallback } from '../../src/modules/support/index.ts';
import { ACCOUNTS, itGuardsEachEndpoint, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { newCustomer } from '../customer-fixtures.ts';
import { TEST_START, testClock } from '../clock.ts';

/**
 * Issue 36 (docs/product/live-chat.md): the live chat from start to end for a customer, a partner member and a
 * visitor; accepting (one adviser wins a race), the maximum per adviser, transfer; the fallback to an e-mail ticket
 * out of hours, without an adviser and after the wait limit (the job); messages sized, rate-limited and kept as
 * text; who may call each endpoint; and whose chat each caller reads.
 */

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let visitorIp = 0;

type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };
function multipart(parts: Part[]) {
  const boundary = `----farha${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`));
      chunks.push(part.data, Buffer.from('\r\n'));
    } else chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const presence = (role: 'support' | 'superadmin', available = true) =>
  t.request({ method: 'POST', url: '/api/support/chats/presence', cookie: cookies[role], payload: { available } });

async function start(cookie: string | undefined, payload: Record<string, unknown> = { message: 'Bonjour, une question sur mon coffret' }) {
  const res = await t.request({ method: 'POST', url: '/api/chat', payload, ...(cookie ? { cookie } : { remoteAddress: `10.9.0.${++visitorIp}` }) });
  return res;
}
async function startedChat(cookie: string | undefined, payload?: Record<string, unknown>): Promise<TChatView> {
  const res = await start(cookie, payload);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { chat: TChatView }).chat;
}
async function visitorChat(name = 'Samia Visiteuse', email = 'samia.visiteuse@example.dz') {
  const res = await start(undefined, { message: 'Bonjour, avez-vous des coffrets pour deux ?', name, email });
  expect(res.statusCode, res.body).toBe(201);
  const raw = res.headers['set-cookie'];
  const set = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith('farha_chat='))!;
  return { chat: (res.json() as { chat: TChatView }).chat, cookie: set.split(';')[0]!, setCookie: set };
}
const accept = (role: 'support' | 'superadmin', id: string) => t.request({ method: 'POST', url: `/api/support/chats/${id}/accept`, cookie: cookies[role] });
const agentSays = (role: 'support' | 'superadmin', id: string, body: string) =>
  t.request({ method: 'POST', url: `/api/support/chats/${id}/messages`, cookie: cookies[role], payload: { body } });
const requesterSays = (cookie: string, id: string, body: string) => t.request({ method: 'POST', url: `/api/chat/${id}/messages`, cookie, payload: { body } });
const view = async (cookie: string, id: string) => ((await t.request({ method: 'GET', url: `/api/chat/${id}`, cookie })).json() as { chat: TChatView }).chat;
const outbox = (template: string, to: string) =>
  t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, template), eq(emailOutbox.toAddress, to)));

/** Ends every open chat and clears presence: each test starts from an empty queue with no adviser present. */
async function resetChats() {
  await t.database.db.update(chatSessions).set({ status: 'ended', endedAt: clock.now(), endedBy: 'system' }).where(sql`${chatSessions.status} in ('waiting', 'active')`);
  await t.database.db.delete(chatAgents);
}

beforeEach(async () => {
  clock.set(TEST_START);
  await resetChats();
  await t.database.db.delete(systemSettings).where(eq(systemSettings.key, 'support'));
});

describe('a chat from start to end', () => {
  it('a customer chats with an adviser: queue, accept, messages, read, end, rating, transcript, ticket history', async () => {
    const amina = await newCustomer(t, 'chat-amina');
    expect((await t.request({ method: 'GET', url: '/api/chat/availability', cookie: amina.cookie })).json()).toEqual({ open: false, reason: 'no_adviser', hours: { from: '08:00', to: '22:00' } });
    expect((await presence('support')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/chat/availability', cookie: amina.cookie })).json()).toEqual({ open: true, reason: null, hours: { from: '08:00', to: '22:00' } });

    const chat = await startedChat(amina.cookie);
    expect(chat).toMatchObject({ status: 'waiting', audience: 'customer', requesterName: `${amina.firstName} Test`, agent: null });
    expect(chat.messages.map((m) => [m.side, m.body])).toEqual([['requester', 'Bonjour, une question sur mon coffret']]);
    // One open chat per person: the second start names the open one.
    const again = await start(amina.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'CHAT_ALREADY_OPEN', params: { chatId: chat.id } } });
    expect(((await t.request({ method: 'GET', url: '/api/chat/current', cookie: amina.cookie })).json() as { chat: TChatView }).chat.id).toBe(chat.id);

    // The desk sees it waiting, with the wait the server counts.
    clock.advance(7_000);
    const waiting = (await t.request({ method: 'GET', url: '/api/support/chats?view=waiting', cookie: cookies.support })).json() as TDeskChatList;
    expect(waiting.chats.find((c) => c.id === chat.id)).toMatchObject({ status: 'waiting', waitSeconds: 7, requesterName: `${amina.firstName} Test`, lastMessage: { side: 'requester' }, unread: 1 });
    expect(((await t.request({ method: 'GET', url: '/api/support/chats/summary', cookie: cookies.support })).json() as TDeskChatSummary)).toMatchObject({ waiting: 1, mine: 0, present: true, available: true, maxPerAgent: 3 });

    const accepted = await accept('support', chat.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as TDeskChatDetail).chat).toMatchObject({ status: 'active', agent: { name: 'Walid' } });
    expect((accepted.json() as TDeskChatDetail).requester).toMatchObject({ kind: 'customer', email: amina.email, userId: amina.id });
    clock.advance(20_000);
    const answer = await agentSays('support', chat.id, 'Bonjour Amina, je vous écoute.');
    expect(answer.statusCode, answer.body).toBe(201);
    const answerId = (answer.json() as { message: { id: string } }).message.id;
    expect(answer.json()).toMatchObject({ message: { side: 'agent', authorName: 'Walid', body: 'Bonjour Amina, je vous écoute.' } });
    const [session] = await t.database.db.select().from(chatSessions).where(eq(chatSessions.ticketId, chat.id));
    expect(session!.firstAnswerAt?.getTime()).toBe(TEST_START.getTime() + 27_000);
    const [ticket] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, chat.id));
    expect(ticket).toMatchObject({ channel: 'chat', status: 'assigned', userId: amina.id });
    expect(ticket!.firstResponseAt?.getTime()).toBe(TEST_START.getTime() + 27_000);

    clock.advance(5_000);
    expect((await requesterSays(amina.cookie, chat.id, 'Mon coffret expire bientôt.')).statusCode).toBe(201);
    const after = (await t.request({ method: 'GET', url: `/api/chat/${chat.id}/messages?after=${answerId}`, cookie: amina.cookie })).json() as { messages: { body: string }[]; hasMore: boolean };
    expect(after).toEqual({ messages: [expect.objectContaining({ body: 'Mon coffret expire bientôt.' })], hasMore: false });
    // Read on both sides.
    const read = await t.request({ method: 'POST', url: `/api/support/chats/${chat.id}/read`, cookie: cookies.support });
    expect(read.json()).toEqual({ at: clock.now().toISOString() });
    expect((await view(amina.cookie, chat.id)).agentReadAt).toBe(clock.now().toISOString());
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/read`, cookie: amina.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/typing`, cookie: amina.cookie })).statusCode).toBe(204);

    // Rating before the end is refused; the requester ends; the ticket is resolved.
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/rating`, cookie: amina.cookie, payload: { rating: 5 } })).json()).toMatchObject({ error: { code: 'CHAT_NOT_ENDED' } });
    clock.advance(60_000);
    const ended = await t.request({ method: 'POST', url: `/api/chat/${chat.id}/end`, cookie: amina.cookie });
    expect(ended.statusCode).toBe(200);
    expect((ended.json() as { chat: TChatView }).chat).toMatchObject({ status: 'ended', endedAt: clock.now().toISOString() });
    expect((await requesterSays(amina.cookie, chat.id, 'Encore une chose')).json()).toMatchObject({ error: { code: 'CHAT_ENDED' } });
    expect((await agentSays('support', chat.id, 'Au revoir')).statusCode).toBe(409);
    const rated = await t.request({ method: 'POST', url: `/api/chat/${chat.id}/rating`, cookie: amina.cookie, payload: { rating: 5, comment: 'Très rapide' } });
    expect(rated.statusCode).toBe(200);
    expect((rated.json() as { chat: TChatView }).chat.rating).toBe(5);

    // The transcript, once per 10 minutes.
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/transcript`, cookie: amina.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/transcript`, cookie: amina.cookie })).json()).toMatchObject({ error: { code: 'CHAT_TRANSCRIPT_LIMIT' } });
    clock.advance(10 * 60_000);
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/transcript`, cookie: amina.cookie })).statusCode).toBe(200);
    const mails = await outbox('chat-transcript', amina.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.text).toContain('Mon coffret expire bientôt.');
    expect(mails[0]!.text).toContain('Walid (conseiller Farha)');

    // The chat lives in the customer's ticket history, resolved and rated.
    const history = (await t.request({ method: 'GET', url: '/api/client/tickets', cookie: amina.cookie })).json() as { tickets: { id: string; status: string; satisfaction: number | null }[] };
    expect(history.tickets.find((x) => x.id === chat.id)).toMatchObject({ status: 'resolved', satisfaction: 5 });
    // And in the desk's figures.
    const day = TEST_START.toISOString().slice(0, 10);
    const report = (await t.request({ method: 'GET', url: `/api/support/reports?from=${day}&to=${day}`, cookie: cookies.support })).json() as { chats: Record<string, unknown> };
    expect(report.chats).toMatchObject({ count: 1, answered: 1, missed: 0, firstAnswer: { medianSeconds: 27, averageSeconds: 27, goalSeconds: 60 }, averageDurationSeconds: 85, rating: { count: 1, average: 5 } });
  });

  it('a partner member chats in the partner hours; the adviser ends it; the ticket is the partner’s', async () => {
    await presence('superadmin');
    // 08:30 in Algiers: customers may chat, partners from 09:00.
    clock.set(new Date(TEST_START.getTime() - 2.5 * 3_600_000));
    expect((await t.request({ method: 'GET', url: '/api/chat/availability', cookie: cookies.partner_staff })).json()).toMatchObject({ open: false, reason: 'hours', hours: { from: '09:00', to: '22:00' } });
    clock.set(TEST_START);
    await presence('superadmin');
    const chat = await startedChat(cookies.partner_staff, { message: 'Le scanner refuse un code' });
    expect(chat).toMatchObject({ status: 'waiting', audience: 'partner' });
    expect((await accept('superadmin', chat.id)).statusCode).toBe(200);
    expect((await agentSays('superadmin', chat.id, 'Quel code exactement ?')).statusCode).toBe(201);
    expect((await requesterSays(cookies.partner_staff, chat.id, 'FRH-1234')).statusCode).toBe(201);
    const detail = (await t.request({ method: 'GET', url: `/api/support/chats/${chat.id}`, cookie: cookies.support })).json() as TDeskChatDetail;
    expect(detail.requester).toMatchObject({ kind: 'partner' });
    expect(detail.requester.partnerId).toBeTruthy();
    expect(detail.context.partner).not.toBeNull();
    const ended = await t.request({ method: 'POST', url: `/api/support/chats/${chat.id}/end`, cookie: cookies.superadmin });
    expect(ended.statusCode).toBe(200);
    expect((await view(cookies.partner_staff, chat.id)).status).toBe('ended');
    // Every member of the partner sees it among the partner's tickets.
    const tickets = (await t.request({ method: 'GET', url: '/api/partner/tickets', cookie: cookies.partner_owner })).json() as { tickets: { id: string; status: string }[] };
    expect(tickets.tickets.find((x) => x.id === chat.id)).toMatchObject({ status: 'resolved' });
    // …but the chat itself is its requester's.
    expect((await t.request({ method: 'GET', url: `/api/chat/${chat.id}`, cookie: cookies.partner_owner })).statusCode).toBe(404);
  });

  it('a visitor gives a name and an e-mail, chats with the cookie, and only that cookie opens the chat', async () => {
    await presence('support');
    expect((await start(undefined, { message: 'Bonjour' })).json()).toMatchObject({ error: { code: 'CHAT_VISITOR_DETAILS', field: 'name' } });
    expect((await start(undefined, { message: 'Bonjour', name: 'Samia' })).json()).toMatchObject({ error: { code: 'CHAT_VISITOR_DETAILS', field: 'email' } });
    expect((await start(undefined, { message: 'Bonjour', name: 'Samia', email: 'pas-un-email' })).statusCode).toBe(400);
    const { chat, cookie, setCookie } = await visitorChat();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api/);
    expect(chat).toMatchObject({ status: 'waiting', audience: 'visitor', requesterName: 'Samia Visiteuse' });
    expect((await t.request({ method: 'GET', url: '/api/chat/current', cookie })).json()).toMatchObject({ chat: { id: chat.id } });
    expect((await t.request({ method: 'GET', url: '/api/chat/current' })).json()).toEqual({ chat: null });
    expect((await t.request({ method: 'GET', url: `/api/chat/${chat.id}` })).statusCode).toBe(404);

    expect((await accept('support', chat.id)).statusCode).toBe(200);
    expect((await agentSays('support', chat.id, 'Bonjour Samia !')).statusCode).toBe(201);
    expect((await requesterSays(cookie, chat.id, 'Merci !')).statusCode).toBe(201);
    const seen = await view(cookie, chat.id);
    expect(seen.messages.map((m) => [m.side, m.authorName, m.body])).toEqual([
      ['requester', 'Samia Visiteuse', 'Bonjour, avez-vous des coffrets pour deux ?'],
      ['agent', 'Walid', 'Bonjour Samia !'],
      ['requester', 'Samia Visiteuse', 'Merci !'],
    ]);
    const detail = (await t.request({ method: 'GET', url: `/api/support/chats/${chat.id}`, cookie: cookies.support })).json() as TDeskChatDetail;
    expect(detail.requester).toEqual({ userId: null, name: 'Samia Visiteuse', email: 'samia.visiteuse@example.dz', kind: 'visitor', locale: 'fr', partnerId: null, partnerName: null });
    expect(detail.context).toMatchObject({ orders: [], vouchers: [], partner: null });
    // The desk's ticket screens read a visitor's ticket too.
    const deskTicket = await t.request({ method: 'GET', url: `/api/support/tickets/${chat.id}`, cookie: cookies.support });
    expect(deskTicket.statusCode, deskTicket.body).toBe(200);
    expect(deskTicket.json()).toMatchObject({ requester: { kind: 'visitor', email: 'samia.visiteuse@example.dz' } });
    const list = (await t.request({ method: 'GET', url: '/api/support/tickets?q=samia.visiteuse', cookie: cookies.support })).json() as { tickets: { id: string }[] };
    expect(list.tickets.map((x) => x.id)).toContain(chat.id);

    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/end`, cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/rating`, cookie, payload: { rating: 4 } })).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/transcript`, cookie })).statusCode).toBe(200);
    expect(await outbox('chat-transcript', 'samia.visiteuse@example.dz')).toHaveLength(1);
    // An agent's later e-mail answer on the ticket goes to the visitor's address.
    const reply = await t.request({ method: 'POST', url: `/api/support/tickets/${chat.id}/messages`, cookie: cookies.support, payload: { message: 'Voici le lien du coffret.' } });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await outbox('support-reply', 'samia.visiteuse@example.dz')).toHaveLength(1);
  });
});

describe('one open chat per person', () => {
  it('two starts at once make one chat; the other is told a chat is open', async () => {
    await presence('support');
    const twice = await newCustomer(t, 'chat-twice');
    const results = await Promise.all([start(twice.cookie), start(twice.cookie)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ error: { code: 'CHAT_ALREADY_OPEN' } });
    const [open] = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from chat_sessions where requester_id = ${twice.id}`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(open!.n).toBe(1);
  });
});

describe('advisers', () => {
  it('two advisers accepting at once: one wins, the other is told it was taken', async () => {
    await presence('support');
    await presence('superadmin');
    const karim = await newCustomer(t, 'chat-race');
    const chat = await startedChat(karim.cookie);
    const results = await Promise.all([accept('support', chat.id), accept('superadmin', chat.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = results.find((r) => r.statusCode === 409)!;
    expect(lost.json()).toEqual({ error: { code: 'CHAT_TAKEN', message: 'Cette discussion a déjà été prise en charge' } });
    expect((await accept('support', NOWHERE)).json()).toMatchObject({ error: { code: 'CHAT_NOT_FOUND' } });
  });

  it('an adviser accepts at most the setting’s number of chats at once', async () => {
    await presence('support');
    const patched = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { support: { chat_max_per_agent: 2 } } });
    expect(patched.statusCode, patched.body).toBe(200);
    try {
      const chats = [];
      for (const tag of ['max-1', 'max-2', 'max-3']) chats.push(await startedChat((await newCustomer(t, `chat-${tag}`)).cookie));
      expect((await accept('support', chats[0]!.id)).statusCode).toBe(200);
      clock.advance(1_000);
      expect((await accept('support', chats[1]!.id)).statusCode).toBe(200);
      const third = await accept('support', chats[2]!.id);
      expect(third.statusCode).toBe(409);
      expect(third.json()).toMatchObject({ error: { code: 'CHAT_MAX_REACHED', params: { max: 2 } } });
      expect(((await t.request({ method: 'GET', url: '/api/support/chats/summary', cookie: cookies.support })).json() as TDeskChatSummary)).toMatchObject({ waiting: 1, mine: 2, maxPerAgent: 2 });
      const mine = (await t.request({ method: 'GET', url: '/api/support/chats?view=mine&limit=1', cookie: cookies.support })).json() as TDeskChatList;
      expect(mine.chats.map((c) => c.id)).toEqual([chats[0]!.id]);
      const next = (await t.request({ method: 'GET', url: `/api/support/chats?view=mine&limit=1&cursor=${mine.nextCursor}`, cookie: cookies.support })).json() as TDeskChatList;
      expect(next).toEqual({ chats: [expect.objectContaining({ id: chats[1]!.id })], nextCursor: null });
      // Ending one frees a place.
      expect((await t.request({ method: 'POST', url: `/api/support/chats/${chats[0]!.id}/end`, cookie: cookies.support })).statusCode).toBe(200);
      expect((await accept('support', chats[2]!.id)).statusCode).toBe(200);
    } finally {
      await t.database.db.delete(systemSettings).where(eq(systemSettings.key, 'support'));
    }
  });

  it('an adviser transfers a chat to a present colleague, who answers from then on', async () => {
    await presence('support');
    const nadia = await newCustomer(t, 'chat-transfer');
    const chat = await startedChat(nadia.cookie);
    expect((await accept('support', chat.id)).statusCode).toBe(200);
    const transfer = (agentId: string, role: 'support' | 'superadmin' = 'support') =>
      t.request({ method: 'POST', url: `/api/support/chats/${chat.id}/transfer`, cookie: cookies[role], payload: { agentId } });
    const [superadmin] = await t.database.db.execute<{ id: string }>(sql`select id from users where email = ${ACCOUNTS.superadmin}`).then((r) => (r as unknown as { rows: { id: string }[] }).rows);
    // Not present yet.
    expect((await transfer(superadmin!.id)).json()).toMatchObject({ error: { code: 'CHAT_AGENT_UNAVAILABLE' } });
    expect((await transfer(nadia.id)).json()).toMatchObject({ error: { code: 'AGENT_NOT_FOUND' } });
    await presence('superadmin');
    const agents = (await t.request({ method: 'GET', url: '/api/support/chats/agents', cookie: cookies.support })).json() as { agents: { id: string; active: number }[] };
    expect(agents.agents.find((a) => a.id === superadmin!.id)).toMatchObject({ active: 0 });
    const moved = await transfer(superadmin!.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as TDeskChatDetail).chat.agent).toMatchObject({ id: superadmin!.id });
    expect((await agentSays('support', chat.id, 'Encore moi')).json()).toMatchObject({ error: { code: 'CHAT_NOT_ASSIGNED' } });
    expect((await agentSays('superadmin', chat.id, 'Je prends le relais.')).statusCode).toBe(201);
    expect((await transfer(superadmin!.id, 'support')).json()).toMatchObject({ error: { code: 'CHAT_NOT_ASSIGNED' } });
    const [ticket] = await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, chat.id));
    expect(ticket!.assignedTo).toBe(superadmin!.id);
  });
});

describe('when no adviser can answer, the chat becomes a ticket answered by e-mail', () => {
  it('out of hours: missed at once, the message kept, the person told and e-mailed', async () => {
    await presence('support');
    // The customers' hours from 12:00: it is 11:00 in Algiers.
    await t.database.db.insert(systemSettings).values({ key: 'support', value: { chat_customer_from_hour: 12 }, updatedAt: clock.now() });
    const karim = await newCustomer(t, 'chat-late');
    expect((await t.request({ method: 'GET', url: '/api/chat/availability', cookie: karim.cookie })).json()).toMatchObject({ open: false, reason: 'hours' });
    const res = await start(karim.cookie, { message: 'Mon code ne marche pas' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      chat: { status: 'missed', messages: [expect.objectContaining({ body: 'Mon code ne marche pas' })] },
      message: 'Nos conseillers ne sont pas disponibles pour le moment : votre message est enregistré comme ticket, nous vous répondrons par e-mail.',
    });
    const id = (res.json() as { chat: TChatView }).chat.id;
    const [mail] = await outbox('chat-fallback', karim.email);
    expect(mail!.text).toContain('Mon code ne marche pas');
    // An open ticket for the desk's e-mail answer, in the customer's history; a new chat may be started.
    const history = (await t.request({ method: 'GET', url: '/api/client/tickets', cookie: karim.cookie })).json() as { tickets: { id: string; status: string }[] };
    expect(history.tickets.find((x) => x.id === id)).toMatchObject({ status: 'open' });
    expect((await accept('support', id)).json()).toMatchObject({ error: { code: 'CHAT_TAKEN' } });
    expect((await start(karim.cookie, { message: 'Autre question' })).statusCode).toBe(201);
    await t.database.db.delete(systemSettings).where(eq(systemSettings.key, 'support'));
    expect((await t.request({ method: 'GET', url: '/api/chat/availability', cookie: karim.cookie })).json()).toMatchObject({ open: true });
  });

  it('no adviser present: a visitor’s chat is missed at once, in Arabic when the visitor reads Arabic', async () => {
    const res = await start(undefined, { message: 'مرحبا', name: 'Ali', email: 'ali.visiteur@example.dz', locale: 'ar' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ chat: { status: 'missed' }, message: 'مستشارونا غير متاحين حاليًا: تم تسجيل رسالتكم كتذكرة، وسنرد عليكم عبر البريد الإلكتروني.' });
    const [mail] = await outbox('chat-fallback', 'ali.visiteur@example.dz');
    expect(mail!.locale).toBe('ar');
  });

  it('after the wait limit, the job chat-fallback makes a waiting chat missed and e-mails its requester', async () => {
    await presence('support');
    const lina = await newCustomer(t, 'chat-wait');
    const chat = await startedChat(lina.cookie, { message: 'Personne ?' });
    const deps = () => ({ db: t.database.db, now: clock.now(), publicUrl: t.config.publicUrl });
    clock.advance(119_000);
    await runChatFallback(deps());
    expect((await view(lina.cookie, chat.id)).status).toBe('waiting');
    clock.advance(2_000);
    await runChatFallback(deps());
    expect((await view(lina.cookie, chat.id)).status).toBe('missed');
    expect(await outbox('chat-fallback', lina.email)).toHaveLength(1);
    // Once only.
    await runChatFallback(deps());
    expect(await outbox('chat-fallback', lina.email)).toHaveLength(1);
    const ended = (await t.request({ method: 'GET', url: '/api/support/chats?view=ended', cookie: cookies.support })).json() as TDeskChatList;
    expect(ended.chats.find((c) => c.id === chat.id)).toMatchObject({ status: 'missed', waitSeconds: 0 });
    const day = TEST_START.toISOString().slice(0, 10);
    const report = (await t.request({ method: 'GET', url: `/api/support/reports?from=${day}&to=${day}`, cookie: cookies.support })).json() as { chats: { missed: number } };
    expect(report.chats.missed).toBeGreaterThanOrEqual(1);
  });
});

describe('messages', () => {
  it('are plain text of 1 to 2000 characters, trimmed, kept as written (never HTML)', async () => {
    await presence('support');
    const sara = await newCustomer(t, 'chat-text');
    const chat = await startedChat(sara.cookie);
    expect((await requesterSays(sara.cookie, chat.id, 'x'.repeat(2001))).json()).toMatchObject({ error: { code: 'TEXT_TOO_LONG' } });
    expect((await requesterSays(sara.cookie, chat.id, '   ')).json()).toMatchObject({ error: { code: 'VALIDATION' } });
    expect((await start(undefined, { message: '', name: 'A', email: 'a@example.dz' })).statusCode).toBe(400);
    const html = await requesterSays(sara.cookie, chat.id, '  <img src=x onerror=alert(1)> <b>gras</b>  ');
    expect(html.json()).toMatchObject({ message: { body: '<img src=x onerror=alert(1)> <b>gras</b>' } });
    expect((await requesterSays(sara.cookie, chat.id, 'y'.repeat(2000))).statusCode).toBe(201);
  });

  it('are limited to 20 a minute per person', async () => {
    await presence('support');
    const omar = await newCustomer(t, 'chat-flood');
    const chat = await startedChat(omar.cookie);
    // The opening message counts.
    for (let i = 0; i < 19; i++) expect((await requesterSays(omar.cookie, chat.id, `message ${i}`)).statusCode).toBe(201);
    const refused = await requesterSays(omar.cookie, chat.id, 'un de trop');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'CHAT_RATE_LIMITED' } });
    clock.advance(61_000);
    expect((await requesterSays(omar.cookie, chat.id, 'plus tard')).statusCode).toBe(201);
  });

  it('carry pictures through the checked upload; only the chat’s requester opens them', async () => {
    await presence('support');
    const rym = await newCustomer(t, 'chat-picture');
    const other = await newCustomer(t, 'chat-picture-other');
    const chat = await startedChat(rym.cookie);
    const sent = await t.request({ method: 'POST', url: `/api/chat/${chat.id}/messages`, cookie: rym.cookie, ...multipart([{ name: 'attachments', filename: 'ecran.png', type: 'image/png', data: PNG }]) });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = (sent.json() as { message: { body: string; attachments: { url: string; contentType: string; name: string }[] } }).message;
    expect(message).toMatchObject({ body: '', attachments: [{ name: 'ecran.png', contentType: 'image/png' }] });
    expect((await t.request({ method: 'GET', url: message.attachments[0]!.url, cookie: rym.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: message.attachments[0]!.url, cookie: other.cookie })).statusCode).toBe(404);
    const text = await t.request({ method: 'POST', url: `/api/chat/${chat.id}/messages`, cookie: rym.cookie, ...multipart([{ name: 'body', value: 'voici' }, { name: 'attachments', filename: 'notes.txt', type: 'text/plain', data: Buffer.from('bonjour') }]) });
    expect(text.json()).toMatchObject({ error: { code: 'FILE_TYPE' } });
    // The desk reads the picture through /api/files.
    const detail = (await t.request({ method: 'GET', url: `/api/support/chats/${chat.id}`, cookie: cookies.support })).json() as TDeskChatDetail;
    const url = detail.chat.messages.at(-1)!.attachments[0]!.url;
    expect(url).toMatch(/^\/api\/files\//);
    expect((await t.request({ method: 'GET', url, cookie: cookies.support })).statusCode).toBe(200);
  });
});

describe('whose chat', () => {
  it('a customer never reads another’s chat, and a visitor’s cookie opens only its own chat', async () => {
    await presence('support');
    const owner = await newCustomer(t, 'chat-owner');
    const stranger = await newCustomer(t, 'chat-stranger');
    const chat = await startedChat(owner.cookie);
    const visitor = await visitorChat('Nour', 'nour@example.dz');
    const other = await visitorChat('Lyes', 'lyes@example.dz');
    const calls = (id: string) => [
      { method: 'GET' as const, url: `/api/chat/${id}` },
      { method: 'GET' as const, url: `/api/chat/${id}/messages` },
      { method: 'POST' as const, url: `/api/chat/${id}/messages`, payload: { body: 'coucou' } },
      { method: 'POST' as const, url: `/api/chat/${id}/typing` },
      { method: 'POST' as const, url: `/api/chat/${id}/read` },
      { method: 'POST' as const, url: `/api/chat/${id}/end` },
      { method: 'POST' as const, url: `/api/chat/${id}/rating`, payload: { rating: 1 } },
      { method: 'POST' as const, url: `/api/chat/${id}/transcript` },
    ];
    for (const [cookie, id] of [
      [stranger.cookie, chat.id],
      [visitor.cookie, chat.id],
      [other.cookie, visitor.chat.id],
      [owner.cookie, visitor.chat.id],
      ['farha_chat=forged-token', visitor.chat.id],
      [undefined, visitor.chat.id],
    ] as const) {
      for (const call of calls(id)) {
        const res = await t.request({ ...call, ...(cookie ? { cookie } : {}) });
        expect({ call: call.url, status: res.statusCode }).toEqual({ call: call.url, status: 404 });
      }
    }
    expect((await view(owner.cookie, chat.id)).status).toBe('waiting');
    expect((await view(visitor.cookie, visitor.chat.id)).status).toBe('waiting');
  });
});

describe('role × endpoint', () => {
  const requesterRoles: Role[] = ['customer', 'partner_owner', 'partner_staff'];
  const requesterEndpoints = [
    { method: 'POST' as const, url: '/api/chat', payload: { message: '' } },
    { method: 'GET' as const, url: '/api/chat/current' },
    { method: 'GET' as const, url: `/api/chat/${NOWHERE}` },
    { method: 'GET' as const, url: `/api/chat/${NOWHERE}/messages` },
    { method: 'POST' as const, url: `/api/chat/${NOWHERE}/messages`, payload: { body: 'x' } },
    { method: 'POST' as const, url: `/api/chat/${NOWHERE}/typing` },
    { method: 'POST' as const, url: `/api/chat/${NOWHERE}/read` },
    { method: 'POST' as const, url: `/api/chat/${NOWHERE}/end` },
    { method: 'POST' as const, url: `/api/chat/${NOWHERE}/rating`, payload: { rating: 3 } },
    { method: 'POST' as const, url: `/api/chat/${NOWHERE}/transcript` },
    { method: 'GET' as const, url: `/api/chat/${NOWHERE}/attachments/${NOWHERE}` },
  ];
  for (const e of requesterEndpoints) {
    it(`${e.method} ${e.url}: customers, partner members and visitors; 403 for every other role`, async () => {
      const call = (cookie?: string) => t.request({ method: e.method, url: e.url, ...(e.payload ? { payload: e.payload } : {}), ...(cookie ? { cookie } : {}) });
      expect((await call()).statusCode).not.toBe(403);
      expect((await call()).statusCode).not.toBe(401);
      for (const role of Object.keys(ACCOUNTS) as Role[]) {
        const status = (await call(cookies[role])).statusCode;
        if (requesterRoles.includes(role)) expect({ role, status }).toEqual({ role, status: expect.toSatisfy((s: number) => [200, 400, 404].includes(s)) });
        else expect({ role, status }).toEqual({ role, status: 403 });
      }
    });
  }

  it('GET /api/chat/availability: anyone', async () => {
    expect((await t.request({ method: 'GET', url: '/api/chat/availability' })).statusCode).toBe(200);
    for (const role of Object.keys(ACCOUNTS) as Role[]) expect((await t.request({ method: 'GET', url: '/api/chat/availability', cookie: cookies[role] })).statusCode).toBe(200);
  });

  const desk = ['support', 'superadmin'] as const;
  itGuardsEachEndpoint(
    t,
    cookies,
    [
      { method: 'GET', url: '/api/support/chats?view=waiting', allowed: desk },
      { method: 'GET', url: '/api/support/chats/summary', allowed: desk },
      { method: 'POST', url: '/api/support/chats/presence', payload: { available: false }, allowed: desk },
      { method: 'GET', url: '/api/support/chats/agents', allowed: desk },
      { method: 'GET', url: `/api/support/chats/${NOWHERE}`, allowed: desk },
      { method: 'GET', url: `/api/support/chats/${NOWHERE}/messages`, allowed: desk },
      { method: 'POST', url: `/api/support/chats/${NOWHERE}/accept`, allowed: desk },
      { method: 'POST', url: `/api/support/chats/${NOWHERE}/transfer`, payload: { agentId: NOWHERE }, allowed: desk },
      { method: 'POST', url: `/api/support/chats/${NOWHERE}/end`, allowed: desk },
      { method: 'POST', url: `/api/support/chats/${NOWHERE}/typing`, allowed: desk },
      { method: 'POST', url: `/api/support/chats/${NOWHERE}/read`, allowed: desk },
      { method: 'POST', url: `/api/support/chats/${NOWHERE}/messages`, payload: { body: 'x' }, allowed: desk },
    ],
    { answers: [200, 400, 404] },
  );
});
