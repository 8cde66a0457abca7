import { describe, expect, it } from 'vitest';
import { audienceColumns, canSee, type Audience, type StreamViewer } from '../../src/modules/realtime/index.ts';

// docs/product/realtime.md §3: the one rule of who receives an event, for live delivery and for replays.
const owner: StreamViewer = { userId: 'u-owner', role: 'partner_owner', partner: { id: 'p1', permissions: 'all' } };
const staff: StreamViewer = { userId: 'u-staff', role: 'partner_staff', partner: { id: 'p1', permissions: ['scanner'] } };
const otherOwner: StreamViewer = { userId: 'u-owner2', role: 'partner_owner', partner: { id: 'p2', permissions: 'all' } };
const orphanStaff: StreamViewer = { userId: 'u-gone', role: 'partner_staff', partner: null };
const customer: StreamViewer = { userId: 'u-customer', role: 'customer', partner: null };
const support: StreamViewer = { userId: 'u-support', role: 'support', partner: null };

const sees = (viewer: StreamViewer, audience: Audience) => canSee(viewer, audienceColumns(audience));

describe('who receives an event', () => {
  it('a user audience reaches that user only', () => {
    expect([owner, staff, customer, support].map((v) => sees(v, { userId: 'u-customer' }))).toEqual([false, false, true, false]);
  });

  it('a partner audience reaches its members only, and with a permission only the members holding it', () => {
    expect([owner, staff, otherOwner, orphanStaff, customer].map((v) => sees(v, { partnerId: 'p1' }))).toEqual([true, true, false, false, false]);
    expect([owner, staff, otherOwner].map((v) => sees(v, { partnerId: 'p1', permission: 'manage_reservations' }))).toEqual([true, false, false]);
    expect(sees(staff, { partnerId: 'p1', permission: 'scanner' })).toBe(true);
  });

  it('a roles audience reaches those roles only', () => {
    expect([owner, customer, support].map((v) => sees(v, { roles: ['support'] }))).toEqual([false, false, true]);
  });

  it('stores exactly one audience per event', () => {
    expect(audienceColumns({ userId: 'u' })).toEqual({ userId: 'u', partnerId: null, permission: null, roles: null });
    expect(audienceColumns({ partnerId: 'p', permission: 'scanner' })).toEqual({ userId: null, partnerId: 'p', permission: 'scanner', roles: null });
    expect(audienceColumns({ roles: ['support', 'superadmin'] })).toEqual({ userId: null, partnerId: null, permission: null, roles: ['support', 'superadmin'] });
    expect(audienceColumns({ chatId: 'c' })).toEqual({ userId: null, partnerId: null, permission: null, roles: null, chatId: 'c' });
  });

  it('a chat audience (issue 36) reaches the visitor’s stream of that chat only, and a visitor nothing else', () => {
    const visitor: StreamViewer = { userId: 'chat:c1', role: null, partner: null, chatId: 'c1' };
    const otherVisitor: StreamViewer = { userId: 'chat:c2', role: null, partner: null, chatId: 'c2' };
    expect(sees(visitor, { chatId: 'c1' })).toBe(true);
    expect(sees(otherVisitor, { chatId: 'c1' })).toBe(false);
    for (const viewer of [customer, support, owner]) expect(sees(viewer, { chatId: 'c1' })).toBe(false);
    expect(sees(visitor, { roles: ['support', 'superadmin', 'customer', 'partner_owner', 'partner_staff', 'finance', 'catalog_admin', 'company_admin', 'company_buyer'] })).toBe(false);
    expect(sees(visitor, { userId: 'chat:c1' })).toBe(false);
  });
});
