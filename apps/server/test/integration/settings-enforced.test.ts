import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { boxes, emailOutbox, partners, sessions } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.ts';
import { enqueueEmail, processOutbox, type Mailer } from '../../src/modules/notifications/index.ts';
import { voucherMailHooks } from '../../src/modules/vouchers/index.ts';
import { ACCOUNTS, buildTestApp, cookieFrom, type Role, type TestApp } from '../helpers.ts';
import { giveVoucher, newNonce, OWNER } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

const MINUTE = 60_000;
const hashOf = (cookie: string) => createHash('sha256').update(decodeURIComponent(cookie.split('=')[1]!)).digest('hex');
const clock = testClock();
let t: TestApp;
const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  // This file tests the idle rule itself: the seed's 60-minute session_timeout, not the tests' long one.
  t = await buildTestApp({ clock, idleTimeout: 'setting' });
  for (const role of Object.keys(ACCOUNTS) as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const send = (method: 'POST' | 'PATCH', url: string, cookie: string | undefined, payload: Record<string, unknown> = {}, remoteAddress?: string) =>
  t.request({ method, url, payload, ...(cookie ? { cookie } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
/** Saves settings as the superadmin would, signing in again first (the idle rule may have ended the session). */
let addresses = 0;
async function settings(patch: Record<string, unknown>) {
  // From an address of its own: the rate-limit test spends 127.0.0.1's budget.
  const login = await send('POST', '/api/auth/login', undefined, { email: ACCOUNTS.superadmin, password: DEMO_PASSWORD }, `10.9.0.${++addresses}`);
  cookies.superadmin = cookieFrom(login);
  const res = await send('PATCH', '/api/admin/settings', cookies.superadmin, patch);
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/site (public)', () => {
  it('answers every role and anonymous with the maintenance flag, the password length and whether partners may register', async () => {
    for (const cookie of [undefined, ...Object.values(cookies)]) {
      const res = await get('/api/site', cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        maintenance: false,
        passwordMinLength: 8,
        partnerSelfRegistration: false,
        // No phone line is invented: none until the superadmin gives one.
        contact: { email: 'support@farha.dz', phone: null, partnerHotline: null },
        // Issue 24: the sandbox takes Visa and Mastercard when no real gateway is configured.
        internationalCards: true,
        // ADR 017: the demo's sandbox shows no test-payment banner, and its texts reach the demo mailbox.
        testPayments: false,
        sms: true,
      });
    }
    await settings({ features: { partner_self_registration: true } });
    expect((await get('/api/site')).json().partnerSelfRegistration).toBe(true);
    await settings({ features: { partner_self_registration: false } });
    // international_cards_enabled off: the checkout no longer offers Visa and Mastercard.
    await settings({ payments: { international_cards_enabled: false } });
    expect((await get('/api/site')).json().internationalCards).toBe(false);
    await settings({ payments: { international_cards_enabled: true } });
  });

  it('serves the contact channels the superadmin sets, the same to every page; a wrong number or address is refused', async () => {
    await settings({ platform: { support_email: 'aide@farha.dz', support_phone: '+213 21 00 00 00', partner_hotline: '0550 12 34 56' } });
    // Stored in E.164 (issue 25).
    expect((await get('/api/site')).json().contact).toEqual({ email: 'aide@farha.dz', phone: '+21321000000', partnerHotline: '+213550123456' });
    for (const platform of [{ support_phone: 'appelez-nous' }, { support_email: 'pas-une-adresse' }]) {
      const refused = await send('PATCH', '/api/admin/settings', cookies.superadmin, { platform });
      expect(refused.statusCode).toBe(400);
    }
    await settings({ platform: { support_email: 'support@farha.dz', support_phone: '', partner_hotline: '' } });
    expect((await get('/api/site')).json().contact).toEqual({ email: 'support@farha.dz', phone: null, partnerHotline: null });
  });
});

describe('session idle timeout (platform.session_timeout)', () => {
  it('ends a session left idle longer than the setting, keeps an active one, and says so', async () => {
    const login = await send('POST', '/api/auth/login', undefined, { email: ACCOUNTS.finance, password: DEMO_PASSWORD });
    const cookie = cookieFrom(login);
    // Finance sessions last 4 h, but the browser is told the idle end: 60 minutes from now.
    expect(Date.parse(login.json().expiresAt) - clock.now().getTime()).toBe(60 * MINUTE);
    clock.advance(50 * MINUTE);
    const me = await get('/api/auth/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(Date.parse(me.json().expiresAt) - clock.now().getTime()).toBe(60 * MINUTE);
    clock.advance(50 * MINUTE); // 100 minutes after login, 50 after the last call: still open
    expect((await get('/api/admin/payouts', cookie)).statusCode).toBe(200);
    clock.advance(60 * MINUTE + 1000);
    const idle = await get('/api/admin/payouts', cookie);
    expect(idle.statusCode).toBe(401);
    expect(idle.json().error.message).toBe('Session expirée. Veuillez vous reconnecter.');
    // The idle session is gone from the database, not only refused.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashOf(cookie)))).toHaveLength(0);
  });

  it('writes lastSeenAt at most once a minute per session', async () => {
    const cookie = await t.login(ACCOUNTS.catalog_admin);
    const row = async () => (await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashOf(cookie))))[0]!;
    const createdSeen = (await row()).lastSeenAt.getTime();
    clock.advance(20_000);
    await get('/api/admin/dashboard', cookie);
    expect((await row()).lastSeenAt.getTime()).toBe(createdSeen);
    clock.advance(41_000);
    await get('/api/admin/dashboard', cookie);
    expect((await row()).lastSeenAt.getTime()).toBe(clock.now().getTime());
  });

  it('follows a new setting at once, and leaves "Se souvenir de moi" sessions to their 30 days', async () => {
    await settings({ platform: { session_timeout: 10 * MINUTE } });
    const staff = await t.login(ACCOUNTS.support);
    const remembered = cookieFrom(await send('POST', '/api/auth/login', undefined, { email: ACCOUNTS.customer, password: DEMO_PASSWORD, remember: true }));
    clock.advance(11 * MINUTE);
    expect((await get('/api/auth/me', staff)).statusCode).toBe(401);
    expect((await get('/api/auth/me', remembered)).statusCode).toBe(200);
    await settings({ platform: { session_timeout: 60 * MINUTE } });
  });
});

describe('login rate limit (platform.rate_limit_per_minute, security.api_rate_limiting)', () => {
  it('refuses logins over the per-minute setting from one address, and lifts it when API rate limiting is off', async () => {
    await settings({ platform: { rate_limit_per_minute: 3 } });
    const attempt = (address: string) => send('POST', '/api/auth/login', undefined, { email: ACCOUNTS.customer, password: DEMO_PASSWORD }, address);
    for (let i = 0; i < 3; i++) expect((await attempt('10.1.0.1')).statusCode).toBe(200);
    const fourth = await attempt('10.1.0.1');
    expect(fourth.statusCode).toBe(429);
    expect((await attempt('10.1.0.2')).statusCode).toBe(200); // another address has its own budget

    await settings({ security: { api_rate_limiting: false } });
    expect((await attempt('10.1.0.1')).statusCode).toBe(200);
    await settings({ platform: { rate_limit_per_minute: 100 }, security: { api_rate_limiting: true } });
  });

  it('counts wrong passwords per account until the next successful login (shown in the users list)', async () => {
    const email = `echecs.${randomUUID().slice(0, 6)}@example.dz`;
    expect((await send('POST', '/api/auth/register', undefined, { email, password: 'motdepasse1', firstName: 'Yacine', lastName: 'Haddad' })).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await send('POST', '/api/auth/login', undefined, { email, password: 'pas-le-bon' }, '10.2.0.1')).statusCode).toBe(401);
    const listed = async () => (await get(`/api/admin/users?q=${email}`, cookies.superadmin)).json().users[0];
    cookies.superadmin = await t.login(ACCOUNTS.superadmin);
    expect(await listed()).toMatchObject({ email, failedLogins: 2, lastFailedLoginAt: clock.now().toISOString() });
    await t.login(email, 'motdepasse1');
    expect(await listed()).toMatchObject({ failedLogins: 0, lastLoginAt: clock.now().toISOString() });
  });
});

