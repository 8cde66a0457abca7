import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailOutbox, payments, reservations, sessions, users } from '../../src/db/schema/index.ts';
import { HOUR_MS } from '../../src/lib/clock.ts';
import { ACCOUNTS, type GuardedEndpoint, itGuardsEachEndpoint, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { makeVoucher, mailsTo, newCustomer, PARTNER1_ID, PARTNER1_OFFER_ID, type Customer } from '../customer-fixtures.ts';
import { at, day, testClock } from '../clock.ts';

/** A seeded box or offer's Arabic twin (issue 15): Arabic script. */
const ARABIC = /\p{Script=Arabic}/u;

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
let amina: Customer;
let karim: Customer;

const get = (url: string, cookie: string) => t.request({ method: 'GET', url, cookie });
const newTicket = async (who: Customer, title: string, priority = 'medium', category = 'commande') => {
  const res = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: who.cookie, payload: { title, description: 'Bonjour, un souci avec mon coffret.', category, priority } });
  expect(res.statusCode).toBe(201);
  return res.json().ticket.id as string;
};
const reply = (id: string, payload: object) => t.request({ method: 'POST', url: `/api/support/tickets/${id}/messages`, cookie: cookies.support, payload });

/** After the clock jumps, sessions have expired (6 h for support): sign in again. */
async function signInAgain() {
  for (const [role, email] of Object.entries(ACCOUNTS)) cookies[role as Role] = await t.login(email);
  karim.cookie = await t.login(karim.email, 'secret123');
}

beforeAll(async () => {
  amina = await newCustomer(t, 'amina');
  karim = await newCustomer(t, 'karim');
});

describe('role × endpoint (support portal II)', () => {
  const ZERO = '00000000-0000-4000-8000-000000000000';
  const agents: Role[] = ['support', 'superadmin'];
  const ENDPOINTS: GuardedEndpoint[] = [
    { method: 'POST', url: `/api/support/tickets/${ZERO}/dispute`, payload: { type: 'other', description: 'x' }, allowed: agents },
    { method: 'GET', url: '/api/support/users', allowed: agents },
    { method: 'GET', url: `/api/support/users/${ZERO}/diagnostics`, allowed: agents },
    { method: 'GET', url: '/api/support/partners', allowed: agents },
    { method: 'GET', url: `/api/support/partners/${ZERO}`, allowed: agents },
    { method: 'GET', url: '/api/support/faq', allowed: agents },
    { method: 'POST', url: '/api/support/faq', payload: { audience: 'customer', question: '', answer: '', category: '' }, allowed: agents },
    { method: 'PUT', url: `/api/support/faq/${ZERO}`, payload: { audience: 'customer', question: 'q', answer: 'a', category: 'c' }, allowed: agents },
    { method: 'DELETE', url: `/api/support/faq/${ZERO}`, allowed: agents },
    { method: 'GET', url: `/api/support/reports?from=${day(0)}&to=${day(6)}`, allowed: agents },
    { method: 'GET', url: '/api/support/profile', allowed: agents },
    { method: 'PUT', url: '/api/support/profile', payload: { firstName: '', lastName: '' }, allowed: agents },
    { method: 'POST', url: '/api/support/profile/password', payload: { currentPassword: '', newPassword: '', confirmPassword: '' }, allowed: agents },
  ];
  itGuardsEachEndpoint(t, cookies, ENDPOINTS);
});

