import { FOREIGN_CURRENCIES, formatRate, type TForeignCurrency } from '@farha/contracts/money';
import type { TSetRateRequest } from '@farha/contracts/rates';
import { addDays, algiersToday } from '@farha/contracts/time';
import { Coins } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { formatShortDateTime } from '@/lib/dates';
import { formatDate } from '@farha/contracts/money';
import { useDocumentTitle } from '@/lib/use-document-title';
import { toQuery, useExchangeRates, useSetExchangeRate } from '../api/admin';
import { AdminPagedList } from '../components/parts';
import { adminMessage, useAdminTranslation } from '../i18n';
import { asksRateConfirmation } from '../lib/rate-confirmation';

/**
 * /admin/taux (issue 24, finance): the EUR and USD rates prices are shown and international cards charged at,
 * with the day after which a rate is stale (then: dinars only, and no card charged in that currency), and
 * every rate set before.
 */
export function AdminRatesPage() {
  const { t, locale } = useAdminTranslation();
  useDocumentTitle(t('rates.title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const list = useExchangeRates(toQuery({ page, pageSize: 20 }));
  const save = useSetExchangeRate();
  const today = algiersToday(new Date());
  const [currency, setCurrency] = useState<TForeignCurrency>('EUR');
  const [rate, setRate] = useState('');
  const [staleAfter, setStaleAfter] = useState(addDays(today, 7));
  const [flash, setFlash] = useState<{ kind: 'success' | 'error'; text: string; field?: string } | null>(null);

  // Issue 34: a rate far from the one in force comes back asking for confirmation; « Confirmer » resends it.
  const [toConfirm, setToConfirm] = useState<{ request: TSetRateRequest; text: string } | null>(null);

  const send = (request: TSetRateRequest) => {
    setFlash(null);
    setToConfirm(null);
    save.mutate(request, {
      onSuccess: (saved) => {
        setRate('');
        setFlash({ kind: 'success', text: t('rates.saved', { currency: saved.currency, rate: formatRate(saved.rateE4) }) });
      },
      onError: (error) => {
        if (asksRateConfirmation(error)) setToConfirm({ request, text: adminMessage(error) });
        else setFlash({ kind: 'error', text: adminMessage(error) });
      },
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ currency, rate, staleAfter });
  };

  return (
    <div className="space-y-6" data-testid="rates-page">
      <PageHeader title={t('rates.title')} description={t('rates.intro')} />
      <div className="grid gap-3 sm:grid-cols-2" data-testid="rates-current">
        {FOREIGN_CURRENCIES.map((c) => {
          const current = list.data?.current.find((r) => r.currency === c);
          return (
            <Card key={c}>
              <CardContent className="space-y-1 p-4">
                <div className="flex items-center gap-2">
                  <Coins className="size-4 text-muted-foreground" aria-hidden />
                  <p className="font-semibold">{t(`rates.currencies.${c}`)}</p>
                  {current && <Badge variant={current.stale ? 'destructive' : 'soft'}>{current.stale ? t('rates.stale') : t('rates.inForce')}</Badge>}
                </div>
                {current ? (
                  <>
                    <p className="text-2xl font-bold tabular-nums" dir="ltr">
                      1 {c} = {formatRate(current.rateE4)} DA
                    </p>
                    <p className="text-xs text-muted-foreground">{t('rates.staleAfter', { date: formatDate(current.staleAfter, locale) })}</p>
                  </>
                ) : (
                  <p className="text-sm text-muted-foreground">{t('rates.none')}</p>
                )}
              </CardContent>
            </Card>
          );
        })}
      </div>

      <Card>
        <CardContent className="p-4">
          <form className="grid gap-4 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end" onSubmit={submit} noValidate>
            <Field label={t('rates.currency')}>
              {(c) => (
                <NativeSelect {...c} value={currency} onChange={(e) => setCurrency(e.target.value as TForeignCurrency)} data-testid="rate-currency">
                  {FOREIGN_CURRENCIES.map((value) => (
                    <option key={value} value={value}>
                      {value}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label={t('rates.rate', { currency })} hint={t('rates.rateHint')}>
              {(c) => <Input {...c} inputMode="decimal" dir="ltr" value={rate} onChange={(e) => setRate(e.target.value)} placeholder="150,00" data-testid="rate-value" />}
            </Field>
            <Field label={t('rates.staleAfterLabel')} hint={t('rates.staleAfterHint')}>
              {(c) => <Input {...c} type="date" min={today} max={addDays(today, 90)} value={staleAfter} onChange={(e) => setStaleAfter(e.target.value)} data-testid="rate-stale-after" />}
            </Field>
            <Button type="submit" disabled={save.isPending} data-testid="rate-save">
              {t('rates.save')}
            </Button>
          </form>
          {flash && (
            <Alert className="mt-4" variant={flash.kind} data-testid={`rate-flash-${flash.kind}`}>
              {flash.text}
            </Alert>
          )}
          {toConfirm && (
            <Alert className="mt-4" variant="error" data-testid="rate-confirm">
              <div className="space-y-3">
                <p>{toConfirm.text}</p>
                <p className="text-sm text-muted-foreground">{t('rates.confirmHint')}</p>
                <div className="flex flex-wrap gap-2">
                  <Button type="button" variant="destructive" disabled={save.isPending} onClick={() => send({ ...toConfirm.request, confirm: true })} data-testid="rate-confirm-button">
                    {t('rates.confirm')}
                  </Button>
                  <Button type="button" variant="outline" onClick={() => setToConfirm(null)}>
                    {t('rates.cancel')}
                  </Button>
                </div>
              </div>
            </Alert>
          )}
        </CardContent>
      </Card>

      <section className="space-y-3">
        <h2 className="text-lg font-semibold">{t('rates.history')}</h2>
        <AdminPagedList
          query={list}
          items={(data) => data.history}
          empty={t('rates.historyEmpty')}
          className="divide-y rounded-lg border"
          testId="rates-history"
          onPage={(next) => setParams({ page: String(next) })}
        >
          {(entry) => (
            <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
              <span className="font-medium tabular-nums" dir="ltr">
                1 {entry.currency} = {formatRate(entry.rateE4)} DA
              </span>
              <span className="text-muted-foreground">
                {t('rates.setAt', { date: formatShortDateTime(entry.setAt, locale) })} · {t('rates.staleAfter', { date: formatDate(entry.staleAfter, locale) })}
              </span>
            </div>
          )}
        </AdminPagedList>
      </section>
    </div>
  );
}
