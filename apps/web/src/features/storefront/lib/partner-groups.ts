import type { TOfferCategory, TPublicPartner } from '@farha/contracts/catalog';

const collator = new Intl.Collator('fr', { sensitivity: 'base' });

/**
 * Issue 34: /partners lists the partners by wilaya, as the catalogue's filter does (docs/product/storefront.md
 * §4): Hydra and Sidi Yahia show under « Alger » (their card names the district), not beside « Oran ». The
 * filter takes a wilaya, or a town or district named in an older link.
 */
export function partnersByWilaya(
  partners: readonly TPublicPartner[],
  filters: { city: string; category: TOfferCategory | '' },
): { shown: TPublicPartner[]; groups: [wilaya: string, partners: TPublicPartner[]][] } {
  const shown = partners.filter(
    (p) => (!filters.city || p.wilaya === filters.city || p.city === filters.city) && (!filters.category || p.category === filters.category),
  );
  const groups = new Map<string, TPublicPartner[]>();
  for (const partner of shown) groups.set(partner.wilaya, [...(groups.get(partner.wilaya) ?? []), partner]);
  return { shown, groups: [...groups.entries()].sort(([a], [b]) => collator.compare(a, b)) };
}
