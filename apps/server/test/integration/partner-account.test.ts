import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { DEFAULT_PARTNER_NOTIFICATION_PREFERENCES } from '@farha/contracts/partner';
import { authTokens, emailOutbox, partners, users, vouchers } from '../../src/db/schema/index.ts';
import { DEMO_CUSTOMER_EMAIL } from '../../src/db/seed/demo-accounts.ts';
import { BOX_AR, OFFER_AR } from '../../src/db/seed/catalog-data-ar.ts';
import { loadDaySlots } from '../../src/modules/reservations/index.ts';
import { buildTestApp, cookieFrom, type TestApp } from '../helpers.ts';
import { giveVoucher, newNonce, OWNER, OWNER2, PARTNER1_ID, PARTNER1_MASSAGE_OFFER_ID, STAFF } from '../partner-fixtures.ts';
import { day, month, testClock } from '../clock.ts';

// A Sunday, 11:00 in Algiers (clock.ts): the days of the week below count from it.
const clock = testClock();
let t: TestApp;
let owner: string;
let staff: string;
let owner2: string;
let customer: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  owner = await t.login(OWNER);
  staff = await t.login(STAFF);
  owner2 = await t.login(OWNER2);
  customer = await t.login(DEMO_CUSTOMER_EMAIL);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const send = (method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, cookie: string | undefined, payload?: unknown) =>
  t.request({ method, url, ...(cookie ? { cookie } : {}), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const FORBIDDEN = "Vous n'avez pas les permissions nécessaires pour accéder à cette page.";

describe('profile (docs/product/partners.md §7)', () => {
  it('shows the business, the financial configuration, the owner and the team', async () => {
    const res = await get('/api/partner/profile', owner);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.business).toMatchObject({
      businessName: 'Hammam Dar Es-Salam',
      city: 'Alger',
      kycStatus: 'verified',
      kycStatusLabel: 'Vérifié',
      settlementCycle: 'J+7',
      commissionBp: 1500,
      commissionPercent: 15,
      businessType: 'hammam',
      ibanMasked: expect.stringMatching(/^DZ58 •••• •••• \d{4}$/),
    });
    expect(p.ownerInfo).toMatchObject({ firstName: 'Karim', lastName: 'Haddad', email: OWNER });
    expect(p.me).toMatchObject({ memberRole: 'owner', accountType: 'Propriétaire' });
    expect(p.teamMembers.map((m: { email: string; roleLabel: string }) => [m.email, m.roleLabel])).toEqual([
      [OWNER, 'Propriétaire'],
      [STAFF, 'Staff'],
    ]);
    expect(p.teamMembers[1].permissions).toEqual(['scanner', 'view_transactions']);
    const mine = (await get('/api/partner/profile', staff)).json();
    expect(mine.me).toMatchObject({ memberRole: 'staff', accountType: 'Staff', permissions: ['scanner', 'view_transactions'] });
    expect((await get('/api/partner/profile', owner2)).json().business.businessName).toBe('Restaurant El Bahia');
  });

  it('updates personal data with every field required', async () => {
    const missing = await send('PATCH', '/api/partner/profile/personal', staff, { firstName: 'Yacine', lastName: 'Meziane', email: STAFF });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('phone');
    const blank = await send('PATCH', '/api/partner/profile/personal', staff, { firstName: ' ', lastName: 'Meziane', email: STAFF, phone: '0770 34 56 78' });
    expect(blank.json().error).toMatchObject({ message: 'Veuillez remplir tous les champs obligatoires', field: 'firstName' });
    const taken = await send('PATCH', '/api/partner/profile/personal', staff, { firstName: 'Yacine', lastName: 'Meziane', email: OWNER, phone: '0770 34 56 78' });
    expect(taken.statusCode).toBe(409);
    const ok = await send('PATCH', '/api/partner/profile/personal', staff, { firstName: 'Yacine', lastName: 'Meziani', email: STAFF, phone: '0770 34 56 99' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Profil mis à jour avec succès !', me: { lastName: 'Meziani', phone: '+213770345699' } });
  });

  it('lets only the owner edit the business, name and address required', async () => {
    const denied = await send('PATCH', '/api/partner/profile/business', staff, { businessName: 'X', address: 'Y' });
    expect(denied.statusCode).toBe(403);
    const blank = await send('PATCH', '/api/partner/profile/business', owner, { businessName: 'Hammam Dar Es-Salam', address: '' });
    expect(blank.json().error).toMatchObject({ message: 'Veuillez remplir tous les champs obligatoires', field: 'address' });
    const ok = await send('PATCH', '/api/partner/profile/business', owner, {
      businessName: 'Hammam Dar Es-Salam',
      description: 'Hammam familial de La Casbah.',
      address: '16 rue Mohamed Akli Malek, La Casbah, 16001 Alger',
      website: 'https://hammam-dar-essalam.dz',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      message: 'Informations business mis à jour avec succès !',
      business: { description: 'Hammam familial de La Casbah.', website: 'https://hammam-dar-essalam.dz' },
    });
    const [row] = await t.database.db.select().from(partners).where(eq(partners.id, PARTNER1_ID));
    expect(row!.address).toBe('16 rue Mohamed Akli Malek, La Casbah, 16001 Alger');
  });
});

describe('team and invitations (docs/product/partners.md §6)', () => {
  let token = '';
  let memberId = '';
  let newStaff = '';
  const email = 'lina.ouali@example.dz';

  it('invites a staff member by e-mail, owner only', async () => {
    expect((await send('POST', '/api/partner/team', staff, { email, permissions: ['scanner'] })).statusCode).toBe(403);
    const existing = await send('POST', '/api/partner/team', owner, { email: DEMO_CUSTOMER_EMAIL, permissions: ['scanner'] });
    expect(existing.statusCode).toBe(409);
    expect(existing.json().error.message).toBe('Un compte existe déjà avec cette adresse e-mail : elle ne peut pas être invitée');

    const res = await send('POST', '/api/partner/team', owner, { email: 'Lina.Ouali@example.dz', firstName: 'Lina', permissions: ['scanner'] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(`Invitation envoyée à ${email} !`);
    expect(res.json().member).toMatchObject({ email, role: 'staff', invitationPending: true, joinedAt: null, permissions: ['scanner'] });
    memberId = res.json().member.id;

    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt));
    expect(mail!.subject).toBe('Invitation à rejoindre Hammam Dar Es-Salam sur Farha');
    const link = mail!.text.match(/https?:\/\/\S+\/invitation\?token=([\w-]+)/);
    expect(link).not.toBeNull();
    token = link![1]!;
    const [stored] = await t.database.db.select().from(authTokens).where(eq(authTokens.purpose, 'partner_invite')).orderBy(desc(authTokens.createdAt));
    expect(stored!.tokenHash).not.toBe(token);
    expect(stored!.expiresAt.getTime() - clock.now().getTime()).toBe(7 * 24 * 3_600_000);
    // The pending account cannot sign in.
    const login = await send('POST', '/api/auth/login', undefined, { email, password: '!invited' });
    expect(login.statusCode).toBe(401);
    const team = (await get('/api/partner/profile', owner)).json().teamMembers;
    expect(team.find((m: { email: string }) => m.email === email).invitationPending).toBe(true);
  });

  it('lets the invitee set a password, signs them in, and they can scan', async () => {
    const info = await get(`/api/invitations/${token}`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ partnerName: 'Hammam Dar Es-Salam', email, firstName: 'Lina' });

    const mismatch = await send('POST', `/api/invitations/${token}/accept`, undefined, { password: 'secret12', confirmPassword: 'secret13', firstName: 'Lina', lastName: 'Ouali' });
    expect(mismatch.json().error.message).toBe('Les mots de passe ne correspondent pas');
    const short = await send('POST', `/api/invitations/${token}/accept`, undefined, { password: 'abc', confirmPassword: 'abc', firstName: 'Lina', lastName: 'Ouali' });
    expect(short.json().error.message).toBe('Le mot de passe doit contenir au moins 6 caractères');

    const accepted = await send('POST', `/api/invitations/${token}/accept`, undefined, { password: 'secret12', confirmPassword: 'secret12', firstName: 'Lina', lastName: 'Ouali' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user).toMatchObject({ email, role: 'partner_staff', firstName: 'Lina' });
    newStaff = cookieFrom(accepted);
    const again = await send('POST', `/api/invitations/${token}/accept`, undefined, { password: 'secret12', confirmPassword: 'secret12', firstName: 'Lina', lastName: 'Ouali' });
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Invitation invalide ou expirée');
    expect((await get(`/api/invitations/${token}`)).statusCode).toBe(404);

    const me = (await get('/api/partner/me', newStaff)).json();
    expect(me).toMatchObject({ memberRole: 'staff', permissions: ['scanner'], partner: { id: PARTNER1_ID } });
    const voucher = await giveVoucher(t.database.db, { now: clock.now() });
    const scan = await send('POST', '/api/partner/redemptions', newStaff, { code: voucher.code, nonce: newNonce() });
    expect(scan.statusCode, scan.body).toBe(200);
    // Without view_transactions, the ledger is closed to them until the owner allows it.
    expect((await get('/api/partner/transactions', newStaff)).statusCode).toBe(403);
    const granted = await send('PATCH', `/api/partner/team/${memberId}`, owner, { permissions: ['scanner', 'view_transactions'] });
    expect(granted.json()).toMatchObject({ message: 'Permissions mises à jour', member: { joinedAt: clock.now().toISOString(), invitationPending: false } });
    const ledger = await get('/api/partner/transactions', newStaff);
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().transactions[0]).toMatchObject({ voucherCode: voucher.code, scannedBy: 'Lina Ouali' });
    expect((await get('/api/partner/team', newStaff)).statusCode).toBe(404);
  });

  it('changes the password with the spec messages and closes the other sessions', async () => {
    const other = await t.login(email, 'secret12');
    const change = (body: Record<string, string>) => send('POST', '/api/partner/password', newStaff, body);
    expect((await change({ currentPassword: 'secret12', newPassword: '', confirmPassword: '' })).json().error.message).toBe(
      'Tous les champs mot de passe sont obligatoires',
    );
    expect((await change({ currentPassword: 'secret12', newPassword: 'nouveau1', confirmPassword: 'nouveau2' })).json().error.message).toBe(
      'Les nouveaux mots de passe ne correspondent pas',
    );
    // The setting security.password_min_length (8 by default), as for every other account.
    for (const short of ['abc', 'nouvea1']) {
      const refused = await change({ currentPassword: 'secret12', newPassword: short, confirmPassword: short });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'PASSWORD_TOO_SHORT',
        field: 'newPassword',
        message: 'Le mot de passe doit contenir au moins 8 caractères',
      });
    }
    const wrong = await change({ currentPassword: 'mauvais', newPassword: 'nouveau1', confirmPassword: 'nouveau1' });
    expect(wrong.json().error).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG', field: 'currentPassword', message: 'Mot de passe actuel incorrect' });
    // A customer's wrong current password gets the same answer.
    const customerWrong = await send('POST', '/api/client/password', customer, { currentPassword: 'mauvais', newPassword: 'nouveau1', confirmPassword: 'nouveau1' });
    expect(customerWrong.json()).toEqual(wrong.json());
    expect(customerWrong.statusCode).toBe(wrong.statusCode);

    const ok = await change({ currentPassword: 'secret12', newPassword: 'nouveau1', confirmPassword: 'nouveau1' });
    expect(ok.json()).toEqual({ message: 'Mot de passe modifié avec succès !' });
    // The partner is told, with the way to their own help pages if it was not them.
    const mails = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'password-changed')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/partenaire/support');
    expect((await get('/api/partner/me', newStaff)).statusCode).toBe(200);
    expect((await get('/api/partner/me', other)).statusCode).toBe(401);
    await t.login(email, 'nouveau1');
  });

  it('keeps team management to the owner of the same partner', async () => {
    expect((await send('PATCH', `/api/partner/team/${memberId}`, staff, { permissions: ['manage_offers'] })).statusCode).toBe(403);
    expect((await send('PATCH', `/api/partner/team/${memberId}`, owner2, { permissions: ['manage_offers'] })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/partner/team/${memberId}`, owner2)).statusCode).toBe(404);
    const ownerMember = (await get('/api/partner/profile', owner)).json().teamMembers[0];
    const refused = await send('DELETE', `/api/partner/team/${ownerMember.id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Le propriétaire ne peut pas être retiré de l’équipe');
    expect((await send('PATCH', `/api/partner/team/${memberId}`, owner, { permissions: ['teleport'] })).statusCode).toBe(400);
  });

  it('removes a member: sessions revoked, account suspended; they may be invited again later', async () => {
    const res = await send('DELETE', `/api/partner/team/${memberId}`, owner);
    expect(res.json()).toEqual({ message: "Membre retiré de l'équipe" });
    expect((await get('/api/partner/me', newStaff)).statusCode).toBe(401);
    const login = await send('POST', '/api/auth/login', undefined, { email, password: 'nouveau1' });
    expect(login.statusCode).toBe(403);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.status).toBe('suspended');
    const team = (await get('/api/partner/profile', owner)).json().teamMembers;
    expect(team.map((m: { email: string }) => m.email)).not.toContain(email);

    const again = await send('POST', '/api/partner/team', owner, { email, permissions: ['scanner'] });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().member.invitationPending).toBe(true);
  });
});

