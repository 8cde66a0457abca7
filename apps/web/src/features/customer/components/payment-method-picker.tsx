import { PAYMENT_METHODS, type TPaymentMethod } from '@farha/contracts/checkout';
import { cn } from '@/lib/cn';
import { useCustomerT } from '../i18n';

interface PaymentMethodPickerProps {
  value: TPaymentMethod | null;
  onChange: (method: TPaymentMethod) => void;
  error?: string;
}

/** The four methods (docs/product/storefront.md §7); the card itself is typed on the gateway's page, never here. */
export function PaymentMethodPicker({ value, onChange, error }: PaymentMethodPickerProps) {
  const { t } = useCustomerT();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('payment.title')}</legend>
      <div className="grid grid-cols-2 gap-2">
        {PAYMENT_METHODS.map((method) => (
          <label
            key={method}
            className={cn(
              'flex cursor-pointer flex-col rounded-lg border border-input bg-card px-3 py-2 text-sm transition-colors hover:bg-muted has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === method && 'border-primary bg-primary-soft/60 ring-1 ring-primary',
            )}
          >
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              checked={value === method}
              onChange={() => onChange(method)}
              className="sr-only"
            />
            <span className="font-semibold">{t(`payment.methods.${method}`)}</span>
            <span className="text-xs text-muted-foreground">{t(`payment.hints.${method}`)}</span>
          </label>
        ))}
      </div>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
      <p className="text-xs text-muted-foreground">{t('payment.redirect')}</p>
    </fieldset>
  );
}
