import { SHIPMENT_STATUSES, wilayaByCode, type TShipmentBoardItem, type TShipmentStatus } from '@farha/contracts/delivery';
import { formatDzd } from '@farha/contracts/money';
import { formatPhone } from '@farha/contracts/plain/phone';
import { FileText, PackageCheck, Printer, Tag } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { EmptyNote, LoadFailed } from '@/components/query-states';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/dates';
import { errorMessage } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { shipmentCardUrl, shipmentLabelUrl, usePackagingStock, useShipmentAction, useShipmentBoard, useUpdateStock } from '../api/shipments';
import { Chips } from '../components/chips';
import { ShipmentStatusBadge } from '../components/shipment-parts';
import { useDeliveryT } from '../i18n';

type Tab = TShipmentStatus | 'all' | 'stock';
/** The low-stock banner names this many boxes, then says how many more. */
const LOW_NAMED = 3;

/**
 * /admin/shipments (issue 38, logistics and superadmin; docs/product/delivery.md §7): the physical boxes by
 * status with their counts, a search, and on each row the next move — « Imprimer la carte » (the A6 card opens,
 * the shipment is « Imprimé », one packaging used), « Remettre au transporteur » (the courier's parcel and its
 * tracking), « Étiquette » — and the packaging stock of each box with its low-stock alert.
 */
export function ShipmentsPage() {
  const { t, locale } = useDeliveryT();
  useDocumentTitle(t('board.title'));
  const [tab, setTab] = useState<Tab>('to_prepare');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const board = useShipmentBoard(tab === 'stock' ? 'all' : tab, q);
  const stock = usePackagingStock();
  const counts = board.data?.pages[0]?.counts;
  const total = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const low = stock.data?.items.filter((item) => item.low) ?? [];

  return (
    <div className="space-y-6" data-testid="shipments-page">
      <PageHeader title={t('board.title')} description={t('board.intro')} />
      {low.length > 0 && tab !== 'stock' && (
        <Alert variant="error" data-testid="stock-low-alert">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span className="min-w-0">
              {low.length > LOW_NAMED
                ? t('board.lowStockMore', {
                    boxes: low.slice(0, LOW_NAMED).map((item) => `${localized(item.boxName, item.boxNameAr, locale)} (${item.onHand})`).join(', '),
                    count: low.length - LOW_NAMED,
                  })
                : t('board.lowStock', { boxes: low.map((item) => `${localized(item.boxName, item.boxNameAr, locale)} (${item.onHand})`).join(', ') })}
            </span>
            <Button size="sm" variant="outline" onClick={() => setTab('stock')}>
              {t('board.lowStockLink')}
            </Button>
          </div>
        </Alert>
      )}
      <Chips<Tab>
        label={t('board.tabs')}
        value={tab}
        onChange={setTab}
        options={[
          ...SHIPMENT_STATUSES.map((status) => ({ value: status, label: t(`shipmentStatus.${status}`), count: counts?.[status] ?? undefined, testId: `shipments-tab-${status}` })),
          { value: 'all' as const, label: t('board.all'), count: total, testId: 'shipments-tab-all' },
          { value: 'stock' as const, label: t('board.stockTab'), testId: 'shipments-tab-stock' },
        ]}
      />
      {tab === 'stock' ? (
        <StockPanel />
      ) : (
        <>
          <SearchInput
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('board.searchPlaceholder')}
            aria-label={t('board.search')}
            frameClassName="max-w-md"
            data-testid="shipments-search"
          />
          {board.isPending ? (
            <Skeleton className="h-48" />
          ) : board.isError ? (
            <LoadFailed title={errorMessage(board.error)} retry={t('common.retry')} onRetry={() => void board.refetch()} />
          ) : board.data.pages.every((page) => page.items.length === 0) ? (
            <EmptyNote text={t('board.empty')} look="card" testId="shipments-empty" />
          ) : (
            <ul className="space-y-3" data-testid="shipments-list">
              {board.data.pages.flatMap((page) => page.items).map((item) => (
                <li key={item.id}>
                  <ShipmentRow item={item} />
                </li>
              ))}
            </ul>
          )}
          {board.hasNextPage && (
            <Button variant="outline" onClick={() => void board.fetchNextPage()} disabled={board.isFetchingNextPage}>
              {t('board.more')}
            </Button>
          )}
        </>
      )}
    </div>
  );
}

