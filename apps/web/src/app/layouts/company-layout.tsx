import { ClipboardList, FilePlus2, UsersRound } from 'lucide-react';
import { paths } from '@/config/paths';
import { LocaleSwitch } from '@/components/locale-switch';
import { ThemeToggle } from '@/components/theme-toggle';
import { useCompanyMe } from '@/features/company/api';
import { useCompanyT } from '@/features/company/i18n';
import { BackofficeShell } from './parts/backoffice-shell';
import { UserIdentity } from './parts/user-identity';

/** Issue 27: the company area's frame (/entreprise/*), for its admin and its buyers. */
export function CompanyLayout() {
  const { t } = useCompanyT();
  const me = useCompanyMe();
  return (
    <BackofficeShell
      brandSuffix={t('nav.portal')}
      navLabel={t('nav.label')}
      sections={[
        {
          items: [
            { to: paths.company.orders, label: t('nav.orders'), icon: ClipboardList },
            { to: paths.company.newOrder, label: t('nav.newOrder'), icon: FilePlus2, highlight: true },
            { to: paths.company.account, label: t('nav.account'), icon: UsersRound },
          ],
        },
      ]}
      identity={<UserIdentity subtitle={me.data?.company.name ?? t('nav.portal')} />}
      headerEnd={
        <>
          <ThemeToggle />
          <LocaleSwitch />
        </>
      }
    />
  );
}
