import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ERRORS } from '@farha/contracts/errors';
import { auditLog, users, vouchers } from '../../src/db/schema/index.ts';
import { DAY_MS } from '../../src/lib/clock.ts';
import { ACCOUNTS, buildTestApp, type TestApp, type Role } from '../helpers.ts';
import { makeVoucher, mailsTo, newCustomer, type Customer } from '../customer-fixtures.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
let t: TestApp;
const cookies = {} as Record<Role, string>;
let nadia: Customer;
let omar: Customer;

const get = (url: string, cookie = cookies.support) => t.request({ method: 'GET', url, cookie });
const post = (url: string, payload?: object, cookie = cookies.support) => t.request({ method: 'POST', url, cookie, ...(payload ? { payload } : {}) });
const diagnostics = async (id: string) => (await get(`/api/support/users/${id}/diagnostics`)).json();
const auditOf = (userId: string, action: string) =>
  t.database.db.select().from(auditLog).where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId), eq(auditLog.action, action)));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  for (const [role, email] of Object.entries(ACCOUNTS)) cookies[role as Role] = await t.login(email);
  nadia = await newCustomer(t, 'nadia');
  omar = await newCustomer(t, 'omar');
});
afterAll(async () => {
  await t.close();
});

describe('role × endpoint (support actions on an account)', () => {
  const ZERO = '00000000-0000-4000-8000-000000000000';
  const agents: Role[] = ['support', 'superadmin'];
  const ENDPOINTS: { url: string; payload?: object }[] = [
    { url: `/api/support/users/${ZERO}/vouchers/${ZERO}/resend` },
    { url: `/api/support/users/${ZERO}/vouchers/${ZERO}/extend`, payload: { days: 30, reason: 'geste commercial' } },
    { url: `/api/support/users/${ZERO}/password-reset` },
    { url: `/api/support/users/${ZERO}/unlock` },
  ];
  for (const e of ENDPOINTS) {
    it(`POST ${e.url}: 401 anonymous, 403 outside support and superadmin, 404 for them`, async () => {
      const call = (cookie?: string) => t.request({ method: 'POST', url: e.url, ...(e.payload ? { payload: e.payload } : {}), ...(cookie ? { cookie } : {}) });
      expect((await call()).statusCode).toBe(401);
      for (const role of Object.keys(ACCOUNTS) as Role[]) {
        const status = (await call(cookies[role])).statusCode;
        expect({ role, status }).toEqual({ role, status: agents.includes(role) ? 404 : 403 });
      }
    });
  }
});

describe('resend a voucher e-mail', () => {
  it('sends the voucher again to its recipient, audited and in the account’s recent activity; only the account’s own vouchers', async () => {
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: nadia.id, recipientEmail: 'ami.nadia@example.dz', at: clock.now() });
    const { voucher: omars } = await makeVoucher(t.database.db, { purchaserId: omar.id, recipientEmail: omar.email, holderUserId: omar.id, at: clock.now() });
    expect((await post(`/api/support/users/${nadia.id}/vouchers/${omars.id}/resend`)).statusCode).toBe(404);

    const res = await post(`/api/support/users/${nadia.id}/vouchers/${voucher.id}/resend`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('E-mail du voucher renvoyé au destinataire');
    expect(await mailsTo(t.database.db, 'ami.nadia@example.dz', 'voucher-resend')).toHaveLength(1);
    const [entry] = await auditOf(nadia.id, 'support.voucher_resend');
    expect(entry).toMatchObject({ actorEmail: ACCOUNTS.support, actorRole: 'support', summary: voucher.code, after: { code: voucher.code, to: 'ami.nadia@example.dz' } });
    const d = await diagnostics(nadia.id);
    expect(d.recentActivity).toContainEqual({ kind: 'support_voucher_resend', label: `${voucher.code} — ${ACCOUNTS.support}`, labelAr: null, status: null, at: clock.now().toISOString() });

    // A cancelled voucher is not sent again.
    const { voucher: cancelled } = await makeVoucher(t.database.db, { purchaserId: nadia.id, recipientEmail: nadia.email, status: 'CANCELLED', at: clock.now() });
    const refused = await post(`/api/support/users/${nadia.id}/vouchers/${cancelled.id}/resend`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'VOUCHER_NOT_RESENDABLE' } });
  });
});

describe('send a password reset', () => {
  it('mails the account a reset link; the fourth in an hour and a suspended account are refused', async () => {
    const res = await post(`/api/support/users/${omar.id}/password-reset`, undefined, cookies.superadmin);
    expect(res.statusCode).toBe(200);
    const mails = await mailsTo(t.database.db, omar.email, 'password-reset');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/auth/reset?token=');
    expect(await auditOf(omar.id, 'support.password_reset')).toMatchObject([{ actorEmail: ACCOUNTS.superadmin, summary: omar.email }]);
    expect((await diagnostics(omar.id)).recentActivity[0]).toMatchObject({ kind: 'support_password_reset' });

    expect((await post(`/api/support/users/${omar.id}/password-reset`)).statusCode).toBe(200);
    expect((await post(`/api/support/users/${omar.id}/password-reset`)).statusCode).toBe(200);
    const limited = await post(`/api/support/users/${omar.id}/password-reset`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: { code: 'SUPPORT_RESET_LIMIT', message: ERRORS.SUPPORT_RESET_LIMIT.fr } });
    expect(await mailsTo(t.database.db, omar.email, 'password-reset')).toHaveLength(3);

    await t.database.db.update(users).set({ status: 'suspended' }).where(eq(users.id, nadia.id));
    const suspended = await post(`/api/support/users/${nadia.id}/password-reset`);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json()).toMatchObject({ error: { code: 'SUPPORT_RESET_SUSPENDED' } });
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, nadia.id));
  });
});