describe('settings and exports (docs/product/partners.md §7, §12)', () => {
  it('saves the notification preferences', async () => {
    // The seeded partner has the defaults.
    expect((await get('/api/partner/settings/notifications', staff)).json()).toEqual(DEFAULT_PARTNER_NOTIFICATION_PREFERENCES);
    const prefs = { newVouchers: false, payouts: true, systemAlerts: true, marketing: true, sms: true, emailFrequency: 'weekly' };
    const denied = await send('PUT', '/api/partner/settings/notifications', staff, prefs);
    expect(denied.statusCode).toBe(403);
    expect((await send('POST', '/api/partner/team', staff, { email: 'x@example.dz' })).json().error.message).toBe(FORBIDDEN);
    expect((await get('/api/partner/offers', staff)).json().error.message).toBe(FORBIDDEN);
    expect((await send('PUT', '/api/partner/settings/notifications', owner, { ...prefs, emailFrequency: 'hourly' })).statusCode).toBe(400);
    const saved = await send('PUT', '/api/partner/settings/notifications', owner, prefs);
    expect(saved.json()).toEqual({ ...prefs, message: 'Préférences enregistrées' });
    expect((await get('/api/partner/settings/notifications', owner)).json()).toEqual(prefs);
    expect((await get('/api/partner/settings/notifications', owner2)).json().emailFrequency).toBe('instant');
  });

  it('downloads the data export and the monthly activity report', async () => {
    const data = await get('/api/partner/exports/data.json', owner);
    expect(data.statusCode).toBe(200);
    expect(data.headers['content-disposition']).toContain(`attachment; filename="farha-donnees-partenaire-${day(0)}.json"`);
    const body = JSON.parse(data.body);
    expect(body.partner.businessName).toBe('Hammam Dar Es-Salam');
    expect(body.transactions.length).toBeGreaterThan(0);
    expect(body.offers.length).toBe(2);
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['team', 'payouts', 'availability', 'notificationPreferences']));
    expect((await get('/api/partner/exports/data.json', staff)).statusCode).toBe(403);

    const csv = await get(`/api/partner/exports/activity.csv?month=${month()}`, owner);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain(`activite-farha-${month()}.csv`);
    const lines = csv.rawPayload.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines.length).toBe(body.transactions.length + 1);
    const october = (await get(`/api/partner/exports/activity.csv?month=${month(1)}`, owner)).rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(october).toHaveLength(1);
    const bad = await get('/api/partner/exports/activity.csv?month=2026-13', owner);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Mois invalide (format AAAA-MM)');
  });
});

