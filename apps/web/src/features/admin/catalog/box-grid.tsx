import { PRODUCT_LINES, type TProductLine } from '@farha/contracts/plain/catalog';
import type { TAdminBox } from '@farha/contracts/catalog-admin';
import { formatDzd } from '@farha/contracts/money';
import { ExternalLink, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { BoxImage } from '@/components/domain/box-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Alert } from '@/components/ui/alert';
import { to } from '@/config/paths';
import { localized } from '@/lib/localized';
import { Pager } from '../components/parts';
import { thumbnail, useAdminBoxes, useDeleteBox } from './api';
import { BoxForm } from './box-form';
import { catalogMessage, useCatalogT } from './i18n';

type Status = 'all' | 'active' | 'inactive';
const PAGE_SIZE = 12;

function toQuery(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  return search.toString();
}


/** The boxes tab: every box, active or not, with search, product line and status filters, and sales. */
export function BoxGrid() {
  const { t, locale } = useCatalogT();
  const { t: tr } = useTranslation();
  const [q, setQ] = useState('');
  const [draft, setDraft] = useState('');
  const [line, setLine] = useState<TProductLine | ''>('');
  const [status, setStatus] = useState<Status>('all');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<TAdminBox | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TAdminBox | null>(null);
  const list = useAdminBoxes(toQuery({ q, category: line, status, page, pageSize: PAGE_SIZE }));
  const remove = useDeleteBox();
  const counts = new Map(list.data?.lines.map((l) => [l.category, l.count]));

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end lg:justify-between">
        <form
          role="search"
          className="flex flex-1 flex-wrap gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            setQ(draft.trim());
            setPage(1);
          }}
        >
          <Input
            aria-label={t('boxes.search')}
            placeholder={t('boxes.searchPlaceholder')}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="w-full sm:w-64"
            data-testid="box-search"
          />
          <Button type="submit" variant="outline" aria-label={t('boxes.search')}>
            <Search aria-hidden />
          </Button>
          <NativeSelect
            aria-label={t('boxes.lineFilter')}
            value={line}
            onChange={(e) => {
              setLine(e.target.value as TProductLine | '');
              setPage(1);
            }}
            className="w-full sm:w-52"
            data-testid="line-filter"
          >
            <option value="">{t('boxes.allLines')}</option>
            {PRODUCT_LINES.map((l) => (
              <option key={l} value={l}>
                {tr(`productLines.${l}`)} ({counts.get(l) ?? 0})
              </option>
            ))}
          </NativeSelect>
          <NativeSelect
            aria-label={t('boxes.statusFilter')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as Status);
              setPage(1);
            }}
            className="w-full sm:w-36"
          >
            {(['all', 'active', 'inactive'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`boxes.status.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </form>
        <Button onClick={() => setEditing('new')} data-testid="new-box">
          <Plus aria-hidden /> {t('boxes.new')}
        </Button>
      </div>

      {list.isError && !list.data ? (
        <Alert variant="error">
          <p className="font-semibold">{t('boxes.loadError')}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void list.refetch()}>
            {t('boxes.retry')}
          </Button>
        </Alert>
      ) : list.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : list.data.boxes.length === 0 ? (
        <Card>
          <CardContent className="py-10 text-center text-muted-foreground">{t('boxes.empty')}</CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="admin-box-grid">
          {list.data.boxes.map((box) => (
            <li key={box.id} data-testid="admin-box" data-box-id={box.id}>
              <Card className={box.active ? 'h-full overflow-hidden' : 'h-full overflow-hidden opacity-75'}>
                <div className="relative aspect-[16/9] bg-muted">
                  <BoxImage placeholder="soft" src={thumbnail(box.imageUrl, 800)} alt="" className="size-full" />
                  <Badge variant={box.active ? 'soft' : 'muted'} className="absolute start-3 top-3">
                    {box.active ? t('boxes.active') : t('boxes.inactive')}
                  </Badge>
                </div>
                <CardContent className="space-y-3 p-4 sm:p-4">
                  <div>
                    <div className="flex items-start justify-between gap-2">
                      <h3 className="font-semibold leading-snug">{localized(box.name, box.nameAr, locale)}</h3>
                      <span className="shrink-0 font-bold tabular-nums">{formatDzd(box.price, locale)}</span>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      {tr(`productLines.${box.category}`)} · {t('boxes.validity', { count: box.validityDays })} ·{' '}
                      {t('boxes.offers', { count: box.offerCount })}
                    </p>
                  </div>
                  <dl className="grid grid-cols-2 gap-2 rounded-lg bg-muted/60 p-3 text-sm">
                    <div>
                      <dt className="sr-only">{t('boxes.sold', { count: box.sales.vouchersSold })}</dt>
                      <dd className="font-semibold tabular-nums">{t('boxes.sold', { count: box.sales.vouchersSold })}</dd>
                    </div>
                    <div className="text-end">
                      <dt className="text-xs text-muted-foreground">{t('boxes.revenue')}</dt>
                      <dd className="font-semibold tabular-nums">{formatDzd(box.sales.revenue, locale)}</dd>
                    </div>
                  </dl>
                  <div className="flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" onClick={() => setEditing(box)} data-testid="edit-box">
                      <Pencil aria-hidden /> {t('boxes.edit')}
                    </Button>
                    {box.active && (
                      <Button size="sm" variant="ghost" asChild>
                        <Link to={to.box(box.id)} target="_blank" rel="noopener">
                          <ExternalLink aria-hidden /> {t('boxes.view')}
                        </Link>
                      </Button>
                    )}
                    <Button size="sm" variant="ghost" className="ms-auto text-destructive" onClick={() => setDeleting(box)} aria-label={`${t('boxes.delete')} ${localized(box.name, box.nameAr, locale)}`}>
                      <Trash2 aria-hidden />
                    </Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
      {list.data && <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />}

      {editing && <BoxForm box={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('boxes.deleteTitle')}
        description={t('boxes.deleteConfirm')}
        confirmLabel={t('boxes.delete')}
        cancelLabel={t('boxes.cancel')}
        destructive
        pending={remove.isPending}
        testId="delete-box-dialog"
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: (result) => {
              toast.success(catalogMessage(result.message));
              setDeleting(null);
            },
            onError: (error) => toast.error(catalogMessage(error)),
          });
        }}
      >
        <p className="text-sm text-muted-foreground">{t('boxes.deleteSoldHint')}</p>
      </ConfirmDialog>
    </div>
  );
}