describe('a dispute opened by support from a ticket', () => {
  it('is linked to the ticket, on the customer’s voucher; the customer sees it, another customer does not', async () => {
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, holderUserId: amina.id, at: clock.now() });
    const ticketId = await newTicket(amina, 'Le partenaire refuse mon coffret');
    const { voucher: karimVoucher } = await makeVoucher(t.database.db, { purchaserId: karim.id, recipientEmail: karim.email, holderUserId: karim.id, at: clock.now() });
    // Not on another customer's voucher.
    const foreign = await t.request({ method: 'POST', url: `/api/support/tickets/${ticketId}/dispute`, cookie: cookies.support, payload: { voucherId: karimVoucher.id, type: 'partner_refuse', description: 'x' } });
    expect(foreign.statusCode).toBe(404);
    const empty = await t.request({ method: 'POST', url: `/api/support/tickets/${ticketId}/dispute`, cookie: cookies.support, payload: { type: 'partner_refuse', description: '  ' } });
    expect(empty.statusCode).toBe(400);

    const res = await t.request({
      method: 'POST',
      url: `/api/support/tickets/${ticketId}/dispute`,
      cookie: cookies.support,
      payload: { voucherId: voucher.id, type: 'partner_refuse', description: 'Refus constaté par le support.' },
    });
    expect(res.statusCode).toBe(201);
    const dispute = res.json().dispute;
    expect(dispute).toMatchObject({ status: 'open', customer: { id: amina.id }, voucher: { code: voucher.code } });
    expect(dispute.timeline).toMatchObject([{ action: 'opened', actor: expect.stringMatching(/\S/), notes: 'Refus constaté par le support.' }]);

    // The ticket shows it; the requester does not see the internal note about it.
    const detail = (await get(`/api/support/tickets/${ticketId}`, cookies.support)).json();
    // Its type code and the box's names in both languages, from which the agent's page words the title (decision 009).
    expect(detail.disputes).toMatchObject([{ id: dispute.id, status: 'open', type: 'partner_refuse', boxName: dispute.voucher.boxName, boxNameAr: expect.stringMatching(ARABIC) }]);
    expect(detail.disputes[0].title).toBe(`Refus du partenaire — ${dispute.voucher.boxName}`);
    expect(detail.messages.some((m: { internal: boolean; message: string }) => m.internal && m.message.includes('Litige ouvert'))).toBe(true);
    const mineTicket = (await get(`/api/client/tickets/${ticketId}`, amina.cookie)).json();
    expect(JSON.stringify(mineTicket)).not.toContain('Litige ouvert depuis ce ticket');

    // The customer's own list has it, with its timeline, and they were told by e-mail.
    const mine = (await get('/api/client/disputes', amina.cookie)).json().disputes;
    expect(mine.map((d: { id: string }) => d.id)).toContain(dispute.id);
    expect((await mailsTo(t.database.db, amina.email, 'dispute-update')).length).toBeGreaterThan(0);
    const others = (await get('/api/client/disputes', karim.cookie)).json().disputes;
    expect(others.map((d: { id: string }) => d.id)).not.toContain(dispute.id);
    // Paginated: one per page, the newest first.
    const paged = (await get('/api/client/disputes?pageSize=1&page=1', amina.cookie)).json();
    expect(paged).toMatchObject({ total: mine.length, page: 1, pageSize: 1, disputes: [{ id: dispute.id }] });
    expect((await get('/api/client/disputes?pageSize=1000', amina.cookie)).statusCode).toBe(400);

    // A second one on the same voucher is refused.
    const again = await t.request({ method: 'POST', url: `/api/support/tickets/${ticketId}/dispute`, cookie: cookies.support, payload: { voucherId: voucher.id, type: 'other', description: 'encore' } });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a partner ticket, accepts a dispute with no voucher', async () => {
    const partnerTicket = await t.request({
      method: 'POST',
      url: '/api/partner/tickets',
      cookie: cookies.partner_owner,
      payload: { title: 'Scanner', description: 'Le scanner ne marche pas', category: 'scanner', priority: 'medium' },
    });
    const pid = partnerTicket.json().ticket.id;
    const refused = await t.request({ method: 'POST', url: `/api/support/tickets/${pid}/dispute`, cookie: cookies.support, payload: { type: 'other', description: 'x' } });
    expect(refused.statusCode).toBe(409);
    const ticketId = await newTicket(karim, 'Facturation en double', 'high', 'paiement');
    const res = await t.request({ method: 'POST', url: `/api/support/tickets/${ticketId}/dispute`, cookie: cookies.superadmin, payload: { type: 'billing', description: 'Double débit' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().dispute).toMatchObject({ voucher: null, partner: null, amount: 0, customer: { id: karim.id } });
  });
});

