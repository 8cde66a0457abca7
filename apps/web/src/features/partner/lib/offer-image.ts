/** The category's bundled illustration: the default picture of an offer (docs/product/partners.md §8). */
export function defaultOfferImage(category: string): string {
  return `/images/offers/${encodeURIComponent(category)}.webp`;
}
