import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TChatView } from '@farha/contracts/chat';
import type { TRealtimeMessage } from '@farha/contracts/realtime';
import { openDatabase } from '../../src/db/client.ts';
import { publish } from '../../src/modules/realtime/index.ts';
import { ACCOUNTS, buildTestApp, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';
import { openStream, type SseEvent, type Stream } from '../sse-client.ts';

/**
 * Issue 36 (docs/product/live-chat.md §6): the chat's pushes. The desk's streams learn of a queued chat, the
 * requester and the adviser of each message (ids only, never its text), the other side of typing and reading; a
 * visitor's stream opens with the `farha_chat` cookie and carries that chat's events only; and on PostgreSQL a
 * message sent through one instance reaches a person connected to another.
 */

const clock = testClock();
let t: TestApp;
let base: string;
const cookies = {} as Record<Role, string>;
let visitorIp = 0;

const chatEvents = (s: Stream) => s.events.filter((e) => e.event.startsWith('chat.'));
const payload = (e: SseEvent) => (e.data as TRealtimeMessage).payload as Record<string, unknown>;
const ready = async (...streams: Stream[]) => Promise.all(streams.map((s) => s.next((e) => e.event === 'ready')));

/** An event every stream sees once it has come: what was published before it had its chance to arrive. */
async function sentinel(tag: string, chatIds: string[] = []) {
  await t.database.db.transaction(async (tx) => {
    await publish(tx, { topic: 'order.payment', audience: { roles: Object.keys(ACCOUNTS) as Role[] }, payload: { orderId: `sentinel:${tag}`, status: 'paid' }, now: clock.now() });
    for (const chatId of chatIds) await publish(tx, { topic: 'order.payment', audience: { chatId }, payload: { orderId: `sentinel:${tag}`, status: 'paid' }, now: clock.now() });
  });
}
const sawSentinel = (s: Stream, tag: string) => s.next((e) => JSON.stringify(e.data).includes(`sentinel:${tag}`));

async function startChat(cookie: string | undefined, body: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: '/api/chat', payload: body, ...(cookie ? { cookie } : { remoteAddress: `10.8.0.${++visitorIp}` }) });
  expect(res.statusCode, res.body).toBe(201);
  const raw = res.headers['set-cookie'];
  const set = (Array.isArray(raw) ? raw : [raw]).find((c) => c?.startsWith('farha_chat='));
  return { chat: (res.json() as { chat: TChatView }).chat, cookie: set ? set.split(';')[0]! : undefined };
}

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true });
  base = t.config.publicUrl;
  for (const role of Object.keys(ACCOUNTS) as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
  for (const role of ['support', 'superadmin'] as const) {
    await t.request({ method: 'POST', url: '/api/support/chats/presence', cookie: cookies[role], payload: { available: true } });
  }
});
afterAll(async () => {
  await t.close();
});