function ShipmentRow({ item }: { item: TShipmentBoardItem }) {
  const { t, locale } = useDeliveryT();
  const action = useShipmentAction();

  // The row leaves its tab once the board is refreshed: the follow-up runs on the promise, not on callbacks that
  // TanStack Query drops with an unmounted row.
  const print = async () => {
    // The card opens in a tab of its own, made now (a tab opened after the answer would be blocked).
    const tab = window.open('about:blank', '_blank');
    try {
      await action.mutateAsync({ id: item.id, action: 'print' });
      if (tab) tab.location.href = shipmentCardUrl(item.id);
      toast.success(t('board.printed'));
    } catch (error) {
      tab?.close();
      toast.error(errorMessage(error));
    }
  };
  const handOver = async () => {
    try {
      const { shipment } = await action.mutateAsync({ id: item.id, action: 'hand-over' });
      toast.success(t('board.handedOver', { tracking: shipment.tracking ?? '' }));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  const wilaya = wilayaByCode(item.wilayaCode);
  const wilayaName = wilaya ? localized(wilaya.name, wilaya.nameAr, locale) : item.wilayaName;
  const destination = `${item.method === 'stopdesk' ? (item.stopDeskName ?? '') : (item.address ?? '')}, ${item.commune} (${String(item.wilayaCode).padStart(2, '0')} · ${wilayaName})`;

  return (
    <article className="min-w-0 space-y-3 rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="shipment-row" data-id={item.id} data-order={item.orderId} data-tracking={item.tracking ?? ''}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h2 className="break-words font-semibold" dir="auto">
            {item.recipientName}
          </h2>
          <p className="text-sm text-muted-foreground" dir="ltr">
            {formatPhone(item.phone)}
          </p>
        </div>
        <ShipmentStatusBadge status={item.status} />
      </div>
      <div className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <p className="min-w-0">
          <span className="text-muted-foreground">{t('board.box')} : </span>
          {localized(item.box.name, item.box.nameAr, locale)}
        </p>
        <p className="min-w-0 break-words">
          <span className="text-muted-foreground">{t(`method.${item.method}`)} : </span>
          <span dir="auto">{destination}</span>
        </p>
        <p className="min-w-0">
          {item.codAmount > 0 ? (
            <Badge variant="soft">{t('board.cod', { amount: formatDzd(item.codAmount, locale) })}</Badge>
          ) : (
            <Badge variant="muted">{t('board.online')}</Badge>
          )}{' '}
          <span className="text-muted-foreground">· {t(`cashStatus.${item.cashStatus}`)}</span>
        </p>
        <p className="min-w-0 text-muted-foreground">
          {item.tracking ? (
            <span dir="ltr" className="font-mono text-foreground" data-testid="shipment-tracking">
              {item.tracking}
            </span>
          ) : (
            t('board.created', { date: formatDateTime(item.createdAt, locale) })
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {item.status === 'to_prepare' && (
          <Button size="sm" onClick={() => void print()} disabled={action.isPending} data-testid="shipment-print">
            <Printer aria-hidden />
            {t('board.print')}
          </Button>
        )}
        {item.status === 'printed' && (
          <Button size="sm" onClick={() => void handOver()} disabled={action.isPending} data-testid="shipment-hand-over">
            <PackageCheck aria-hidden />
            {t('board.handOver')}
          </Button>
        )}
        {item.status !== 'to_prepare' && (
          <Button asChild size="sm" variant="outline">
            <a href={shipmentCardUrl(item.id)} target="_blank" rel="noreferrer" data-testid="shipment-card">
              <FileText aria-hidden />
              {t('board.reprint')}
            </a>
          </Button>
        )}
        {item.tracking && (
          <Button asChild size="sm" variant="outline">
            <a href={shipmentLabelUrl(item.id)} target="_blank" rel="noreferrer" data-testid="shipment-label">
              <Tag aria-hidden />
              {t('board.label')}
            </a>
          </Button>
        )}
      </div>
    </article>
  );
}

/** The packaging of each box: on hand, editable, low under the settings' threshold (docs/product/delivery.md §7). */
function StockPanel() {
  const { t } = useDeliveryT();
  const stock = usePackagingStock();
  if (stock.isPending) return <Skeleton className="h-48" />;
  if (stock.isError) return <LoadFailed title={errorMessage(stock.error)} retry={t('common.retry')} onRetry={() => void stock.refetch()} />;
  if (stock.data.items.length === 0) return <EmptyNote text={t('stock.empty')} look="card" />;
  return (
    <section className="space-y-3" aria-labelledby="stock-title" data-testid="stock-panel">
      <div>
        <h2 id="stock-title" className="text-lg font-bold">
          {t('stock.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('stock.intro')}</p>
      </div>
      <ul className="divide-y divide-border rounded-xl border border-border bg-card">
        {stock.data.items.map((item) => (
          <StockRow key={item.boxId} item={item} />
        ))}
      </ul>
    </section>
  );
}

function StockRow({ item }: { item: { boxId: string; boxName: string; boxNameAr: string | null; onHand: number; low: boolean } }) {
  const { t, locale } = useDeliveryT();
  const update = useUpdateStock();
  const [value, setValue] = useState(String(item.onHand));
  const parsed = /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : null;
  const save = () => {
    if (parsed === null) return;
    update.mutate({ boxId: item.boxId, onHand: parsed }, { onSuccess: () => toast.success(t('stock.saved')), onError: (error) => toast.error(errorMessage(error)) });
  };
  const name = localized(item.boxName, item.boxNameAr, locale);
  return (
    <li className="flex flex-wrap items-center gap-3 p-3" data-testid="stock-row" data-box={item.boxId}>
      <span className="min-w-0 flex-1 font-medium">{name}</span>
      <Badge variant={item.low ? 'destructive' : 'muted'}>{item.low ? t('stock.low') : t('stock.ok')}</Badge>
      <form
        className="flex items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Input
          value={value}
          onChange={(event) => setValue(event.target.value)}
          inputMode="numeric"
          aria-label={`${t('stock.onHand')} : ${name}`}
          aria-invalid={parsed === null ? true : undefined}
          className="w-24 text-end tabular-nums"
          data-testid="stock-input"
        />
        <Button type="submit" size="sm" variant="outline" disabled={parsed === null || parsed === item.onHand || update.isPending} data-testid="stock-save">
          {t('stock.save')}
        </Button>
      </form>
    </li>
  );
}
