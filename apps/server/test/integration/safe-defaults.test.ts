import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERRORS } from '@farha/contracts/errors';
import { boxes, orders } from '../../src/db/schema/index.ts';
import { ACCOUNTS, buildTestApp, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 32 / ADR 017: outside demo mode nothing pretends to take money or to reach a phone. A test site (the
// sandbox chosen with ALLOW_SANDBOX_PAYMENTS=true) says so on every page; texts are offered only through a
// real provider. (loadConfig's refusal to start with the sandbox unchosen: unit/config.test.ts.)

const TEST_SITE = { DEMO_MODE: 'false', ALLOW_SANDBOX_PAYMENTS: 'true' };
const TWILIO = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'x'.repeat(32), TWILIO_FROM: 'Farha', TWILIO_API_URL: 'http://127.0.0.1:9' };

async function withApp(env: Record<string, string>, run: (t: TestApp, customer: string) => Promise<void>) {
  const t = await buildTestApp({ clock: testClock(), env });
  try {
    await run(t, await t.login('client@demo.farha.dz'));
  } finally {
    await t.close();
  }
}

async function orderWithSms(t: TestApp, customer: string, sendSms: boolean) {
  const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
  return t.request({
    method: 'POST',
    url: '/api/orders',
    cookie: customer,
    payload: {
      boxId: box!.id,
      recipientName: 'Nadia Benali',
      recipientEmail: 'nadia.benali@example.dz',
      recipientPhone: '+213661234567',
      sendSms,
      paymentMethod: 'cib',
      termsAccepted: true,
    },
  });
}

describe('a test site: the sandbox outside demo mode, texts written to files', () => {
  it('tells every visitor and every role that payments are test ones and that no text is offered', async () => {
    await withApp(TEST_SITE, async (t) => {
      expect(t.config).toMatchObject({ demoMode: false, paymentProvider: 'sandbox', smsProvider: 'file' });
      const cookies: (string | undefined)[] = [undefined];
      for (const role of Object.keys(ACCOUNTS) as Role[]) cookies.push(await t.login(ACCOUNTS[role]));
      for (const cookie of cookies) {
        const site = await t.request({ method: 'GET', url: '/api/site', ...(cookie ? { cookie } : {}) });
        expect(site.statusCode).toBe(200);
        expect(site.json()).toMatchObject({ testPayments: true, sms: false });
      }
    });
  }, 60_000);

  it('refuses an order asking for a text with the catalogue’s 400, and takes the same order without it', async () => {
    await withApp(TEST_SITE, async (t, customer) => {
      const before = await t.database.db.select().from(orders);
      const refused = await orderWithSms(t, customer, true);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({ code: 'SMS_UNAVAILABLE', field: 'sendSms', message: ERRORS.SMS_UNAVAILABLE.fr });
      expect(ERRORS.SMS_UNAVAILABLE.ar).toMatch(/[\u0600-\u06FF]/);
      // Nothing was made of it: no order, no checkout.
      expect(await t.database.db.select().from(orders)).toHaveLength(before.length);
      const taken = await orderWithSms(t, customer, false);
      expect(taken.statusCode, taken.body).toBe(201);
      expect(taken.json().checkoutUrl).toContain('/pay/sandbox/');
    });
  });
});

describe('outside demo mode with Twilio', () => {
  it('offers texts and takes an order asking for one; the site shows the test-payments banner while the sandbox pays', async () => {
    await withApp({ ...TEST_SITE, ...TWILIO }, async (t, customer) => {
      expect((await t.request({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ testPayments: true, sms: true });
      const res = await orderWithSms(t, customer, true);
      expect(res.statusCode, res.body).toBe(201);
      const [row] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().orderId));
      expect(row).toMatchObject({ recipientSms: true, recipientPhone: '+213661234567' });
    });
  });
});

describe('the demo', () => {
  it('runs the sandbox without the banner and offers texts (the demo mailbox shows them)', async () => {
    await withApp({}, async (t) => {
      expect((await t.request({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ testPayments: false, sms: true });
    });
  });
});
