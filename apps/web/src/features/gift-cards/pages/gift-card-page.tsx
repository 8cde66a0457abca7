import { PAYMENT_METHODS, type TPaymentMethod } from '@farha/contracts/checkout';
import { formatDzd } from '@farha/contracts/money';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, type AuthRedirectState } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { Textarea } from '@/components/ui/textarea';
import { CardChargeNotice } from '@/components/domain/card-charge-notice';
import { useAuth } from '@/lib/auth';
import { useCardCharge } from '@/lib/card-charge';
import { useSiteStatus } from '@/lib/site-status';
import { translateError } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBuyGiftCard, useGiftCardOffer } from '../api/gift-cards';
import { useGiftCardTranslation } from '../i18n';

const METHOD_LABELS: Record<TPaymentMethod, string> = { cib: 'CIB', edahabia: 'EDAHABIA', visa: 'Visa', mastercard: 'Mastercard' };
const isCardMethod = (method: TPaymentMethod) => method === 'visa' || method === 'mastercard';

/**
 * /carte-cadeau (docs/product/gift-cards.md §3): a customer chooses any whole amount within the settings, the
 * recipient, a message and a day, and pays on the gateway's page like a box. The server checks everything again.
 */
export function GiftCardPage() {
  const { t, locale } = useGiftCardTranslation();
  useDocumentTitle(t('buy.title'));
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const offer = useGiftCardOffer();
  const buy = useBuyGiftCard();
  const [form, setForm] = useState({ amount: '5000', recipientName: '', recipientEmail: '', recipientLocale: locale, recipientPhone: '', sendSms: false, senderName: '', personalMessage: '', deliverAt: '', paymentMethod: 'cib' as TPaymentMethod, terms: false });
  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => setForm((f) => ({ ...f, [key]: value }));
  const amount = Number(form.amount);
  const error = buy.error ? translateError(buy.error) : null;
  // ADR 017: no « Envoyer aussi par SMS » when no text would reach a phone (the server refuses it then).
  const site = useSiteStatus().data;
  const smsOffered = site?.sms !== false;
  // docs/product/money.md §8: Visa and Mastercard are charged in euros or dollars at finance's rate, said before paying.
  const methods = PAYMENT_METHODS.filter((id) => site?.internationalCards !== false || !isCardMethod(id));
  const validAmount = Number.isInteger(amount) && amount > 0;
  const cardCharge = useCardCharge(validAmount ? amount : 0);
  const card = isCardMethod(form.paymentMethod);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      void navigate(paths.auth, { state: { from: { pathname: paths.giftCard, search: '', hash: '' } } satisfies AuthRedirectState });
      return;
    }
    buy.mutate(
      {
        amount,
        recipientName: form.recipientName,
        recipientEmail: form.recipientEmail,
        recipientLocale: form.recipientLocale,
        ...(form.recipientPhone.trim() ? { recipientPhone: form.recipientPhone.trim() } : {}),
        ...(smsOffered && form.sendSms ? { sendSms: true } : {}),
        senderName: form.senderName,
        personalMessage: form.personalMessage,
        deliverAt: form.deliverAt,
        paymentMethod: form.paymentMethod,
        ...(card && cardCharge.amount !== null ? { chargeCurrency: cardCharge.currency, expectedChargeAmount: cardCharge.amount } : {}),
        termsAccepted: form.terms as true,
      },
      { onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl) },
    );
  };

  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader title={t('buy.title')} description={offer.data ? t('buy.intro', { months: offer.data.validityMonths }) : undefined} />
      <Card className="p-4 sm:p-6">
        <form onSubmit={submit} className="grid gap-4" data-testid="gift-card-form">
          <Field label={t('buy.amount')} hint={offer.data ? t('buy.amountHint', { min: formatDzd(offer.data.minAmount, locale), max: formatDzd(offer.data.maxAmount, locale) }) : undefined}>
            {(control) => (
              <Input {...control} name="amount" type="number" inputMode="numeric" step={1} min={offer.data?.minAmount} max={offer.data?.maxAmount} required dir="ltr" value={form.amount} onChange={(e) => set('amount', e.target.value)} />
            )}
          </Field>
          <Field label={t('buy.recipientName')}>
            {(control) => <Input {...control} name="recipientName" required maxLength={120} value={form.recipientName} onChange={(e) => set('recipientName', e.target.value)} />}
          </Field>
          <Field label={t('buy.recipientEmail')}>
            {(control) => <Input {...control} name="recipientEmail" type="email" required dir="ltr" value={form.recipientEmail} onChange={(e) => set('recipientEmail', e.target.value)} />}
          </Field>
          <Field label={t('buy.recipientLocale')}>
            {(control) => (
              <NativeSelect {...control} name="recipientLocale" value={form.recipientLocale} onChange={(e) => set('recipientLocale', e.target.value === 'ar' ? 'ar' : 'fr')}>
                <option value="fr">{t('lang.fr')}</option>
                <option value="ar">{t('lang.ar')}</option>
              </NativeSelect>
            )}
          </Field>
          <Field label={t('buy.recipientPhone')} hint={t('buy.recipientPhoneHint')}>
            {(control) => (
              <Input {...control} name="recipientPhone" type="tel" inputMode="tel" autoComplete="off" dir="ltr" placeholder="0555 12 34 56" value={form.recipientPhone} onChange={(e) => set('recipientPhone', e.target.value)} data-testid="gift-card-recipient-phone" />
            )}
          </Field>
          {smsOffered ? (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" name="sendSms" className="mt-1" checked={form.sendSms} onChange={(e) => set('sendSms', e.target.checked)} aria-describedby="gift-card-sms-hint" data-testid="gift-card-send-sms" />
              <span className="grid gap-1">
                <span>{t('buy.sendSms')}</span>
                <span id="gift-card-sms-hint" className="text-xs text-muted-foreground">
                  {t('buy.sendSmsHint')}
                </span>
              </span>
            </label>
          ) : null}
          <Field label={t('buy.senderName')}>
            {(control) => <Input {...control} name="senderName" maxLength={120} value={form.senderName} onChange={(e) => set('senderName', e.target.value)} />}
          </Field>
          <Field label={t('buy.message')}>
            {(control) => <Textarea {...control} name="personalMessage" maxLength={500} value={form.personalMessage} onChange={(e) => set('personalMessage', e.target.value)} />}
          </Field>
          <Field label={t('buy.deliverAt')}>
            {(control) => <Input {...control} name="deliverAt" type="date" dir="ltr" value={form.deliverAt} onChange={(e) => set('deliverAt', e.target.value)} />}
          </Field>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">{t('buy.method')}</legend>
            <div className="flex flex-wrap gap-3">
              {methods.map((method) => (
                <label key={method} className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
                  <input type="radio" name="paymentMethod" value={method} checked={form.paymentMethod === method} onChange={() => set('paymentMethod', method)} />
                  {METHOD_LABELS[method]}
                </label>
              ))}
            </div>
            {card ? <CardChargeNotice charge={cardCharge} priceDzd={validAmount ? amount : 0} t={t} locale={locale} /> : null}
          </fieldset>
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="terms" className="mt-1" checked={form.terms} onChange={(e) => set('terms', e.target.checked)} />
            {t('buy.terms')}
          </label>
          {error ? (
            <Alert variant="error" data-testid="gift-card-error">
              {error}
            </Alert>
          ) : null}
          {status === 'anonymous' ? <p className="text-sm text-muted-foreground">{t('buy.loginText')}</p> : null}
          <Button type="submit" disabled={buy.isPending || buy.isSuccess || (card && status !== 'anonymous' && cardCharge.amount === null)} data-testid="gift-card-pay">
            {status === 'anonymous' ? t('buy.login') : buy.isPending || buy.isSuccess ? t('buy.paying') : t('buy.pay', { amount: Number.isInteger(amount) && amount > 0 ? formatDzd(amount, locale) : '' })}
          </Button>
        </form>
      </Card>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <Link to={paths.giftCardBalance} className="text-sm underline underline-offset-4">
          {t('buy.checkBalance')}
        </Link>
        {/* Issue 37: the same card, paid by many (the amount typed above goes along). */}
        <Link
          to={`${paths.groupGiftNew}${Number.isInteger(amount) && amount > 0 ? `?${new URLSearchParams({ amount: String(amount) })}` : ''}`}
          className="text-sm underline underline-offset-4"
          data-testid="gift-card-group-gift"
        >
          {t('buy.groupGift')}
        </Link>
      </div>
    </div>
  );
}
