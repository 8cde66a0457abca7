import { describe, expect, it } from 'vitest';
import { VOUCHER_STATUS_GROUPS, VOUCHER_STATUSES, type TVoucherStatus } from '@farha/contracts/vouchers';
import { canTransition } from '../../src/modules/vouchers/index.ts';

describe('voucher state machine', () => {
  it('lets a partner redeem an active or reserved voucher, nothing else', () => {
    const ok: TVoucherStatus[] = ['ISSUED', 'DELIVERED', 'EXTENDED', 'RESERVED'];
    for (const from of VOUCHER_STATUSES) expect(canTransition(from, 'REDEEMED', 'partner')).toBe(ok.includes(from));
  });

  it('never lets a voucher be redeemed twice or come back from the dead', () => {
    for (const to of VOUCHER_STATUSES) {
      if (to !== 'SETTLED') expect(canTransition('REDEEMED', to, 'partner')).toBe(false);
      for (const by of ['system', 'holder', 'purchaser', 'partner', 'finance', 'support', 'dispute'] as const) {
        expect(canTransition('CANCELLED', to, by)).toBe(false);
        expect(canTransition('EXCHANGED', to, by)).toBe(false);
        expect(canTransition('SETTLED', to, by)).toBe(false);
      }
    }
  });

  it('only finance settles, only the system delivers and expires', () => {
    expect(canTransition('REDEEMED', 'SETTLED', 'finance')).toBe(true);
    expect(canTransition('REDEEMED', 'SETTLED', 'partner')).toBe(false);
    expect(canTransition('ISSUED', 'DELIVERED', 'system')).toBe(true);
    expect(canTransition('ISSUED', 'DELIVERED', 'holder')).toBe(false);
    expect(canTransition('RESERVED', 'EXPIRED', 'system')).toBe(true);
    expect(canTransition('DELIVERED', 'EXPIRED', 'holder')).toBe(false);
  });

  it('lets a holder reserve only an active voucher and a purchaser cancel only an unused one', () => {
    expect(canTransition('DELIVERED', 'RESERVED', 'holder')).toBe(true);
    expect(canTransition('RESERVED', 'RESERVED', 'holder')).toBe(false);
    expect(canTransition('EXPIRED', 'RESERVED', 'holder')).toBe(false);
    expect(canTransition('DELIVERED', 'CANCELLED', 'purchaser')).toBe(true);
    expect(canTransition('REDEEMED', 'CANCELLED', 'purchaser')).toBe(false);
    expect(canTransition('EXPIRED', 'EXTENDED', 'holder')).toBe(true);
  });
});

// The table of docs/product/vouchers.md §5, written out once more here on purpose: the groups of the contracts must say it.
describe('the status groups the state machine is built from', () => {
  const sources = (to: TVoucherStatus, by: Parameters<typeof canTransition>[2]) => VOUCHER_STATUSES.filter((from) => canTransition(from, to, by)).sort();
  const sorted = (group: readonly TVoucherStatus[]) => [...group].sort();

  it('are the sources of the transitions of docs/product/vouchers.md §5', () => {
    expect(sources('RESERVED', 'holder')).toEqual(['DELIVERED', 'EXTENDED', 'ISSUED']);
    expect(sources('REDEEMED', 'partner')).toEqual(['DELIVERED', 'EXTENDED', 'ISSUED', 'RESERVED']);
    expect(sources('EXCHANGED', 'holder')).toEqual(['DELIVERED', 'EXTENDED', 'ISSUED']);
    expect(sources('EXTENDED', 'support')).toEqual(['DELIVERED', 'EXPIRED', 'EXTENDED', 'ISSUED']);
    expect(sources('CANCELLED', 'purchaser')).toEqual(['DELIVERED', 'EXTENDED', 'ISSUED']);
    expect(sources('EXPIRED', 'system')).toEqual(['DELIVERED', 'EXTENDED', 'ISSUED', 'RESERVED']);
    expect(sorted(VOUCHER_STATUS_GROUPS.reservable)).toEqual(sources('RESERVED', 'holder'));
    expect(sorted(VOUCHER_STATUS_GROUPS.redeemable)).toEqual(sources('REDEEMED', 'partner'));
    expect(sorted(VOUCHER_STATUS_GROUPS.exchangeable)).toEqual(sources('EXCHANGED', 'holder'));
    expect(sorted(VOUCHER_STATUS_GROUPS.extendable)).toEqual(sources('EXTENDED', 'support'));
    expect(sorted(VOUCHER_STATUS_GROUPS.cancellable)).toEqual(sources('CANCELLED', 'support'));
    expect(sorted(VOUCHER_STATUS_GROUPS.expirable)).toEqual(sources('EXPIRED', 'system'));
  });

  it('let a reservation end only back in an active status', () => {
    for (const to of VOUCHER_STATUSES) {
      expect(canTransition('RESERVED', to, 'holder'), to).toBe((VOUCHER_STATUS_GROUPS.active as readonly string[]).includes(to));
    }
  });
});
