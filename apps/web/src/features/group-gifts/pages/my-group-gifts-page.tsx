import type { TGroupGiftSummary } from '@farha/contracts/group-gifts';
import { formatDzd } from '@farha/contracts/money';
import { ChevronRight, HandCoins } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { BoxImage } from '@/components/domain/box-image';
import { EmptyNote, QueryStates } from '@/components/query-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { formatDay } from '@/lib/dates';
import { localized } from '@/lib/localized';
import { useDocumentTitle } from '@/lib/use-document-title';
import { MY_GROUP_GIFTS_PAGE_SIZE, useMyGroupGifts } from '../api/group-gifts';
import { PotProgress } from '../components/pot-progress';
import { GroupGiftStatusBadge } from '../components/status-badge';
import { useGroupGiftTranslation } from '../i18n';

export const groupGiftDetailPath = (id: string) => paths.client.groupGift.replace(':id', encodeURIComponent(id));

/** /client/cagnottes (« Mes cagnottes »): the pots the customer started, newest first, a page at a time (`?page=`). */
export function MyGroupGiftsPage() {
  const { t } = useGroupGiftTranslation();
  useDocumentTitle(t('mine.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const list = useMyGroupGifts(page);
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  return (
    <div className="grid gap-6">
      <PageHeader title={t('mine.title')} description={t('mine.intro')} />
      <QueryStates
        query={list}
        loading={<Skeleton className="h-40" />}
        failed={{ title: t('mine.loadError'), retry: t('mine.retry') }}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyNote text={t('mine.empty')} testId="group-gifts-empty">
            <p className="text-sm">{t('mine.emptyHint')}</p>
            <Button asChild className="mt-2">
              <Link to={paths.catalog}>{t('mine.browse')}</Link>
            </Button>
          </EmptyNote>
        }
      >
        {(data) => (
          <>
            <ul className="grid gap-4 md:grid-cols-2" data-testid="group-gift-list">
              {data.groupGifts.map((gift) => (
                <li key={gift.id}>
                  <GroupGiftCard gift={gift} />
                </li>
              ))}
            </ul>
            {data.total > page * MY_GROUP_GIFTS_PAGE_SIZE || page > 1 ? (
              <nav className="flex justify-center gap-2">
                {page > 1 ? (
                  <Button variant="outline" onClick={() => goTo(page - 1)}>
                    ‹
                  </Button>
                ) : null}
                {data.total > page * MY_GROUP_GIFTS_PAGE_SIZE ? (
                  <Button variant="outline" onClick={() => goTo(page + 1)} data-testid="group-gifts-more">
                    {t('mine.more')}
                  </Button>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </QueryStates>
    </div>
  );
}

function GroupGiftCard({ gift }: { gift: TGroupGiftSummary }) {
  const { t, locale } = useGroupGiftTranslation();
  const name = gift.box ? localized(gift.box.name, gift.box.nameAr, locale) : formatDzd(gift.giftCardAmount ?? gift.targetAmount, locale);
  return (
    <Card className="grid h-full gap-4 p-4" data-testid="group-gift-row">
      <div className="flex items-start gap-3">
        <div className="size-14 shrink-0 overflow-hidden rounded-xl">
          {gift.box ? <BoxImage src={gift.box.imageUrl} className="size-full object-cover" /> : <BoxImage src={null} placeholder="brand" className="size-full" />}
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <GroupGiftStatusBadge status={gift.status} />
            {gift.status === 'awaiting_choice' ? (
              <Badge variant="outline">
                <HandCoins aria-hidden />
                {t('mine.choiceNeeded')}
              </Badge>
            ) : null}
          </div>
          <p className="font-semibold [overflow-wrap:anywhere]">{t('mine.for', { name: gift.recipientName })}</p>
          <p className="truncate text-sm text-muted-foreground">{name}</p>
          <p className="text-xs text-muted-foreground">{t('mine.closesOn', { date: formatDay(gift.closesOn, locale) })}</p>
        </div>
      </div>
      <PotProgress
        pot={{
          targetAmount: gift.targetAmount,
          collected: gift.collected,
          remaining: Math.max(0, gift.targetAmount - gift.collected),
          status: gift.status,
          contributorCount: gift.contributorCount,
        }}
        compact
      />
      <Button asChild variant="outline" className="justify-self-end">
        <Link to={groupGiftDetailPath(gift.id)} data-testid="group-gift-open">
          {t('mine.open')}
          <ChevronRight aria-hidden className="rtl:rotate-180" />
        </Link>
      </Button>
    </Card>
  );
}