describe('user diagnostics', () => {
  it('searches accounts server-side, paginated', async () => {
    const page = (await get(`/api/support/users?q=${encodeURIComponent(amina.email)}`, cookies.support)).json();
    expect(page).toMatchObject({ total: 1, users: [{ id: amina.id, email: amina.email, role: 'customer' }] });
    const byName = (await get('/api/support/users?q=Karim%20Test&pageSize=5', cookies.support)).json();
    expect(byName.users.map((u: { id: string }) => u.id)).toContain(karim.id);
    const small = (await get('/api/support/users?pageSize=2&page=2', cookies.support)).json();
    expect(small.users).toHaveLength(2);
    expect(small.total).toBeGreaterThan(4);
    expect((await get('/api/support/users?pageSize=500', cookies.support)).statusCode).toBe(400);
  });

  it('shows the real orders, vouchers, tickets, disputes and sessions, and a health score lowered by real signals', async () => {
    const before = (await get(`/api/support/users/${amina.id}/diagnostics`, cookies.support)).json();
    expect(before.metrics).toMatchObject({ openTickets: 1, openDisputes: 1 });
    expect(before.vouchers.length).toBe(before.metrics.vouchers);
    expect(before.orders.length).toBeGreaterThan(0);
    // Box names come with their Arabic twins, for an agent reading Arabic.
    expect(before.orders[0].boxNameAr).toMatch(ARABIC);
    expect(before.vouchers[0].boxNameAr).toMatch(ARABIC);
    expect(before.recentActivity.find((a: { kind: string }) => a.kind === 'order').labelAr).toMatch(ARABIC);
    expect(before.tickets.map((x: { title: string }) => x.title)).toContain('Le partenaire refuse mon coffret');
    expect(before.disputes).toHaveLength(1);
    // The activity names the dispute, so the page words its title from the list above.
    expect(before.recentActivity.find((a: { kind: string }) => a.kind === 'dispute')).toMatchObject({ disputeId: before.disputes[0].id, status: 'open' });
    expect(before.disputes[0]).toMatchObject({ type: 'partner_refuse', boxName: expect.stringMatching(/\S/), boxNameAr: expect.stringMatching(ARABIC) });
    expect(before.devices.length).toBeGreaterThan(0);
    expect(before.issues.map((i: { code: string }) => i.code).sort()).toEqual(['OPEN_DISPUTES', 'OPEN_TICKETS']);
    expect(before.healthScore).toBe(100 - 15 - 5);
    expect(before.band).toBe('good');

    // A failed payment and a failed e-mail lower it further; suspension makes it critical.
    const [order] = before.orders;
    await t.database.db.insert(payments).values({ orderId: order.id, provider: 'sandbox', providerCheckoutId: `failed-${order.id}`, status: 'failed', method: 'cib', amount: 1000, createdAt: clock.now(), updatedAt: clock.now() });
    await t.database.db.insert(emailOutbox).values({ toAddress: amina.email, subject: 's', html: '<p>x</p>', text: 'x', template: 'test', status: 'failed', createdAt: clock.now(), nextAttemptAt: clock.now() });
    const after = (await get(`/api/support/users/${amina.id}/diagnostics`, cookies.support)).json();
    expect(after.metrics).toMatchObject({ failedPayments: 1, failedEmails: 1 });
    expect(after.healthScore).toBe(100 - 15 - 5 - 10 - 10);
    expect(after.band).toBe('attention');
    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, amina.id));
    const suspended = (await get(`/api/support/users/${amina.id}/diagnostics`, cookies.support)).json();
    expect(suspended).toMatchObject({ healthScore: 20, band: 'critical' });
    expect(suspended.issues[0]).toMatchObject({ type: 'security', severity: 'critical', code: 'ACCOUNT_SUSPENDED' });
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, amina.id));

    // Sessions become "devices"; an expired one is not active.
    await t.database.db.update(sessions).set({ userAgent: 'Mozilla/5.0 (iPhone)' }).where(eq(sessions.userId, karim.id));
    const k = (await get(`/api/support/users/${karim.id}/diagnostics`, cookies.support)).json();
    expect(k.devices[0]).toMatchObject({ userAgent: 'Mozilla/5.0 (iPhone)', active: true });
    expect(k.metrics.activeSessions).toBe(1);
    expect(k.recentActivity.at(-1)).toMatchObject({ kind: 'signup' });
    expect((await get('/api/support/users/00000000-0000-4000-8000-000000000000/diagnostics', cookies.support)).statusCode).toBe(404);
  });
});

