import { ADMIN_PAGE_ROLES, landingPathFor, type TAdminPage } from '@farha/contracts/plain/roles';
import { Banknote, Building2, Coins, HandCoins, Receipt, TicketPercent, Truck, Undo2, ChartColumn, Handshake, History, LayoutDashboard, Package, Settings, UserRound, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useMailboxNavSection } from '@/features/mailbox/components/mailbox-nav';
import { TwoFactorGate } from '@/features/admin/components/two-factor-gate';
import { useDeliveryT } from '@/features/delivery/i18n';
import { useCurrentUser } from '@/lib/auth';
import { BackofficeShell } from './parts/backoffice-shell';
import { Breadcrumb } from './parts/breadcrumb';
import { UserIdentity } from './parts/user-identity';

/** The admin portal's layout (docs/product/back-office.md §1): the menu, in this order. */
const MENU: { page: Exclude<TAdminPage, 'profile'>; icon: LucideIcon }[] = [
  { page: 'dashboard', icon: LayoutDashboard },
  { page: 'users', icon: Users },
  { page: 'partners', icon: Handshake },
  { page: 'payouts', icon: Banknote },
  { page: 'refunds', icon: Undo2 },
  { page: 'companies', icon: Building2 },
  { page: 'payments', icon: Receipt },
  // Issue 38: logistics' shipments board, finance's reconciliation of the couriers' cash.
  { page: 'shipments', icon: Truck },
  { page: 'remittances', icon: HandCoins },
  { page: 'rates', icon: Coins },
  { page: 'catalog', icon: Package },
  { page: 'promotions', icon: TicketPercent },
  { page: 'analytics', icon: ChartColumn },
  { page: 'settings', icon: Settings },
  { page: 'audit', icon: History },
];

const ADMIN_BADGE_ROLES = ['superadmin', 'finance', 'catalog_admin'] as const;

export function AdminLayout() {
  const { t } = useTranslation();
  // Issue 38: the delivery pages name themselves (their words stay off the storefront's first load).
  const { t: tDelivery } = useDeliveryT();
  const user = useCurrentUser();
  const mailboxSection = useMailboxNavSection(); // demo mode only
  const allowed = (page: TAdminPage) => (ADMIN_PAGE_ROLES[page] as readonly string[]).includes(user.role);
  const badgeRole = ADMIN_BADGE_ROLES.find((role) => role === user.role);
  const roleBadge = badgeRole ? t(`admin.roleBadge.${badgeRole}`) : t(`roles.${user.role}`);
  const { pathname } = useLocation();

  // Issue 38: a role without the dashboard (logistics) opens its own first page from /admin, before any page's guard.
  const home = landingPathFor(user.role);
  const atDashboard = [paths.admin.root, paths.admin.dashboard].some((path) => path === pathname.replace(/\/+$/, ''));
  if (!allowed('dashboard') && atDashboard) {
    return <Navigate to={home} replace />;
  }

  return (
    <BackofficeShell
      brandSuffix={t('admin.portal')}
      navLabel={t('admin.nav.label')}
      sections={[
        {
          items: MENU.filter(({ page }) => allowed(page)).map(({ page, icon }) => ({
            to: paths.admin[page],
            label: page === 'shipments' || page === 'remittances' ? tDelivery(`nav.${page}`) : t(`admin.nav.${page}`),
            icon,
          })),
        },
        // Demo mode: the demo courier beside the demo mailbox (issue 38).
        ...(mailboxSection ? [{ ...mailboxSection, items: [...mailboxSection.items, { to: paths.demoCourier, label: tDelivery('nav.demoCourier'), icon: Truck }] }] : []),
        // The logistics role has no profile page (docs/product/accounts-and-roles.md §3).
        ...(allowed('profile')
          ? [
              {
                title: t('admin.nav.account'),
                items: [{ to: paths.admin.profile, label: t('admin.nav.profile'), icon: UserRound }],
              },
            ]
          : []),
      ]}
      headerLinks={
        <>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.admin.root}>{t('admin.portal')}</Link>
          </Button>
          {allowed('profile') && (
            <Button asChild variant="ghost" size="sm">
              <Link to={paths.admin.profile}>{t('admin.nav.profile')}</Link>
            </Button>
          )}
        </>
      }
      identity={<UserIdentity subtitle={<Badge variant="soft">{roleBadge}</Badge>} />}
      headerEnd={
        <>
          <ThemeToggle />
          <LocaleSwitch />
        </>
      }
      beforeContent={
        <>
          <TwoFactorGate />
          <Breadcrumb rootTo={paths.admin.dashboard} labels={{ shipments: tDelivery('nav.shipmentsCrumb'), remittances: tDelivery('nav.remittancesCrumb') }} />
        </>
      }
    />
  );
}
