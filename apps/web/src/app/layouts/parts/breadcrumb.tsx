import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, useLocation } from 'react-router';

const LABELLED = [
  'admin',
  'client',
  'partenaire',
  'support',
  'dashboard',
  'users',
  'partners',
  'catalog',
  'analytics',
  'settings',
  'profile',
  'tickets',
  'chats',
  'disputes',
  'scanner',
  'transactions',
  'payouts',
  'offers',
  'history',
  'knowledge',
  'reports',
  'refunds',
  'audit',
  'reservations',
  'companies',
  'taux',
  'paiements',
  'promotions',
] as const;
type LabelledSegment = (typeof LABELLED)[number];
const isLabelled = (segment: string): segment is LabelledSegment => (LABELLED as readonly string[]).includes(segment);

/** docs/product/back-office.md §1: breadcrumb of the current path, with the labels of the known segments. */
export function Breadcrumb({ rootTo, labels = {} }: { rootTo: string; /** Words of segments a feature names itself. */ labels?: Record<string, string> }) {
  const { t } = useTranslation();
  const segments = useLocation().pathname.split('/').filter(Boolean);
  if (segments.length === 0) return null;

  const crumbs = segments.map((segment, index) => ({
    label: labels[segment] ?? (isLabelled(segment) ? t(`breadcrumb.${segment}`) : decodeURIComponent(segment)),
    // The area's root crumb links to its home (for the support portal, /support is the public help centre).
    to: index === 0 ? rootTo : `/${segments.slice(0, index + 1).join('/')}`,
  }));

  return (
    <nav aria-label={t('breadcrumb.label')}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <Fragment key={crumb.to + index}>
              <li>
                {last ? (
                  <span aria-current="page" className="font-medium text-foreground">
                    {crumb.label}
                  </span>
                ) : (
                  <Link to={crumb.to} className="hover:text-foreground hover:underline underline-offset-4">
                    {crumb.label}
                  </Link>
                )}
              </li>
              {!last && (
                <li aria-hidden>
                  <ChevronRight className="size-3.5 rtl:-scale-x-100" />
                </li>
              )}
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
