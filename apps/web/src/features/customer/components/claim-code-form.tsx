import { Ticket } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { useClaimVoucher } from '../api/vouchers';
import { customerMessage, useCustomerT } from '../i18n';
import { errorKey } from '@farha/contracts/plain/errors';
import { normalizeVoucherCode } from '@farha/contracts/plain/vouchers';

/** "Ajouter un code": a gift whose code was passed on by hand (or by a forwarded e-mail) joins the account. */
export function ClaimCodeForm({ initialCode = '', onClaimed }: { initialCode?: string; onClaimed?: (voucherId: string) => void }) {
  const { t } = useCustomerT();
  const claim = useClaimVoucher();
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<string | null>(null);
  const errorId = 'claim-code-error';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError(t('claim.required'));
      return;
    }
    // Any case, dashes or spaces, or the link of the voucher's QR; a text that cannot be a code is not sent.
    const normalized = normalizeVoucherCode(code);
    if (!normalized) {
      setError(customerMessage(errorKey('VOUCHER_INVALID')));
      return;
    }
    claim.mutate(normalized, {
      onSuccess: (result) => {
        toast.success(customerMessage(result.message));
        setCode('');
        onClaimed?.(result.voucher.id);
      },
      onError: (failure) => setError(customerMessage(failure, errorKey('VOUCHER_INVALID'))),
    });
  };

  return (
    <Card className="p-4 sm:p-5">
      <form noValidate onSubmit={onSubmit} className="grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)] md:items-center md:gap-6">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent/15 text-accent">
            <Ticket aria-hidden className="size-5" />
          </span>
          <div>
            <h2 className="font-semibold">{t('claim.title')}</h2>
            <p className="text-sm text-muted-foreground text-pretty">{t('claim.text')}</p>
          </div>
        </div>
        <div className="grid gap-1.5">
          <div className="flex gap-2">
            <label htmlFor="claim-code" className="sr-only">
              {t('claim.label')}
            </label>
            <Input
              id="claim-code"
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder={t('claim.placeholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              dir="ltr"
              className="font-mono uppercase placeholder:normal-case"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              data-testid="claim-code-input"
            />
            <Button type="submit" loading={claim.isPending} data-testid="claim-code-submit">
              {t('claim.submit')}
            </Button>
          </div>
          {error && (
            <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
        </div>
      </form>
    </Card>
  );
}
