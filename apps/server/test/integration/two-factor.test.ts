import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TRole } from '@farha/contracts/roles';
import { auditLog, users } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { TOTP_STEP_SECONDS, totpAt } from '../../src/lib/totp.ts';
import { MAX_ACCOUNT_FAILURES, MAX_FAILURES } from '../../src/modules/accounts/index.ts';
import { ACCOUNTS, cookieFrom, type GuardedEndpoint, itGuardsEachEndpoint, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const send = (method: 'POST' | 'PATCH', url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
  t.request({ method, url, payload, ...(cookie ? { cookie } : {}) });
const login = (email: string, extra: Record<string, unknown> = {}, remoteAddress?: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD, ...extra }, ...(remoteAddress ? { remoteAddress } : {}) });

/** A code the account's app shows at none of the steps accepted now (the current one, one before, one after). */
function wrongCode(secret: string, seed: number): string {
  const step = TOTP_STEP_SECONDS * 1000;
  const valid = new Set([-1, 0, 1].map((drift) => totpAt(secret, new Date(clock.now().getTime() + drift * step))));
  for (let n = seed; ; n++) {
    const code = String(100_000 + (n % 900_000));
    if (!valid.has(code)) return code;
  }
}

/** A fresh staff account (the demo ones stay as other tests expect them). */
async function staff(role: TRole) {
  const email = `${role}.${randomUUID().slice(0, 6)}@farha.dz`;
  await t.database.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), firstName: 'Selma', lastName: 'Ait', role, createdAt: clock.now(), updatedAt: clock.now() });
  return { email, cookie: await t.login(email) };
}