describe('password minimum length (security.password_min_length)', () => {
  it('applies the default 8 and any new setting to registration, password change, reset, partner registration', async () => {
    const email = `court.${randomUUID().slice(0, 6)}@example.dz`;
    const register = (password: string) => send('POST', '/api/auth/register', undefined, { email, password, firstName: 'Lina', lastName: 'Ouali' });
    const short = await register('abc1234');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'PASSWORD_TOO_SHORT', message: 'Le mot de passe doit contenir au moins 8 caractères' });

    await settings({ security: { password_min_length: 12 } });
    expect((await get('/api/site')).json().passwordMinLength).toBe(12);
    const eleven = await register('abcdefgh123');
    expect(eleven.json().error.message).toBe('Le mot de passe doit contenir au moins 12 caractères');
    const ok = await register('abcdefgh1234');
    expect(ok.statusCode, ok.body).toBe(201);
    const cookie = cookieFrom(ok);

    const change = await send('POST', '/api/client/password', cookie, { currentPassword: 'abcdefgh1234', newPassword: 'nouveau1234', confirmPassword: 'nouveau1234' });
    expect(change.statusCode).toBe(400);
    expect(change.json().error).toMatchObject({ field: 'newPassword', message: 'Le mot de passe doit contenir au moins 12 caractères' });

    const partnerChange = await send('POST', '/api/partner/password', await t.login(OWNER), { currentPassword: DEMO_PASSWORD, newPassword: 'court12345', confirmPassword: 'court12345' });
    expect(partnerChange.json().error?.message).toBe('Le mot de passe doit contenir au moins 12 caractères');

    await settings({ features: { partner_self_registration: true } });
    const partner = await send('POST', '/api/partners/register', undefined, {
      businessName: 'Spa Test',
      category: 'bien-etre',
      consent: true,
      city: 'Oran',
      wilaya: 'Oran',
      phone: '0550 12 34 56',
      firstName: 'Amel',
      lastName: 'Brahimi',
      email: `spa.${randomUUID().slice(0, 6)}@example.dz`,
      password: 'court12345',
    });
    expect(partner.json().error.message).toBe('Le mot de passe doit contenir au moins 12 caractères');
    await settings({ security: { password_min_length: 8 }, features: { partner_self_registration: false } });
  });
});

