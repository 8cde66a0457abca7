import { formatDzd } from '@farha/contracts/money';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGiftCardOrder } from '../api/gift-cards';
import { useGiftCardTranslation } from '../i18n';

/** /carte-cadeau/merci?order=…: where the gateway sends the purchaser back (docs/product/gift-cards.md §3). */
export function GiftCardThanksPage() {
  const { t, locale } = useGiftCardTranslation();
  useDocumentTitle(t('thanks.title'));
  const orderId = useSearchParams()[0].get('order') ?? '';
  const order = useGiftCardOrder(orderId);
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader title={t('thanks.title')} />
      {!order.data ? (
        order.isError ? <Alert variant="error">{t('thanks.failed')}</Alert> : <Skeleton className="h-32" />
      ) : order.data.status === 'pending' ? (
        <Alert>{t('thanks.pending')}</Alert>
      ) : order.data.status === 'paid' || order.data.status === 'fulfilled' ? (
        <Card className="grid gap-3 p-4 sm:p-6" data-testid="gift-card-thanks">
          <p>{t('thanks.paid', { amount: `\u2068${formatDzd(order.data.amount, locale)}\u2069`, name: `\u2068${order.data.recipientName}\u2069` })}</p>
          {order.data.giftCard ? (
            <p>
              {t('thanks.code')} :{' '}
              <span className="font-mono" dir="ltr" data-testid="gift-card-code">
                {order.data.giftCard.code}
              </span>
            </p>
          ) : null}
          {order.data.giftCard ? (
            <a className="justify-self-start text-sm font-medium text-primary underline underline-offset-4" href={`/api/client/gift-cards/orders/${encodeURIComponent(order.data.id)}/card.pdf`} download data-testid="gift-card-pdf">
              {t('thanks.pdf')}
            </a>
          ) : null}
        </Card>
      ) : (
        <Alert variant="error">{t('thanks.failed')}</Alert>
      )}
    </div>
  );
}