describe('the chat on /api/stream', () => {
  it('a visitor’s cookie opens a stream that carries their chat’s events only; no cookie or a forged one is refused', async () => {
    expect((await openStream(base, undefined)).status).toBe(401);
    expect((await openStream(base, 'farha_chat=forged')).status).toBe(401);

    const visitor = await startChat(undefined, { message: 'Bonjour, je cherche un coffret', name: 'Inès', email: 'ines.visiteuse@example.dz' });
    const other = await startChat(undefined, { message: 'Bonjour', name: 'Rayan', email: 'rayan.visiteur@example.dz' });
    const amina: Customer = await newCustomer(t, 'push-amina');
    const aminaChat = (await startChat(amina.cookie, { message: 'Question sur ma réservation' })).chat;

    const mine = await openStream(base, visitor.cookie);
    expect(mine.status).toBe(200);
    const theirs = await openStream(base, other.cookie);
    const agent = await openStream(base, cookies.support);
    const customer = await openStream(base, amina.cookie);
    await ready(mine, theirs, agent, customer);

    // Accepting, answering, typing, reading and ending the visitor's chat: each goes to its own side.
    expect((await t.request({ method: 'POST', url: `/api/support/chats/${visitor.chat.id}/accept`, cookie: cookies.support })).statusCode).toBe(200);
    const said = await t.request({ method: 'POST', url: `/api/support/chats/${visitor.chat.id}/messages`, cookie: cookies.support, payload: { body: 'Bonjour Inès, secret 1234' } });
    const messageId = (said.json() as { message: { id: string } }).message.id;
    await t.request({ method: 'POST', url: `/api/support/chats/${visitor.chat.id}/typing`, cookie: cookies.support });
    await t.request({ method: 'POST', url: `/api/support/chats/${visitor.chat.id}/read`, cookie: cookies.support });
    // Another chat's message: the customer's.
    expect((await t.request({ method: 'POST', url: `/api/chat/${aminaChat.id}/messages`, cookie: amina.cookie, payload: { body: 'Allô ?' } })).statusCode).toBe(201);

    const message = await mine.next((e) => e.event === 'chat.message');
    expect(payload(message)).toEqual({ chatId: visitor.chat.id, messageId });
    expect(JSON.stringify(message.data)).not.toContain('secret');
    await mine.next((e) => e.event === 'chat.typing');
    await mine.next((e) => e.event === 'chat.read');
    await sentinel('visitor', [visitor.chat.id, other.chat.id]);
    await Promise.all([sawSentinel(mine, 'visitor'), sawSentinel(theirs, 'visitor'), sawSentinel(customer, 'visitor')]);
    // The visitor's stream: their chat's status, message, typing and read, and nothing of anyone else (not even the everyone sentinel).
    expect(chatEvents(mine).map((e) => [e.event, payload(e).chatId])).toEqual([
      ['chat.status', visitor.chat.id],
      ['chat.message', visitor.chat.id],
      ['chat.typing', visitor.chat.id],
      ['chat.read', visitor.chat.id],
    ]);
    expect(payload(chatEvents(mine)[2]!)).toEqual({ chatId: visitor.chat.id, side: 'agent' });
    expect(mine.events.filter((e) => e.event === 'order.payment').map((e) => payload(e).orderId)).toEqual(['sentinel:visitor']);
    expect(chatEvents(theirs)).toEqual([]);
    // The customer hears of their own chat's message only.
    expect(chatEvents(customer).map((e) => [e.event, payload(e).chatId])).toEqual([['chat.message', aminaChat.id]]);
    // The desk heard of the acceptance as chat.queue; the adviser's own pushes say the status.
    expect(chatEvents(agent).filter((e) => e.event === 'chat.queue').map((e) => payload(e))).toContainEqual({ chatId: visitor.chat.id, status: 'active' });

    // The visitor ends: the adviser's stream hears the status.
    expect((await t.request({ method: 'POST', url: `/api/chat/${visitor.chat.id}/end`, cookie: visitor.cookie })).statusCode).toBe(200);
    const ended = await agent.next((e) => e.event === 'chat.status' && payload(e).status === 'ended');
    expect(payload(ended)).toEqual({ chatId: visitor.chat.id, status: 'ended' });
    for (const s of [mine, theirs, agent, customer]) s.close();
    await t.request({ method: 'POST', url: `/api/chat/${aminaChat.id}/end`, cookie: amina.cookie });
    await t.request({ method: 'POST', url: `/api/chat/${other.chat.id}/end`, cookie: other.cookie });
  });

  it('a queued chat reaches the desk’s streams (ids and status only) and no customer’s, partner’s or finance’s', async () => {
    const holders = ['support', 'superadmin', 'customer', 'partner_owner', 'finance', 'catalog_admin', 'company_admin'] as const;
    const streams = Object.fromEntries(await Promise.all(holders.map(async (h) => [h, await openStream(base, cookies[h])] as const))) as Record<(typeof holders)[number], Stream>;
    await ready(...Object.values(streams));
    const karim = await newCustomer(t, 'push-karim');
    const { chat } = await startChat(karim.cookie, { message: 'Mon code promo ne passe pas' });
    for (const h of ['support', 'superadmin'] as const) {
      const got = await streams[h].next((e) => e.event === 'chat.queue');
      expect(payload(got)).toEqual({ chatId: chat.id, status: 'waiting' });
    }
    await sentinel('queue');
    for (const h of ['customer', 'partner_owner', 'finance', 'catalog_admin', 'company_admin'] as const) {
      await sawSentinel(streams[h], 'queue');
      expect(chatEvents(streams[h])).toEqual([]);
    }
    for (const s of Object.values(streams)) s.close();
    await t.request({ method: 'POST', url: `/api/chat/${chat.id}/end`, cookie: karim.cookie });
  });

  it('typing reaches the other side at most once per 2 seconds', async () => {
    const lina = await newCustomer(t, 'push-lina');
    const { chat } = await startChat(lina.cookie, { message: 'Bonjour' });
    expect((await t.request({ method: 'POST', url: `/api/support/chats/${chat.id}/accept`, cookie: cookies.superadmin })).statusCode).toBe(200);
    const agent = await openStream(base, cookies.superadmin);
    await ready(agent);
    for (let i = 0; i < 3; i++) expect((await t.request({ method: 'POST', url: `/api/chat/${chat.id}/typing`, cookie: lina.cookie })).statusCode).toBe(204);
    clock.advance(2_500);
    await t.request({ method: 'POST', url: `/api/chat/${chat.id}/typing`, cookie: lina.cookie });
    await t.request({ method: 'POST', url: `/api/chat/${chat.id}/read`, cookie: lina.cookie });
    await agent.next((e) => e.event === 'chat.read');
    expect(chatEvents(agent).map((e) => [e.event, payload(e).side])).toEqual([
      ['chat.typing', 'requester'],
      ['chat.typing', 'requester'],
      ['chat.read', 'requester'],
    ]);
    agent.close();
    await t.request({ method: 'POST', url: `/api/chat/${chat.id}/end`, cookie: lina.cookie });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  it('an adviser’s message sent through one instance reaches the customer connected to the other, and back', async () => {
    const second = await openDatabase({ databaseUrl: t.database.url! });
    const other = await buildTestApp({ clock, listen: true, database: { ...second, url: t.database.url } });
    try {
      const sami = await newCustomer(t, 'push-two-instances');
      const { chat } = await startChat(sami.cookie, { message: 'Bonjour depuis l’autre serveur' });
      expect((await t.request({ method: 'POST', url: `/api/support/chats/${chat.id}/accept`, cookie: cookies.support })).statusCode).toBe(200);
      // The customer's stream on the second instance, the adviser's on the first.
      const customer = await openStream(other.config.publicUrl, sami.cookie);
      const agent = await openStream(base, cookies.support);
      await ready(customer, agent);
      const said = await t.request({ method: 'POST', url: `/api/support/chats/${chat.id}/messages`, cookie: cookies.support, payload: { body: 'Je vous réponds' } });
      const pushed = await customer.next((e) => e.event === 'chat.message');
      expect(payload(pushed)).toEqual({ chatId: chat.id, messageId: (said.json() as { message: { id: string } }).message.id });
      // The customer answers through the second instance; the adviser on the first hears it.
      const reply = await other.request({ method: 'POST', url: `/api/chat/${chat.id}/messages`, cookie: sami.cookie, payload: { body: 'Merci !' } });
      expect(reply.statusCode).toBe(201);
      const heard = await agent.next((e) => e.event === 'chat.message' && payload(e).messageId === (reply.json() as { message: { id: string } }).message.id);
      expect(payload(heard).chatId).toBe(chat.id);
      customer.close();
      agent.close();
    } finally {
      await other.close();
    }
  });
});
