import { groupGiftPath } from '@farha/contracts/group-gifts';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { CircleCheckBig } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useContributionReceipt } from '../api/group-gifts';
import { PotProgress } from '../components/pot-progress';
import { useGroupGiftTranslation } from '../i18n';
import { NoIndex } from './group-gift-page';

/**
 * /cagnotte/merci?order=…&token=…: where the gateway sends a contributor (or the organiser paying the rest) back.
 * The contribution is read like other return pages: pushed when paid, polled while the stream is down.
 */
export function GroupGiftThanksPage() {
  const { t, locale } = useGroupGiftTranslation();
  useDocumentTitle(t('thanks.title'));
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const token = params.get('token') ?? '';
  const receipt = useContributionReceipt(token, orderId);
  const data = receipt.data;
  const back = token ? (
    <Button asChild variant="outline" className="justify-self-start">
      <Link to={groupGiftPath(token)} data-testid="thanks-back">
        {t('thanks.back')}
      </Link>
    </Button>
  ) : null;
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <NoIndex />
      <PageHeader title={t('thanks.title')} />
      {!orderId || !token ? (
        <Alert variant="error">{t('thanks.noOrder')}</Alert>
      ) : !data ? (
        receipt.isError ? (
          <Alert variant="error">{t('thanks.noOrder')}</Alert>
        ) : (
          <Skeleton className="h-32" />
        )
      ) : data.status === 'pending' ? (
        <Alert data-testid="thanks-pending">{t('thanks.pending')}</Alert>
      ) : data.status === 'paid' || data.status === 'refunded' ? (
        <Card className="grid gap-4 p-4 sm:p-6" data-testid="contribution-thanks" data-status={data.status}>
          <p className="flex items-start gap-2 font-semibold">
            <CircleCheckBig aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <span>{t(data.status === 'paid' ? 'thanks.paid' : 'thanks.refunded', { amount: `\u2068${formatDzd(data.amount, locale)}\u2069` })}</span>
          </p>
          {data.charge.currency !== 'DZD' ? (
            <p className="text-sm text-muted-foreground" data-testid="contribution-charge" dir="ltr">
              {formatForeign(data.charge.amount, data.charge.currency)}
            </p>
          ) : null}
          <PotProgress pot={data.groupGift} />
          {back}
        </Card>
      ) : (
        <div className="grid gap-4">
          <Alert variant="error" data-testid="thanks-failed">
            {data.failureReason ? `${t('thanks.failed')} ${data.failureReason}` : t('thanks.failed')}
          </Alert>
          {back}
        </div>
      )}
    </div>
  );
}
