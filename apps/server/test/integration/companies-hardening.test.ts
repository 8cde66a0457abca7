import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { companies, emailOutbox, users } from '../../src/db/schema/index.ts';
import { ACCOUNTS, buildTestApp, type Role, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { genuinePdf } from '../upload-fixtures.ts';

/** Issue 32: who sends a company's documents, one registration counter per address, registration that tells nothing. */
const clock = testClock();
let t: TestApp;
const cookies = {} as Record<Role, string>;

function multipart(filename: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----farha-test';
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let nifSeq = 0;
const company = (email: string) => ({
  name: `Atlas ${++nifSeq}`,
  legalForm: 'SPA',
  nif: `00021601234${String(5000 + nifSeq).padStart(4, '0')}`,
  nis: '000216010101010',
  rc: '16/00-7654321 B 10',
  articleImposition: '16098765432',
  address: '5 boulevard Zighoud Youcef, Alger',
  wilaya: 'Alger',
  contactFirstName: 'Leila',
  contactLastName: 'Hamidi',
  contactEmail: email,
  contactPhone: '0550 11 22 33',
  password: 'secret1234',
  consent: true,
});

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { REGISTRATION_LIMIT_PER_HOUR: '4' } });
  for (const role of Object.keys(ACCOUNTS) as Role[]) cookies[role] = await t.login(ACCOUNTS[role]);
});
afterAll(async () => {
  await t.close();
});

describe("a company's legal documents", () => {
  it('POST /api/company/documents: 401 anonymous, the admin only (a buyer gets the catalogue\'s 403), 403 for every other role', async () => {
    const send = async (cookie?: string) =>
      t.request({ method: 'POST', url: '/api/company/documents', ...multipart('rc.pdf', await genuinePdf(), { type: 'rc' }), ...(cookie ? { cookie } : {}) });
    expect((await send()).statusCode).toBe(401);
    for (const role of Object.keys(ACCOUNTS) as Role[]) {
      const res = await send(cookies[role]);
      if (role === 'company_admin') expect({ role, status: res.statusCode }).toEqual({ role, status: 201 });
      else expect({ role, status: res.statusCode }).toEqual({ role, status: 403 });
      if (role === 'company_buyer') {
        expect(res.json().error).toEqual({ code: 'COMPANY_ADMIN_ONLY', message: "Réservé à l'administrateur du compte entreprise" });
      }
    }
    // The buyer still reads them.
    const listed = await t.request({ method: 'GET', url: '/api/company/documents', cookie: cookies.company_buyer });
    expect(listed.json().documents).toHaveLength(1);
  });
});

describe('opening a company account', () => {
  it('answers an address that has an account as a new one, opens nothing, and tells its owner (once an hour)', async () => {
    const fresh = await t.request({ method: 'POST', url: '/api/companies/register', remoteAddress: '10.32.0.1', payload: company('nouvelle@atlas.dz') });
    const taken = await t.request({ method: 'POST', url: '/api/companies/register', remoteAddress: '10.32.0.1', payload: company(ACCOUNTS.customer) });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect({ status: taken.statusCode, body: taken.body }).toEqual({ status: fresh.statusCode, body: fresh.body });
    expect(taken.body).not.toMatch(/existe|compte/i);
    const opened = await t.database.db.select({ n: count() }).from(companies).where(eq(companies.contactEmail, ACCOUNTS.customer));
    expect(opened[0]!.n).toBe(0);
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, ACCOUNTS.customer));
    expect(owner!.role).toBe('customer');
    const again = await t.request({ method: 'POST', url: '/api/companies/register', remoteAddress: '10.32.0.2', payload: company(ACCOUNTS.customer) });
    expect(again.statusCode).toBe(201);
    const told = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, ACCOUNTS.customer), eq(emailOutbox.template, 'company-register-attempt')));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain("aucun compte n'a été ouvert");
    // The new address's account signs in (the page takes it to its area).
    expect((await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'nouvelle@atlas.dz', password: 'secret1234' } })).statusCode).toBe(200);
  });

  it("counts companies' registrations with the customers' ones, per address", async () => {
    const from = '10.32.9.9';
    for (let i = 0; i < 4; i++) {
      const res = await t.request({ method: 'POST', url: '/api/auth/register', remoteAddress: from, payload: { email: `c32-${i}@example.dz`, password: 'secret123', firstName: 'Bot', lastName: 'Bulk' } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const refused = await t.request({ method: 'POST', url: '/api/companies/register', remoteAddress: from, payload: company('bot@atlas.dz') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({ code: 'REGISTRATION_LIMITED', message: 'Trop de comptes créés depuis cette adresse. Veuillez réessayer dans une heure.' });
    expect((await t.database.db.select({ n: count() }).from(users).where(eq(users.email, 'bot@atlas.dz')))[0]!.n).toBe(0);
    // Companies spend it too: another address, three companies, then a customer is refused.
    const other = '10.32.9.10';
    for (let i = 0; i < 4; i++) expect((await t.request({ method: 'POST', url: '/api/companies/register', remoteAddress: other, payload: company(`co32-${i}@atlas.dz`) })).statusCode).toBe(201);
    expect((await t.request({ method: 'POST', url: '/api/auth/register', remoteAddress: other, payload: { email: 'late@example.dz', password: 'secret123', firstName: 'A', lastName: 'B' } })).statusCode).toBe(429);
    // The window is the clock's hour.
    clock.advance(61 * 60_000);
    expect((await t.request({ method: 'POST', url: '/api/companies/register', remoteAddress: from, payload: company('bot@atlas.dz') })).statusCode).toBe(201);
  });
});
