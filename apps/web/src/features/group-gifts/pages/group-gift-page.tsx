import { groupGiftPath, type TGroupGiftPublic } from '@farha/contracts/group-gifts';
import { Quote, SearchX } from 'lucide-react';
import { useParams } from 'react-router';
import { LoadFailed } from '@/components/query-states';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGroupGiftPot } from '../api/group-gifts';
import { ContributeForm } from '../components/contribute-form';
import { PotMessages } from '../components/pot-messages';
import { PotProgress } from '../components/pot-progress';
import { PotShare } from '../components/pot-share';
import { PotGift } from '../components/pot-summary';
import { useGroupGiftTranslation } from '../i18n';

/** Search engines keep out: the link is the pot's only key (React puts the tag in <head>). */
export function NoIndex() {
  return <meta name="robots" content="noindex, nofollow" />;
}

/**
 * /cagnotte/:token (docs/product/group-gifts.md): the pot as anyone with its link sees it — the gift, the progress,
 * the messages, the share buttons and, while it is open, the contribution form. No account needed.
 */
export function GroupGiftPage() {
  const { t } = useGroupGiftTranslation();
  const token = useParams().token ?? '';
  const pot = useGroupGiftPot(token);
  useDocumentTitle(pot.data ? t('pot.title', { name: pot.data.recipientName }) : undefined);
  if (pot.isError) {
    const missing = pot.error instanceof ApiError && (pot.error.status === 404 || pot.error.status === 400);
    return (
      <>
        <NoIndex />
        {missing ? <PotNotFound /> : <LoadFailed title={t('mine.loadError')} retry={t('mine.retry')} onRetry={() => void pot.refetch()} />}
      </>
    );
  }
  if (!pot.data) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4">
        <NoIndex />
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return <PotView pot={pot.data} />;
}

function PotNotFound() {
  const { t } = useGroupGiftTranslation();
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center gap-3 px-6 py-12 text-center" data-testid="pot-not-found">
      <SearchX aria-hidden className="size-10 text-muted-foreground" />
      <h1 className="text-xl font-bold text-balance">{t('pot.notFound')}</h1>
      <p className="text-muted-foreground text-pretty">{t('pot.notFoundHint')}</p>
    </Card>
  );
}

function PotView({ pot }: { pot: TGroupGiftPublic }) {
  const { t } = useGroupGiftTranslation();
  const url = `${window.location.origin}${groupGiftPath(pot.token)}`;
  const open = pot.status === 'open';
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6" data-testid="group-gift-page" data-status={pot.status}>
      <NoIndex />
      <PageHeader title={t('pot.title', { name: pot.recipientName })} description={t('pot.organiser', { name: pot.organiserName })} />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="grid min-w-0 gap-6">
          <Card className="grid gap-5 p-4 sm:p-6">
            <PotGift pot={pot} />
            {pot.message ? (
              <blockquote className="flex gap-2 rounded-xl bg-muted/60 p-3 text-sm" data-testid="pot-organiser-message">
                <Quote aria-hidden className="size-4 shrink-0 text-primary" />
                <p dir="auto" className="whitespace-pre-line text-pretty [overflow-wrap:anywhere]">{pot.message}</p>
              </blockquote>
            ) : null}
            <PotProgress pot={pot} />
            {open ? <PotShare url={url} recipientName={pot.recipientName} /> : null}
          </Card>
          <section aria-labelledby="pot-messages-title" className="grid gap-3">
            <h2 id="pot-messages-title" className="text-lg font-semibold">
              {t('pot.messages')}
            </h2>
            <PotMessages contributions={pot.contributions} />
          </section>
        </div>
        <section aria-labelledby="contribute-title" className="grid gap-3 lg:sticky lg:top-20">
          {open ? (
            <Card className="grid gap-4 p-4 sm:p-6">
              <h2 id="contribute-title" className="text-lg font-semibold">
                {t('contribute.title')}
              </h2>
              <ContributeForm pot={pot} />
            </Card>
          ) : (
            <Alert data-testid="pot-state">
              <h2 id="contribute-title" className="sr-only">
                {t('contribute.title')}
              </h2>
              {t(`pot.state.${pot.status as Exclude<typeof pot.status, 'open'>}`)}
            </Alert>
          )}
        </section>
      </div>
    </div>
  );
}
