import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSupportOverview } from '../api/desk';
import { DashboardCards } from '../components/dashboard-cards';
import { useDeskTranslation } from '../i18n';

const TICKETS = paths.supportPortal.tickets;
const DISPUTES = paths.supportPortal.disputes;

/** The support dashboard (docs/product/support.md §4) with the database's figures (issue 14). */
export function SupportDashboardPage() {
  const { t } = useDeskTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('dashboard.performance'));
  const overview = useSupportOverview({ listen: false }); // the layout's sidebar holds the desk's stream
  return (
    <div className="space-y-6">
      <PageHeader title={t('dashboard.greeting', { name: user?.firstName ?? '' })} description={t('dashboard.subtitle')} />
      <DashboardCards overview={overview} />
      <div className="flex flex-wrap gap-2">
        <Button asChild><Link to={TICKETS}>{t('dashboard.allTickets')}</Link></Button>
        <Button asChild variant="outline"><Link to={DISPUTES}>{t('dashboard.disputes')}</Link></Button>
      </div>
    </div>
  );
}
