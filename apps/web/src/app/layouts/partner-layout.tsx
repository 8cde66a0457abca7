import {
  ArrowLeftRight,
  CalendarCheck,
  LayoutDashboard,
  LifeBuoy,
  Mail,
  Phone,
  ScanLine,
  Tag,
  UserRound,
  Wallet,
  WifiOff,
} from 'lucide-react';
import type { TPartnerPermission } from '@farha/contracts/partner';
import { useTranslation } from '@/lib/i18n-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { Button } from '@/components/ui/button';
import { can, usePartnerMe } from '@/features/partner/api/me';
import { PartnerNotificationsBell } from '@/features/partner/components/partner-notifications-bell';
import { PartnerStatusCard } from '@/features/partner/components/partner-status-card';
import { usePartnerTranslation } from '@/features/partner/i18n';
import { useOnline, usePartnerApp } from '@/features/partner/offline/install';
import { useCurrentUser } from '@/lib/auth';
import { telHref, useSupportContact } from '@/lib/site';
import { BackofficeShell, type ShellNavSection } from './parts/backoffice-shell';
import { UserIdentity } from './parts/user-identity';

/** The partner portal's layout (docs/product/partners.md §1, §2). */
export function PartnerLayout() {
  const { t } = useTranslation();
  const { t: tp } = usePartnerTranslation();
  const user = useCurrentUser();
  const me = usePartnerMe();
  const online = useOnline();
  usePartnerApp();
  const title = user.role === 'partner_owner' ? t('partner.title.owner') : t('partner.title.staff');
  // docs/product/partners.md §2: a staff member's menu leads to the pages of their permissions only (the owner has them
  // all); until GET /api/partner/me answers, every page is listed (each page checks again).
  const allowed = (permission: TPartnerPermission) => !me.data || can(me.data, permission);
  const mayScan = allowed('scanner');

  const sections: ShellNavSection[] = [
    {
      items: [
        { to: paths.partner.dashboard, label: t('partner.nav.dashboard'), icon: LayoutDashboard },
        ...(mayScan ? [{ to: paths.partner.scanner, label: t('partner.nav.scanner'), icon: ScanLine, highlight: true }] : []),
        ...(allowed('view_transactions')
          ? [
              { to: paths.partner.transactions, label: t('partner.nav.transactions'), icon: ArrowLeftRight },
              { to: paths.partner.payouts, label: t('partner.nav.payouts'), icon: Wallet },
            ]
          : []),
        ...(allowed('manage_offers') ? [{ to: paths.partner.offers, label: t('partner.nav.offers'), icon: Tag }] : []),
        ...(allowed('manage_reservations') ? [{ to: paths.partner.reservations, label: tp('layout.reservations'), icon: CalendarCheck }] : []),
      ],
    },
    {
      title: t('partner.nav.settings'),
      items: [
        { to: paths.partner.profile, label: t('partner.nav.profile'), icon: UserRound },
        { to: paths.partner.support, label: t('partner.nav.support'), icon: LifeBuoy },
      ],
    },
  ];

  return (
    <BackofficeShell
      brandSuffix={t('partner.portal')}
      navLabel={t('partner.nav.label')}
      sections={sections}
      sidebarFooter={
        <div className="grid gap-3">
          {/* docs/product/partners.md §1: the status card ('Actif • KYC Vérifié') from GET /api/partner/me. */}
          <PartnerStatusCard />
          <PartnerHelpCard />
        </div>
      }
      identity={<UserIdentity subtitle={title} />}
      headerEnd={
        <>
          {!online && (
            // Issue 26: the shell says it is offline on every page (the scanner says since when).
            <span role="status" data-testid="partner-offline-pill" className="me-1 inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-amber-100 p-1.5 sm:px-2.5 sm:py-1 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-100">
              <WifiOff aria-hidden className="size-3.5" />
              {/* On a phone the header is full: the icon alone, the scanner's banner says the rest. */}
              <span className="sr-only sm:not-sr-only">{tp('offline.status.offline')}</span>
            </span>
          )}
          {mayScan && (
            <Button asChild size="sm" className="me-1">
              <Link to={paths.partner.scanner}>
                <ScanLine aria-hidden />
                <span className="sr-only sm:not-sr-only">{t('nav.scanner')}</span>
              </Link>
            </Button>
          )}
          <PartnerNotificationsBell />
          <ThemeToggle />
          <LocaleSwitch />
        </>
      }
    />
  );
}

function PartnerHelpCard() {
  const contact = useSupportContact();
  const phone = contact.partnerHotline ?? contact.phone;
  const { t } = useTranslation();
  return (
    <section aria-labelledby="partner-help" className="space-y-3 rounded-xl bg-primary-soft p-4">
      <div className="space-y-1">
        <h2 id="partner-help" className="font-semibold text-primary-strong">
          {t('partner.help.title')}
        </h2>
        <p className="text-sm text-foreground/80">{t('partner.help.text')}</p>
      </div>
      <div className="grid gap-2">
        {phone && (
          <Button asChild variant="outline" size="sm" className="justify-start">
            <a href={telHref(phone)}>
              <Phone aria-hidden />
              <span>{t('partner.help.call')}</span>
              <span dir="ltr" className="ms-auto font-normal text-muted-foreground">
                {phone}
              </span>
            </a>
          </Button>
        )}
        <Button asChild variant="outline" size="sm" className="justify-start">
          <a href={`mailto:${contact.email}`}>
            <Mail aria-hidden />
            {t('partner.help.email')}
          </a>
        </Button>
      </div>
    </section>
  );
}