describe('availability (weekly hours, slots, exceptions)', () => {
  const week = {
    '1': [{ from: '09:00', to: '12:00' }, { from: '14:00', to: '18:00' }],
    '2': [{ from: '14:00', to: '16:00' }],
    '3': [],
    '4': [{ from: '09:00', to: '17:00' }],
    '5': [],
    '6': [{ from: '10:00', to: '13:00' }],
    '7': [],
  };

  it('validates and saves the weekly hours that customer slots come from', async () => {
    const initial = (await get('/api/partner/availability', owner)).json();
    expect(initial).toMatchObject({ slotMinutes: 60, capacity: 20 });
    const bad = async (patch: Record<string, unknown>) =>
      (await send('PUT', '/api/partner/availability', owner, { weeklyHours: week, slotMinutes: 60, capacity: 4, ...patch })).json().error;
    expect((await bad({ weeklyHours: { ...week, '2': [{ from: '16:00', to: '14:00' }] } })).message).toBe("L'heure de début doit précéder l'heure de fin");
    expect((await bad({ weeklyHours: { ...week, '2': [{ from: '9h', to: '14:00' }] } })).message).toBe('Heure invalide (format HH:MM)');
    expect((await bad({ weeklyHours: { ...week, '1': [{ from: '09:00', to: '12:00' }, { from: '11:00', to: '13:00' }] } })).message).toBe(
      'Les plages horaires se chevauchent',
    );
    expect((await bad({ slotMinutes: 5 })).field).toBe('slotMinutes');

    const saved = await send('PUT', '/api/partner/availability', owner, { weeklyHours: week, slotMinutes: 60, capacity: 4 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true, capacity: 4, message: 'Disponibilités enregistrées' });
    // The Tuesday: 14:00 and 15:00, four places each.
    const tuesday = await loadDaySlots(t.database.db, { partnerId: PARTNER1_ID, date: day(2), now: clock.now() });
    expect(tuesday.slots.map((s) => [s.time, s.capacity])).toEqual([
      ['14:00', 4],
      ['15:00', 4],
    ]);
    expect((await get('/api/partner/availability', staff)).statusCode).toBe(403);
    expect((await get('/api/partner/availability', owner2)).json().capacity).toBe(20);
  });

  it('adds, lists and removes closed days and special hours', async () => {
    const closed = await send('POST', '/api/partner/availability/exceptions', owner, { date: day(2), closed: true, note: 'Inventaire' });
    expect(closed.statusCode, closed.body).toBe(201);
    const special = await send('POST', '/api/partner/availability/exceptions', owner, {
      date: day(4),
      closed: false,
      hours: [{ from: '18:00', to: '20:00' }],
      capacity: 2,
    });
    expect(special.statusCode).toBe(201);
    const past = await send('POST', '/api/partner/availability/exceptions', owner, { date: day(-21), closed: true });
    expect(past.json().error.message).toBe('Date de réservation dans le passé');
    const noHours = await send('POST', '/api/partner/availability/exceptions', owner, { date: day(5), closed: false });
    expect(noHours.json().error.message).toBe('Indiquez les horaires de ce jour');

    const list = (await get('/api/partner/availability/exceptions', owner)).json().exceptions;
    expect(list.map((e: { date: string; closed: boolean }) => [e.date, e.closed])).toEqual([
      [day(2), true],
      [day(4), false],
    ]);
    expect((await loadDaySlots(t.database.db, { partnerId: PARTNER1_ID, date: day(2), now: clock.now() })).closed).toBe(true);
    const thursday = await loadDaySlots(t.database.db, { partnerId: PARTNER1_ID, date: day(4), now: clock.now() });
    expect(thursday.slots.map((s) => [s.time, s.capacity])).toEqual([
      ['18:00', 2],
      ['19:00', 2],
    ]);

    const id = closed.json().exception.id;
    expect((await send('DELETE', `/api/partner/availability/exceptions/${id}`, owner2)).statusCode).toBe(404);
    expect((await get('/api/partner/availability/exceptions', owner2)).json().exceptions).toEqual([]);
    expect((await send('DELETE', `/api/partner/availability/exceptions/${id}`, owner)).json()).toEqual({ message: 'Exception supprimée' });
    expect((await get('/api/partner/availability/exceptions', owner)).json().exceptions).toHaveLength(1);
  });
});

