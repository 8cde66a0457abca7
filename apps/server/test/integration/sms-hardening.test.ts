import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { emailOutbox, partners, smsOptOuts, smsOutbox, systemSettings } from '../../src/db/schema/index.ts';
import { clearSettingsCache } from '../../src/modules/settings/index.ts';
import { enqueueLimitedSms, enqueueSms, isSmsOptedOut, optOutOfSms } from '../../src/modules/notifications/index.ts';
import { checkRecipientRows } from '../../src/modules/companies/index.ts';
import { deliverVoucherBySms } from '../../src/modules/vouchers/index.ts';
import { saveNotificationPreferences } from '../../src/modules/partners/index.ts';
import { DEMO_BOX_ID, makeVoucher, newCustomer, PARTNER1_ID, type Customer } from '../customer-fixtures.ts';
import { ACCOUNTS, itGuardsEachEndpoint, memoryMailer, payOnSandbox, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { day, testClock } from '../clock.ts';

/**
 * Issue 32, "Text messages" and the Twilio half of "Replay windows" (sms-twilio.test.ts has the replay):
 * limits nobody gets past by opening orders first and paying later, mobiles only, a STOP only its holder
 * lifts, and the companies' own limit.
 */
const clock = testClock();
// Listening: the sandbox gateway calls our webhook over HTTP when an order is paid.
const { t, cookies } = sharedTestAppForEveryRole({ clock, listen: true, mailer: memoryMailer() });

const HOUR = 3_600_000;
async function setNotifications(values: Record<string, unknown>) {
  await t.database.db
    .insert(systemSettings)
    .values({ key: 'notifications', value: values, updatedAt: clock.now() })
    .onConflictDoUpdate({ target: systemSettings.key, set: { value: values } });
  clearSettingsCache();
}
const order = (cookie: string, patch: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: '/api/orders',
    cookie,
    payload: { boxId: DEMO_BOX_ID, recipientName: 'Nadia Benali', recipientEmail: 'nadia.sms@example.dz', senderName: 'Amina', paymentMethod: 'cib', termsAccepted: true, sendSms: true, ...patch },
  });
const textsTo = (to: string) => t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, to));
/** Texts that reach the phone (queued, sent, delivered), and those kept as refused. */
async function outcome(to: string) {
  const rows = await textsTo(to);
  return { queued: rows.filter((r) => r.status !== 'failed'), refused: rows.filter((r) => r.status === 'failed' && r.lastError?.startsWith('refused')) };
}
/** The most texts to `to` planned within one hour of each other. */
async function worstHour(to: string): Promise<number> {
  const planned = (await outcome(to)).queued.map((r) => r.plannedAt.getTime());
  return Math.max(0, ...planned.map((at) => planned.filter((other) => other >= at && other < at + HOUR).length));
}

describe('role × endpoint: the code that lifts a STOP (issue 32)', () => {
  const every = Object.keys(ACCOUNTS) as Role[];
  // A number that is not one: past the guard every role is told so (400), anonymous is a 401.
  itGuardsEachEndpoint(t, cookies, [{ method: 'POST', url: '/api/sms/consent/code', payload: { phone: 'x' }, allowed: every }], { answers: [400] });
  itGuardsEachEndpoint(t, cookies, [{ method: 'POST', url: '/api/sms/consent/confirm', payload: { phone: 'x', code: '1' }, allowed: every }], { answers: [400] });
});