/** Enrols the account of `cookie`: QR, then the app's current code. Returns the secret. */
async function enrol(cookie: string) {
  const setup = await send('POST', '/api/admin/profile/2fa/setup', cookie);
  expect(setup.statusCode, setup.body).toBe(200);
  const { secret } = setup.json();
  const enabled = await send('POST', '/api/admin/profile/2fa/enable', cookie, { code: totpAt(secret, clock.now()) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return secret as string;
}

describe('role × endpoint: /api/admin/profile (the back-office roles, each on their own account)', () => {
  // Issue 38: logistics too, whose second factor is enrolled there like the others'.
  const backOffice: Role[] = ['superadmin', 'finance', 'catalog_admin', 'logistics'];
  const endpoints: GuardedEndpoint[] = [
    { method: 'GET', url: '/api/admin/profile', allowed: backOffice },
    { method: 'PATCH', url: '/api/admin/profile', payload: { firstName: '', lastName: '' }, allowed: backOffice },
    { method: 'POST', url: '/api/admin/profile/password', payload: { currentPassword: 'x', newPassword: 'y', confirmPassword: 'z' }, allowed: backOffice },
    { method: 'POST', url: '/api/admin/profile/2fa/enable', payload: { code: 'abc' }, allowed: backOffice },
    { method: 'POST', url: '/api/admin/profile/2fa/disable', payload: { code: 'abc' }, allowed: backOffice },
  ];
  itGuardsEachEndpoint(t, cookies, endpoints, { answers: [200, 400], title: (e) => `${e.method} ${e.url}` });
  it('POST /api/admin/profile/2fa/setup', async () => {
    expect((await send('POST', '/api/admin/profile/2fa/setup', undefined)).statusCode).toBe(401);
    for (const role of ['customer', 'partner_owner', 'partner_staff', 'support'] as const) {
      expect({ role, status: (await send('POST', '/api/admin/profile/2fa/setup', cookies[role])).statusCode }).toEqual({ role, status: 403 });
    }
    for (const role of ['superadmin', 'finance', 'catalog_admin', 'logistics'] as const) {
      const fresh = await staff(role);
      expect({ role, status: (await send('POST', '/api/admin/profile/2fa/setup', fresh.cookie)).statusCode }).toEqual({ role, status: 200 });
    }
  });
});

describe('staff profile', () => {
  it('shows and edits only the signed-in account, and changes its password with the length setting', async () => {
    const me = await staff('finance');
    const profile = (await get('/api/admin/profile', me.cookie)).json();
    expect(profile).toMatchObject({ profile: { email: me.email, firstName: 'Selma' }, twoFactor: { enabled: false, required: false } });
    const saved = await send('PATCH', '/api/admin/profile', me.cookie, { firstName: 'Selma-Lina', lastName: 'Aït' });
    expect(saved.json()).toMatchObject({ message: 'Profil mis à jour avec succès !', profile: { firstName: 'Selma-Lina', email: me.email } });
    expect((await get('/api/admin/profile', cookies.finance)).json().profile.email).toBe(ACCOUNTS.finance);

    const short = await send('POST', '/api/admin/profile/password', me.cookie, { currentPassword: DEMO_PASSWORD, newPassword: 'court1', confirmPassword: 'court1' });
    expect(short.statusCode).toBe(400);
    const wrong = await send('POST', '/api/admin/profile/password', me.cookie, { currentPassword: 'pas-le-bon', newPassword: 'nouveau-mdp-1', confirmPassword: 'nouveau-mdp-1' });
    expect(wrong.statusCode).toBe(400);
    const ok = await send('POST', '/api/admin/profile/password', me.cookie, { currentPassword: DEMO_PASSWORD, newPassword: 'nouveau-mdp-1', confirmPassword: 'nouveau-mdp-1' });
    expect(ok.json().message).toBe('Mot de passe modifié avec succès !');
    expect((await send('POST', '/api/auth/login', undefined, { email: me.email, password: 'nouveau-mdp-1' })).statusCode).toBe(200);
  });
});

describe('2FA (TOTP)', () => {
  it('enrols by QR code and a code, then asks the code at every login', async () => {
    const me = await staff('superadmin');
    const setup = await send('POST', '/api/admin/profile/2fa/setup', me.cookie);
    expect(setup.json()).toMatchObject({ qrDataUrl: expect.stringMatching(/^data:image\/png;base64,/), otpauthUri: expect.stringContaining(encodeURIComponent(me.email)) });
    const { secret } = setup.json();
    const wrong = await send('POST', '/api/admin/profile/2fa/enable', me.cookie, { code: totpAt(secret, new Date(clock.now().getTime() + 5 * 60_000)) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('Code de vérification incorrect');
    const on = await send('POST', '/api/admin/profile/2fa/enable', me.cookie, { code: totpAt(secret, clock.now()) });
    expect(on.json()).toMatchObject({ message: 'Double authentification activée', twoFactor: { enabled: true } });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, me.email));
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, user!.id))).toEqual([expect.objectContaining({ action: 'user.2fa_enable' })]);

    const noCode = await login(me.email);
    expect(noCode.statusCode).toBe(401);
    expect(noCode.json().error).toMatchObject({ code: 'TOTP_REQUIRED', message: "Entrez le code à 6 chiffres de votre application d'authentification" });
    expect(noCode.headers['set-cookie']).toBeUndefined();
    const badCode = await login(me.email, { code: '000000' === totpAt(secret, clock.now()) ? '111111' : '000000' });
    expect(badCode.json().error.code).toBe('TOTP_INVALID');
    clock.advance(45_000);
    const good = await login(me.email, { code: totpAt(secret, clock.now()) });
    expect(good.statusCode, good.body).toBe(200);
    // The wrong code counted as a failed login; the good one cleared the count.
    const [after] = await t.database.db.select().from(users).where(eq(users.email, me.email));
    expect(after!.failedLogins).toBe(0);
    expect((await get('/api/admin/users?q=' + me.email, cookieFrom(good))).json().users[0].twoFactor).toBe(true);
  });

  it('when the setting requires it, a back-office account reaches only its profile until enrolled, and cannot turn it off', async () => {
    const me = await staff('finance');
    const admin = await staff('superadmin');
    const adminSecret = await enrol(admin.cookie);
    expect((await send('PATCH', '/api/admin/settings', admin.cookie, { security: { require_2fa: true } })).statusCode).toBe(200);

    const blocked = await get('/api/admin/payouts', me.cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error).toMatchObject({ code: 'TOTP_ENROLMENT_REQUIRED', message: 'La double authentification est obligatoire : activez-la dans votre profil' });
    expect((await get('/api/admin/navigation', me.cookie)).statusCode).toBe(200);
    expect((await get('/api/admin/profile', me.cookie)).json().twoFactor).toEqual({ enabled: false, required: true });
    // Other areas are not the back office's: support keeps working without 2FA.
    expect((await get('/api/support/tickets', cookies.support)).statusCode).toBe(200);

    const secret = await enrol(me.cookie);
    expect((await get('/api/admin/payouts', me.cookie)).statusCode).toBe(200);
    const off = await send('POST', '/api/admin/profile/2fa/disable', me.cookie, { code: totpAt(secret, clock.now()) });
    expect(off.statusCode).toBe(409);
    expect(off.json().error.message).toBe('La double authentification est obligatoire pour votre rôle');

    expect((await send('PATCH', '/api/admin/settings', admin.cookie, { security: { require_2fa: false } })).statusCode).toBe(200);
    clock.advance(30_000); // the enrolment's code is spent: the next one
    const disabled = await send('POST', '/api/admin/profile/2fa/disable', me.cookie, { code: totpAt(secret, clock.now()) });
    expect(disabled.json()).toMatchObject({ message: 'Double authentification désactivée', twoFactor: { enabled: false } });
    expect((await login(me.email)).statusCode).toBe(200);
    expect(adminSecret).not.toBe(secret);
  });

  it('refuses a code already accepted for the account, even within its validity window', async () => {
    const me = await staff('superadmin');
    const setup = await send('POST', '/api/admin/profile/2fa/setup', me.cookie);
    const { secret } = setup.json();
    const enrolment = totpAt(secret, clock.now());
    expect((await send('POST', '/api/admin/profile/2fa/enable', me.cookie, { code: enrolment })).statusCode).toBe(200);

    // The code that turned 2FA on does not open a session (same 30-second step).
    const replayed = await login(me.email, { code: enrolment });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().error).toMatchObject({ code: 'TOTP_REPLAYED', field: 'code', message: 'Ce code a déjà été utilisé : attendez le suivant dans votre application' });
    expect(replayed.headers['set-cookie']).toBeUndefined();

    clock.advance(30_000);
    const next = totpAt(secret, clock.now());
    expect((await login(me.email, { code: next })).statusCode).toBe(200);
    // Seen by someone over the shoulder and typed a few seconds later: refused.
    clock.advance(5_000);
    const again = await login(me.email, { code: next });
    expect(again.json().error.code).toBe('TOTP_REPLAYED');
    // A code older than the last one accepted (still within the one-step drift) is refused too.
    expect((await login(me.email, { code: enrolment })).json().error.code).toBe('TOTP_REPLAYED');

    // Two logins at the same moment with one fresh code: one session, one refusal.
    clock.advance(30_000);
    const fresh = totpAt(secret, clock.now());
    const both = await Promise.all([login(me.email, { code: fresh }), login(me.email, { code: fresh })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    // Turning 2FA off with a spent code is refused as well.
    const off = await send('POST', '/api/admin/profile/2fa/disable', me.cookie, { code: fresh });
    expect(off.json().error.code).toBe('TOTP_REPLAYED');
    clock.advance(30_000);
    expect((await send('POST', '/api/admin/profile/2fa/disable', me.cookie, { code: totpAt(secret, clock.now()) })).statusCode).toBe(200);
  });
});