describe('partner diagnostics', () => {
  it('finds a partner and shows its offers, tickets and payouts without bank details', async () => {
    // A dispute of Karim's on a voucher he reserved with the partner: the partner's dispute list shows it.
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: karim.id, recipientEmail: karim.email, holderUserId: karim.id, at: clock.now() });
    await t.database.db.insert(reservations).values({
      voucherId: voucher.id,
      partnerId: PARTNER1_ID,
      offerId: PARTNER1_OFFER_ID,
      userId: karim.id,
      customerName: 'Karim Test',
      customerEmail: karim.email,
      customerPhone: '0550000000',
      requestedDate: day(3),
      status: 'declined',
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
    const opened = await t.request({ method: 'POST', url: '/api/client/disputes', cookie: karim.cookie, payload: { voucherId: voucher.id, type: 'voucher_invalid', description: 'Code refusé au comptoir.' } });
    expect(opened.statusCode).toBe(201);
    const list = (await get('/api/support/partners?q=hammam', cookies.support)).json();
    expect(list.partners.map((p: { id: string }) => p.id)).toContain(PARTNER1_ID);
    const detail = await get(`/api/support/partners/${PARTNER1_ID}`, cookies.support);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body.partner.id).toBe(PARTNER1_ID);
    expect(body.offers.length).toBeGreaterThan(0);
    expect(body.offers[0].titleAr).toMatch(ARABIC);
    expect(body.members.map((m: { email: string }) => m.email)).toContain(ACCOUNTS.partner_owner);
    expect(body.tickets.map((x: { title: string }) => x.title)).toContain('Scanner');
    expect(body.disputes.find((d: { id: string }) => d.id === opened.json().dispute.id)).toMatchObject({ type: 'voucher_invalid', boxName: opened.json().dispute.voucher.boxName, boxNameAr: expect.stringMatching(ARABIC) });
    expect(JSON.stringify(body)).not.toMatch(/iban|DZ\d{10,}/i);
  });
});

describe('knowledge base', () => {
  it('an agent writes a draft, publishes it in both languages; the help centre reads it; unpublish hides it', async () => {
    const draft = await t.request({
      method: 'POST',
      url: '/api/support/faq',
      cookie: cookies.support,
      payload: { audience: 'customer', question: 'Comment offrir un coffret zorbi ?', answer: 'Choisissez un coffret puis un destinataire.', category: 'commande', published: false },
    });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().article.id;
    const publicList = async (locale = 'fr') => (await t.request({ method: 'GET', url: `/api/faq?audience=customer&q=zorbi&locale=${locale}` })).json().entries;
    expect(await publicList()).toEqual([]);
    const listed = (await get('/api/support/faq?q=zorbi', cookies.support)).json();
    expect(listed).toMatchObject({ total: 1, articles: [{ id, published: false }] });

    const published = await t.request({
      method: 'PUT',
      url: `/api/support/faq/${id}`,
      cookie: cookies.support,
      payload: { audience: 'customer', question: 'Comment offrir un coffret zorbi ?', answer: 'Choisissez un coffret puis un destinataire.', questionAr: 'كيف أهدي علبة zorbi؟', answerAr: 'اختر علبة ثم مستلمًا.', category: 'commande', published: true },
    });
    expect(published.statusCode).toBe(200);
    expect(await publicList()).toMatchObject([{ id, question: 'Comment offrir un coffret zorbi ?' }]);
    expect(await publicList('ar')).toMatchObject([{ id, question: 'كيف أهدي علبة zorbi؟', answer: 'اختر علبة ثم مستلمًا.' }]);
    // Not in the partners' help centre.
    expect((await t.request({ method: 'GET', url: '/api/faq?audience=partner&q=zorbi' })).json().entries).toEqual([]);
    // Views and votes of readers show on the agent's list.
    await t.request({ method: 'POST', url: `/api/faq/${id}/view` });
    await t.request({ method: 'POST', url: `/api/faq/${id}/vote`, cookie: karim.cookie, payload: { helpful: true } });
    expect((await get('/api/support/faq?q=zorbi', cookies.support)).json().articles[0]).toMatchObject({ views: 1, helpful: 1 });

    const hidden = await t.request({ method: 'PUT', url: `/api/support/faq/${id}`, cookie: cookies.superadmin, payload: { ...published.json().article, published: false } });
    expect(hidden.statusCode).toBe(200);
    expect(await publicList()).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/support/faq/${id}`, cookie: cookies.support })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/support/faq/${id}`, cookie: cookies.support })).statusCode).toBe(404);
  });
});