describe('failed logins and the login lock', () => {
  it('failed logins lower the health score; a locked account is refused until support lifts the lock', async () => {
    const lilia = await newCustomer(t, 'lilia');
    const nothing = await post(`/api/support/users/${lilia.id}/unlock`);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ error: { code: 'LOGIN_NOT_LOCKED', message: ERRORS.LOGIN_NOT_LOCKED.fr } });

    const wrong = () => t.request({ method: 'POST', url: '/api/auth/login', payload: { email: lilia.email, password: 'wrong-password' } });
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(401);
    const three = await diagnostics(lilia.id);
    expect(three.metrics).toMatchObject({ failedLogins: 3, loginLocked: false });
    expect(three.issues).toEqual([{ type: 'security', severity: 'medium', code: 'FAILED_LOGINS', count: 3, penalty: 12 }]);
    expect(three.healthScore).toBe(88);
    expect(three.recentActivity[0]).toMatchObject({ kind: 'failed_login', label: '3' });

    // Ten wrong passwords from one address lock the account there: even the right one is refused.
    for (let i = 0; i < 7; i++) await wrong();
    const blocked = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: lilia.email, password: 'secret123' } });
    expect(blocked.statusCode).toBe(429);
    const locked = await diagnostics(lilia.id);
    expect(locked.metrics).toMatchObject({ failedLogins: 10, loginLocked: true });
    expect(locked.issues.map((i: { code: string }) => i.code)).toEqual(['LOGIN_LOCKED', 'FAILED_LOGINS']);
    expect(locked.healthScore).toBe(100 - 20 - 20);

    const lifted = await post(`/api/support/users/${lilia.id}/unlock`);
    expect(lifted.statusCode).toBe(200);
    expect(await auditOf(lilia.id, 'support.login_unlock')).toMatchObject([{ before: { failedLogins: 10, locked: true }, after: { failedLogins: 0, locked: false } }]);
    const after = await diagnostics(lilia.id);
    expect(after).toMatchObject({ healthScore: 100, issues: [], metrics: { failedLogins: 0, loginLocked: false } });
    expect(after.recentActivity[0]).toMatchObject({ kind: 'support_login_unlock' });
    expect((await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: lilia.email, password: 'secret123' } })).statusCode).toBe(200);
  });
});

describe('extend a voucher', () => {
  it('moves the expiry through the state machine with a reason, e-mails the account, audits before and after', async () => {
    const expiresAt = new Date(clock.now().getTime() + 10 * DAY_MS);
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: omar.id, recipientEmail: omar.email, holderUserId: omar.id, at: clock.now(), expiresAt });
    const url = `/api/support/users/${omar.id}/vouchers/${voucher.id}/extend`;

    const zero = await post(url, { days: 0, reason: 'geste' });
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toMatchObject({ error: { code: 'SUPPORT_EXTENSION_DAYS', message: ERRORS.SUPPORT_EXTENSION_DAYS.fr } });
    expect((await post(url, { days: 30, reason: '   ' })).statusCode).toBe(400);
    expect((await post(`/api/support/users/${nadia.id}/vouchers/${voucher.id}/extend`, { days: 30, reason: 'x' })).statusCode).toBe(404);

    const res = await post(url, { days: 30, reason: 'Partenaire fermé pour travaux' });
    expect(res.statusCode).toBe(200);
    const newExpiry = new Date(expiresAt.getTime() + 30 * DAY_MS);
    expect(res.json()).toMatchObject({ message: 'Voucher prolongé', expiresAt: newExpiry.toISOString() });
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row).toMatchObject({ status: 'EXTENDED', expiresAt: newExpiry, holderUserId: omar.id });
    expect(await mailsTo(t.database.db, omar.email, 'voucher-extended')).toHaveLength(1);
    expect(await auditOf(omar.id, 'support.voucher_extend')).toMatchObject([
      {
        actorEmail: ACCOUNTS.support,
        // The web words it from the action and these (issue 15), in French or Arabic.
        params: { code: voucher.code, days: 30, reason: 'Partenaire fermé pour travaux' },
        before: { code: voucher.code, status: 'DELIVERED', expiresAt: expiresAt.toISOString() },
        after: { code: voucher.code, status: 'EXTENDED', expiresAt: newExpiry.toISOString(), days: 30, reason: 'Partenaire fermé pour travaux' },
      },
    ]);
    const d = await diagnostics(omar.id);
    const activity = d.recentActivity.find((a: { kind: string }) => a.kind === 'support_voucher_extend');
    expect(activity.label).toContain('Partenaire fermé pour travaux');
    expect(d.vouchers.find((v: { id: string }) => v.id === voucher.id)).toMatchObject({ status: 'EXTENDED', expiresAt: newExpiry.toISOString() });

    // A redeemed voucher cannot be extended.
    const { voucher: used } = await makeVoucher(t.database.db, { purchaserId: omar.id, recipientEmail: omar.email, holderUserId: omar.id, status: 'REDEEMED', at: clock.now() });
    const refused = await post(`/api/support/users/${omar.id}/vouchers/${used.id}/extend`, { days: 30, reason: 'geste' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: { code: 'SUPPORT_EXTENSION_IMPOSSIBLE' } });
  });
});
