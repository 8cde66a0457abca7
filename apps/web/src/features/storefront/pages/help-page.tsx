import { isSupportRole } from '@farha/contracts/roles';
import { LifeBuoy, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { PagePlaceholder } from '@/components/page-placeholder';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth';
import { SUPPORT_EMAIL } from '@/lib/site';

/** The public help centre (/support). Support agents reach their portal from here too. */
export function HelpPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <PagePlaceholder title={t('pages.help')} icon={LifeBuoy}>
      <p className="text-sm">
        {t('pages.helpContact')}{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline">
          <Mail aria-hidden className="size-4" />
          <span dir="ltr">{SUPPORT_EMAIL}</span>
        </a>
      </p>
      {user && isSupportRole(user.role) && (
        <Button asChild>
          <Link to={paths.supportPortal.dashboard}>{t('account.supportPortal')}</Link>
        </Button>
      )}
    </PagePlaceholder>
  );
}
