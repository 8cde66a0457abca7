import { type TPartnerProfile } from '@farha/contracts/partner';
import { formatDzd } from '@farha/contracts/money';
import { Briefcase, CalendarDays, Percent, Settings, ShieldCheck, UserRound, Users } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePartnerDashboard } from '../api/dashboard';
import { usePartnerProfile } from '../api/profile';
import { LoadError } from '../components/page-states';
import { PageTabsList, PageTabsTrigger } from '../components/page-tabs';
import { BusinessTab } from '../components/profile/business-tab';
import { PersonalTab } from '../components/profile/personal-tab';
import { SettingsTab } from '../components/profile/settings-tab';
import { TeamTab } from '../components/profile/team-tab';
import { FlashBanner, useFlash } from '../components/flash';
import { KycBadge } from '../components/status-badges';
import { usePartnerTranslation } from '../i18n';
import { formatCount, formatPercent } from '../lib/format';
import { errorKey } from '@farha/contracts/plain/errors';
import { formatDate } from '@/lib/dates';

const TABS = ['profile', 'business', 'team', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** /partenaire/profile (docs/product/partners.md §7). */
export function PartnerProfilePage() {
  const { t } = usePartnerTranslation();
  useDocumentTitle(t('profile.title'));
  const profile = usePartnerProfile();
  const flash = useFlash();
  const [params, setParams] = useSearchParams();

  if (profile.isPending) {
    return (
      <div className="flex min-h-64 items-center justify-center">
        <Spinner size="lg" label={t('profile.loading')} showLabel className="flex-col" />
      </div>
    );
  }
  if (profile.isError) {
    // docs/product/partners.md §7: 'Erreur de chargement du profil'.
    return <LoadError error={errorKey('PROFILE_LOAD_ERROR')} onRetry={() => void profile.refetch()} />;
  }

  const data = profile.data;
  const isOwner = data.me.memberRole === 'owner';
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) && (requested !== 'team' || isOwner) ? requested : 'profile';

  return (
    <div className="space-y-6">
      <ProfileHeader profile={data} />
      <FlashBanner flash={flash.flash} testId="profile-flash" />
      <Tabs value={tab} onValueChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}>
        <PageTabsList>
          <PageTabsTrigger value="profile" data-testid="profile-tab-profile">
            <UserRound aria-hidden className="size-4" />
            {t('profile.tabs.profile')}
          </PageTabsTrigger>
          <PageTabsTrigger value="business" data-testid="profile-tab-business">
            <Briefcase aria-hidden className="size-4" />
            {t('profile.tabs.business')}
          </PageTabsTrigger>
          {isOwner && (
            <PageTabsTrigger value="team" data-testid="profile-tab-team">
              <Users aria-hidden className="size-4" />
              {t('profile.tabs.team')}
            </PageTabsTrigger>
          )}
          <PageTabsTrigger value="settings" data-testid="profile-tab-settings">
            <Settings aria-hidden className="size-4" />
            {t('profile.tabs.settings')}
          </PageTabsTrigger>
        </PageTabsList>
        <TabsContent value="profile">
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <PersonalTab profile={data} onFlash={flash.show} />
            </div>
            <div className="space-y-6">
              <MonthPerformanceCard />
              <PartnerStatusSide profile={data} />
            </div>
          </div>
        </TabsContent>
        <TabsContent value="business">
          <BusinessTab profile={data} onFlash={flash.show} />
        </TabsContent>
        {isOwner && (
          <TabsContent value="team">
            <TeamTab profile={data} onFlash={flash.show} />
          </TabsContent>
        )}
        <TabsContent value="settings">
          <SettingsTab isOwner={isOwner} onFlash={flash.show} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ProfileHeader({ profile }: { profile: TPartnerProfile }) {
  const { t, locale } = usePartnerTranslation();
  const business = profile.business;
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex min-w-0 items-center gap-4">
        <span className="inline-flex size-14 shrink-0 items-center justify-center rounded-2xl bg-primary text-2xl font-bold text-primary-foreground">
          {business.businessName.charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0 space-y-1">
          <h1 className="text-xl font-bold tracking-tight text-balance break-words sm:text-2xl" data-testid="profile-business-name">
            {business.businessName}
          </h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <KycBadge status={business.kycStatus} />
            <span className="inline-flex items-center gap-1">
              <CalendarDays aria-hidden className="size-4" />
              {t('profile.since', { date: formatDate(business.since, locale) })}
            </span>
          </div>
        </div>
      </div>
      <div className="flex items-center gap-2 rounded-xl bg-muted px-4 py-3">
        <Percent aria-hidden className="size-5 text-primary" />
        <div>
          <p className="text-xs text-muted-foreground">{t('profile.commission')}</p>
          {/* docs/product/partners.md §7: 0 decimals in the header, 1 in the business tab. */}
          <p className="text-lg font-bold tabular-nums">{formatPercent(business.commissionPercent, locale, 0)}</p>
        </div>
      </div>
    </Card>
  );
}

function MonthPerformanceCard() {
  const { t, locale } = usePartnerTranslation();
  const dashboard = usePartnerDashboard();
  const data = dashboard.data;
  return (
    <Card className="p-5">
      <h2 className="mb-3 font-semibold">{t('profile.performance.title')}</h2>
      {!data ? (
        dashboard.isError ? (
          <p className="text-sm text-muted-foreground">{t('profile.performance.unavailable')}</p>
        ) : (
          <Skeleton className="h-24" />
        )
      ) : (
        <dl className="grid grid-cols-2 gap-3 text-sm">
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="text-muted-foreground">{t('profile.performance.scans')}</dt>
            <dd className="text-lg font-bold tabular-nums">{formatCount(data.monthScans, locale)}</dd>
          </div>
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="text-muted-foreground">{t('profile.performance.revenue')}</dt>
            <dd className="text-lg font-bold tabular-nums">{data.monthRevenue != null ? formatDzd(data.monthRevenue, locale) : '—'}</dd>
          </div>
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="text-muted-foreground">{t('profile.performance.successRate')}</dt>
            <dd className="text-lg font-bold tabular-nums">{data.successRate != null ? formatPercent(data.successRate, locale) : '—'}</dd>
          </div>
          <div className="rounded-lg bg-muted/60 p-3">
            <dt className="text-muted-foreground">{t('profile.performance.satisfaction')}</dt>
            <dd className="text-lg font-bold tabular-nums">
              {data.performance.satisfaction != null ? `${data.performance.satisfaction.toFixed(1)}/5` : '—'}
            </dd>
          </div>
        </dl>
      )}
    </Card>
  );
}

function PartnerStatusSide({ profile }: { profile: TPartnerProfile }) {
  const { t } = usePartnerTranslation();
  return (
    <Card className="p-5">
      <h2 className="mb-3 flex items-center gap-2 font-semibold">
        <ShieldCheck aria-hidden className="size-5 text-primary" />
        {t('profile.status.title')}
      </h2>
      <dl className="grid grid-cols-1 gap-2 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">{t('profile.status.kyc')}</dt>
          <dd>
            <KycBadge status={profile.business.kycStatus} />
          </dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">{t('profile.status.seniority')}</dt>
          <dd className="font-semibold">{t('profile.status.days', { count: profile.business.seniorityDays })}</dd>
        </div>
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted-foreground">{t('profile.status.accountType')}</dt>
          <dd className="font-semibold">{profile.me.memberRole === 'owner' ? t('profile.owner') : t('profile.staff')}</dd>
        </div>
      </dl>
    </Card>
  );
}

