import type { TVoucherStatus } from '@farha/contracts/vouchers';

/** Who asks for a change (architecture.md "Voucher state machine", column "by"). */
export type VoucherActor = 'system' | 'holder' | 'purchaser' | 'partner' | 'finance' | 'support' | 'dispute';

type Rule = { from: readonly TVoucherStatus[]; to: TVoucherStatus; by: readonly VoucherActor[] };

const ACTIVE = ['ISSUED', 'DELIVERED', 'EXTENDED'] as const satisfies readonly TVoucherStatus[];

/** The only transitions there are; anything else is refused. ISSUED itself is the creation state. */
export const VOUCHER_TRANSITIONS: readonly Rule[] = [
  { from: ['ISSUED'], to: 'DELIVERED', by: ['system'] },
  { from: ACTIVE, to: 'RESERVED', by: ['holder'] },
  // RESERVED → its previous active status: reservation cancelled or declined.
  { from: ['RESERVED'], to: 'ISSUED', by: ['holder', 'partner', 'system'] },
  { from: ['RESERVED'], to: 'DELIVERED', by: ['holder', 'partner', 'system'] },
  { from: ['RESERVED'], to: 'EXTENDED', by: ['holder', 'partner', 'system'] },
  { from: [...ACTIVE, 'RESERVED'], to: 'REDEEMED', by: ['partner'] },
  { from: ['REDEEMED'], to: 'SETTLED', by: ['finance'] },
  { from: ACTIVE, to: 'EXCHANGED', by: ['holder'] },
  { from: ['ISSUED', 'DELIVERED', 'EXPIRED', 'EXTENDED'], to: 'EXTENDED', by: ['holder', 'support'] },
  { from: ACTIVE, to: 'CANCELLED', by: ['purchaser', 'support', 'dispute'] },
  { from: [...ACTIVE, 'RESERVED'], to: 'EXPIRED', by: ['system'] },
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

/** Dashboard groups of spec 01 §4. */
export const VOUCHER_GROUPS = {
  active: ['ISSUED', 'DELIVERED', 'RESERVED', 'EXTENDED'],
  used: ['REDEEMED', 'SETTLED'],
  expired: ['EXPIRED', 'CANCELLED', 'EXCHANGED'],
} as const satisfies Record<string, readonly TVoucherStatus[]>;
