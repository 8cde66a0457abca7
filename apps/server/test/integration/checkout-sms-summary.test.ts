import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { emailOutbox } from '../../src/db/schema/index.ts';
import { buildTestApp, memoryMailer, payOnSandbox, type TestApp } from '../helpers.ts';
import { day, testClock } from '../clock.ts';
import { anActiveBox, giftOrder } from '../customer-fixtures.ts';

// Issue 34: the gift that also goes by text says so, with the number, on the order and the receipt; « Envoyer
// aussi par SMS » without a number is refused on the number's field before anything else is looked at.
const clock = testClock();
let t: TestApp;
let customer: string;
let boxId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, listen: true, mailer: memoryMailer() });
  customer = await t.login('client@demo.farha.dz');
  boxId = (await anActiveBox(t.database.db)).id;
});
afterAll(async () => {
  await t.close();
});

const post = (patch: Record<string, unknown>, box = boxId) => t.request({ method: 'POST', url: '/api/orders', cookie: customer, payload: giftOrder(box, patch) });
const receipts = () => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'receipt'));

describe('« Envoyer aussi par SMS » without a number', () => {
  it.each([{ sendSms: true }, { sendSms: true, recipientPhone: '' }, { sendSms: true, recipientPhone: null }])('refuses %o on the phone field, in French', async (patch) => {
    const res = await post(patch);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'recipientPhone', message: 'Indiquez le numéro de mobile du destinataire pour l’envoi par SMS' });
  });

  it('says so even when the order would fail for another reason (an unknown box)', async () => {
    const res = await post({ sendSms: true }, randomUUID());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ field: 'recipientPhone' });
  });
});

describe('the receipt of a gift that also goes by text', () => {
  it('names the number the text goes to; an e-mail-only gift says nothing of SMS', async () => {
    const before = new Set((await receipts()).map((m) => m.id));
    const withSms = await post({ deliverAt: day(2), recipientPhone: '0661 23 45 68', sendSms: true });
    expect(withSms.statusCode, withSms.body).toBe(201);
    await payOnSandbox(t.config.publicUrl, withSms.json().checkoutUrl);
    const order = (await t.request({ method: 'GET', url: `/api/orders/${withSms.json().orderId}`, cookie: customer })).json();
    expect(order).toMatchObject({ recipientPhone: '+213661234568', recipientSms: true });
    const [receipt] = (await receipts()).filter((m) => !before.has(m.id));
    expect(receipt?.text).toContain('Aussi par SMS : au +213 661 23 45 68, le même jour');
    expect(receipt?.html).toContain('+213 661 23 45 68');

    const seen = new Set((await receipts()).map((m) => m.id));
    const mailOnly = await post({ recipientPhone: '0661 23 45 69' });
    expect(mailOnly.statusCode, mailOnly.body).toBe(201);
    await payOnSandbox(t.config.publicUrl, mailOnly.json().checkoutUrl);
    const [plain] = (await receipts()).filter((m) => !seen.has(m.id));
    expect(plain?.text).toBeDefined();
    expect(plain!.text).not.toContain('SMS');
  });
});
