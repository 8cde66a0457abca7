import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema/index.ts';
import { enqueueSms, optOutOfSms } from '../../src/modules/notifications/index.ts';
import { ACCOUNTS, itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

describe('role × endpoint: the SMS views (issue 25)', () => {
  itGuardsEachEndpoint(t, cookies, [
    // The demo mailbox is the back office's and support's (logistics reads the texts of the parcels it ships, issue 38).
    { method: 'GET', url: '/api/demo/mailbox/sms', allowed: ['superadmin', 'finance', 'catalog_admin', 'logistics', 'support'] },
    { method: 'GET', url: '/api/admin/analytics/sms?days=7', allowed: ['superadmin', 'finance'] },
  ]);

  it('answers Twilio’s callbacks only when Twilio is the provider, to anyone', async () => {
    for (const url of ['/api/sms/twilio/status', '/api/sms/twilio/inbound']) {
      const res = await t.request({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'From=%2B213555000001&Body=STOP' });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Fournisseur de SMS inconnu');
    }
  });
});

describe('support and analytics see the texts', () => {
  it('shows a customer’s texts and a STOP on their diagnostics', async () => {
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.customer));
    const phone = '+213555001122';
    await t.database.db.update(users).set({ phone }).where(eq(users.id, customer!.id));
    await enqueueSms(t.database.db, { to: phone, body: 'Farha : le support a répondu à votre demande.', kind: 'ticket-answered', locale: 'fr', now: clock.now(), userId: customer!.id });
    await enqueueSms(t.database.db, { to: '+213555009999', body: 'Un proche vous offre un coffret.', kind: 'gift', locale: 'fr', now: clock.now(), requestedBy: customer!.id });
    await enqueueSms(t.database.db, { to: '+213555008888', body: 'Pas pour elle.', kind: 'gift', locale: 'fr', now: clock.now() });
    let res = await t.request({ method: 'GET', url: `/api/support/users/${customer!.id}/diagnostics`, cookie: cookies.support });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sms.map((m: { kind: string; to: string }) => `${m.kind} ${m.to}`).sort()).toEqual(['gift +213555009999', `ticket-answered ${phone}`]);
    expect(res.json().smsOptedOut).toBe(false);
    await optOutOfSms(t.database.db, phone, 'stop', clock.now());
    res = await t.request({ method: 'GET', url: `/api/support/users/${customer!.id}/diagnostics`, cookie: cookies.support });
    expect(res.json()).toMatchObject({ smsOptedOut: true });
    expect(res.json().sms.find((m: { kind: string }) => m.kind === 'ticket-answered')).toMatchObject({ status: 'failed', error: 'opted out' });
  });

  it('counts texts, parts and their cost per day', async () => {
    const before = (await t.request({ method: 'GET', url: '/api/admin/analytics/sms?days=7', cookie: cookies.finance })).json();
    await enqueueSms(t.database.db, { to: '+213661000001', body: 'ب'.repeat(100), kind: 'gift', locale: 'ar', now: clock.now() });
    const res = await t.request({ method: 'GET', url: '/api/admin/analytics/sms?days=7', cookie: cookies.finance });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.days).toHaveLength(7);
    const today = body.days.at(-1);
    const was = before.days.at(-1);
    expect(today).toMatchObject({ messages: was.messages + 1, segments: was.segments + 2, cost: was.cost + 2 * body.costPerSegment });
    expect(body.totals.cost).toBe(before.totals.cost + 2 * body.costPerSegment);
  });
});
