import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { smsOutbox } from '../../src/db/schema/index.ts';
import { newCustomer } from '../customer-fixtures.ts';
import { sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

async function ticketOf(cookie: string, title: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/client/tickets', cookie, payload: { title, description: 'Bonjour, ma réservation ?', category: 'autre', priority: 'low' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().ticket.id as string;
}
const answer = (id: string) => t.request({ method: 'POST', url: `/api/support/tickets/${id}/messages`, cookie: cookies.support, payload: { message: 'Voici la réponse.' } });
const textsTo = (phone: string) => t.database.db.select().from(smsOutbox).where(and(eq(smsOutbox.toNumber, phone), eq(smsOutbox.kind, 'ticket-answered')));

describe('notices by SMS follow the person’s preference (issue 25)', () => {
  it('tells a customer by SMS that support answered, in their language, only with "SMS notifications" on', async () => {
    const off = await newCustomer(t, 'sms-off');
    const save = (cookie: string, email: string, sms: boolean, phone: string, locale: 'fr' | 'ar') =>
      t.request({ method: 'PATCH', url: '/api/client/profile', cookie, payload: { firstName: 'Lina', lastName: 'Haddad', email, phone, locale, preferences: { smsNotifications: sms } } });
    expect((await save(off.cookie, off.email, false, '0550 11 22 33', 'fr')).statusCode).toBe(200);
    expect((await answer(await ticketOf(off.cookie, 'Sans SMS'))).statusCode).toBe(201);
    expect(await textsTo('+213550112233')).toEqual([]);

    const on = await newCustomer(t, 'sms-on');
    expect((await save(on.cookie, on.email, true, '0550 11 22 44', 'ar')).statusCode).toBe(200);
    expect((await answer(await ticketOf(on.cookie, 'Mon bon'))).statusCode).toBe(201);
    const [sms] = await textsTo('+213550112244');
    expect(sms).toMatchObject({ locale: 'ar', encoding: 'UCS-2', status: 'queued' });
    expect(sms!.body).toContain('Mon bon');
    expect(sms!.body).toContain(`${t.config.publicUrl}/client/support`);
    expect(sms!.segments).toBeLessThanOrEqual(2);
  });
});
