import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, giftCardMovements, giftCards, ticketMessages, users } from '../../src/db/schema/index.ts';
import { ACCOUNTS, type GuardedEndpoint, itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { mailsTo, newCustomer, type Customer } from '../customer-fixtures.ts';
import { testClock } from '../clock.ts';
import { formatDzd } from '@farha/contracts/money';

// Issue 35 (docs/product/gift-cards.md §9): an agent gives the customer of a ticket or a dispute a goodwill gift
// card, whole dinars up to the setting `payments.gift_card_goodwill_max`, audited, e-mailed like a bought card.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
let amina: Customer;
let karim: Customer;

const post = (url: string, payload: object, cookie = cookies.support) => t.request({ method: 'POST', url, cookie, payload });
const get = (url: string, cookie = cookies.support) => t.request({ method: 'GET', url, cookie });

async function newTicket(who: Customer, title = 'Coffret jamais reçu') {
  const res = await t.request({ method: 'POST', url: '/api/client/tickets', cookie: who.cookie, payload: { title, description: 'Bonjour, mon coffret pose problème.', category: 'commande', priority: 'medium' } });
  expect(res.statusCode).toBe(201);
  return res.json().ticket.id as string;
}

beforeAll(async () => {
  amina = await newCustomer(t, 'amina');
  karim = await newCustomer(t, 'karim');
});

describe('role × endpoint: goodwill gift cards', () => {
  const ZERO = '00000000-0000-4000-8000-000000000000';
  const body = { amount: 1000, reason: 'Retard de livraison' };
  const ENDPOINTS: GuardedEndpoint[] = [
    { method: 'GET', url: `/api/support/tickets/${ZERO}/gift-cards`, allowed: ['support', 'superadmin'] },
    { method: 'POST', url: `/api/support/tickets/${ZERO}/gift-cards`, payload: body, allowed: ['support', 'superadmin'] },
    { method: 'GET', url: `/api/support/disputes/${ZERO}/gift-cards`, allowed: ['support', 'superadmin'] },
    { method: 'POST', url: `/api/support/disputes/${ZERO}/gift-cards`, payload: body, allowed: ['support', 'superadmin'] },
  ];
  // Past the guard, an unknown ticket or dispute is a 404.
  itGuardsEachEndpoint(t, cookies, ENDPOINTS, { answers: [404] });
});

describe('a goodwill card from a ticket', () => {
  it('issues a CC- card to the ticket’s customer, e-mails it in their language, notes it on the ticket and audits it', async () => {
    const ticketId = await newTicket(amina);
    const res = await post(`/api/support/tickets/${ticketId}/gift-cards`, { amount: 5000, reason: 'Retard de livraison', message: 'Toutes nos excuses pour ce retard.' });
    expect(res.statusCode).toBe(201);
    const { giftCard, message } = res.json();
    expect(message).toBe('Carte cadeau envoyée au client');
    expect(giftCard).toMatchObject({ amount: 5000, balance: 5000, status: 'active', recipientEmail: amina.email, reason: 'Retard de livraison', ticketId, disputeId: null });
    expect(giftCard.code).toMatch(/^CC-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);

    const [row] = await t.database.db.select().from(giftCards).where(eq(giftCards.code, giftCard.code));
    expect(row).toMatchObject({ source: 'goodwill', orderId: null, purchaserId: null, reason: 'Retard de livraison', ticketId, initialAmount: 5000 });
    expect(await t.database.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, row!.id))).toMatchObject([{ kind: 'issued', amount: 5000, balanceAfter: 5000 }]);

    const [mail] = await mailsTo(t.database.db, amina.email, 'gift-card-goodwill');
    expect(mail!.subject).toBe(`L’équipe Farha vous offre une carte cadeau de ${formatDzd(5000)} 🎁`);
    expect(mail!.text).toContain(giftCard.code);
    expect(mail!.text).toContain('Toutes nos excuses pour ce retard.');
    expect(mail!.text).not.toContain('Retard de livraison');

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'support.gift_card_goodwill'), eq(auditLog.entityId, row!.id)));
    expect(entry).toMatchObject({
      actorEmail: ACCOUNTS.support,
      actorRole: 'support',
      entityType: 'gift_card',
      params: { code: giftCard.code, amount: 5000, customer: amina.email, reason: 'Retard de livraison', ticketId, disputeId: null },
    });

    const notes = await t.database.db.select().from(ticketMessages).where(eq(ticketMessages.ticketId, ticketId));
    expect(notes.find((n) => n.internal && n.body.includes(giftCard.code))?.body).toContain(formatDzd(5000));

    // The ticket's view lists it, with the ceiling; the card's balance page reads it.
    const list = (await get(`/api/support/tickets/${ticketId}/gift-cards`)).json();
    expect(list).toMatchObject({ total: 1, maxAmount: 20_000, giftCards: [{ code: giftCard.code, amount: 5000, issuedBy: expect.any(String) }] });
    const balance = await t.request({ method: 'POST', url: '/api/public/gift-cards/balance', payload: { code: giftCard.code } });
    expect(balance.json()).toMatchObject({ balance: 5000, status: 'active' });
  });

  it('writes it in Arabic for a customer whose account is in Arabic', async () => {
    await t.database.db.update(users).set({ locale: 'ar' }).where(eq(users.id, karim.id));
    const ticketId = await newTicket(karim, 'Partenaire fermé');
    expect((await post(`/api/support/tickets/${ticketId}/gift-cards`, { amount: 2000, reason: 'Partenaire fermé' }, cookies.superadmin)).statusCode).toBe(201);
    const [mail] = await mailsTo(t.database.db, karim.email, 'gift-card-goodwill');
    expect(mail!.subject).toContain('فريق فرحة');
  });

  it('refuses beyond the ceiling of the settings, zero, a negative or a fractional amount, writing nothing', async () => {
    const ticketId = await newTicket(amina, 'Plafond');
    for (const amount of [20_001, 0, -5, 1500.5]) {
      const res = await post(`/api/support/tickets/${ticketId}/gift-cards`, { amount, reason: 'Test' });
      expect({ amount, status: res.statusCode }).toEqual({ amount, status: 400 });
      expect(res.json().error).toMatchObject({ code: 'GOODWILL_AMOUNT', message: `Une carte cadeau de geste commercial est un nombre entier de dinars, de 1 DA à ${formatDzd(20_000)}` });
    }
    expect((await post(`/api/support/tickets/${ticketId}/gift-cards`, { amount: 100, reason: '  ' })).statusCode).toBe(400);
    expect((await get(`/api/support/tickets/${ticketId}/gift-cards`)).json().total).toBe(0);
    // The exact ceiling passes.
    expect((await post(`/api/support/tickets/${ticketId}/gift-cards`, { amount: 20_000, reason: 'Plafond' })).statusCode).toBe(201);

    // The superadmin lowers the ceiling: the desk follows at once.
    const saved = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { payments: { gift_card_goodwill_max: 3000 } } });
    expect(saved.statusCode).toBe(200);
    const refused = await post(`/api/support/tickets/${ticketId}/gift-cards`, { amount: 3001, reason: 'Plafond' });
    expect(refused.json().error).toMatchObject({ code: 'GOODWILL_AMOUNT', message: `Une carte cadeau de geste commercial est un nombre entier de dinars, de 1 DA à ${formatDzd(3000)}` });
    expect((await get(`/api/support/tickets/${ticketId}/gift-cards`)).json()).toMatchObject({ total: 1, maxAmount: 3000 });
    await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { payments: { gift_card_goodwill_max: 20_000 } } });
  });

  it('refuses a partner’s ticket (409)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/partner/tickets',
      cookie: cookies.partner_owner,
      payload: { title: 'Scanner en panne', description: 'Le scanner ne lit plus les QR.', category: 'technique', priority: 'low' },
    });
    const refused = await post(`/api/support/tickets/${res.json().ticket.id}/gift-cards`, { amount: 1000, reason: 'Test' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('GOODWILL_PARTNER_TICKET');
  });
});

describe('a goodwill card from a dispute', () => {
  it('goes to the dispute’s customer, listed on the dispute and on the ticket it came from', async () => {
    const ticketId = await newTicket(karim, 'Litige');
    const opened = await post(`/api/support/tickets/${ticketId}/dispute`, { type: 'service_quality', description: 'Prestation écourtée' });
    expect(opened.statusCode).toBe(201);
    const disputeId = opened.json().dispute.id as string;
    const res = await post(`/api/support/disputes/${disputeId}/gift-cards`, { amount: 4000, reason: 'Prestation écourtée' });
    expect(res.statusCode).toBe(201);
    expect(res.json().giftCard).toMatchObject({ recipientEmail: karim.email, disputeId, ticketId, amount: 4000 });
    expect((await get(`/api/support/disputes/${disputeId}/gift-cards`)).json()).toMatchObject({ total: 1, giftCards: [{ disputeId }] });
    expect((await get(`/api/support/tickets/${ticketId}/gift-cards`)).json().total).toBe(1);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'support.gift_card_goodwill'));
    expect(entries.some((e) => (e.params as { disputeId?: string }).disputeId === disputeId)).toBe(true);
  });
});