describe('default commission of a new partner (payments.commission_rate_bp)', () => {
  it('gives a self-registered partner the commission of the settings', async () => {
    await settings({ payments: { commission_rate_bp: 1250 }, features: { partner_self_registration: true } });
    const res = await send('POST', '/api/partners/register', undefined, {
      businessName: 'Atelier Poterie',
      category: 'traditionnel',
      consent: true,
      city: 'Béjaïa',
      wilaya: 'Béjaïa',
      phone: '0550 12 34 57',
      firstName: 'Sonia',
      lastName: 'Mansouri',
      email: `poterie.${randomUUID().slice(0, 6)}@example.dz`,
      password: 'motdepasse-solide',
    });
    expect(res.statusCode, res.body).toBe(201);
    const [partner] = await t.database.db.select().from(partners).where(eq(partners.id, res.json().partnerId));
    expect(partner!.commissionBp).toBe(1250);
    await settings({ payments: { commission_rate_bp: 1500 }, features: { partner_self_registration: false } });
  });
});

describe('maintenance mode (platform.maintenance_mode)', () => {
  it('stops new orders with a 503 while the back office and partner scans keep working', async () => {
    await settings({ platform: { maintenance_mode: true } });
    expect((await get('/api/site')).json().maintenance).toBe(true);
    const customer = await t.login(ACCOUNTS.customer);
    const [box] = await t.database.db.select().from(boxes).where(eq(boxes.active, true)).limit(1);
    const order = await send('POST', '/api/orders', customer, {
      boxId: box!.id,
      recipientName: 'Nadia Benali',
      recipientEmail: 'nadia.benali@example.dz',
      senderName: 'Amina',
      paymentMethod: 'cib',
      termsAccepted: true,
    });
    expect(order.statusCode).toBe(503);
    expect(order.json().error).toMatchObject({ code: 'MAINTENANCE', message: 'Farha est en maintenance. Les commandes sont suspendues pour quelques instants.' });

    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const scan = await send('POST', '/api/partner/redemptions', await t.login(OWNER), { code: voucher.code, nonce: newNonce() });
    expect(scan.statusCode, scan.body).toBe(200);
    expect((await get('/api/admin/payouts', cookies.superadmin)).statusCode).toBe(200);

    await settings({ platform: { maintenance_mode: false } });
    expect((await get('/api/site')).json().maintenance).toBe(false);
  });
});

describe('e-mail retries (notifications.retry_attempts)', () => {
  it('gives up on a message after the first attempt and the configured retries', async () => {
    await settings({ notifications: { retry_attempts: 1 } });
    const failing: Mailer = { kind: 'file', send: async () => Promise.reject(new Error('SMTP refusé')), close: () => {} };
    const id = await enqueueEmail(t.database.db, { now: clock.now(), to: 'retry@example.dz', template: 'test', subject: 'Essai', html: '<p>x</p>', text: 'x' });
    const drain = () => processOutbox({ db: t.database.db, mailer: failing, clock, publicUrl: t.config.publicUrl, log: t.app.log, hooks: voucherMailHooks });
    const state = async () => (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0]!;
    // Other messages of this file are due too: drain until ours was tried.
    while ((await state()).attempts < 1) await drain();
    expect(await state()).toMatchObject({ status: 'pending', attempts: 1 });
    clock.advance(10 * MINUTE);
    while ((await state()).attempts < 2) await drain();
    expect(await state()).toMatchObject({ status: 'failed', attempts: 2, lastError: 'SMTP refusé' });
    await settings({ notifications: { retry_attempts: 3 } });
  });
});
