import { formatDzd } from '@farha/contracts/money';
import { formatPromotionDiscount } from '@farha/contracts/plain/landing';
import { PROMOTION_STATUSES, PROMOTION_TRANSITIONS, type TPromotion, type TPromotionAction, type TPromotionStatus } from '@farha/contracts/promotions';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { formatPeriodEnd, formatPeriodStart } from '@/lib/dates';
import { useTranslation } from '@/lib/i18n-react';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery } from '../api/admin';
import { AdminPagedList, FilterChips, useStatusPage } from '../components/parts';
import { usePromotions, usePromotionStatus } from './api';
import { promotionsMessage, usePromotionsT } from './i18n';
import { PromotionDetails } from './promotion-details';
import { PromotionForm } from './promotion-form';

const FILTERS = ['all', ...PROMOTION_STATUSES] as const;
type Filter = (typeof FILTERS)[number];
const STATUS_BADGE: Record<TPromotionStatus, 'muted' | 'accent' | 'secondary' | 'outline'> = { draft: 'outline', active: 'accent', paused: 'secondary', ended: 'muted' };
const ACTIONS: TPromotionAction[] = ['activate', 'pause', 'end'];

/**
 * /admin/promotions (issue 35, superadmin and catalog_admin): marketing's promotions from the server, a page at
 * a time, filtered by status; create, edit, activate, pause, end (confirmed), generate codes, export them,
 * and each one's figures (docs/product/promotions.md §7, §8, §9).
 */
