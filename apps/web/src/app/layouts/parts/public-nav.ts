import type { TFunction } from '@/lib/i18n-react';
import { paths } from '@/config/paths';

/** docs/product/storefront.md §2: Accueil, Catalogue, Partenaires. */
export function publicNavLinks(t: TFunction) {
  return [
    { to: paths.home, label: t('nav.home'), end: true },
    { to: paths.catalog, label: t('nav.catalog'), end: false },
    { to: paths.partners, label: t('nav.partners'), end: false },
  ];
}
