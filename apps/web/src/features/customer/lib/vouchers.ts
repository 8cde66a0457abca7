import { VOUCHER_TABS } from '@farha/contracts/customer';
import type { TVoucherStatus } from '@farha/contracts/vouchers';

export type VoucherTab = keyof typeof VOUCHER_TABS | 'tous';
export const VOUCHER_TAB_ORDER: VoucherTab[] = ['actifs', 'utilises', 'expires', 'tous'];

/** Statuses a voucher can still be used in (dashboard tab "Actifs"). */
export const ACTIVE_STATUSES: ReadonlySet<TVoucherStatus> = new Set(VOUCHER_TABS.actifs);

export function isActive(status: TVoucherStatus): boolean {
  return ACTIVE_STATUSES.has(status);
}

export function inTab(status: TVoucherStatus, tab: VoucherTab): boolean {
  return tab === 'tous' || (VOUCHER_TABS[tab] as readonly TVoucherStatus[]).includes(status);
}

/** Codes are accepted in any case, with or without dashes or spaces (architecture.md). */
export function normalizeCode(value: string): string {
  return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** Lower case without accents, for a forgiving search ("ete" finds "Été"). */
export function searchable(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}