describe('reservations inbox', () => {
  async function book(date: string, time: string) {
    const v = await giveVoucher(t.database.db, { now: clock.now() });
    const res = await send('POST', '/api/client/reservations', customer, {
      voucherId: v.id,
      partnerId: PARTNER1_ID,
      offerId: PARTNER1_MASSAGE_OFFER_ID,
      date,
      time,
      guests: 2,
      phone: '0550 12 34 56',
    });
    expect(res.statusCode, res.body).toBe(201);
    return { voucher: v, id: res.json().reservation.id as string };
  }

  it('confirms, declines and proposes another slot; the customer sees it and is e-mailed', async () => {
    const first = await book(day(8), '09:00');
    const second = await book(day(8), '10:00');
    const third = await book(day(8), '14:00');

    const inbox = (await get('/api/partner/reservations?status=pending', owner)).json();
    expect(inbox.counts.pending).toBe(3);
    expect(inbox.reservations.map((r: { id: string }) => r.id)).toEqual([first.id, second.id, third.id]);
    expect(inbox.reservations[0]).toMatchObject({ status: 'pending', statusLabel: 'En attente', guests: 2, customerEmail: DEMO_CUSTOMER_EMAIL, requestedTime: '09:00' });
    // The box and the offer with their Arabic twins (issue 15).
    expect(inbox.reservations[0]).toMatchObject({
      boxNameAr: BOX_AR['rituel-bien-etre']![0],
      offer: { id: PARTNER1_MASSAGE_OFFER_ID, titleAr: OFFER_AR['hammam-dar-essalam--hammam-massage']![0] },
    });
    const feed = (await get('/api/partner/dashboard', owner)).json().notifications;
    // The bell's web words it from the kind and parameters, in French or Arabic (issue 15).
    expect(feed[0]).toMatchObject({
      kind: 'reservation_requested',
      params: { customer: expect.any(String), offer: expect.any(String), date: day(8), time: expect.stringMatching(/^\d\d:00$/), guests: 2 },
      title: 'Nouvelle demande de réservation',
    });
    expect(feed[0].params).toHaveProperty('offerAr');

    expect((await send('POST', `/api/partner/reservations/${first.id}/confirm`, owner2)).statusCode).toBe(404);
    expect((await send('POST', `/api/partner/reservations/${first.id}/confirm`, staff)).statusCode).toBe(403);
    expect((await get('/api/partner/reservations', owner2)).json().reservations).toEqual([]);

    const confirmed = await send('POST', `/api/partner/reservations/${first.id}/confirm`, owner);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ message: 'Réservation confirmée', reservation: { status: 'confirmed' } });
    const mine = (await get('/api/client/reservations', customer)).json().reservations;
    expect(mine.find((r: { id: string }) => r.id === first.id).status).toBe('confirmed');
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, DEMO_CUSTOMER_EMAIL), eq(emailOutbox.template, 'reservation-confirmed')));
    expect(mails).toHaveLength(1);

    const noReason = await send('POST', `/api/partner/reservations/${second.id}/decline`, owner, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const declined = await send('POST', `/api/partner/reservations/${second.id}/decline`, owner, { reason: 'Fermeture exceptionnelle' });
    expect(declined.json()).toMatchObject({ reservation: { status: 'declined', declineReason: 'Fermeture exceptionnelle' } });
    const [released] = await t.database.db.select().from(vouchers).where(eq(vouchers.id, second.voucher.id));
    expect(released!.status).toBe('DELIVERED');

    const proposed = await send('POST', `/api/partner/reservations/${third.id}/propose`, owner, { date: day(9), time: '15:00' });
    expect(proposed.statusCode, proposed.body).toBe(200);
    expect(proposed.json()).toMatchObject({ message: 'Nouveau créneau proposé au client', reservation: { status: 'proposed', proposedDate: day(9), proposedTime: '15:00' } });
    expect((await send('POST', `/api/partner/reservations/${first.id}/decline`, owner, { reason: 'Trop tard' })).statusCode).toBe(409);

    const counts = (await get('/api/partner/reservations', owner)).json().counts;
    expect(counts).toEqual({ pending: 1, confirmed: 1, past: 1 });
    // The confirmed one is redeemed at the counter: it becomes completed.
    const scan = await send('POST', '/api/partner/redemptions', owner, { code: first.voucher.code, nonce: newNonce() });
    expect(scan.statusCode).toBe(200);
    const past = (await get('/api/partner/reservations?status=past', owner)).json().reservations;
    expect(past.find((r: { id: string }) => r.id === first.id).status).toBe('completed');
  });
});

