import { VOUCHER_TABS } from '@farha/contracts/customer';
import { isVoucherStatusIn, type TVoucherStatus } from '@farha/contracts/vouchers';
import { searchFold } from '@farha/contracts/search-fold';

export type VoucherTab = keyof typeof VOUCHER_TABS | 'tous';
export const VOUCHER_TAB_ORDER: VoucherTab[] = ['actifs', 'utilises', 'expires', 'tous'];

/** A voucher that can still be used, booked or not (dashboard tab "Actifs"). */
export function isUsable(status: TVoucherStatus): boolean {
  return isVoucherStatusIn('usable', status);
}

export function inTab(status: TVoucherStatus, tab: VoucherTab): boolean {
  return tab === 'tous' || (VOUCHER_TABS[tab] as readonly TVoucherStatus[]).includes(status);
}

/**
 * Lower case without accents nor Arabic short vowels, one alef, ة as ه (the server's searches' fold), for a
 * forgiving search: "ete" finds "Été", "الحمام" finds "الحمّام".
 */
export function searchable(value: string): string {
  return searchFold(value.normalize('NFD').replace(/\p{M}/gu, ''));
}

/** The boxes whose name, in French or in Arabic, contains what was typed (the exchange dialog's filter); all of them when nothing is. */
export function boxesMatching<T extends { name: string; nameAr: string | null }>(boxes: T[], query: string): T[] {
  const needle = searchable(query.trim());
  if (!needle) return boxes;
  return boxes.filter((box) => [box.name, box.nameAr].some((name) => name && searchable(name).includes(needle)));
}
