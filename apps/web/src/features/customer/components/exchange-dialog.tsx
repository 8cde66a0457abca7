import type { TPaymentMethod } from '@farha/contracts/checkout';
import { type TClientVoucher } from '@farha/contracts/customer';
import { formatDzd } from '@farha/contracts/money';
import { Repeat } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useExchangeOptions, useExchangeVoucher } from '../api/vouchers';
import { customerMessage, useCustomerT } from '../i18n';
import { followVoucherChange, leavingForCheckout } from '../lib/voucher-change';
import { boxesMatching } from '../lib/vouchers';
import { BoxImage } from '@/components/domain/box-image';
import { PaymentMethodPicker } from './payment-method-picker';
import { errorKey } from '@farha/contracts/plain/errors';

/** Swap for another box: free when equal or cheaper, otherwise the difference is paid through the checkout. */
export function ExchangeDialog({ voucher, onOpenChange }: { voucher: TClientVoucher | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={voucher !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="exchange-dialog">
        {voucher && <ExchangeForm key={voucher.id} voucher={voucher} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ExchangeForm({ voucher, onClose }: { voucher: TClientVoucher; onClose: () => void }) {
  const { t, locale } = useCustomerT();
  const options = useExchangeOptions(voucher.id);
  const exchange = useExchangeVoucher(voucher.id);
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [boxId, setBoxId] = useState<string | null>(null);
  const [method, setMethod] = useState<TPaymentMethod | null>(null);
  const [methodError, setMethodError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);

  const boxes = options.data?.boxes ?? [];
  const shown = boxesMatching(boxes, deferredQuery);
  const selected = boxes.find((box) => box.id === boxId) ?? null;
  const toPay = selected?.difference ?? 0;

  const onConfirm = () => {
    setError(null);
    if (!selected) {
      setError(t('exchange.chooseBox'));
      return;
    }
    if (toPay > 0 && !method) {
      setMethodError(customerMessage(errorKey('PAYMENT_METHOD_REQUIRED')));
      return;
    }
    exchange.mutate(
      { boxId: selected.id, paymentMethod: toPay > 0 ? (method ?? undefined) : undefined },
      {
        onSuccess: (result) => followVoucherChange(result, onClose),
        onError: (failure) => setError(customerMessage(failure, errorKey('VOUCHER_NOT_EXCHANGEABLE'))),
      },
    );
  };
  const redirecting = leavingForCheckout(exchange);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('exchange.title')}</DialogTitle>
        <DialogDescription>{t('exchange.intro')}</DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-muted px-3 py-2 text-sm">
        <span className="font-semibold">{voucher.box.name}</span>
        <span>{t('exchange.current', { price: formatDzd(options.data?.currentPrice ?? voucher.faceValue, locale) })}</span>
        {voucher.box.exchangeOnce && <span className="w-full text-xs text-muted-foreground">{t('exchange.exchangeOnce')}</span>}
      </div>

      {error && <Alert variant="error">{error}</Alert>}

      {options.isPending ? (
        <div className="grid gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : options.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t('exchange.loadError')}
            <Button size="sm" variant="outline" onClick={() => void options.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        </Alert>
      ) : !options.data.allowed ? (
        <Alert variant="error">{customerMessage(options.data.reasonCode ?? options.data.reason ?? errorKey('VOUCHER_NOT_EXCHANGEABLE'))}</Alert>
      ) : (
        <>
          <SearchInput
            name="exchangeSearch"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            aria-label={t('exchange.searchLabel')}
            placeholder={t('exchange.searchPlaceholder')}
          />
          <fieldset className="max-h-[min(22rem,45dvh)] overflow-y-auto rounded-lg border border-border" data-testid="exchange-boxes">
            <legend className="sr-only">{t('exchange.chooseBox')}</legend>
            {shown.length === 0 ? (
              <p className="p-4 text-center text-sm text-muted-foreground">{t('exchange.noBoxes')}</p>
            ) : (
              <ul className="divide-y divide-border">
                {shown.map((box) => (
                  <li key={box.id}>
                    <label
                      className={cn(
                        'flex cursor-pointer items-center gap-3 p-2.5 transition-colors hover:bg-muted has-[:focus-visible]:bg-muted',
                        boxId === box.id && 'bg-primary-soft/60',
                      )}
                      data-testid="exchange-box"
                    >
                      <input
                        type="radio"
                        name="boxId"
                        value={box.id}
                        checked={boxId === box.id}
                        onChange={() => {
                          setBoxId(box.id);
                          setError(null);
                        }}
                        className="size-4 shrink-0 accent-[var(--primary)]"
                      />
                      <BoxImage src={box.imageUrl} className="size-12 shrink-0 rounded-md" />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-semibold">{box.name}</span>
                        <span className="block text-xs text-muted-foreground">
                          {formatDzd(box.price, locale)} · {t('exchange.validity', { count: box.validityDays })}
                        </span>
                      </span>
                      <span
                        className={cn(
                          'shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold',
                          box.difference > 0 ? 'bg-secondary/25' : 'bg-success/15 text-success',
                        )}
                      >
                        {box.difference > 0 ? t('exchange.difference', { amount: formatDzd(box.difference, locale) }) : t('exchange.free')}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
          </fieldset>
          {selected && <p className="text-sm text-muted-foreground">{t('exchange.newVoucherNote')}</p>}
          {selected && toPay > 0 && (
            <PaymentMethodPicker
              value={method}
              onChange={(next) => {
                setMethod(next);
                setMethodError(undefined);
              }}
              error={methodError}
            />
          )}
        </>
      )}

      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          loading={exchange.isPending || redirecting}
          disabled={!options.data?.allowed || !selected}
          data-testid="exchange-submit"
        >
          <Repeat aria-hidden />
          {toPay > 0 ? t('exchange.confirmPaid', { amount: formatDzd(toPay, locale) }) : t('exchange.confirmFree')}
        </Button>
      </DialogFooter>
    </>
  );
}