describe('partner support', () => {
  it('opens tickets shared by the partner team, invisible to other partners', async () => {
    const blank = await send('POST', '/api/partner/tickets', owner, { title: ' ', description: 'Le scanner ne lit pas le QR' });
    expect(blank.json().error.message).toBe('Veuillez remplir tous les champs obligatoires');
    const created = await send('POST', '/api/partner/tickets', owner, { title: 'Scanner bloqué', description: 'Le scanner ne lit pas le QR' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe('✅ Ticket créé ! Support partenaire vous contactera sous 1h pour les urgences.');
    const ticket = created.json().ticket;
    expect(ticket).toMatchObject({ category: 'scanner', priority: 'medium', status: 'open' });
    const urgent = await send('POST', '/api/partner/tickets', staff, { title: 'Paiement', description: 'Virement non reçu', category: 'paiements', priority: 'urgent' });
    expect(urgent.json().ticket).toMatchObject({ category: 'paiements', priority: 'urgent' });
    expect((await send('POST', '/api/partner/tickets', owner, { title: 'x', description: 'y', category: 'autre' })).statusCode).toBe(400);

    const list = (await get('/api/partner/tickets', staff)).json();
    expect(list.openCount).toBe(2);
    const reply = await send('POST', `/api/partner/tickets/${ticket.id}/messages`, staff, { message: 'Toujours bloqué ce matin.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().ticket.messages.at(-1)).toMatchObject({ sender: 'user', message: 'Toujours bloqué ce matin.' });

    expect((await get(`/api/partner/tickets/${ticket.id}`, owner2)).statusCode).toBe(404);
    expect((await get('/api/partner/tickets', owner2)).json().tickets).toEqual([]);
    // Nor to the customer area.
    expect((await get(`/api/client/tickets/${ticket.id}`, customer)).statusCode).toBe(404);
  });

  it('reports the real health of our services', async () => {
    const res = await get('/api/partner/status', staff);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s.services.map((x: { key: string }) => x.key)).toEqual(['database', 'scanner', 'email', 'payments', 'jobs']);
    // Codes and figures the web words per language (issue 15), the French detail kept beside them.
    expect(s.services[0]).toMatchObject({ status: 'operational', detail: expect.stringMatching(/^Réponse en [\d.]+ ms$/), detailCode: 'db_response', detailParams: { ms: expect.any(Number) } });
    expect(s.services[2]).toMatchObject({ detailCode: 'email_queue', detailParams: { waiting: expect.any(Number), failed: expect.any(Number) } });
    expect(s.services[3]).toMatchObject({ status: 'operational', detail: 'Passerelle de test (sandbox)', detailCode: 'payments_sandbox' });
    // Tests run without background jobs: the page says so instead of claiming all is well.
    expect(s.services[4]).toMatchObject({ status: 'degraded', detail: 'Désactivées sur cette instance', detailCode: 'jobs_off' });
    expect(s.overall).not.toBe('healthy');
  });

  it('serves the partner FAQ from the database', async () => {
    const res = await get('/api/faq?audience=partner');
    expect(res.statusCode).toBe(200);
    expect(res.json().entries.length).toBeGreaterThan(0);
  });
});
