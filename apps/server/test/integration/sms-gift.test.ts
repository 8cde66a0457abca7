import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { smsOutbox, systemSettings } from '../../src/db/schema/index.ts';
import { clearSettingsCache } from '../../src/modules/settings/index.ts';
import { createSmsProvider, enqueueSms, processSmsOutbox } from '../../src/modules/notifications/index.ts';
import { buildTestApp, memoryMailer, payOnSandbox, type TestApp } from '../helpers.ts';
import { at, day, testClock } from '../clock.ts';
import { anActiveBox, giftOrder } from '../customer-fixtures.ts';

const clock = testClock();
let t: TestApp;
let customer: string;
let customerId: string;
let boxId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true, mailer: memoryMailer() });
  customer = await t.login('client@demo.farha.dz');
  customerId = (await t.request({ method: 'GET', url: '/api/auth/me', cookie: customer })).json().user.id;
  boxId = (await anActiveBox(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
});

const post = (patch: Record<string, unknown>, cookie = customer) => t.request({ method: 'POST', url: '/api/orders', cookie, payload: giftOrder(boxId, patch) });
const drainSms = () => processSmsOutbox({ db: t.database.db, sms: createSmsProvider(t.config), clock, log: t.app.log });
const smsFiles = () => {
  const dir = path.join(t.config.dataDir, 'sms');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort().map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))) : [];
};
async function setNotifications(values: Record<string, number>) {
  await t.database.db
    .insert(systemSettings)
    .values({ key: 'notifications', value: values, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: values } });
  clearSettingsCache();
}

describe('checkout: « Envoyer aussi par SMS »', () => {
  it.each([
    [{ sendSms: true }, 'Indiquez le numéro de mobile du destinataire pour l’envoi par SMS'],
    [{ sendSms: true, recipientPhone: '05 55' }, 'Format de téléphone invalide'],
    [{ sendSms: true, recipientPhone: '021 23 45 67' }, 'Ce numéro ne peut pas recevoir de SMS : indiquez un numéro de mobile'],
  ])('refuses %o naming the phone field', async (patch, message) => {
    const res = await post(patch);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'recipientPhone', message });
  });

  it('texts the recipient on the delivery day, in Arabic, with the sender, the box, the code and the link', async () => {
    const created = await post({ deliverAt: day(3), recipientPhone: '0661 23 45 67', sendSms: true, recipientLocale: 'ar' });
    expect(created.statusCode, created.body).toBe(201);
    const { orderId, checkoutUrl } = created.json();
    await payOnSandbox(t.config.publicUrl, checkoutUrl);
    const paid = (await t.request({ method: 'GET', url: `/api/orders/${orderId}`, cookie: customer })).json();
    expect(paid).toMatchObject({ recipientPhone: '+213661234567', recipientSms: true });
    const code: string = paid.voucher.code;

    await drainSms();
    expect(smsFiles().filter((f) => f.body.includes(code))).toEqual([]);

    clock.set(at(3, '08:00:01'));
    await drainSms();
    const [file] = smsFiles().filter((f) => f.body.includes(code));
    expect(file).toMatchObject({ to: '+213661234567', kind: 'gift', encoding: 'UCS-2' });
    expect(file.body).toContain('Amina');
    expect(file.body).toContain(`${t.config.publicUrl}/v/${code}`);
    expect(file.segments).toBeLessThanOrEqual(2);

    const admin = await t.login('admin@demo.farha.dz');
    const box = await t.request({ method: 'GET', url: '/api/demo/mailbox/sms?to=0661234567', cookie: admin });
    expect(box.statusCode, box.body).toBe(200);
    // The demo mailbox shows the text as written to its file: no phone got it, so never « delivered » (ADR 017).
    expect(box.json().messages[0]).toMatchObject({ to: '+213661234567', kind: 'gift', status: 'written', locale: 'ar', body: file.body, deliveredAt: null });
    clock.set(at(0, '10:30:00'));
  });
});

describe('SMS limits (issue 25)', () => {
  it('allows a few texts to one number per hour, then per day, whoever asks, with clear messages', async () => {
    // Issue 32: an open (unpaid) order counts like a queued text: two texts and one order by the first hour.
    await setNotifications({ sms_per_number_per_hour: 2, sms_per_number_per_day: 4, sms_per_customer_per_day: 50 });
    const to = '+213770000001';
    const someone = (await t.request({ method: 'POST', url: '/api/auth/register', payload: { email: 'karim.limit@example.dz', password: 'secret123', firstName: 'Karim', lastName: 'L' } }));
    const other = String(someone.headers['set-cookie']).split(';')[0]!;
    const otherId = someone.json().user.id as string;
    const sent = (by: string) => enqueueSms(t.database.db, { to, body: 'Farha : test', kind: 'gift', locale: 'fr', now: clock.now(), requestedBy: by });

    await sent(customerId);
    expect((await post({ recipientPhone: '0770 00 00 01', sendSms: true })).statusCode).toBe(201);
    await sent(customerId);
    // Another customer cannot flood the same number either.
    const hourly = await post({ recipientPhone: '0770000001', sendSms: true }, other);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().error).toMatchObject({ field: 'recipientPhone', message: 'Trop de SMS envoyés à ce numéro. Réessayez dans une heure.' });

    clock.set(new Date(clock.now().getTime() + 61 * 60_000));
    expect((await post({ recipientPhone: '0770000001', sendSms: true }, other)).statusCode).toBe(201);
    await sent(otherId);
    // That hour now holds a text and an open order: room is made in it to reach the daily limit.
    await setNotifications({ sms_per_number_per_hour: 3, sms_per_number_per_day: 4, sms_per_customer_per_day: 50 });
    const daily = await post({ recipientPhone: '0770000001', sendSms: true }, other);
    expect(daily.statusCode).toBe(429);
    expect(daily.json().error.message).toBe('Trop de SMS envoyés à ce numéro aujourd’hui. Réessayez demain.');
    // Without SMS the order goes through.
    expect((await post({ recipientPhone: '0770000001' }, other)).statusCode).toBe(201);
  });

  it('allows a customer a few texts a day in all', async () => {
    await setNotifications({ sms_per_customer_per_day: 2 });
    for (const n of ['+213550000011', '+213550000012']) {
      await enqueueSms(t.database.db, { to: n, body: 'Farha : test', kind: 'gift', locale: 'fr', now: clock.now(), requestedBy: customerId });
    }
    const res = await post({ recipientPhone: '0550000013', sendSms: true });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe('Vous avez atteint la limite de 2 SMS par jour. Réessayez demain.');
    await setNotifications({});
  });

  it('counts each text’s parts and cost from the setting', async () => {
    await setNotifications({ sms_cost_per_segment: 7 });
    const id = await enqueueSms(t.database.db, { to: '+213550000099', body: 'ب'.repeat(71), kind: 'ticket-answered', locale: 'ar', now: clock.now() });
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id!));
    expect(row).toMatchObject({ encoding: 'UCS-2', segments: 2, cost: 14, status: 'queued' });
    await setNotifications({});
  });
});
