import type { TGroupGift, TGroupGiftContributionStatus } from '@farha/contracts/group-gifts';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { ArrowLeft, BellRing, ExternalLink, FileDown, Gift, Users, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { LoadFailed } from '@/components/query-states';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api';
import { formatDay, formatShortDateTime } from '@/lib/dates';
import { translateError } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { groupCardPdfHref, useCancelGroupGift, useMyGroupGift, useRemindGroupGift } from '../api/group-gifts';
import { ChoicePanel } from '../components/choice-panel';
import { PotProgress } from '../components/pot-progress';
import { PotShare } from '../components/pot-share';
import { PotGift } from '../components/pot-summary';
import { GroupGiftStatusBadge } from '../components/status-badge';
import { useGroupGiftTranslation } from '../i18n';

const CONTRIBUTION_VARIANTS: Record<TGroupGiftContributionStatus, BadgeProps['variant']> = {
  pending: 'outline',
  paid: 'accent',
  failed: 'muted',
  refunded: 'muted',
};

/** /client/cagnottes/:id: the organiser's pot — link, progress, contributors, remind, cancel, the choice when short, the group card. */
export function MyGroupGiftPage() {
  const { t } = useGroupGiftTranslation();
  const id = useParams().id ?? '';
  const gift = useMyGroupGift(id);
  useDocumentTitle(gift.data ? t('pot.title', { name: gift.data.recipientName }) : t('mine.title'));
  return (
    <div className="grid gap-6">
      <Link to={paths.client.groupGifts} className="inline-flex items-center gap-1 justify-self-start text-sm font-medium text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t('detail.back')}
      </Link>
      {gift.data ? (
        <GroupGiftDetail gift={gift.data} />
      ) : gift.isError ? (
        gift.error instanceof ApiError && (gift.error.status === 404 || gift.error.status === 400) ? (
          <Alert variant="error">{t('pot.notFound')}</Alert>
        ) : (
          <LoadFailed title={t('mine.loadError')} retry={t('mine.retry')} onRetry={() => void gift.refetch()} />
        )
      ) : (
        <Skeleton className="h-64" />
      )}
    </div>
  );
}

function GroupGiftDetail({ gift }: { gift: TGroupGift }) {
  const { t, locale } = useGroupGiftTranslation();
  const created = (useLocation().state as { created?: boolean } | null)?.created === true;
  const remind = useRemindGroupGift(gift.id);
  const cancel = useCancelGroupGift(gift.id);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const remindError = remind.error ? translateError(remind.error) : null;
  const cancelError = cancel.error ? translateError(cancel.error) : null;
  const publicPath = new URL(gift.url, window.location.origin).pathname;

  return (
    <div className="grid gap-6" data-testid="group-gift-detail" data-status={gift.status}>
      <header className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <GroupGiftStatusBadge status={gift.status} />
        </div>
        <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{t('pot.title', { name: gift.recipientName })}</h1>
      </header>
      {created && gift.status === 'open' ? (
        <Alert variant="success" data-testid="group-gift-created">
          {t('new.created')}
        </Alert>
      ) : null}

      {gift.can.choose ? <ChoicePanel gift={gift} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="grid min-w-0 gap-6">
          <Card className="grid gap-5 p-4 sm:p-6">
            <PotGift pot={gift} />
            <PotProgress pot={gift} />
            {gift.status === 'open' ? <PotShare url={gift.url} recipientName={gift.recipientName} /> : null}
            <Link to={publicPath} className="inline-flex items-center gap-1.5 justify-self-start text-sm font-medium text-primary underline underline-offset-4" data-testid="group-gift-public-link">
              <ExternalLink aria-hidden className="size-4" />
              {t('detail.openPage')}
            </Link>
          </Card>

          {gift.voucherCode || gift.giftCardCode ? (
            <Alert variant="success" data-testid="group-gift-issued">
              <div className="grid gap-1">
                <p className="flex items-center gap-2 font-semibold">
                  <Gift aria-hidden className="size-4 shrink-0" />
                  {t('detail.voucher')}
                </p>
                <p>
                  {gift.voucherCode ? t('detail.voucherCode') : t('detail.giftCardCode')}{' '}
                  <span dir="ltr" className="whitespace-nowrap font-mono font-semibold" data-testid="group-gift-code">
                    {gift.voucherCode ?? gift.giftCardCode}
                  </span>
                </p>
                {gift.excessAmount > 0 ? <p>{t('detail.excess', { amount: formatDzd(gift.excessAmount, locale) })}</p> : null}
              </div>
            </Alert>
          ) : null}

          <section aria-labelledby="gg-contributors" className="grid gap-3">
            <h2 id="gg-contributors" className="flex items-center gap-2 text-lg font-semibold">
              <Users aria-hidden className="size-5 text-primary" />
              {t('detail.contributors')}
            </h2>
            {gift.contributions.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('detail.noContributors')}</p>
            ) : (
              <ul className="grid gap-2" data-testid="group-gift-contributors">
                {gift.contributions.map((c) => (
                  <li key={c.id} className="grid gap-1 rounded-xl border border-border bg-card p-3 text-sm" data-testid="group-gift-contributor" data-status={c.status}>
                    <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                      <span className="font-semibold [overflow-wrap:anywhere]">{c.name}</span>
                      <span className="font-semibold">{formatDzd(c.amount, locale)}</span>
                    </div>
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                      <span dir="ltr" className="[overflow-wrap:anywhere]">
                        {c.email}
                      </span>
                      <Badge variant={CONTRIBUTION_VARIANTS[c.status]}>{t(`contributionStatus.${c.status}`)}</Badge>
                      {c.anonymous ? <span>{t('detail.anonymousTag')}</span> : null}
                      {c.charge.currency !== 'DZD' ? <span dir="ltr">{formatForeign(c.charge.amount, c.charge.currency)}</span> : null}
                      <span>{formatShortDateTime(c.paidAt ?? c.createdAt, locale)}</span>
                    </div>
                    {c.message ? <p dir="auto" className="whitespace-pre-line text-pretty [overflow-wrap:anywhere]">{c.message}</p> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>

        <aside className="grid gap-4">
          <Card className="grid gap-3 p-4 text-sm">
            <dl className="grid gap-2">
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t('detail.recipient')}</dt>
                <dd className="grid font-medium [overflow-wrap:anywhere]">
                  <span>{gift.recipientName}</span>
                  <span dir="ltr" className="text-muted-foreground rtl:text-end">
                    {gift.recipientEmail}
                  </span>
                </dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t('detail.closesOn')}</dt>
                <dd className="font-medium">{formatDay(gift.closesOn, locale)}</dd>
              </div>
              <div className="grid gap-0.5">
                <dt className="text-muted-foreground">{t('detail.deliverOn')}</dt>
                <dd className="font-medium">{formatDay(gift.deliverOn, locale)}</dd>
              </div>
            </dl>
          </Card>
          {gift.can.cardPdf ? (
            <Card className="grid gap-2 p-4 text-sm">
              <Button asChild variant="outline">
                <a href={groupCardPdfHref(gift.id)} download data-testid="group-card-pdf">
                  <FileDown aria-hidden />
                  {t('detail.card')}
                </a>
              </Button>
              <p className="text-xs text-muted-foreground">{t('detail.cardHint')}</p>
            </Card>
          ) : null}
          {gift.can.remind || gift.status === 'open' ? (
            <Card className="grid gap-2 p-4 text-sm">
              <Button
                variant="outline"
                disabled={!gift.can.remind || remind.isPending}
                onClick={() => remind.mutate(undefined, { onSuccess: () => toast.success(t('detail.reminded')) })}
                data-testid="group-gift-remind"
              >
                <BellRing aria-hidden />
                {remind.isPending ? t('detail.reminding') : t('detail.remind')}
              </Button>
              <p className="text-xs text-muted-foreground">{t('detail.remindHint')}</p>
              {remindError ? <Alert variant="error">{remindError}</Alert> : null}
            </Card>
          ) : null}
          {gift.can.cancel ? (
            <Card className="grid gap-2 p-4 text-sm">
              <Button variant="outline" className="text-destructive" onClick={() => setConfirmCancel(true)} data-testid="group-gift-cancel">
                <XCircle aria-hidden />
                {t('detail.cancel')}
              </Button>
              {cancelError ? <Alert variant="error">{cancelError}</Alert> : null}
            </Card>
          ) : null}
        </aside>
      </div>
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t('detail.cancelTitle')}
        description={t('detail.cancelText')}
        confirmLabel={t('detail.cancelConfirm')}
        cancelLabel={t('detail.keep')}
        destructive
        pending={cancel.isPending}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => {
              setConfirmCancel(false);
              toast.success(t('detail.cancelled'));
            },
            onSettled: () => setConfirmCancel(false),
          })
        }
        confirmTestId="group-gift-cancel-confirm"
      />
    </div>
  );
}
