import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { ACCOUNTS, itGuardsEachEndpoint, type Role, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';
import { newCustomer, type Customer } from '../customer-fixtures.ts';
import { groupGiftFixtures } from '../group-gift-fixtures.ts';

// Issue 37: every group gift endpoint × the 8 roles and anonymous, and a pot's ownership (docs/product/group-gifts.md §9).
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const NO_POT = '00000000-0000-4000-8000-000000000000';
const NO_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';

describe('the organiser’s endpoints: customers only', () => {
  itGuardsEachEndpoint(t, cookies, [
    { method: 'POST', url: '/api/client/group-gifts', payload: {}, allowed: ['customer'] },
    { method: 'GET', url: '/api/client/group-gifts', allowed: ['customer'] },
    { method: 'GET', url: `/api/client/group-gifts/${NO_POT}`, allowed: ['customer'] },
    { method: 'POST', url: `/api/client/group-gifts/${NO_POT}/cancel`, allowed: ['customer'] },
    { method: 'POST', url: `/api/client/group-gifts/${NO_POT}/remind`, allowed: ['customer'] },
    { method: 'POST', url: `/api/client/group-gifts/${NO_POT}/choice`, payload: { choice: 'refund' }, allowed: ['customer'] },
    { method: 'GET', url: `/api/client/group-gifts/${NO_POT}/card.pdf`, allowed: ['customer'] },
  ]);
});

describe('finance’s figures: finance and superadmin', () => {
  itGuardsEachEndpoint(t, cookies, [{ method: 'GET', url: '/api/admin/analytics/group-gifts', allowed: ADMIN_PAGE_ROLES.analytics }], { answers: [200] });
});

describe('the pot’s link: anyone, signed in or not', () => {
  it('reading a pot, contributing and reading a contribution back answer every role and anonymous alike', async () => {
    const f = groupGiftFixtures(t, clock);
    const organiser = await newCustomer(t, 'ouvert');
    const box = await f.dearestBox();
    const pot = await f.openPot(organiser, box.id);
    const callers: (Role | 'anonymous')[] = ['anonymous', ...(Object.keys(ACCOUNTS) as Role[])];
    for (const who of callers) {
      const cookie = who === 'anonymous' ? undefined : cookies[who];
      const read = await t.request({ method: 'GET', url: `/api/group-gifts/${pot.token}`, ...(cookie ? { cookie } : {}) });
      expect({ who, status: read.statusCode }).toEqual({ who, status: 200 });
      expect((await t.request({ method: 'GET', url: `/api/group-gifts/${NO_TOKEN}`, ...(cookie ? { cookie } : {}) })).statusCode).toBe(404);
      const paid = await f.contribute(pot.token, { email: `${who}.gg@example.dz`, amount: 500 }, cookie);
      expect({ who, status: paid.statusCode }).toEqual({ who, status: 201 });
      const back = await t.request({ method: 'GET', url: `/api/group-gifts/${pot.token}/contributions/${paid.json().orderId}`, ...(cookie ? { cookie } : {}) });
      expect({ who, status: back.statusCode }).toEqual({ who, status: 200 });
      expect(back.json().status).toBe('pending');
      // Another pot's token does not read this contribution.
      expect((await t.request({ method: 'GET', url: `/api/group-gifts/${NO_TOKEN}/contributions/${paid.json().orderId}` })).statusCode).toBe(404);
    }
    // A malformed token is the catalogue's 404 (never a 500).
    expect((await t.request({ method: 'GET', url: '/api/group-gifts/short' })).json().error.code).toBe('GROUP_GIFT_NOT_FOUND');
  });
});

describe('a pot is its organiser’s (docs/product/group-gifts.md §9)', () => {
  let owner: Customer;
  let other: Customer;
  it('another customer cannot read it, list it, cancel it, remind, choose or fetch its card (404); the public view shows no e-mail', async () => {
    const f = groupGiftFixtures(t, clock);
    owner = await newCustomer(t, 'proprietaire');
    other = await newCustomer(t, 'voisin');
    const box = await f.dearestBox();
    const pot = await f.openPot(owner, box.id, { recipientEmail: 'destinataire.secret@example.dz' });
    const c = await f.started(pot.token, { email: 'contributeur.secret@example.dz', amount: 800 });
    await f.paySandbox(c.checkoutUrl);
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['POST', '/cancel', undefined],
      ['POST', '/remind', undefined],
      ['POST', '/choice', { choice: 'refund' }],
      ['GET', '/card.pdf', undefined],
    ] as const) {
      const res = await t.request({ method, url: `/api/client/group-gifts/${pot.id}${path}`, cookie: other.cookie, ...(payload ? { payload } : {}) });
      expect({ path, status: res.statusCode, code: res.json().error.code }).toEqual({ path, status: 404, code: 'GROUP_GIFT_NOT_FOUND' });
    }
    const list = (await t.request({ method: 'GET', url: '/api/client/group-gifts', cookie: other.cookie })).json();
    expect(list).toMatchObject({ total: 0, groupGifts: [] });
    const mine = (await t.request({ method: 'GET', url: '/api/client/group-gifts', cookie: owner.cookie })).json();
    expect(mine.groupGifts.map((g: { id: string }) => g.id)).toEqual([pot.id]);
    // Still open, untouched.
    expect((await f.pot(pot.id)).status).toBe('open');
    const pub = await t.request({ method: 'GET', url: `/api/group-gifts/${pot.token}` });
    expect(pub.body).not.toContain('@');
    expect(pub.body).not.toContain('secret');
  });
});