describe('limits nobody gets past by opening orders first and paying later (issue 32)', () => {
  let customers: Customer[];
  beforeAll(async () => {
    await setNotifications({});
    customers = [];
    for (let i = 0; i < 4; i++) customers.push(await newCustomer(t, `sms-flood-${i}`));
  });

  it('counts open orders at checkout: of 20 orders to one number opened first and paid later, 3 are accepted and 3 texts leave', async () => {
    const to = '+213550323201';
    const open: string[] = [];
    const recipients: string[] = [];
    for (let i = 0; i < 20; i++) {
      const recipientEmail = `flood${i}@example.dz`;
      const res = await order(customers[i % 4]!.cookie, { recipientPhone: '0550 32 32 01', recipientEmail });
      if (res.statusCode === 201) {
        open.push(res.json().checkoutUrl);
        recipients.push(recipientEmail);
      } else expect(res.json().error).toMatchObject({ code: 'SMS_NUMBER_HOURLY_LIMIT', field: 'recipientPhone' });
    }
    expect(open).toHaveLength(3);
    for (const url of open) expect((await payOnSandbox(t.config.publicUrl, url)).status).toBe(303);
    const { queued, refused } = await outcome(to);
    const worst = await worstHour(to);
    console.info(`[issue 32] texts to one number through unpaid orders: 20 orders by 4 customers, ${open.length} accepted, ${queued.length} texts queued, at most ${worst} in one hour (goal ≤ 3)`);
    expect(queued).toHaveLength(3);
    expect(refused).toEqual([]);
    expect(worst).toBeLessThanOrEqual(3);
  });

  it('checks again when the text is queued: over the limit by then, the text is kept as refused and the voucher’s e-mail still goes', async () => {
    const to = '+213550323204';
    const open: string[] = [];
    const recipients = ['late0@example.dz', 'late1@example.dz', 'late2@example.dz'];
    for (const recipientEmail of recipients) {
      const res = await order(customers[0]!.cookie, { recipientPhone: to, recipientEmail });
      expect(res.statusCode, res.body).toBe(201);
      open.push(res.json().checkoutUrl);
    }
    // Between the orders and their payment the number's hour fills up (here: finance lowers the limit to 1).
    await setNotifications({ sms_per_number_per_hour: 1 });
    for (const url of open) expect((await payOnSandbox(t.config.publicUrl, url)).status).toBe(303);
    await setNotifications({});
    const { queued, refused } = await outcome(to);
    expect(queued).toHaveLength(1);
    expect(refused.map((r) => r.lastError)).toEqual(['refused: over the limit (SMS_NUMBER_HOURLY_LIMIT)', 'refused: over the limit (SMS_NUMBER_HOURLY_LIMIT)']);
    expect(refused.every((r) => r.cost === 0 && r.sentAt === null && r.voucherId !== null)).toBe(true);
    const mails = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.template, 'voucher'), inArray(emailOutbox.toAddress, recipients)));
    expect(mails).toHaveLength(3);
  });

  it('counts by when a text reaches the phone: texts for the same morning, queued hours apart, are limited together', async () => {
    const to = '+213550323202';
    const morning = new Date(`${day(4)}T08:00:00Z`);
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await order(customers[1]!.cookie, { recipientPhone: to, deliverAt: day(4), recipientEmail: `morning${i}@example.dz` });
      answers.push(res.statusCode);
    }
    // Three open orders for 09:00 (Algiers) that day, and a text queued hours ago for the same morning: a
    // fourth order for that morning is one too many, though the texts were asked for hours apart…
    const queuedEarlier = await enqueueLimitedSms(t.database.db, { to, body: 'Farha : test', kind: 'gift', locale: 'fr', now: new Date(clock.now().getTime() - 5 * HOUR), sendAt: morning, requestedBy: customers[2]!.id, source: 'customer' });
    expect(queuedEarlier).not.toBeNull();
    const fourth = await order(customers[1]!.cookie, { recipientPhone: to, deliverAt: day(4), recipientEmail: 'morning3@example.dz' });
    expect(answers).toEqual([201, 201, 201]);
    expect(fourth.statusCode).toBe(429);
    // …while the next morning is another day.
    expect((await order(customers[1]!.cookie, { recipientPhone: to, deliverAt: day(5), recipientEmail: 'afternoon@example.dz' })).statusCode).toBe(201);
    // At queue time too: two more for that morning, queued now, are refused.
    for (let i = 0; i < 2; i++) {
      expect(await enqueueLimitedSms(t.database.db, { to, body: 'Farha : test', kind: 'gift', locale: 'fr', now: clock.now(), sendAt: new Date(morning.getTime() + 30 * 60_000), requestedBy: customers[3]!.id, source: 'customer' })).not.toBeNull();
    }
    expect(await enqueueLimitedSms(t.database.db, { to, body: 'Farha : test', kind: 'gift', locale: 'fr', now: clock.now(), sendAt: morning, requestedBy: customers[3]!.id, source: 'customer' })).toBeNull();
    expect(await worstHour(to)).toBe(3);
  });

  it('lets one of two checkouts at once through when one text is left', async () => {
    await setNotifications({ sms_per_number_per_hour: 1 });
    const answers = await Promise.all(customers.map((c, i) => order(c.cookie, { recipientPhone: '+213550323203', recipientEmail: `race${i}@example.dz` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429, 429, 429]);
    await setNotifications({});
  });
});

