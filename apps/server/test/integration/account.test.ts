import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { authTokens, emailOutbox, sessions, vouchers } from '../../src/db/schema/index.ts';
import { buildTestApp, cookieFrom, type TestApp } from '../helpers.ts';
import { makeVoucher, newCustomer, type Customer } from '../customer-fixtures.ts';
import { TEST_START, testClock, day } from '../clock.ts';

const START = TEST_START;
const clock = testClock();
let t: TestApp;

const patchProfile = (cookie: string, payload: Record<string, unknown>) => t.request({ method: 'PATCH', url: '/api/client/profile', cookie, payload });
const profile = (c: Customer, patch: Record<string, unknown> = {}) => ({ firstName: 'Amina', lastName: 'Benali', email: c.email, phone: '+213 550 12 34 56', ...patch });
const loginAs = (email: string, password: string) => t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** The token of the last reset link mailed to `to`. */
async function resetTokenFor(to: string): Promise<string> {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, 'password-reset')));
  const last = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).at(-1)!;
  const link = /\/auth\/reset\?token=([A-Za-z0-9_%-]+)/.exec(last.text)![1]!;
  return decodeURIComponent(link);
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

describe('profile', () => {
  it('reads the profile with default preferences', async () => {
    const amina = await newCustomer(t, 'amina');
    const res = await t.request({ method: 'GET', url: '/api/client/profile', cookie: amina.cookie });
    expect(res.json().profile).toMatchObject({
      email: amina.email,
      firstName: 'Amina',
      preferences: { emailNotifications: true, smsNotifications: false, marketingEmails: false, theme: 'auto', currency: 'DZD', timezone: 'Africa/Algiers' },
    });
  });

  it.each([
    [{ firstName: '  ' }, 'firstName', 'Le prénom et nom sont obligatoires'],
    [{ lastName: undefined }, 'lastName', 'Le prénom et nom sont obligatoires'],
    [{ email: 'amina@' }, 'email', "Format d'email invalide"],
    [{ phone: '05-ab' }, 'phone', 'Format de téléphone invalide'],
    [{ phone: '0550' }, 'phone', 'Format de téléphone invalide'],
  ])('refuses %o naming %s', async (patch, field, message) => {
    const amina = await newCustomer(t, 'amina');
    const res = await patchProfile(amina.cookie, profile(amina, patch));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ field, message });
  });

  it('saves names, phone and preferences; refuses an e-mail another account uses', async () => {
    const amina = await newCustomer(t, 'amina');
    const karim = await newCustomer(t, 'karim');
    const res = await patchProfile(amina.cookie, profile(amina, { preferences: { theme: 'dark', currency: 'EUR', marketingEmails: true } }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Profil mis à jour avec succès !',
      profile: { firstName: 'Amina', lastName: 'Benali', phone: '+213550123456', preferences: { theme: 'dark', currency: 'EUR', marketingEmails: true, emailNotifications: true } },
    });
    // Preferences merge: one change keeps the others.
    const again = await patchProfile(amina.cookie, profile(amina, { phone: '', preferences: { timezone: 'Europe/Paris' } }));
    expect(again.json().profile).toMatchObject({ phone: null, preferences: { theme: 'dark', timezone: 'Europe/Paris' } });
    expect((await patchProfile(amina.cookie, profile(amina, { preferences: { theme: 'rose' } }))).statusCode).toBe(400);

    const taken = await patchProfile(amina.cookie, profile(amina, { email: karim.email.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ field: 'email', message: 'Cet email est déjà utilisé par un autre compte' });
  });

  it('keeps the gifts addressed to the old e-mail after an e-mail change', async () => {
    const lina = await newCustomer(t, 'lina');
    const sender = await newCustomer(t, 'sender');
    const { voucher } = await makeVoucher(t.database.db, { purchaserId: sender.id, recipientEmail: lina.email, at: START });
    const res = await patchProfile(lina.cookie, profile(lina, { firstName: 'Lina', email: `new.${lina.email}` }));
    expect(res.json().profile.email).toBe(`new.${lina.email}`);
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, voucher.id));
    expect(row!.holderUserId).toBe(lina.id);
    const list = (await t.request({ method: 'GET', url: '/api/client/vouchers', cookie: lina.cookie })).json();
    expect(list.vouchers.map((v: { id: string }) => v.id)).toEqual([voucher.id]);
  });
});