export function AdminPromotionsPage() {
  const { t, locale } = usePromotionsT();
  const { t: tr } = useTranslation();
  useDocumentTitle(t('title'));
  const { status, page, setStatus, setPage } = useStatusPage<Filter>(FILTERS, 'all');
  const list = usePromotions(toQuery({ status, page, pageSize: 20 }));
  const changeStatus = usePromotionStatus();
  const [editing, setEditing] = useState<TPromotion | 'new' | null>(null);
  const [details, setDetails] = useState<TPromotion | null>(null);
  const [ending, setEnding] = useState<TPromotion | null>(null);

  const run = (promotion: TPromotion, action: TPromotionAction) =>
    changeStatus.mutate(
      { id: promotion.id, action },
      {
        onSuccess: () => {
          toast.success(t(action === 'activate' ? 'actions.activated' : action === 'pause' ? 'actions.paused' : 'actions.ended'));
          setEnding(null);
        },
        onError: (error) => toast.error(promotionsMessage(error)),
      },
    );

  const until = (endsAt: string) => {
    const end = formatPeriodEnd(endsAt, locale);
    return end.inclusive ? t('list.untilDay', { day: end.text }) : t('list.until', { end: end.text });
  };
  const dates = (p: TPromotion) => `${t('list.from', { start: formatPeriodStart(p.startsAt, locale) })} ${p.endsAt ? until(p.endsAt) : `· ${t('list.noEnd')}`}`;
  const scope = (p: TPromotion) =>
    p.scope === 'order'
      ? t('scope.order')
      : p.scope === 'product_lines'
        ? t('scope.product_lines', { lines: p.productLines.map((l) => tr(`productLines.${l}`)).join(', ') })
        : t('scope.boxes', { count: p.boxIds.length });
  const uses = (p: TPromotion) => t('list.uses', { used: p.usedUses, limit: p.usageLimit ?? t('list.noLimit') });
  const budget = (p: TPromotion) =>
    p.budgetDzd !== null
      ? t('list.budget', { used: formatDzd(p.usedDzd, locale), budget: formatDzd(p.budgetDzd, locale) })
      : p.budgetUses !== null
        ? t('list.budgetUses', { used: p.usedUses, budget: p.budgetUses })
        : `${t('list.noBudget')} · ${formatDzd(p.usedDzd, locale)}`;

  return (
    <div className="space-y-6" data-testid="promotions-page">
      <PageHeader
        title={t('title')}
        description={t('intro')}
        actions={
          <Button onClick={() => setEditing('new')} data-testid="promotion-new">
            <Plus aria-hidden className="size-4" />
            {t('new')}
          </Button>
        }
      />
      <FilterChips label={t('statusFilter')} value={status} onChange={setStatus} options={FILTERS.map((f) => ({ value: f, label: t(`status.${f}`) }))} />
      <AdminPagedList
        query={list}
        items={(data) => data.promotions}
        empty={t('empty')}
        className="space-y-3"
        testId="promotions-list"
        onPage={setPage}
      >
        {(p) => (
          <article className="min-w-0 space-y-3 rounded-xl border border-border bg-card p-4 shadow-sm" data-testid="promotion-row" data-code={p.publicCode ?? ''}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0 space-y-1">
                <h2 className="break-words font-semibold">{p.name}</h2>
                <p className="text-sm">
                  <span className="font-medium">{t(p.kind === 'percent' ? 'list.percentOff' : 'list.fixedOff', { value: formatPromotionDiscount(p.kind, p.value, locale) })}</span>
                  <span className="text-muted-foreground"> · {scope(p)}</span>
                </p>
              </div>
              <Badge variant={STATUS_BADGE[p.status]} data-testid="promotion-status">
                {t(`status.${p.status}`)}
              </Badge>
            </div>
            <div className="grid gap-x-4 gap-y-1 text-sm text-muted-foreground sm:grid-cols-2">
              <p className="min-w-0">
                {p.publicCode ? (
                  <>
                    {t('list.code')}{' '}
                    <code dir="ltr" className="rounded bg-muted px-1.5 py-0.5 font-mono text-foreground" data-testid="promotion-code">
                      {p.publicCode}
                    </code>
                  </>
                ) : (
                  t('list.noCode')
                )}{' '}
                · <span data-testid="promotion-code-count">{t('list.codes', { count: p.codeCount })}</span>
              </p>
              <p className="min-w-0">{dates(p)}</p>
              <p className="min-w-0" data-testid="promotion-uses">
                {uses(p)}
              </p>
              <p className="min-w-0">{budget(p)}</p>
              {(p.firstPurchaseOnly || p.oncePerCustomer || p.fundedBy === 'shared' || p.companies !== 'none') && (
                <p className="min-w-0 sm:col-span-2">
                  {[
                    p.firstPurchaseOnly && t('list.firstPurchase'),
                    p.oncePerCustomer && t('list.oncePerCustomer'),
                    p.fundedBy === 'shared' && t('list.shared', { share: formatPromotionDiscount('percent', p.partnerShareBp, locale) }),
                    // docs/product/promotions.md §13: open to company orders.
                    p.companies === 'all' && t('list.allCompanies'),
                    p.companies === 'chosen' && t('list.chosenCompanies', { count: p.companyIds.length }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-2">
              {p.status !== 'ended' && (
                <Button size="sm" variant="outline" onClick={() => setEditing(p)} data-testid="promotion-edit">
                  {t('actions.edit')}
                </Button>
              )}
              <Button size="sm" variant="outline" onClick={() => setDetails(p)} data-testid="promotion-details-open">
                {t('actions.details')}
              </Button>
              {ACTIONS.filter((a) => PROMOTION_TRANSITIONS[a].from.includes(p.status)).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'end' ? 'destructive' : action === 'activate' ? 'default' : 'secondary'}
                  disabled={changeStatus.isPending}
                  onClick={() => (action === 'end' ? setEnding(p) : run(p, action))}
                  data-testid={`promotion-${action}`}
                >
                  {t(`actions.${action}`)}
                </Button>
              ))}
            </div>
          </article>
        )}
      </AdminPagedList>

      {editing !== null && <PromotionForm promotion={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {details && <PromotionDetails promotion={details} onClose={() => setDetails(null)} />}
      <ConfirmDialog
        open={ending !== null}
        onOpenChange={(open) => !open && setEnding(null)}
        title={t('actions.endTitle')}
        description={ending ? t('actions.endText', { name: ending.name }) : undefined}
        confirmLabel={t('actions.endConfirm')}
        cancelLabel={t('actions.cancel')}
        destructive
        pending={changeStatus.isPending}
        onConfirm={() => ending && run(ending, 'end')}
        testId="promotion-end-dialog"
        confirmTestId="promotion-end-confirm"
      />
    </div>
  );
}
