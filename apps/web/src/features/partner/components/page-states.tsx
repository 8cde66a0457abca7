import { Lock, RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { LoadFailed } from '@/components/query-states';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePartnerTranslation, partnerMessage } from '../i18n';

/** A list or page that could not load: the reason and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = usePartnerTranslation();
  const retry = (
    <>
      <RotateCw aria-hidden />
      {t('common.retry')}
    </>
  );
  return <LoadFailed title={partnerMessage(error)} retry={retry} onRetry={onRetry} />;
}

/** docs/product/partners.md §2: a staff member without the page's permission. */
export function NoPermission({ permissionLabel }: { permissionLabel: string }) {
  const { t } = usePartnerTranslation();
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center gap-4 px-6 py-10 text-center" data-testid="no-permission">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-muted">
        <Lock aria-hidden className="size-7 text-muted-foreground" />
      </span>
      <h1 className="text-xl font-bold">{t('common.noPermissionTitle')}</h1>
      <p className="text-muted-foreground text-pretty">{t('common.noPermissionText', { permission: permissionLabel })}</p>
      <Button asChild variant="outline">
        <Link to={paths.partner.dashboard}>{t('common.backToDashboard')}</Link>
      </Button>
    </Card>
  );
}

export function PageSkeleton() {
  return (
    <div className="space-y-6" aria-busy>
      <Skeleton className="h-9 w-56" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </div>
  );
}
