import type { TFunction } from '@/lib/i18n-react';
import { paths } from '@/config/paths';

/** spec 01 §2 "Layout": Accueil, Catalogue, Partenaires. */
export function publicNavLinks(t: TFunction) {
  return [
    { to: paths.home, label: t('nav.home'), end: true },
    { to: paths.catalog, label: t('nav.catalog'), end: false },
    { to: paths.partners, label: t('nav.partners'), end: false },
  ];
}
