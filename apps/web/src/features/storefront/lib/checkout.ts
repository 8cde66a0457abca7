import type { TBoxSummary } from '@farha/contracts/catalog';
import { paths } from '@/config/paths';

/** Navigation state handed to /checkout (docs/product/storefront.md §7: the checkout receives the selected box). */
export interface CheckoutNavigationState {
  box: TBoxSummary;
}

/** /checkout?box=<id>: the id in the URL survives a reload; the box in the state saves a round trip. */
export function checkoutHref(boxId: string): string {
  return `${paths.checkout}?${new URLSearchParams({ box: boxId })}`;
}

/** Only the summary fields, even when given a box page's detail (offers and reviews stay behind). */
export function checkoutState(box: TBoxSummary): CheckoutNavigationState {
  const {
    id, name, description, nameAr, descriptionAr, price, validityDays, exchangeOnce, category, imageUrl, offerCount, cities, rating,
    reviewCount, createdAt, isNew, bestSeller,
  } = box;
  return {
    box: { id, name, description, nameAr, descriptionAr, price, validityDays, exchangeOnce, category, imageUrl, offerCount, cities, rating, reviewCount, createdAt, isNew, bestSeller },
  };
}
