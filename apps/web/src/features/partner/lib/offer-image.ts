/** The category's bundled illustration: the default picture of an offer (spec 02 §5). */
export function defaultOfferImage(category: string): string {
  return `/images/offers/${encodeURIComponent(category)}.svg`;
}
