import type { TPaymentMethod } from '@farha/contracts/checkout';
import { GROUP_GIFT_MESSAGE_MAX, type TGroupGiftPublic } from '@farha/contracts/group-gifts';
import { formatDzd } from '@farha/contracts/money';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAuth } from '@/lib/auth';
import { useCardCharge } from '@/lib/card-charge';
import { translateError } from '@/lib/i18n';
import { useContribute } from '../api/group-gifts';
import { useGroupGiftTranslation } from '../i18n';
import { chargeFields, isCardMethod, PaymentFields } from './payment-fields';

/**
 * Anyone with the link, signed in or not (docs/product/group-gifts.md): a name or « anonyme » to the others, an
 * e-mail for the receipt, an amount (the suggested share prefilled), a message, and the checkout's payment choice.
 * The gateway's page comes next; the server checks everything again.
 */
export function ContributeForm({ pot }: { pot: TGroupGiftPublic }) {
  const { t, locale } = useGroupGiftTranslation();
  const { user } = useAuth();
  const contribute = useContribute(pot.token);
  const prefill = Math.min(pot.maxContribution, Math.max(pot.minContribution, pot.suggestedShare ?? pot.minContribution));
  const [form, setForm] = useState(() => ({
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    email: user?.email ?? '',
    anonymous: false,
    amount: String(prefill),
    message: '',
    method: 'cib' as TPaymentMethod,
    terms: false,
  }));
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const amount = Number(form.amount);
  const validAmount = Number.isInteger(amount) && amount > 0;
  const charge = useCardCharge(validAmount ? amount : 0);
  const card = isCardMethod(form.method);
  const error = contribute.error ? translateError(contribute.error) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    contribute.mutate(
      {
        name: form.name,
        email: form.email,
        anonymous: form.anonymous,
        amount,
        message: form.message,
        paymentMethod: form.method,
        ...chargeFields(form.method, charge),
        locale,
        termsAccepted: form.terms as true,
      },
      { onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" data-testid="contribute-form">
      <Field label={t('contribute.name')}>
        {(control) => <Input {...control} name="name" required maxLength={120} autoComplete="name" value={form.name} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="anonymous" className="mt-1 size-4" checked={form.anonymous} onChange={(e) => set('anonymous', e.target.checked)} aria-describedby="contribute-anonymous-hint" />
        <span className="grid gap-1">
          <span>{t('contribute.anonymous')}</span>
          <span id="contribute-anonymous-hint" className="text-xs text-muted-foreground">
            {t('contribute.anonymousHint')}
          </span>
        </span>
      </label>
      <Field label={t('contribute.email')} hint={t('contribute.emailHint')}>
        {(control) => <Input {...control} name="email" type="email" required dir="ltr" autoComplete="email" value={form.email} onChange={(e) => set('email', e.target.value)} />}
      </Field>
      <Field
        label={t('contribute.amount')}
        hint={
          <>
            {pot.suggestedShare ? <span className="block font-medium text-foreground">{t('contribute.suggested', { amount: formatDzd(pot.suggestedShare, locale) })}</span> : null}
            {t('contribute.amountHint', { min: formatDzd(pot.minContribution, locale), max: formatDzd(pot.maxContribution, locale) })}
          </>
        }
      >
        {(control) => (
          <Input
            {...control}
            name="amount"
            type="number"
            inputMode="numeric"
            step={1}
            min={pot.minContribution}
            max={pot.maxContribution}
            required
            dir="ltr"
            value={form.amount}
            onChange={(e) => set('amount', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('contribute.message', { name: pot.recipientName })}>
        {(control) => <Textarea {...control} name="message" maxLength={GROUP_GIFT_MESSAGE_MAX} rows={3} value={form.message} onChange={(e) => set('message', e.target.value)} />}
      </Field>
      <PaymentFields method={form.method} onMethod={(method) => set('method', method)} charge={charge} amount={validAmount ? amount : 0} />
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="terms" className="mt-1 size-4" required checked={form.terms} onChange={(e) => set('terms', e.target.checked)} data-testid="terms" />
        {t('contribute.terms')}
      </label>
      {error ? (
        <Alert variant="error" data-testid="contribute-error">
          {error}
        </Alert>
      ) : null}
      <Button type="submit" size="lg" disabled={contribute.isPending || contribute.isSuccess || (card && charge.amount === null)} data-testid="contribute-pay">
        {contribute.isPending || contribute.isSuccess ? t('contribute.paying') : t('contribute.pay', { amount: validAmount ? formatDzd(amount, locale) : '' })}
      </Button>
      <p className="text-center text-xs text-muted-foreground">{t('contribute.noAccount')}</p>
    </form>
  );
}