describe('mobiles only, in the countries finance lists (issue 32)', () => {
  /** The 14 numbers of the attack: premium, satellite, international and shared-cost ranges, and a UK landline. */
  const TRIED = [
    ['+979123456789', 'international premium rate (+979)'],
    ['+881612345678', 'Iridium (+8816)'],
    ['+8816123456789', 'Iridium (+8816), 13 digits'],
    ['+870773111632', 'Inmarsat (+870)'],
    ['+870312345678', 'Inmarsat (+870)'],
    ['+88216123456', 'international networks (+882)'],
    ['+883510012345', 'international networks (+883)'],
    ['+449090123456', 'UK premium (09)'],
    ['+449012345678', 'UK premium (09)'],
    ['+448712345678', 'UK 087'],
    ['+19005551234', 'US premium (900)'],
    ['+37190123456', 'Latvia premium (90)'],
    ['+37181234567', 'Latvia shared cost (81)'],
    ['+442079460018', 'UK landline'],
  ] as const;

  it('refuses the 14 numbers tried, even with their countries listed, at checkout, in the profile and in a company’s rows', async () => {
    const saved = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { notifications: { sms_countries: ['dz', 'GB', 'US', 'LV', 'FR'] } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().settings.notifications.sms_countries).toEqual(['DZ', 'GB', 'US', 'LV', 'FR']);
    const buyer = await newCustomer(t, 'sms-premium');
    const accepted: string[] = [];
    for (const [phone, what] of TRIED) {
      const res = await order(buyer.cookie, { recipientPhone: phone });
      if (res.statusCode === 201) accepted.push(`${phone} (${what})`);
      else expect({ phone, status: res.statusCode, field: res.json().error.field }).toEqual({ phone, status: 400, field: 'recipientPhone' });
      const profile = await t.request({ method: 'PATCH', url: '/api/client/profile', cookie: buyer.cookie, payload: { firstName: 'Sami', lastName: 'Test', phone, preferences: { smsNotifications: true } } });
      expect({ phone, status: profile.statusCode, code: profile.json().error?.code }).toEqual({ phone, status: 400, code: 'SMS_NOT_MOBILE' });
    }
    const rows = TRIED.map(([mobile], i) => ({ name: `R${i}`, email: `r${i}@entreprise.dz`, mobile, box: DEMO_BOX_ID, message: '', deliveryDate: '', language: 'fr' }));
    const checked = await checkRecipientRows(t.database.db, rows, clock.now());
    expect(checked.rows.map((r) => r.problems.map((p) => p.field))).toEqual(TRIED.map(() => ['mobile']));
    console.info(`[issue 32] premium and unusual ranges accepted for texts: ${accepted.length} of ${TRIED.length} tried (goal 0): ${TRIED.map(([p]) => p).join(', ')}`);
    expect(accepted).toEqual([]);

    // Mobiles of the listed countries still go, the US's « fixed line or mobile » numbers too.
    for (const phone of ['+213661234500', '+447400123456', '+33612345678', '+12025550123']) {
      const res = await order(buyer.cookie, { recipientPhone: phone });
      expect({ phone, status: res.statusCode }).toEqual({ phone, status: 201 });
    }
  });

  it('texts only the countries of the setting (Algeria by default), and names them', async () => {
    await setNotifications({});
    const buyer = await newCustomer(t, 'sms-country');
    const res = await order(buyer.cookie, { recipientPhone: '+33612345678' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'SMS_COUNTRY_NOT_SERVED', field: 'recipientPhone', message: 'Les SMS ne partent que vers les mobiles de ces pays : DZ' });
    const bad = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { notifications: { sms_countries: ['DZ', 'XX'] } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Code de pays inconnu : XX');
  });
});

describe('a STOP only the number’s holder lifts (issue 32)', () => {
  it('keeps a stopped number stopped when someone saves it with texts on, and says so; the holder’s code lifts it', async () => {
    const holder = await newCustomer(t, 'sms-holder');
    const phone = '+213661900001';
    const save = (c: Customer, sms: boolean) =>
      t.request({ method: 'PATCH', url: '/api/client/profile', cookie: c.cookie, payload: { firstName: 'Lina', lastName: 'Test', phone, preferences: { smsNotifications: sms } } });
    expect((await save(holder, false)).statusCode).toBe(200);
    await optOutOfSms(t.database.db, phone, 'stop', clock.now());

    const stranger = await newCustomer(t, 'sms-stranger');
    const res = await save(stranger, true);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'SMS_NUMBER_STOPPED', field: 'phone' });
    expect(res.json().error.message).toContain('START');
    expect(await isSmsOptedOut(t.database.db, phone)).toBe(true);
    // A stranger cannot have the code sent to a number that is not theirs.
    const notTheirs = await t.request({ method: 'POST', url: '/api/sms/consent/code', cookie: stranger.cookie, payload: { phone } });
    expect(notTheirs.statusCode).toBe(403);

    // The partner's SMS toggle does not lift it either.
    const business = '+213661900003';
    const [partner] = await t.database.db.update(partners).set({ phone: business }).where(eq(partners.id, PARTNER1_ID)).returning();
    await optOutOfSms(t.database.db, business, 'stop', clock.now());
    await saveNotificationPreferences(t.database.db, PARTNER1_ID, { ...(partner!.notificationPreferences as object), sms: true } as never, clock.now());
    expect(await isSmsOptedOut(t.database.db, business)).toBe(true);

    // The holder has a code texted to the number (it goes though the number said STOP), and types it back.
    const sent = await t.request({ method: 'POST', url: '/api/sms/consent/code', cookie: holder.cookie, payload: { phone: '0661 90 00 01' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const [text] = (await textsTo(phone)).filter((r) => r.kind === 'sms-consent-code');
    expect(text).toMatchObject({ status: 'queued', source: 'platform' });
    const code = /\b(\d{6})\b/.exec(text!.body)![1]!;
    const wrong = await t.request({ method: 'POST', url: '/api/sms/consent/confirm', cookie: holder.cookie, payload: { phone, code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(await isSmsOptedOut(t.database.db, phone)).toBe(true);
    // Only the one who asked can use it.
    expect((await t.request({ method: 'POST', url: '/api/sms/consent/confirm', cookie: stranger.cookie, payload: { phone, code } })).statusCode).toBe(400);
    const ok = await t.request({ method: 'POST', url: '/api/sms/consent/confirm', cookie: holder.cookie, payload: { phone, code } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await t.database.db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, phone))).toEqual([]);
    expect((await save(holder, true)).statusCode).toBe(200);
    // Spent: the same code does nothing more.
    expect((await t.request({ method: 'POST', url: '/api/sms/consent/confirm', cookie: holder.cookie, payload: { phone, code } })).statusCode).toBe(400);
  });

  it('texts a stopped number at most 3 codes a day', async () => {
    const holder = await newCustomer(t, 'sms-codes');
    const phone = '+213661900002';
    await t.request({ method: 'PATCH', url: '/api/client/profile', cookie: holder.cookie, payload: { firstName: 'Lina', lastName: 'Test', phone, preferences: { smsNotifications: false } } });
    const ask = () => t.request({ method: 'POST', url: '/api/sms/consent/code', cookie: holder.cookie, payload: { phone } });
    expect((await ask()).statusCode).toBe(409); // not stopped: nothing to lift
    await optOutOfSms(t.database.db, phone, 'stop', clock.now());
    expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([200, 200, 200, 429]);
  });
});

describe('the companies’ own limit (issue 32)', () => {
  it('queues at most sms_company_per_number_per_day texts to one number from company orders, the rest refused', async () => {
    await setNotifications({});
    const buyer = await newCustomer(t, 'sms-company');
    const mobile = '+213770445566';
    for (let i = 0; i < 20; i++) {
      const { voucher } = await makeVoucher(t.database.db, { purchaserId: buyer.id, recipientEmail: `salarie${i}@entreprise.dz`, at: clock.now() });
      // What companies/sms.ts's recipientSms asks for each line of an issuance.
      await t.database.db.transaction((tx) => deliverVoucherBySms(tx, { voucherId: voucher.id, phone: mobile, locale: 'fr', sendAt: null, now: clock.now(), publicUrl: t.config.publicUrl, company: true }));
    }
    const { queued, refused } = await outcome(mobile);
    expect(queued).toHaveLength(3);
    expect(queued.every((r) => r.source === 'company')).toBe(true);
    expect(refused).toHaveLength(17);
    expect(refused[0]!.lastError).toBe('refused: over the limit (sms_company_per_number_per_day)');
    // Company texts do not spend a customer's limits of that number.
    expect((await order(buyer.cookie, { recipientPhone: mobile })).statusCode).toBe(201);
    console.info(`[issue 32] a company's texts to one number in a day: 20 vouchers, ${queued.length} texts queued, ${refused.length} refused`);
    // Platform texts (a reservation's notice) are owed: no limit.
    expect(await enqueueSms(t.database.db, { to: mobile, body: 'Farha : test', kind: 'reservation-confirmed', locale: 'fr', now: clock.now() })).not.toBeNull();
  });
});
