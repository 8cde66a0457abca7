import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { sessions, users } from '../../src/db/schema/index.ts';
import { HOUR_MS, DAY_MS } from '../../src/lib/clock.ts';
import { buildTestApp, cookieFrom, sharedTestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const t = sharedTestApp({ clock });

const newUser = (email: string) => ({
  email,
  password: 'secret123',
  confirmPassword: 'secret123',
  firstName: 'Yasmine',
  lastName: 'Haddad',
  phone: '+213 555 12 34 56',
});

async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return row!.n;
}

describe('registration', () => {
  it('creates a customer, logs them in and keeps them logged in', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload: newUser('Yasmine@Example.dz') });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'yasmine@example.dz', role: 'customer', firstName: 'Yasmine', locale: 'fr' });
    const cookie = cookieFrom(res);
    const me = await t.request({ method: 'GET', url: '/api/auth/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe('yasmine@example.dz');
  });

  it('refuses an e-mail already used, with the spec message', async () => {
    const before = await userCount();
    const res = await t.request({ method: 'POST', url: '/api/auth/register', payload: newUser('client@demo.farha.dz') });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe("Erreur lors de l'inscription. Email peut-être déjà utilisé.");
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ email: 'pas-un-email' }, 'email', 'Adresse email invalide'],
    [{ firstName: '   ' }, 'firstName', 'Veuillez remplir tous les champs obligatoires'],
    [{ lastName: undefined }, 'lastName', 'Veuillez remplir tous les champs obligatoires'],
    [{ password: '123', confirmPassword: '123' }, 'password', 'Le mot de passe doit contenir au moins 6 caractères'],
    [{ confirmPassword: 'autre-chose' }, 'confirmPassword', 'Les mots de passe ne correspondent pas'],
    [{ phone: 'abc' }, 'phone', 'Format de téléphone invalide'],
  ])('rejects %o with a 400 naming %s and changes nothing', async (patch, field, message) => {
    const before = await userCount();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { ...newUser('new.person@example.dz'), ...patch },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field, message });
    expect(await userCount()).toBe(before);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBeTruthy();
  });
});

describe('login and sessions', () => {
  it('refuses a wrong password and an unknown e-mail alike', async () => {
    for (const payload of [
      { email: 'client@demo.farha.dz', password: 'mauvais' },
      { email: 'personne@demo.farha.dz', password: 'demo1234' },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Email ou mot de passe incorrect');
    }
  });

  it('sets an HttpOnly, SameSite=Lax cookie and stores only the token hash', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'client@demo.farha.dz', password: 'demo1234' } });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    const token = cookieFrom(res).split('=')[1]!;
    const stored = await t.database.db.select().from(sessions);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash))).toBe(true);
  });

  it.each([
    ['admin@demo.farha.dz', 4],
    ['finance@demo.farha.dz', 4],
    ['catalogue@demo.farha.dz', 4],
    ['support@demo.farha.dz', 6],
    ['partenaire@demo.farha.dz', 8],
    ['staff@demo.farha.dz', 8],
    ['client@demo.farha.dz', 24],
  ])('gives %s a session of %i hours', async (email, hours) => {
    const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'demo1234' } });
    expect(new Date(res.json().expiresAt).getTime() - clock.now().getTime()).toBe(hours * HOUR_MS);
  });

  it('keeps a customer who ticks "Se souvenir de moi" for 30 days, not a back-office user', async () => {
    const client = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'client@demo.farha.dz', password: 'demo1234', remember: true },
    });
    expect(new Date(client.json().expiresAt).getTime() - clock.now().getTime()).toBe(30 * DAY_MS);
    const admin = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'admin@demo.farha.dz', password: 'demo1234', remember: true },
    });
    expect(new Date(admin.json().expiresAt).getTime() - clock.now().getTime()).toBe(4 * HOUR_MS);
  });

  it('expires the session after its lifetime with the spec message', async () => {
    const cookie = await t.login('finance@demo.farha.dz');
    clock.advance(4 * HOUR_MS - 1000);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(200);
    clock.advance(2000);
    const res = await t.request({ method: 'GET', url: '/api/auth/me', cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Session expirée. Veuillez vous reconnecter.');
  });

  it('logs out: the session is gone', async () => {
    const cookie = await t.login('support@demo.farha.dz');
    const out = await t.request({ method: 'POST', url: '/api/auth/logout', cookie });
    expect(out.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie })).statusCode).toBe(401);
  });

  it('saves the interface language in the profile', async () => {
    const cookie = await t.login('client@demo.farha.dz');
    const res = await t.request({ method: 'PATCH', url: '/api/auth/me', cookie, payload: { locale: 'ar' } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'client@demo.farha.dz'));
    expect(row!.locale).toBe('ar');
    const bad = await t.request({ method: 'PATCH', url: '/api/auth/me', cookie, payload: { locale: 'en' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('locale');
  });

  it('rate-limits repeated login attempts', async () => {
    const payload = { email: 'catalogue@demo.farha.dz', password: 'wrong-password' };
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      codes.push((await t.request({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: '10.9.8.7' })).statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});

describe('platform', () => {
  it('reports health and the database in use', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });

  it('refuses a state-changing request from another site (CSRF)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'client@demo.farha.dz', password: 'demo1234' },
    });
    expect(res.statusCode).toBe(403);
    const same = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: { email: 'client@demo.farha.dz', password: 'demo1234' },
    });
    expect(same.statusCode).toBe(200);
  });

  it('answers unknown API paths with the JSON 404', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe("Désolé, la page que vous recherchez n'existe pas ou a été déplacée.");
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/auth/login');
  });

  it('shows the demo accounts and password in demo mode only', async () => {
    const demo = (await t.request({ method: 'GET', url: '/api/auth/demo' })).json();
    expect(demo.demoMode).toBe(true);
    expect(demo.password).toBe('demo1234');
    expect(demo.accounts.map((a: { email: string }) => a.email)).toEqual(
      expect.arrayContaining(['client@demo.farha.dz', 'partenaire2@demo.farha.dz', 'support@demo.farha.dz']),
    );
    const off = await buildTestApp({ env: { DEMO_MODE: 'false', ALLOW_SANDBOX_PAYMENTS: 'true' } });
    try {
      const body = (await off.request({ method: 'GET', url: '/api/auth/demo' })).json();
      expect(body).toEqual({ demoMode: false, accounts: [] });
    } finally {
      await off.close();
    }
  });
});