describe('password change', () => {
  const change = (cookie: string, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/client/password', cookie, payload });

  it.each([
    [{ currentPassword: '' }, 'Tous les champs mot de passe sont obligatoires'],
    [{ confirmPassword: undefined }, 'Tous les champs mot de passe sont obligatoires'],
    // The setting security.password_min_length (8 by default), not a length of the form's own.
    [{ newPassword: 'abc', confirmPassword: 'abc' }, 'Le mot de passe doit contenir au moins 8 caractères'],
    [{ newPassword: 'nouvea1', confirmPassword: 'nouvea1' }, 'Le mot de passe doit contenir au moins 8 caractères'],
    [{ confirmPassword: 'autre-chose' }, 'Les nouveaux mots de passe ne correspondent pas'],
    [{ currentPassword: 'mauvais-mdp' }, 'Mot de passe actuel incorrect'],
  ])('refuses %o: %s', async (patch, message) => {
    const amina = await newCustomer(t, 'amina');
    const res = await change(amina.cookie, { currentPassword: 'secret123', newPassword: 'nouveau456', confirmPassword: 'nouveau456', ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('changes it, keeps this session and closes the others', async () => {
    const amina = await newCustomer(t, 'amina');
    const phone = cookieFrom(await loginAs(amina.email, 'secret123'));
    const res = await change(amina.cookie, { currentPassword: 'secret123', newPassword: 'nouveau456', confirmPassword: 'nouveau456' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Mot de passe modifié avec succès !');
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: amina.cookie })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: phone })).statusCode).toBe(401);
    expect((await loginAs(amina.email, 'secret123')).statusCode).toBe(401);
    expect((await loginAs(amina.email, 'nouveau456')).statusCode).toBe(200);
  });
});

describe('data export', () => {
  it('downloads everything about the customer as JSON, without secrets', async () => {
    const amina = await newCustomer(t, 'amina');
    await makeVoucher(t.database.db, { purchaserId: amina.id, recipientEmail: amina.email, at: START });
    await t.request({ method: 'POST', url: '/api/client/tickets', cookie: amina.cookie, payload: { title: 'Question', description: 'Bonjour', category: 'autre', priority: 'low' } });
    const res = await t.request({ method: 'GET', url: '/api/client/export', cookie: amina.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="farha-mes-donnees-${day(0)}.json"`);
    const data = res.json();
    expect(data.profile.email).toBe(amina.email);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].payments).toHaveLength(1);
    expect(data.vouchers[0].events.length).toBeGreaterThan(0);
    expect(data.tickets[0]).toMatchObject({ title: 'Question' });
    expect(res.body).not.toMatch(/argon2|password_?hash|token_?hash/i);
  });
});

describe('forgotten password', () => {
  const forgot = (email: string) => t.request({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
  const reset = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/auth/password/reset', payload });

  it('answers the same for unknown addresses, and mails known ones a single-use link', async () => {
    const amina = await newCustomer(t, 'amina');
    const unknown = await forgot('personne@example.dz');
    const known = await forgot(amina.email.toUpperCase());
    expect(unknown.statusCode).toBe(202);
    expect(known.statusCode).toBe(202);
    expect(unknown.json()).toEqual(known.json());
    expect(await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'personne@example.dz'))).toEqual([]);

    const token = await resetTokenFor(amina.email);
    const [stored] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, amina.id));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt.toISOString()).toBe(new Date(START.getTime() + 3_600_000).toISOString());

    const check = await t.request({ method: 'POST', url: '/api/auth/password/reset/check', payload: { token } });
    expect(check.json()).toEqual({ valid: true, message: null, code: null });
    const mismatch = await reset({ token, password: 'nouveau456', confirmPassword: 'autre' });
    expect(mismatch.json().error.message).toBe('Les mots de passe ne correspondent pas');

    const ok = await reset({ token, password: 'nouveau456', confirmPassword: 'nouveau456' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('Mot de passe réinitialisé avec succès ! Vous pouvez vous connecter.');
    expect((await t.request({ method: 'GET', url: '/api/auth/me', cookie: amina.cookie })).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, amina.id))).toEqual([]);
    expect((await loginAs(amina.email, 'nouveau456')).statusCode).toBe(200);

    const reused = await reset({ token, password: 'encore789', confirmPassword: 'encore789' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('Ce lien de réinitialisation est invalide ou a déjà été utilisé.');
    expect((await loginAs(amina.email, 'encore789')).statusCode).toBe(401);
  });

  it('expires links after one hour', async () => {
    const karim = await newCustomer(t, 'karim');
    await forgot(karim.email);
    const token = await resetTokenFor(karim.email);
    clock.set(new Date(START.getTime() + 61 * 60_000));
    const res = await reset({ token, password: 'nouveau456', confirmPassword: 'nouveau456' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'RESET_TOKEN_EXPIRED', message: 'Ce lien de réinitialisation a expiré. Demandez-en un nouveau.' });
    expect((await t.request({ method: 'POST', url: '/api/auth/password/reset/check', payload: { token } })).json().valid).toBe(false);
    clock.set(START);
  });

  it('works for any role, and sends at most 3 links an hour to one account', async () => {
    const before = (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'partenaire2@demo.farha.dz'))).length;
    for (let i = 0; i < 4; i++) expect((await forgot('partenaire2@demo.farha.dz')).statusCode).toBe(202);
    const after = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'partenaire2@demo.farha.dz'), eq(emailOutbox.template, 'password-reset')));
    expect(after.length - before).toBe(3);
    const token = await resetTokenFor('partenaire2@demo.farha.dz');
    expect((await reset({ token, password: 'partner789', confirmPassword: 'partner789' })).statusCode).toBe(200);
    expect((await loginAs('partenaire2@demo.farha.dz', 'partner789')).statusCode).toBe(200);
  });
});
