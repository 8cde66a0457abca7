import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { emailOutbox, orders, partners, refunds, reservations, supportTickets, users, vouchers } from '../../src/db/schema/index.ts';
import { businessMinutesBetween } from '../../src/modules/support/index.ts';
import { HOUR_MS } from '../../src/lib/clock.ts';
import { ACCOUNTS, type GuardedEndpoint, itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { mailsTo, makeVoucher, newCustomer, PARTNER1_ID, PARTNER1_OFFER_ID, type Customer } from '../customer-fixtures.ts';
import { day, testClock } from '../clock.ts';

/** A seeded box or offer's Arabic twin (issue 15): Arabic script. */
const ARABIC = /\p{Script=Arabic}/u;

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
let amina: Customer;
let karim: Customer;
let supportId: string;

const newTicket = async (who: Customer, title: string, priority = 'medium') => {
  const res = await t.request({
    method: 'POST',
    url: '/api/client/tickets',
    cookie: who.cookie,
    payload: { title, description: 'Bonjour, mon coffret pose problème.', category: 'commande', priority },
  });
  expect(res.statusCode).toBe(201);
  return res.json().ticket.id as string;
};

/** A voucher of Amina's (or another customer's) with a reservation at the first demo partner: that partner is the one concerned. */
async function aminaVoucherAtPartner1(who = amina) {
  const { voucher } = await makeVoucher(t.database.db, { purchaserId: who.id, recipientEmail: who.email, holderUserId: who.id, at: clock.now() });
  await t.database.db.insert(reservations).values({
    voucherId: voucher.id,
    partnerId: PARTNER1_ID,
    offerId: PARTNER1_OFFER_ID,
    userId: who.id,
    customerName: `${who.firstName} Test`,
    customerEmail: who.email,
    customerPhone: '0550000000',
    requestedDate: day(3),
    status: 'declined',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
  return voucher;
}

beforeAll(async () => {
  amina = await newCustomer(t, 'amina');
  karim = await newCustomer(t, 'karim');
  const [agent] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ACCOUNTS.support));
  supportId = agent!.id;
});

describe('role × endpoint', () => {
  const ZERO = '00000000-0000-4000-8000-000000000000';
  // Each new endpoint and the roles that get past the guard (a 404/400 on a dummy id still proves access).
  const ENDPOINTS: GuardedEndpoint[] = [
    { method: 'GET', url: '/api/support/overview', allowed: ['support', 'superadmin'] },
    { method: 'GET', url: '/api/support/tickets', allowed: ['support', 'superadmin'] },
    { method: 'GET', url: `/api/support/tickets/${ZERO}`, allowed: ['support', 'superadmin'] },
    { method: 'POST', url: `/api/support/tickets/${ZERO}/assign`, payload: {}, allowed: ['support', 'superadmin'] },
    { method: 'POST', url: `/api/support/tickets/${ZERO}/messages`, payload: { message: 'x' }, allowed: ['support', 'superadmin'] },
    { method: 'GET', url: '/api/support/canned', allowed: ['support', 'superadmin'] },
    { method: 'POST', url: '/api/support/canned', payload: { title: '', body: '' }, allowed: ['support', 'superadmin'] },
    { method: 'PUT', url: `/api/support/canned/${ZERO}`, payload: { title: 'a', body: 'b' }, allowed: ['support', 'superadmin'] },
    { method: 'DELETE', url: `/api/support/canned/${ZERO}`, allowed: ['support', 'superadmin'] },
    { method: 'GET', url: '/api/support/disputes', allowed: ['support', 'superadmin'] },
    { method: 'GET', url: `/api/support/disputes/${ZERO}`, allowed: ['support', 'superadmin'] },
    { method: 'POST', url: `/api/support/disputes/${ZERO}/resolve`, payload: { resolution: 'rejected', notes: 'x' }, allowed: ['support', 'superadmin'] },
    { method: 'POST', url: `/api/client/tickets/${ZERO}/rate`, payload: { rating: 5 }, allowed: ['customer'] },
    { method: 'GET', url: '/api/client/disputes', allowed: ['customer'] },
    { method: 'POST', url: '/api/client/disputes', payload: { voucherId: ZERO, type: 'other', description: 'x' }, allowed: ['customer'] },
    { method: 'GET', url: '/api/partner/disputes', allowed: ['partner_owner', 'partner_staff'] },
    { method: 'POST', url: `/api/partner/disputes/${ZERO}/respond`, payload: { message: 'x' }, allowed: ['partner_owner', 'partner_staff'] },
  ];
  itGuardsEachEndpoint(t, cookies, ENDPOINTS);
});

describe('tickets desk', () => {
  it('lists customer and partner tickets in one queue, searchable by title, name, e-mail and id, paginated', async () => {
    const id = await newTicket(amina, 'Coffret jamais reçu', 'high');
    const partnerTicket = await t.request({
      method: 'POST',
      url: '/api/partner/tickets',
      cookie: cookies.partner_owner,
      payload: { title: 'Scanner en panne', description: 'Le scanner ne lit plus les QR.', category: 'technique', priority: 'urgent' },
    });
    expect(partnerTicket.statusCode).toBe(201);
    const list = (q: string) => t.request({ method: 'GET', url: `/api/support/tickets?${q}`, cookie: cookies.support }).then((r) => r.json());
    const all = await list('');
    expect(all.tickets.map((x: { title: string }) => x.title)).toEqual(expect.arrayContaining(['Coffret jamais reçu', 'Scanner en panne']));
    const mine = all.tickets.find((x: { id: string }) => x.id === id);
    expect(mine).toMatchObject({ status: 'open', assignee: null, requester: { email: amina.email, kind: 'customer' } });
    expect(all.tickets.find((x: { title: string }) => x.title === 'Scanner en panne').requester.kind).toBe('partner');
    expect((await list('q=jamais')).tickets.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await list(`q=${encodeURIComponent(amina.email)}`)).tickets.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await list('q=amina%20test')).tickets.map((x: { id: string }) => x.id)).toContain(id);
    expect((await list(`q=${id.slice(0, 8)}`)).tickets.map((x: { id: string }) => x.id)).toEqual([id]);
    expect((await list('priority=urgent')).tickets.every((x: { priority: string }) => x.priority === 'urgent')).toBe(true);
    const page = await list('pageSize=1');
    expect(page.tickets).toHaveLength(1);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(all.kpis.unassigned).toBe(all.kpis.open);
    const overview = (await t.request({ method: 'GET', url: '/api/support/overview', cookie: cookies.support })).json();
    expect(overview.kpis.unassigned).toBe(all.kpis.unassigned);
  });

  it('assigns to oneself or to another agent, never to a non-agent', async () => {
    const id = await newTicket(karim, 'Code refusé');
    const self = await t.request({ method: 'POST', url: `/api/support/tickets/${id}/assign`, cookie: cookies.support, payload: {} });
    expect(self.statusCode).toBe(200);
    expect(self.json().ticket).toMatchObject({ status: 'assigned', assignee: { id: supportId } });
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, ACCOUNTS.superadmin));
    const other = await t.request({ method: 'POST', url: `/api/support/tickets/${id}/assign`, cookie: cookies.support, payload: { agentId: admin!.id } });
    expect(other.json().ticket.assignee.id).toBe(admin!.id);
    const bad = await t.request({ method: 'POST', url: `/api/support/tickets/${id}/assign`, cookie: cookies.support, payload: { agentId: amina.id } });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().error.code).toBe('AGENT_NOT_FOUND');
    const mine = (await t.request({ method: 'GET', url: `/api/support/tickets?assignee=${admin!.id}`, cookie: cookies.support })).json();
    expect(mine.tickets.map((x: { id: string }) => x.id)).toContain(id);
  });

  it('offers « Assigner à… » only agents whose account is active: an invited agent who never activated it is neither listed nor assignable', async () => {
    const invite = await t.request({
      method: 'POST',
      url: '/api/admin/users',
      cookie: cookies.superadmin,
      payload: { email: `agent-${Date.now()}@test.farha.dz`, firstName: 'Nadia', lastName: 'Invitée', role: 'support' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const invitedId = invite.json().user.id as string;
    const desk = (await t.request({ method: 'GET', url: '/api/support/tickets', cookie: cookies.support })).json();
    expect(desk.agents.map((a: { id: string }) => a.id)).toContain(supportId);
    expect(desk.agents.map((a: { id: string }) => a.id)).not.toContain(invitedId);
    const id = await newTicket(karim, 'Pour une agente invitée');
    const res = await t.request({ method: 'POST', url: `/api/support/tickets/${id}/assign`, cookie: cookies.support, payload: { agentId: invitedId } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('AGENT_NOT_FOUND');
  });

  it('keeps internal notes from the requester; a reply reaches their help centre and their mailbox in their language', async () => {
    await t.database.db.update(users).set({ locale: 'ar' }).where(eq(users.id, karim.id));
    const id = await newTicket(karim, 'Question sur mon voucher');
    clock.advance(20 * 60_000);
    const note = await t.request({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      cookie: cookies.support,
      payload: { message: 'Client déjà rappelé hier', internal: true },
    });
    expect(note.statusCode).toBe(201);
    expect(note.json().message).toBe('Note interne ajoutée');
    expect(note.json().ticket.firstResponseAt).toBeNull();
    clock.advance(60_000);
    const answer = await t.request({
      method: 'POST',
      url: `/api/support/tickets/${id}/messages`,
      cookie: cookies.support,
      payload: { message: 'Votre voucher est valable, bonne journée.', status: 'resolved' },
    });
    expect(answer.statusCode).toBe(201);
    const ticket = answer.json().ticket;
    expect(ticket).toMatchObject({ status: 'resolved', responseMinutes: 21, responseTone: 'green', slaBreached: false });
    expect(ticket.messages.map((m: { internal: boolean }) => m.internal)).toEqual([true, false]);

    const seen = (await t.request({ method: 'GET', url: `/api/client/tickets/${id}`, cookie: karim.cookie })).json();
    expect(seen.messages.map((m: { message: string }) => m.message)).toEqual(['Votre voucher est valable, bonne journée.']);
    expect(JSON.stringify(seen)).not.toContain('rappelé');
    expect(seen.status).toBe('resolved');
    const mails = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, karim.email), eq(emailOutbox.template, 'support-reply')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe('ar');
    expect(mails[0]!.text).toContain('Votre voucher est valable');
    expect(mails[0]!.text).not.toContain('rappelé');
    // Resolved, the requester rates the answer; only their own ticket.
    const rate = (cookie: string, rating: number) => t.request({ method: 'POST', url: `/api/client/tickets/${id}/rate`, cookie, payload: { rating } });
    expect((await rate(amina.cookie, 5)).statusCode).toBe(404);
    expect((await rate(karim.cookie, 6)).statusCode).toBe(400);
    const rated = await rate(karim.cookie, 4);
    expect(rated.statusCode).toBe(200);
    expect(rated.json().ticket.satisfaction).toBe(4);
    expect((await t.request({ method: 'GET', url: `/api/support/tickets/${id}`, cookie: cookies.support })).json().satisfaction).toBe(4);
    const kpis = (await t.request({ method: 'GET', url: '/api/support/tickets', cookie: cookies.support })).json().kpis;
    expect(kpis.resolvedToday).toBeGreaterThanOrEqual(1);
    // The median over every answered ticket of the desk (the demo's history included), in business minutes.
    const answered = await t.database.db
      .select({ createdAt: supportTickets.createdAt, firstResponseAt: supportTickets.firstResponseAt })
      .from(supportTickets)
      .where(isNotNull(supportTickets.firstResponseAt));
    const minutes = answered.map((r) => businessMinutesBetween(r.createdAt, r.firstResponseAt!)).sort((a, b) => a - b);
    expect(minutes).toContain(21);
    const mid = minutes.length >> 1;
    expect(kpis.medianFirstResponseMinutes).toBe(Math.round(minutes.length % 2 ? minutes[mid]! : (minutes[mid - 1]! + minutes[mid]!) / 2));
  });

  it('counts an urgent ticket unanswered after an hour as an SLA breach, red badge', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/support/tickets', cookie: cookies.support })).json().kpis.slaBreaches;
    const id = await t.request({
      method: 'POST',
      url: '/api/partner/tickets',
      cookie: cookies.partner_owner,
      payload: { title: 'Paiement bloqué', description: 'Urgent', category: 'paiements', priority: 'urgent' },
    }).then((r) => r.json().ticket.id as string);
    clock.advance(3 * HOUR_MS);
    const detail = (await t.request({ method: 'GET', url: `/api/support/tickets/${id}`, cookie: cookies.support })).json();
    expect(detail).toMatchObject({ slaBreached: true, responseTone: 'red', responseMinutes: 180 });
    expect(detail.context.partner).toMatchObject({ id: PARTNER1_ID });
    const after = (await t.request({ method: 'GET', url: '/api/support/tickets', cookie: cookies.support })).json().kpis.slaBreaches;
    expect(after).toBeGreaterThan(before);
  });

  it('refuses a reply on a closed ticket', async () => {
    const id = await newTicket(amina, 'À fermer');
    expect((await t.request({ method: 'POST', url: `/api/client/tickets/${id}/rate`, cookie: amina.cookie, payload: { rating: 3 } })).json().error.code).toBe('TICKET_NOT_RESOLVED');
    await t.request({ method: 'POST', url: `/api/support/tickets/${id}/messages`, cookie: cookies.support, payload: { message: 'Fermé.', status: 'closed' } });
    const res = await t.request({ method: 'POST', url: `/api/support/tickets/${id}/messages`, cookie: cookies.support, payload: { message: 'Encore' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TICKET_CLOSED');
  });

  it('shows the requester context: orders and vouchers', async () => {
    const voucher = await aminaVoucherAtPartner1();
    const id = await newTicket(amina, 'Contexte');
    const detail = (await t.request({ method: 'GET', url: `/api/support/tickets/${id}`, cookie: cookies.support })).json();
    expect(detail.context.vouchers.map((v: { code: string }) => v.code)).toContain(voucher.code);
    expect(detail.context.orders.length).toBeGreaterThan(0);
    expect(detail.context.vouchers.find((v: { code: string }) => v.code === voucher.code).boxNameAr).toMatch(ARABIC);
    expect(detail.context.orders[0].boxNameAr).toMatch(ARABIC);
    expect(detail.context.reservations[0]).toMatchObject({ status: 'declined' });
  });

  it('manages canned responses', async () => {
    const created = await t.request({ method: 'POST', url: '/api/support/canned', cookie: cookies.support, payload: { title: 'Bienvenue', body: 'Bonjour, merci de votre message.' } });
    expect(created.statusCode).toBe(201);
    const id = created.json().response.id;
    await t.request({ method: 'PUT', url: `/api/support/canned/${id}`, cookie: cookies.support, payload: { title: 'Bienvenue', body: 'Bonjour !' } });
    const list = (await t.request({ method: 'GET', url: '/api/support/canned', cookie: cookies.superadmin })).json().responses;
    expect(list).toContainEqual(expect.objectContaining({ id, body: 'Bonjour !' }));
    expect((await t.request({ method: 'DELETE', url: `/api/support/canned/${id}`, cookie: cookies.support })).statusCode).toBe(200);
    expect((await t.request({ method: 'DELETE', url: `/api/support/canned/${id}`, cookie: cookies.support })).statusCode).toBe(404);
  });
});

describe('disputes', () => {
  it('a customer cannot dispute a voucher that is not theirs', async () => {
    const voucher = await aminaVoucherAtPartner1();
    const res = await t.request({ method: 'POST', url: '/api/client/disputes', cookie: karim.cookie, payload: { voucherId: voucher.id, type: 'partner_refuse', description: 'Pas à moi' } });
    expect(res.statusCode).toBe(404);
  });

  it('open → partner answers (only its own) → support extends by 30 days; one resolution only', async () => {
    const voucher = await aminaVoucherAtPartner1();
    const opened = await t.request({
      method: 'POST',
      url: '/api/client/disputes',
      cookie: amina.cookie,
      payload: { voucherId: voucher.id, type: 'partner_refuse', description: 'Le hammam a refusé mon voucher.' },
    });
    expect(opened.statusCode).toBe(201);
    const dispute = opened.json().dispute;
    expect(dispute).toMatchObject({ type: 'partner_refuse', status: 'open', priority: 'high', partner: { id: PARTNER1_ID }, voucher: { code: voucher.code, boxName: expect.stringMatching(/\S/), boxNameAr: expect.stringMatching(ARABIC) } });
    const again = await t.request({ method: 'POST', url: '/api/client/disputes', cookie: amina.cookie, payload: { voucherId: voucher.id, type: 'other', description: 'Encore' } });
    expect(again.statusCode).toBe(409);

    const partner2 = await t.login('partenaire2@demo.farha.dz');
    expect((await t.request({ method: 'GET', url: '/api/partner/disputes', cookie: partner2 })).json().disputes.map((d: { id: string }) => d.id)).not.toContain(dispute.id);
    expect((await t.request({ method: 'POST', url: `/api/partner/disputes/${dispute.id}/respond`, cookie: partner2, payload: { message: 'Pas nous' } })).statusCode).toBe(404);
    const seenByPartner = (await t.request({ method: 'GET', url: '/api/partner/disputes', cookie: cookies.partner_staff })).json().disputes;
    expect(seenByPartner.find((d: { id: string }) => d.id === dispute.id).voucher).toMatchObject({ boxName: dispute.voucher.boxName, boxNameAr: dispute.voucher.boxNameAr });
    clock.advance(HOUR_MS);
    const answered = await t.request({ method: 'POST', url: `/api/partner/disputes/${dispute.id}/respond`, cookie: cookies.partner_owner, payload: { message: 'Créneau complet ce jour-là.' } });
    expect(answered.json().dispute.status).toBe('partner_response');

    const noDays = await t.request({ method: 'POST', url: `/api/support/disputes/${dispute.id}/resolve`, cookie: cookies.support, payload: { resolution: 'voucher_extension', notes: 'Geste commercial' } });
    expect(noDays.statusCode).toBe(400);
    const resolved = await t.request({
      method: 'POST',
      url: `/api/support/disputes/${dispute.id}/resolve`,
      cookie: cookies.support,
      payload: { resolution: 'voucher_extension', days: 30, notes: 'Geste commercial' },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().message).toBe('Litige résolu avec succès !');
    const done = resolved.json().dispute;
    expect(done.status).toBe('resolved');
    expect(done.resolution).toMatchObject({ type: 'voucher_extension', notes: 'Geste commercial' });
    expect(done.timeline.map((e: { action: string }) => e.action)).toEqual(['opened', 'partner_response', 'resolved']);
    const [after] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.expiresAt.getTime() - voucher.expiresAt.getTime()).toBe(30 * 24 * HOUR_MS);
    expect(after!.status).toBe('EXTENDED');
    expect(after!.holderUserId).toBe(amina.id);
    const twice = await t.request({ method: 'POST', url: `/api/support/disputes/${dispute.id}/resolve`, cookie: cookies.support, payload: { resolution: 'rejected', notes: 'x' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('DISPUTE_ALREADY_RESOLVED');
    const mine = (await t.request({ method: 'GET', url: '/api/client/disputes', cookie: amina.cookie })).json().disputes;
    expect(mine[0]).toMatchObject({ id: dispute.id, status: 'resolved' });
  });

  it('an Arabic customer and partner read the dispute named in Arabic, and an agent finds it by its Arabic title', async () => {
    const db = t.database.db;
    const salima = await newCustomer(t, 'salima');
    await db.update(users).set({ locale: 'ar' }).where(eq(users.id, salima.id));
    // The partner's address is its owner's account, read in Arabic.
    const [partner] = await db.select({ email: partners.email }).from(partners).where(eq(partners.id, PARTNER1_ID));
    const owner = ACCOUNTS.partner_owner;
    await db.update(partners).set({ email: owner }).where(eq(partners.id, PARTNER1_ID));
    await db.update(users).set({ locale: 'ar' }).where(eq(users.email, owner));
    try {
      const voucher = await aminaVoucherAtPartner1(salima);
      const opened = await t.request({ method: 'POST', url: '/api/client/disputes', cookie: salima.cookie, payload: { voucherId: voucher.id, type: 'partner_refuse', description: 'رفض الحمام قسيمتي.' } });
      expect(opened.statusCode).toBe(201);
      const dispute = opened.json().dispute;
      const { boxName, boxNameAr } = dispute.voucher as { boxName: string; boxNameAr: string };
      expect(boxNameAr).toMatch(ARABIC);
      const resolved = await t.request({ method: 'POST', url: `/api/support/disputes/${dispute.id}/resolve`, cookie: cookies.support, payload: { resolution: 'rejected', notes: 'لا يوجد ما يثبت الرفض.' } });
      expect(resolved.statusCode).toBe(200);

      const arabicTitle = `رفض الشريك — ${boxNameAr}`;
      const toCustomer = await mailsTo(db, salima.email, 'dispute-update');
      const toPartner = await mailsTo(db, owner, 'dispute-update');
      expect(toCustomer).toHaveLength(1);
      expect(toPartner).toHaveLength(2);
      for (const mail of [...toCustomer, ...toPartner]) {
        expect(mail.locale).toBe('ar');
        expect(mail.subject).toBe(`نزاع: ${arabicTitle}`);
        for (const body of [mail.subject, mail.text, mail.html]) {
          expect(body).not.toContain('Refus du partenaire');
          expect(body).not.toContain(boxName);
        }
      }
      expect(toPartner[1]!.text).toContain(`«${arabicTitle}»`);

      // The agents' search finds it by its Arabic type and box name, with or without short vowels.
      const found = async (q: string) =>
        (await t.request({ method: 'GET', url: `/api/support/disputes?status=all&q=${encodeURIComponent(q)}`, cookie: cookies.support })).json().disputes.map((d: { id: string }) => d.id);
      expect(await found('رَفْض الشَّرِيك')).toContain(dispute.id);
      expect(await found(boxNameAr)).toContain(dispute.id);
      expect(await found(arabicTitle)).toContain(dispute.id);
      expect(await found('جودة الخدمة')).not.toContain(dispute.id);
      expect(await found('طائرة')).not.toContain(dispute.id);
    } finally {
      await db.update(partners).set({ email: partner!.email }).where(eq(partners.id, PARTNER1_ID));
      await db.update(users).set({ locale: 'fr' }).where(eq(users.email, owner));
    }
  });

  it('a whole refund marks the order refunded, as the buyer’s own refund does', async () => {
    const voucher = await aminaVoucherAtPartner1();
    const dispute = (
      await t.request({ method: 'POST', url: '/api/client/disputes', cookie: amina.cookie, payload: { voucherId: voucher.id, type: 'service_quality', description: 'Service absent.' } })
    ).json().dispute;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, voucher.orderId!));
    const res = await t.request({ method: 'POST', url: `/api/support/disputes/${dispute.id}/resolve`, cookie: cookies.support, payload: { resolution: 'refund', amount: order!.amount, notes: 'Remboursement total' } });
    expect(res.statusCode, res.body).toBe(200);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(after).toMatchObject({ status: 'refunded', refundedAt: expect.any(Date) });
    expect(await t.database.db.select({ amount: refunds.amount }).from(refunds).where(eq(refunds.voucherId, voucher.id))).toEqual([{ amount: order!.amount }]);
  });

  it('a refund cancels the voucher and queues a refund for finance', async () => {
    const voucher = await aminaVoucherAtPartner1();
    const dispute = (
      await t.request({ method: 'POST', url: '/api/client/disputes', cookie: amina.cookie, payload: { voucherId: voucher.id, type: 'service_quality', description: 'Service décevant.' } })
    ).json().dispute;
    const list = (await t.request({ method: 'GET', url: '/api/support/disputes?status=active', cookie: cookies.support })).json();
    expect(list.kpis.amountAtStake).toBeGreaterThanOrEqual(dispute.amount);
    expect(list.disputes.map((d: { id: string }) => d.id)).toContain(dispute.id);
    // The agents' list: the type code and the box's names, from which the page words the title in French or Arabic.
    expect(list.disputes.find((d: { id: string }) => d.id === dispute.id)).toMatchObject({ type: 'service_quality', voucher: { boxName: dispute.voucher.boxName, boxNameAr: expect.stringMatching(ARABIC) } });
    const res = await t.request({ method: 'POST', url: `/api/support/disputes/${dispute.id}/resolve`, cookie: cookies.support, payload: { resolution: 'refund', amount: 2000, notes: 'Remboursement partiel' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().dispute.resolution).toMatchObject({ type: 'refund', amount: 2000 });
    const [after] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(after!.status).toBe('CANCELLED');
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.voucherId, voucher.id));
    expect(rows).toMatchObject([{ amount: 2000, status: 'pending' }]);
    // Paid back in part, the order stays paid; a whole refund (below) marks it refunded.
    const [partial] = await t.database.db.select().from(orders).where(eq(orders.id, voucher.orderId!));
    expect(partial!.status).not.toBe('refunded');
    // Finance's queue gets the codes its page words the reason from in French or Arabic (decision 009).
    // A fresh login: the earlier tests moved the clock past the first login's session.
    const finance = await t.login(ACCOUNTS.finance);
    const queue = (await t.request({ method: 'GET', url: '/api/admin/refunds?status=pending&pageSize=100', cookie: finance })).json();
    expect(queue.refunds.find((r: { id: string }) => r.id === rows[0]!.id)).toMatchObject({
      reasonCode: 'dispute',
      reasonParams: { type: 'service_quality', boxName: dispute.voucher.boxName, boxNameAr: expect.stringMatching(ARABIC), title: dispute.title },
    });
  });
});

