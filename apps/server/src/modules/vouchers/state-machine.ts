import { VOUCHER_STATUS_GROUPS, type TVoucherStatus } from '@farha/contracts/vouchers';

/** Who asks for a change (docs/product/vouchers.md §5, column "by"). */
export type VoucherActor = 'system' | 'holder' | 'purchaser' | 'partner' | 'finance' | 'support' | 'dispute';

type Rule = { from: readonly TVoucherStatus[]; to: TVoucherStatus; by: readonly VoucherActor[] };

const GROUPS = VOUCHER_STATUS_GROUPS;

/** The only transitions there are; anything else is refused. ISSUED itself is the creation state. */
export const VOUCHER_TRANSITIONS: readonly Rule[] = [
  { from: ['ISSUED'], to: 'DELIVERED', by: ['system'] },
  { from: GROUPS.reservable, to: 'RESERVED', by: ['holder'] },
  // RESERVED → its previous active status: reservation cancelled or declined.
  ...GROUPS.active.map((to): Rule => ({ from: ['RESERVED'], to, by: ['holder', 'partner', 'system'] })),
  { from: GROUPS.redeemable, to: 'REDEEMED', by: ['partner'] },
  { from: ['REDEEMED'], to: 'SETTLED', by: ['finance'] },
  { from: GROUPS.exchangeable, to: 'EXCHANGED', by: ['holder'] },
  { from: GROUPS.extendable, to: 'EXTENDED', by: ['holder', 'support'] },
  // Refunded (docs/product/refunds.md §1): the buyer's 14 days, a dispute's resolution, finance's credit note to a company.
  { from: GROUPS.cancellable, to: 'CANCELLED', by: ['purchaser', 'support', 'dispute', 'finance'] },
  { from: GROUPS.expirable, to: 'EXPIRED', by: ['system'] },
  // Issue 38 (docs/product/delivery.md §5): a physical box's voucher (created AWAITING_DELIVERY) becomes usable
  // when the courier delivers the box (and collected its cash), and is cancelled when the parcel comes back.
  { from: ['AWAITING_DELIVERY'], to: 'DELIVERED', by: ['system'] },
  { from: ['AWAITING_DELIVERY'], to: 'CANCELLED', by: ['system'] },
];

export function allowedSources(to: TVoucherStatus, by: VoucherActor): TVoucherStatus[] {
  const sources = new Set<TVoucherStatus>();
  for (const rule of VOUCHER_TRANSITIONS) {
    if (rule.to === to && rule.by.includes(by)) for (const s of rule.from) sources.add(s);
  }
  return [...sources];
}

export function canTransition(from: TVoucherStatus, to: TVoucherStatus, by: VoucherActor): boolean {
  return allowedSources(to, by).includes(from);
}
