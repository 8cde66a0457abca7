import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema/index.ts';
import { ACCOUNTS, buildTestApp, memoryMailer, type TestApp } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { genuinePdf } from '../upload-fixtures.ts';
import { multipart } from '../company-fixtures.ts';

// Issue 34: finance cannot verify a company that uploaded no document, and sees an RC already used by another
// company (the demo's company has `16/00-1234567 B 12`).
const clock = testClock();
let t: TestApp;
let finance: string;

const COMPANY = {
  name: 'Oasis Négoce',
  legalForm: 'SARL',
  nif: '000 216 099 887 766',
  nis: '000216020202020',
  rc: '16/00 - 1234567b12',
  articleImposition: '16011122233',
  address: '3 rue Didouche Mourad, Alger',
  wilaya: 'Alger',
  contactFirstName: 'Sofiane',
  contactLastName: 'Kaci',
  contactEmail: 'sofiane.kaci@oasis-negoce.dz',
  contactPhone: '0550 44 55 66',
  password: 'secret1234',
  consent: true,
};

beforeAll(async () => {
  t = await buildTestApp({ clock, mailer: memoryMailer() });
  finance = await t.login(ACCOUNTS.finance);
});
afterAll(async () => {
  await t.close();
});

const list = async () => {
  const res = await t.request({ method: 'GET', url: '/api/admin/companies?status=all&pageSize=100', cookie: finance });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().companies as { id: string; name: string; status: string; documentCount: number; duplicateOf: { id: string; name: string; status: string }[] }[];
};

describe('reviewing a company', () => {
  let companyId: string;
  let demoId: string;

  it('flags an RC already on another company, written with other spaces and case, on both', async () => {
    const res = await t.request({ method: 'POST', url: '/api/companies/register', payload: COMPANY });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.contactEmail, COMPANY.contactEmail));
    companyId = row!.id;
    const all = await list();
    const oasis = all.find((c) => c.id === companyId)!;
    expect(oasis).toMatchObject({ documentCount: 0, status: 'pending' });
    expect(oasis.duplicateOf).toHaveLength(1);
    demoId = oasis.duplicateOf[0]!.id;
    const demo = all.find((c) => c.id === demoId)!;
    expect(demo.duplicateOf).toEqual([{ id: companyId, name: 'Oasis Négoce', status: 'pending' }]);
    // Companies with their own RC carry no flag.
    expect(all.filter((c) => c.id !== companyId && c.id !== demoId).every((c) => c.duplicateOf.length === 0)).toBe(true);
  });

  it('refuses to verify a company that uploaded no document, in French, and changes nothing', async () => {
    const res = await t.request({ method: 'POST', url: `/api/admin/companies/${companyId}/review`, cookie: finance, payload: { decision: 'verify' } });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'COMPANY_DOCUMENTS_MISSING', message: 'Cette entreprise n’a déposé aucun document (RC, NIF, statuts) : elle ne peut pas être vérifiée' });
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, companyId));
    expect(row!.status).toBe('pending');
    // An unknown company is still « introuvable ».
    const unknown = await t.request({ method: 'POST', url: '/api/admin/companies/00000000-0000-4000-8000-000000000000/review', cookie: finance, payload: { decision: 'verify' } });
    expect(unknown.statusCode).toBe(404);
  });

  it('verifies it once a document is uploaded', async () => {
    const cookie = await t.login(COMPANY.contactEmail, COMPANY.password);
    const upload = await t.request({ method: 'POST', url: '/api/company/documents', cookie, ...multipart('rc.pdf', await genuinePdf(), { type: 'rc' }) });
    expect(upload.statusCode, upload.body).toBe(201);
    expect((await list()).find((c) => c.id === companyId)).toMatchObject({ documentCount: 1 });
    const res = await t.request({ method: 'POST', url: `/api/admin/companies/${companyId}/review`, cookie: finance, payload: { decision: 'verify' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('verified');
  });
});