describe('reports and profile', () => {
  it('counts the period’s tickets by day and category, response times, SLA compliance and ratings', async () => {
    // A quiet week of its own, far from the other tests: Sunday of week 3, 09:00 Algiers.
    clock.set(at(21, '08:00:00'));
    await signInAgain();
    const a = await newTicket(karim, 'Rapport A', 'high', 'paiement');
    const b = await newTicket(karim, 'Rapport B', 'high', 'commande');
    clock.advance(HOUR_MS / 2);
    await t.request({ method: 'POST', url: `/api/support/tickets/${a}/assign`, cookie: cookies.support, payload: {} });
    expect((await reply(a, { message: 'Réglé', status: 'resolved' })).statusCode).toBe(201);
    await t.request({ method: 'POST', url: `/api/client/tickets/${a}/rate`, cookie: karim.cookie, payload: { rating: 4 } });
    clock.set(at(22, '08:00:00')); // Monday 09:00: B answered 9 business hours late
    await signInAgain();
    await t.request({ method: 'POST', url: `/api/support/tickets/${b}/assign`, cookie: cookies.support, payload: {} });
    expect((await reply(b, { message: 'Désolé du délai' })).statusCode).toBe(201);
    await newTicket(karim, 'Rapport C', 'low', 'paiement');

    const report = (await get(`/api/support/reports?from=${day(21)}&to=${day(22)}`, cookies.support)).json();
    expect(report.totals).toEqual({ created: 3, resolved: 1, open: 2 });
    expect(report.byDay).toEqual([
      { date: day(21), created: 2, resolved: 1 },
      { date: day(22), created: 1, resolved: 0 },
    ]);
    expect(report.byCategory).toEqual([
      { category: 'paiement', count: 2 },
      { category: 'commande', count: 1 },
    ]);
    expect(report.firstResponse).toEqual({ count: 2, medianMinutes: (30 + 540) / 2, averageMinutes: (30 + 540) / 2 });
    expect(report.sla).toEqual({ answered: 2, withinSla: 1, rate: 50 });
    expect(report.satisfaction).toEqual({ count: 1, average: 4, distribution: [0, 0, 0, 1, 0] });
    const me = report.perAgent.find((p: { name: string; assigned: number }) => p.name.length > 0 && p.assigned === 2);
    expect(me).toMatchObject({ resolved: 1, averageRating: 4 });

    expect((await get(`/api/support/reports?from=${day(22)}&to=${day(21)}`, cookies.support)).statusCode).toBe(400);
    expect((await get(`/api/support/reports?from=2020-01-01&to=${day(22)}`, cookies.support)).statusCode).toBe(400);
    expect((await get('/api/support/reports?from=hier&to=demain', cookies.support)).statusCode).toBe(400);
  });

  it('an agent sees their own figures, edits their name and changes their password', async () => {
    const profile = (await get('/api/support/profile', cookies.support)).json().profile;
    expect(profile).toMatchObject({ email: ACCOUNTS.support, role: 'support' });
    expect(profile.stats.resolvedTotal).toBeGreaterThanOrEqual(1);
    expect(profile.stats.ratings).toBeGreaterThanOrEqual(1);
    const admin = (await get('/api/support/profile', cookies.superadmin)).json().profile;
    expect(admin.email).toBe(ACCOUNTS.superadmin);

    const saved = await t.request({ method: 'PUT', url: '/api/support/profile', cookie: cookies.support, payload: { firstName: 'Samira', lastName: 'Haddad', phone: '0555 12 34 56' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile).toMatchObject({ firstName: 'Samira', lastName: 'Haddad', phone: '+213555123456' });
    expect((await t.request({ method: 'PUT', url: '/api/support/profile', cookie: cookies.support, payload: { firstName: ' ', lastName: 'X' } })).statusCode).toBe(400);

    const wrong = await t.request({ method: 'POST', url: '/api/support/profile/password', cookie: cookies.support, payload: { currentPassword: 'nope', newPassword: 'nouveau123', confirmPassword: 'nouveau123' } });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.request({ method: 'POST', url: '/api/support/profile/password', cookie: cookies.support, payload: { currentPassword: 'demo1234', newPassword: 'nouveau123', confirmPassword: 'nouveau123' } });
    expect(ok.statusCode).toBe(200);
    const login = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: ACCOUNTS.support, password: 'nouveau123' } });
    expect(login.statusCode).toBe(200);
  });
});
