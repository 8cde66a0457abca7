import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { auditLog, emailOutbox, orders, partnerMembers, users } from '../../src/db/schema/index.ts';
import { ACCOUNTS, type GuardedEndpoint, itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { PARTNER1_ID } from '../partner-fixtures.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const send = (method: 'POST' | 'PATCH', url: string, cookie: string | undefined, payload: Record<string, unknown> = {}) =>
  t.request({ method, url, payload, ...(cookie ? { cookie } : {}) });
const newEmail = (name: string) => `${name}.${randomUUID().slice(0, 6)}@farha.dz`;

/** The token of the newest link e-mailed to `to` (invitation or reset), as the recipient would click it. */
async function linkTokenFor(to: string, template: string) {
  const [mail] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)))
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(1);
  expect(mail, `no ${template} e-mail to ${to}`).toBeDefined();
  return decodeURIComponent(/token=([^\s"&]+)/.exec(mail!.text)![1]!);
}
const setPassword = (token: string, password: string) =>
  send('POST', '/api/auth/password/reset', undefined, { token, password, confirmPassword: password });

describe('role × endpoint: users administration (superadmin only)', () => {
  const none = '00000000-0000-4000-8000-000000000000';
  const endpoints: GuardedEndpoint[] = [
    { method: 'POST', url: '/api/admin/users', payload: { email: 'x', firstName: 'A', lastName: 'B', role: 'finance' }, allowed: ['superadmin'] },
    { method: 'PATCH', url: `/api/admin/users/${none}`, payload: { firstName: 'Nouveau' }, allowed: ['superadmin'] },
    { method: 'POST', url: `/api/admin/users/${none}/password-link`, payload: {}, allowed: ['superadmin'] },
  ];
  itGuardsEachEndpoint(t, cookies, endpoints, { answers: [400, 404], title: (e) => `${e.method} ${e.url}` });
});

describe('creating accounts', () => {
  it('creates a finance account, pending until the invitation link sets its password; the address is unique', async () => {
    const email = newEmail('comptable');
    const res = await send('POST', '/api/admin/users', cookies.superadmin, { email: email.toUpperCase(), firstName: 'Karima', lastName: 'Saadi', role: 'finance' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Compte créé : une invitation a été envoyée', user: { email, role: 'finance', status: 'pending', lastLoginAt: null } });
    // No password works before the invitee chooses one.
    expect((await send('POST', '/api/auth/login', undefined, { email, password: '!invited:' })).statusCode).toBe(401);

    const token = await linkTokenFor(email, 'account-invitation');
    expect((await send('POST', '/api/auth/password/reset/check', undefined, { token })).json().valid).toBe(true);
    expect((await setPassword(token, 'court')).statusCode).toBe(400);
    const done = await setPassword(token, 'motdepasse-finance');
    expect(done.statusCode, done.body).toBe(200);
    const cookie = await t.login(email, 'motdepasse-finance');
    expect((await get('/api/admin/payouts', cookie)).statusCode).toBe(200);
    expect((await get(`/api/admin/users?q=${email}`, cookies.superadmin)).json().users[0]).toMatchObject({ status: 'active' });
    expect((await setPassword(token, 'encore-une-fois')).statusCode).toBe(400); // used once

    const again = await send('POST', '/api/admin/users', cookies.superadmin, { email, firstName: 'K', lastName: 'S', role: 'support' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Cet email est déjà utilisé par un autre compte' });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.create'), eq(auditLog.entityId, res.json().user.id)));
    expect(entry).toMatchObject({ actorEmail: ACCOUNTS.superadmin, after: { email, role: 'finance' } });
  });

  it('creates a partner staff account attached to its partner, and requires the partner', async () => {
    const missing = await send('POST', '/api/admin/users', cookies.superadmin, { email: newEmail('caisse'), firstName: 'Samir', lastName: 'Laib', role: 'partner_staff' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Choisissez le partenaire de ce compte');
    const unknown = await send('POST', '/api/admin/users', cookies.superadmin, {
      email: newEmail('caisse'),
      firstName: 'Samir',
      lastName: 'Laib',
      role: 'partner_staff',
      partnerId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);

    const email = newEmail('caisse');
    const res = await send('POST', '/api/admin/users', cookies.superadmin, { email, firstName: 'Samir', lastName: 'Laib', role: 'partner_staff', partnerId: PARTNER1_ID });
    expect(res.statusCode, res.body).toBe(201);
    const [member] = await t.database.db.select().from(partnerMembers).where(eq(partnerMembers.userId, res.json().user.id));
    expect(member).toMatchObject({ partnerId: PARTNER1_ID, memberRole: 'staff', permissions: ['scanner'] });
    await setPassword(await linkTokenFor(email, 'account-invitation'), 'motdepasse-caisse');
    const cookie = await t.login(email, 'motdepasse-caisse');
    expect((await get('/api/partner/me', cookie)).json()).toMatchObject({ partner: { id: PARTNER1_ID }, memberRole: 'staff' });
    // Staff: the partner's KYC file is the owner's.
    expect((await get('/api/partner/kyc', cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/dashboard', cookie)).statusCode).toBe(403);
  });
});

describe('editing accounts and sending links', () => {
  it('renames and moves a back-office account between back-office roles, never its own role nor a customer', async () => {
    const created = (await send('POST', '/api/admin/users', cookies.superadmin, { email: newEmail('catalogue'), firstName: 'Nabil', lastName: 'Ferhat', role: 'catalog_admin' })).json().user;
    const res = await send('PATCH', `/api/admin/users/${created.id}`, cookies.superadmin, { firstName: 'Nabil-Amine', role: 'support' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Compte mis à jour', user: { firstName: 'Nabil-Amine', lastName: 'Ferhat', role: 'support' } });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'user.update'), eq(auditLog.entityId, created.id)));
    expect(entry).toMatchObject({ before: { role: 'catalog_admin', firstName: 'Nabil' }, after: { role: 'support', firstName: 'Nabil-Amine' } });

    const [admin] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.superadmin));
    const self = await send('PATCH', `/api/admin/users/${admin!.id}`, cookies.superadmin, { role: 'finance' });
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe('Vous ne pouvez pas changer votre propre rôle');
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.customer));
    expect((await send('PATCH', `/api/admin/users/${customer!.id}`, cookies.superadmin, { role: 'finance' })).statusCode).toBe(409);
    expect((await send('PATCH', `/api/admin/users/${customer!.id}`, cookies.superadmin, { role: 'customer' })).statusCode).toBe(400);
  });

  it('sends a password reset to an active account, and a new invitation (the old link void) to a pending one', async () => {
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.customer));
    const reset = await send('POST', `/api/admin/users/${customer!.id}/password-link`, cookies.superadmin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe('Lien de réinitialisation envoyé');
    expect(await linkTokenFor(ACCOUNTS.customer, 'password-reset')).toBeTruthy();

    const email = newEmail('support');
    const created = (await send('POST', '/api/admin/users', cookies.superadmin, { email, firstName: 'Rym', lastName: 'Kaci', role: 'support' })).json().user;
    const first = await linkTokenFor(email, 'account-invitation');
    clock.advance(1000);
    const resent = await send('POST', `/api/admin/users/${created.id}/password-link`, cookies.superadmin);
    expect(resent.json().message).toBe('Invitation envoyée à nouveau');
    const second = await linkTokenFor(email, 'account-invitation');
    expect(second).not.toBe(first);
    expect((await setPassword(first, 'motdepasse-support')).statusCode).toBe(400);
    expect((await setPassword(second, 'motdepasse-support')).statusCode).toBe(200);
  });
});

describe('the users list', () => {
  it("shows each user's real vouchers, spending, logins and sessions", async () => {
    const [customer] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.customer));
    const [spent] = await t.database.db
      .select({ total: sql<number>`coalesce(sum(${orders.amount}), 0)::int` })
      .from(orders)
      .where(and(eq(orders.purchaserId, customer!.id), inArray(orders.status, ['paid', 'fulfilled'])));
    const row = (await get(`/api/admin/users?q=${ACCOUNTS.customer}`, cookies.superadmin)).json().users[0];
    expect(row).toMatchObject({ email: ACCOUNTS.customer, totalSpent: Number(spent!.total), failedLogins: 0, twoFactor: false });
    expect(row.totalSpent).toBeGreaterThan(0);
    expect(Date.parse(row.lastLoginAt)).toBeLessThanOrEqual(clock.now().getTime());
  });

  it('pages 100,000 users: counts, disjoint pages, search and filters (their speed is in npm run bench:scale)', async () => {
    await t.database.db.execute(sql`
      insert into users (email, password_hash, first_name, last_name, role, status, created_at, updated_at)
      select 'client' || g || '@volume.farha.dz', '!', 'Client', 'Numéro ' || g, 'customer',
             case when g % 50 = 0 then 'suspended' else 'active' end,
             ${clock.now().toISOString()}::timestamptz - (g || ' seconds')::interval, ${clock.now().toISOString()}::timestamptz
      from generate_series(1, 100000) g`);
    const page = async (url: string) => {
      const res = await get(url, cookies.superadmin);
      expect(res.statusCode, res.body).toBe(200);
      return { body: res.json() };
    };
    const first = await page('/api/admin/users?role=customer&pageSize=50');
    expect(first.body.total).toBeGreaterThanOrEqual(100_000);
    const deep = await page('/api/admin/users?role=customer&pageSize=50&page=1500');
    expect(deep.body.users).toHaveLength(50);
    const firstIds = new Set(first.body.users.map((u: { id: string }) => u.id));
    expect(deep.body.users.some((u: { id: string }) => firstIds.has(u.id))).toBe(false);
    const suspended = await page('/api/admin/users?status=suspended&q=volume.farha.dz');
    expect(suspended.body.total).toBe(2000);
    const one = await page('/api/admin/users?q=client77777@volume');
    expect(one.body.users.map((u: { email: string }) => u.email)).toEqual(['client77777@volume.farha.dz']);
  }, 120_000);

  it('gives totals per role and status that follow accounts added, suspended, moved and deleted (issue 39: kept counts)', async () => {
    const db = t.database.db;
    // What the list says against a count of every account, for each filter it offers.
    const expectTotals = async () => {
      for (const filter of ['', 'role=customer', 'role=support', 'status=suspended', 'role=customer&status=suspended', 'role=finance&status=pending']) {
        const params = new URLSearchParams(filter);
        const conditions = [params.get('role') ? eq(users.role, params.get('role') as 'customer') : undefined, params.get('status') ? eq(users.status, params.get('status') as 'active') : undefined];
        const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(...conditions));
        const res = await get(`/api/admin/users?pageSize=1&${filter}`, cookies.superadmin);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().total, filter).toBe(Number(counted!.n));
      }
    };
    await expectTotals();
    const emails = [newEmail('compte-a'), newEmail('compte-b'), newEmail('compte-c')];
    await db.insert(users).values(emails.map((email) => ({ email, passwordHash: '!', firstName: 'A', lastName: 'B', createdAt: clock.now(), updatedAt: clock.now() })));
    const created = await send('POST', '/api/admin/users', cookies.superadmin, { email: newEmail('agent'), firstName: 'Nadia', lastName: 'Kaci', role: 'finance' });
    expect(created.statusCode, created.body).toBe(201);
    const [a, b] = await db.select().from(users).where(inArray(users.email, emails.slice(0, 2)));
    expect((await send('POST', `/api/admin/users/${a!.id}/suspend`, cookies.superadmin, {})).statusCode).toBe(200);
    await db.update(users).set({ role: 'support' }).where(eq(users.id, b!.id));
    // A login changes neither role nor status: the counts stay as they are.
    await db.update(users).set({ lastLoginAt: clock.now() }).where(inArray(users.email, emails));
    await db.delete(users).where(eq(users.email, emails[2]!));
    await expectTotals();
  });
});
