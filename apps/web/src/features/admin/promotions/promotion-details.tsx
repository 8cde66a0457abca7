import { formatDzd } from '@farha/contracts/money';
import type { TPromotion } from '@farha/contracts/promotions';
import { Download } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { promotionCodesCsvUrl, useGenerateCodes, usePromotionStats } from './api';
import { promotionsMessage, usePromotionsT } from './i18n';
import { PromotionFigures } from '../analytics/finance-reports';

/** A promotion's figures (docs/product/promotions.md §9), its generated codes and their CSV (§6). */
export function PromotionDetails({ promotion, onClose }: { promotion: TPromotion; onClose: () => void }) {
  const { t, locale } = usePromotionsT();
  const stats = usePromotionStats(promotion.id);
  const generate = useGenerateCodes();
  const [count, setCount] = useState('50');
  const [prefix, setPrefix] = useState('');
  const [errors, setErrors] = useState<{ count?: string; prefix?: string; form?: string }>({});
  const ended = promotion.status === 'ended';
  const money = (n: number) => formatDzd(n, locale);
  const number = (n: number) => new Intl.NumberFormat(locale === 'ar' ? 'ar-DZ' : 'fr-FR').format(n);
  const outOf = (used: string, limit: number | null, show: (n: number) => string) => `${used} / ${limit === null ? t('details.unlimited') : show(limit)}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const n = Number(count.trim().replace(/\s/g, ''));
    generate.mutate(
      { id: promotion.id, request: { count: n, ...(prefix.trim() ? { prefix: prefix.trim() } : {}) } },
      {
        onSuccess: (result) => {
          toast.success(t('details.generated', { count: result.generated }));
          void stats.refetch();
        },
        onError: (error) => {
          const field = error instanceof ApiError ? error.field : undefined;
          const message = promotionsMessage(error);
          setErrors(field === 'count' || field === 'prefix' ? { [field]: message } : { form: message });
        },
      },
    );
  };

  const s = stats.data;
  const figures: [string, string, string][] = s
    ? [
        ['confirmedUses', t('details.confirmedUses'), number(s.confirmedUses)],
        ['heldUses', t('details.heldUses'), number(s.heldUses)],
        ['releasedUses', t('details.releasedUses'), number(s.releasedUses)],
        ['confirmedDzd', t('details.confirmedDzd'), money(s.confirmedDzd)],
        ['heldDzd', t('details.heldDzd'), money(s.heldDzd)],
        ['partnerFundedDzd', t('details.partnerFundedDzd'), money(s.partnerFundedDzd)],
        ['budgetUsed', t('details.budgetUsed'), outOf(money(s.budget.usedDzd), s.budget.dzd, money)],
        ['usesUsed', t('details.usesUsed'), outOf(number(s.budget.usedUses), s.budget.usageLimit ?? s.budget.uses, number)],
        ['codesUsed', t('details.codesUsed'), `${number(s.codes.used)} / ${number(s.codes.total)}`],
      ]
    : [];

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-2xl" data-testid="promotion-details">
        <DialogHeader>
          <DialogTitle>{t('details.title', { name: promotion.name })}</DialogTitle>
          <DialogDescription>{t('details.stats')}</DialogDescription>
        </DialogHeader>
        {s ? (
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="promotion-stats">
            {figures.map(([key, label, value]) => (
              <div key={key} className="min-w-0 rounded-lg border border-border p-3">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums" data-testid={`promotion-stat-${key}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
        ) : (
          <Skeleton className="h-32" />
        )}

        <section className="space-y-3 border-t border-border pt-4">
          <h3 className="font-semibold">{t('details.generate')}</h3>
          {ended ? (
            <p className="text-sm text-muted-foreground">{t('details.endedReadonly')}</p>
          ) : (
            <form noValidate onSubmit={submit} className="space-y-3">
              <p className="text-sm text-muted-foreground">{t('details.generateHint')}</p>
              {errors.form && <Alert variant="error">{errors.form}</Alert>}
              <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
                <Field label={t('details.count')} error={errors.count}>
                  {(control) => <Input {...control} inputMode="numeric" dir="ltr" value={count} onChange={(e) => setCount(e.target.value)} data-testid="codes-count" />}
                </Field>
                <Field label={t('details.prefix')} hint={t('details.prefixHint')} error={errors.prefix}>
                  {(control) => <Input {...control} dir="ltr" value={prefix} maxLength={10} onChange={(e) => setPrefix(e.target.value.toUpperCase())} data-testid="codes-prefix" />}
                </Field>
                <Button type="submit" className="sm:mt-7" loading={generate.isPending} data-testid="codes-generate">
                  {t('details.generateButton')}
                </Button>
              </div>
            </form>
          )}
        </section>

        <section className="space-y-2 border-t border-border pt-4">
          <p className="text-sm text-muted-foreground">{t('details.exportHint')}</p>
          <div className="flex flex-wrap justify-between gap-2">
            <Button asChild variant="outline">
              <a href={promotionCodesCsvUrl(promotion.id)} download data-testid="codes-csv">
                <Download aria-hidden className="size-4" />
                {t('details.export')}
              </a>
            </Button>
            <Button type="button" variant="ghost" onClick={onClose}>
              {t('details.close')}
            </Button>
          </div>
        </section>

        {/* Issue 35: the promotion's orders, discounts by day and conversion over a period (docs/product/promotions.md §14). */}
        {/* min-w-0: the dialog is a grid, and a wide table must scroll in its own box, not widen the dialog. */}
        <div className="min-w-0 border-t border-border pt-4">
          <PromotionFigures promotionId={promotion.id} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
