import type { TPaymentMethod } from '@farha/contracts/checkout';
import { type TClientVoucherListResponse, type TClientVoucher } from '@farha/contracts/customer';
import { formatDzd } from '@farha/contracts/money';
import { CalendarPlus, Gift } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useExtendVoucher } from '../api/vouchers';
import { customerMessage, useCustomerT } from '../i18n';
import { formatDate } from '@/lib/dates';
import { followVoucherChange, leavingForCheckout } from '../lib/voucher-change';
import { PaymentMethodPicker } from './payment-method-picker';
import { errorKey } from '@farha/contracts/plain/errors';

type Extension = TClientVoucherListResponse['extension'];

interface ExtendDialogProps {
  voucher: TClientVoucher | null;
  extension: Extension;
  onOpenChange: (open: boolean) => void;
}

/** Free 30 days once in the last 30 days of validity, or 6 paid months through the checkout (docs/product/vouchers.md §9). */
export function ExtendDialog({ voucher, extension, onOpenChange }: ExtendDialogProps) {
  return (
    <Dialog open={voucher !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" data-testid="extend-dialog">
        {voucher && <ExtendForm key={voucher.id} voucher={voucher} extension={extension} onClose={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ExtendForm({ voucher, extension, onClose }: { voucher: TClientVoucher; extension: Extension; onClose: () => void }) {
  const { t, locale } = useCustomerT();
  const extend = useExtendVoucher(voucher.id);
  const { canExtendFree, canExtendPaid } = voucher.actions;
  const [mode, setMode] = useState<'free' | 'paid' | null>(canExtendFree ? 'free' : canExtendPaid ? 'paid' : null);
  const [method, setMethod] = useState<TPaymentMethod | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [methodError, setMethodError] = useState<string | undefined>();
  const price = formatDzd(extension.price, locale);
  const expired = Date.parse(voucher.expiresAt) <= Date.now();

  useEffect(() => setMethodError(undefined), [method]);

  const onConfirm = () => {
    setError(null);
    if (!mode) return;
    if (mode === 'paid' && !method) {
      setMethodError(customerMessage(errorKey('PAYMENT_METHOD_REQUIRED')));
      return;
    }
    extend.mutate(mode === 'paid' ? { mode, paymentMethod: method ?? undefined } : { mode }, {
      onSuccess: (result) => followVoucherChange(result, onClose),
      onError: (failure) => setError(customerMessage(failure, errorKey('VOUCHER_NOT_EXTENDABLE'))),
    });
  };

  const redirecting = leavingForCheckout(extend);

  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('extend.title')}</DialogTitle>
        <DialogDescription>
          {expired
            ? t('extend.expiredCurrent', { box: voucher.box.name, date: formatDate(voucher.expiresAt, locale) })
            : t('extend.current', { box: voucher.box.name, date: formatDate(voucher.expiresAt, locale) })}
        </DialogDescription>
      </DialogHeader>

      {error && <Alert variant="error">{error}</Alert>}

      {!canExtendFree && !canExtendPaid ? (
        <Alert>{t('extend.none')}</Alert>
      ) : (
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('extend.choose')}</legend>
          <ExtendOption
            value="free"
            checked={mode === 'free'}
            disabled={!canExtendFree}
            onSelect={() => setMode('free')}
            icon={<Gift aria-hidden className="size-5 text-accent" />}
            title={t('extend.freeTitle')}
            text={t('extend.freeText', { count: extension.freeDays })}
            note={
              canExtendFree
                ? undefined
                : voucher.freeExtensionFrom && Date.parse(voucher.freeExtensionFrom) > Date.now()
                  ? t('extend.freeFrom', { date: formatDate(voucher.freeExtensionFrom, locale) })
                  : t('extend.freeUsed')
            }
          />
          {canExtendPaid && (
            <ExtendOption
              value="paid"
              checked={mode === 'paid'}
              onSelect={() => setMode('paid')}
              icon={<CalendarPlus aria-hidden className="size-5 text-primary" />}
              title={t('extend.paidTitle', { count: extension.paidMonths })}
              text={t('extend.paidText', { price })}
            />
          )}
        </fieldset>
      )}

      {mode === 'paid' && <PaymentMethodPicker value={method} onChange={setMethod} error={methodError} />}

      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button onClick={onConfirm} loading={extend.isPending || redirecting} disabled={!mode} data-testid="extend-submit">
          {mode === 'paid' ? t('extend.confirmPaid', { price }) : t('extend.confirmFree')}
        </Button>
      </DialogFooter>
    </>
  );
}

interface ExtendOptionProps {
  value: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  icon: ReactNode;
  title: string;
  text: string;
  note?: string;
}

function ExtendOption({ value, checked, disabled = false, onSelect, icon, title, text, note }: ExtendOptionProps) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg border border-input bg-card p-3 transition-colors hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary bg-primary-soft/50 ring-1 ring-primary',
        disabled && 'cursor-not-allowed opacity-60 hover:bg-card',
      )}
    >
      <input type="radio" name="extendMode" value={value} checked={checked} disabled={disabled} onChange={onSelect} className="sr-only" />
      {icon}
      <span className="grid gap-0.5 text-sm">
        <span className="font-semibold">{title}</span>
        <span className="text-muted-foreground">{text}</span>
        {note && <span className="text-xs font-medium text-primary-strong">{note}</span>}
      </span>
    </label>
  );
}