describe('2FA codes guessed at login (the password known)', () => {
  /** A superadmin with 2FA on, past the step of its enrolment code. */
  async function enrolled() {
    const me = await staff('superadmin');
    const secret = await enrol(me.cookie);
    clock.advance(30_000);
    return { ...me, secret };
  }

  it('counts wrong codes from many addresses against the account: it is locked like after wrong passwords', async () => {
    const me = await enrolled();
    for (let i = 0; i < MAX_ACCOUNT_FAILURES; i++) {
      const res = await login(me.email, { code: wrongCode(me.secret, i) }, `10.60.${Math.floor(i / 200)}.${(i % 200) + 1}`);
      expect(res.json().error.code).toBe('TOTP_INVALID');
    }
    // Even the right code, from an address never seen, is refused while the account is locked.
    const locked = await login(me.email, { code: totpAt(me.secret, clock.now()) }, '10.61.0.1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toMatchObject({ code: 'RATE_LIMITED', message: 'Trop de tentatives. Veuillez réessayer dans quelques minutes.' });
    expect(locked.headers['set-cookie']).toBeUndefined();
    const [user] = await t.database.db.select().from(users).where(eq(users.email, me.email));
    expect(user!.failedLogins).toBe(MAX_ACCOUNT_FAILURES);

    // The window passes: the owner's fresh code opens a session.
    clock.advance(15 * 60_000);
    expect((await login(me.email, { code: totpAt(me.secret, clock.now()) }, '10.61.0.1')).statusCode).toBe(200);
  });

  it('locks one address after as many wrong codes as wrong passwords, and lets the owner in from elsewhere', async () => {
    const me = await enrolled();
    const codes: number[] = [];
    for (let i = 0; i < MAX_FAILURES + 1; i++) codes.push((await login(me.email, { code: wrongCode(me.secret, 1000 + i) }, '10.62.0.1')).statusCode);
    expect(codes).toEqual([...Array<number>(MAX_FAILURES).fill(400), 429]);
    expect((await login(me.email, { code: totpAt(me.secret, clock.now()) }, '10.62.0.1')).statusCode).toBe(429);
    expect((await login(me.email, { code: totpAt(me.secret, clock.now()) }, '10.62.0.2')).statusCode).toBe(200);
  });

  it('accepts a correct fresh code after a few wrong ones, and a spent code counts as a wrong one', async () => {
    const me = await enrolled();
    for (let i = 0; i < 3; i++) expect((await login(me.email, { code: wrongCode(me.secret, 2000 + i) }, '10.63.0.1')).statusCode).toBe(400);
    const good = await login(me.email, { code: totpAt(me.secret, clock.now()) }, '10.63.0.1');
    expect(good.statusCode, good.body).toBe(200);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, me.email));
    expect(after!.failedLogins).toBe(0);

    const spent = await login(me.email, { code: totpAt(me.secret, clock.now()) }, '10.63.0.2');
    expect(spent.json().error.code).toBe('TOTP_REPLAYED');
    const [replayed] = await t.database.db.select().from(users).where(eq(users.email, me.email));
    expect(replayed!.failedLogins).toBe(1);
  });

  it('keeps the limit of 10 codes of enrolment and disabling, apart from the login count', async () => {
    const me = await enrolled();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await send('POST', '/api/admin/profile/2fa/disable', me.cookie, { code: wrongCode(me.secret, 3000 + i) })).statusCode);
    expect(codes).toEqual([...Array<number>(10).fill(400), 429]);
    // These wrong codes were given by a signed-in user: they do not lock the account's logins.
    expect((await login(me.email, { code: totpAt(me.secret, clock.now()) }, '10.64.0.1')).statusCode).toBe(200);
  });
});
