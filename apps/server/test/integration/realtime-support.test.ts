import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TRealtimeMessage } from '@farha/contracts/realtime';
import { publish } from '../../src/modules/realtime/index.ts';
import { ACCOUNTS, buildTestApp, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';
import { openStream, type Stream } from '../sse-client.ts';

/**
 * Issue 36 (docs/product/realtime.md §6): the support desk's queue and KPIs are pushed. A ticket opened, answered,
 * assigned or closed reaches the streams of the desk's roles (support, superadmin) as `support.ticket` (ids and
 * status only), and no customer's, partner's or finance's stream.
 */


const desk = (s: Stream) => s.events.filter((e) => e.event === 'support.ticket').map((e) => (e.data as TRealtimeMessage<'support.ticket'>).payload);

const clock = testClock();
let t: TestApp;
let base: string;
const cookies = {} as Record<Role, string>;
let amina: Customer;

/** An event every role sees, published after the change: once a stream has it, the change had its chance to arrive. */
async function sentinel(tag: string) {
  await t.database.db.transaction((tx) =>
    publish(tx, {
      topic: 'order.payment',
      audience: { roles: Object.keys(ACCOUNTS) as Role[] },
      payload: { orderId: `sentinel:${tag}`, status: 'paid' },
      now: clock.now(),
    }),
  );
}
const sawSentinel = (s: Stream, tag: string) => s.next((e) => JSON.stringify(e.data).includes(`sentinel:${tag}`));

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true });
  base = t.config.publicUrl;
  for (const role of Object.keys(ACCOUNTS) as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
  amina = await newCustomer(t, 'desk-push-amina');
});
afterAll(async () => {
  await t.close();
});

describe('support.ticket on /api/stream', () => {
  it('a customer opening a ticket pushes to the agents’ streams and to no customer, partner or finance stream', async () => {
    const holders = ['support', 'superadmin', 'customer', 'partner_owner', 'partner_staff', 'finance', 'catalog_admin', 'company_admin'] as const;
    const streams = Object.fromEntries(await Promise.all(holders.map(async (h) => [h, await openStream(base, cookies[h])] as const))) as Record<(typeof holders)[number], Stream>;
    const author = await openStream(base, amina.cookie);
    await Promise.all([...Object.values(streams), author].map((s) => s.next((e) => e.event === 'ready')));

    const res = await t.request({
      method: 'POST',
      url: '/api/client/tickets',
      cookie: amina.cookie,
      payload: { title: 'Coffret jamais reçu', description: 'Bonjour, mon coffret pose problème.', category: 'commande', priority: 'high' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticketId = (res.json() as { ticket: { id: string } }).ticket.id;

    for (const h of ['support', 'superadmin'] as const) {
      const got = await streams[h].next((e) => e.event === 'support.ticket');
      // Ids and the status only: never the title or the description.
      expect((got.data as TRealtimeMessage).payload).toEqual({ ticketId, change: 'ticket_created', status: 'open' });
      expect(JSON.stringify(got.data)).not.toContain('Coffret');
    }
    await sentinel('created');
    for (const s of [author, ...(['customer', 'partner_owner', 'partner_staff', 'finance', 'catalog_admin', 'company_admin'] as const).map((h) => streams[h])]) {
      await sawSentinel(s, 'created');
      expect(desk(s)).toEqual([]);
    }
    for (const s of [...Object.values(streams), author]) s.close();
  });

  it('an assignment, an agent’s answer, the requester’s reply and close reach the desk, with the status after each', async () => {
    const agent = await openStream(base, cookies.support);
    await agent.next((e) => e.event === 'ready');
    const created = await t.request({
      method: 'POST',
      url: '/api/client/tickets',
      cookie: amina.cookie,
      payload: { title: 'Bon expiré', description: 'Mon bon a expiré hier.', category: 'commande', priority: 'medium' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const ticketId = (created.json() as { ticket: { id: string } }).ticket.id;
    const assign = await t.request({ method: 'POST', url: `/api/support/tickets/${ticketId}/assign`, cookie: cookies.support, payload: {} });
    expect(assign.statusCode, assign.body).toBe(200);
    const answer = await t.request({ method: 'POST', url: `/api/support/tickets/${ticketId}/messages`, cookie: cookies.support, payload: { message: 'Nous regardons.', status: 'resolved' } });
    expect(answer.statusCode, answer.body).toBe(201);
    const reply = await t.request({ method: 'POST', url: `/api/client/tickets/${ticketId}/messages`, cookie: amina.cookie, payload: { message: 'Merci, toujours rien.' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const close = await t.request({ method: 'POST', url: `/api/client/tickets/${ticketId}/close`, cookie: amina.cookie, payload: {} });
    expect(close.statusCode, close.body).toBe(200);
    await sentinel('lifecycle');
    await sawSentinel(agent, 'lifecycle');
    expect(desk(agent).filter((p) => p.ticketId === ticketId)).toEqual([
      { ticketId, change: 'ticket_created', status: 'open' },
      { ticketId, change: 'ticket_assigned', status: 'assigned' },
      { ticketId, change: 'agent_replied', status: 'resolved' },
      { ticketId, change: 'requester_replied', status: 'open' },
      { ticketId, change: 'requester_closed', status: 'closed' },
    ]);
    agent.close();
  });

  it('a partner’s ticket reaches the desk too', async () => {
    const agent = await openStream(base, cookies.superadmin);
    await agent.next((e) => e.event === 'ready');
    const res = await t.request({
      method: 'POST',
      url: '/api/partner/tickets',
      cookie: cookies.partner_owner,
      payload: { title: 'Scanner en panne', description: 'Le scanner ne lit plus les QR.', category: 'technique', priority: 'urgent' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticketId = (res.json() as { ticket: { id: string } }).ticket.id;
    const got = await agent.next((e) => e.event === 'support.ticket' && JSON.stringify(e.data).includes(ticketId));
    expect((got.data as TRealtimeMessage).payload).toEqual({ ticketId, change: 'ticket_created', status: 'open' });
    agent.close();
  });
});
