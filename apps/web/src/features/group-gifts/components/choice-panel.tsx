import type { TBoxListResponse } from '@farha/contracts/catalog';
import type { TPaymentMethod } from '@farha/contracts/checkout';
import type { TGroupGift, TGroupGiftChoice } from '@farha/contracts/group-gifts';
import { formatDzd } from '@farha/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { HandCoins } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { ChoiceCard } from '@/components/domain/choice-card';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { api } from '@/lib/api';
import { useCardCharge } from '@/lib/card-charge';
import { formatDateTime } from '@/lib/dates';
import { translateError } from '@/lib/i18n';
import { localized } from '@/lib/localized';
import { useGroupGiftChoice } from '../api/group-gifts';
import { useGroupGiftTranslation } from '../i18n';
import { chargeFields, PaymentFields } from './payment-fields';

/** Boxes on sale at most `maxPrice` (dearest first): what a short pot may buy instead. */
function useCheaperBoxes(maxPrice: number, enabled: boolean) {
  return useQuery({
    queryKey: ['catalog', 'boxes', { maxPrice, sort: 'price-desc' }],
    queryFn: ({ signal }) => api.get<TBoxListResponse>(`/api/boxes?maxPrice=${maxPrice}&sort=price-desc`, { signal }),
    enabled: enabled && maxPrice > 0,
  });
}

/**
 * A pot whose closing day passed short of its target (docs/product/group-gifts.md): the organiser pays the rest,
 * picks a cheaper box, sends what was collected as a gift card, or refunds everyone, before the deadline.
 */
export function ChoicePanel({ gift }: { gift: TGroupGift }) {
  const { t, locale } = useGroupGiftTranslation();
  const choose = useGroupGiftChoice(gift.id);
  const [choice, setChoice] = useState<TGroupGiftChoice | null>(null);
  const [boxId, setBoxId] = useState('');
  const [method, setMethod] = useState<TPaymentMethod>('cib');
  const rest = Math.max(0, gift.targetAmount - gift.collected);
  const charge = useCardCharge(rest);
  const boxes = useCheaperBoxes(gift.collected, gift.box !== null);
  const cheaper = (boxes.data?.boxes ?? []).filter((box) => box.price <= gift.collected && box.id !== gift.box?.id);
  const error = choose.error ? translateError(choose.error) : null;
  const options: TGroupGiftChoice[] = gift.box ? ['pay_rest', 'cheaper_box', 'gift_card', 'refund'] : ['pay_rest', 'gift_card', 'refund'];

  const label = (option: TGroupGiftChoice) => {
    if (option === 'pay_rest') return t(gift.box ? 'detail.choice.pay_rest' : 'detail.choice.pay_restCard', { amount: formatDzd(rest, locale) });
    if (option === 'gift_card') return t('detail.choice.gift_card', { amount: formatDzd(gift.collected, locale) });
    return t(`detail.choice.${option}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    choose.mutate(
      {
        choice,
        ...(choice === 'cheaper_box' ? { boxId } : {}),
        ...(choice === 'pay_rest' ? { paymentMethod: method, ...chargeFields(method, charge) } : {}),
      },
      { onSuccess: ({ checkout }) => (checkout ? window.location.assign(checkout.checkoutUrl) : undefined) },
    );
  };

  return (
    <Card className="grid gap-4 border-primary/60 p-4 sm:p-6" data-testid="group-gift-choice">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <HandCoins aria-hidden className="size-5 text-primary" />
        {t('detail.choice.title')}
      </h2>
      <p className="text-sm text-pretty">
        {t('detail.choice.text', {
          collected: formatDzd(gift.collected, locale),
          target: formatDzd(gift.targetAmount, locale),
          date: gift.choiceDeadline ? formatDateTime(gift.choiceDeadline, locale) : '',
        })}
      </p>
      <form onSubmit={submit} className="grid gap-4">
        <fieldset className="grid gap-2">
          <legend className="sr-only">{t('detail.choice.title')}</legend>
          {options.map((option) => (
            <ChoiceCard key={option} name="choice" value={option} checked={choice === option} onChange={() => setChoice(option)} testId={`choice-${option}`}>
              <span className="text-sm font-medium text-pretty">{label(option)}</span>
            </ChoiceCard>
          ))}
        </fieldset>
        {choice === 'cheaper_box' ? (
          cheaper.length === 0 ? (
            <Alert>{t('detail.choice.cheaperNone')}</Alert>
          ) : (
            <Field label={t('detail.choice.cheaperPick')} hint={t('detail.choice.cheaperHint', { amount: formatDzd(gift.collected, locale) })}>
              {(control) => (
                <NativeSelect {...control} name="boxId" required value={boxId} onChange={(e) => setBoxId(e.target.value)}>
                  <option value="" disabled>
                    —
                  </option>
                  {cheaper.map((box) => (
                    <option key={box.id} value={box.id}>
                      {`${localized(box.name, box.nameAr, locale)} · ${formatDzd(box.price, locale)}`}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          )
        ) : null}
        {choice === 'pay_rest' ? <PaymentFields method={method} onMethod={setMethod} charge={charge} amount={rest} name="restMethod" /> : null}
        {error ? (
          <Alert variant="error" data-testid="choice-error">
            {error}
          </Alert>
        ) : null}
        <Button
          type="submit"
          variant={choice === 'refund' ? 'destructive' : 'default'}
          disabled={!choice || choose.isPending || (choice === 'cheaper_box' && !boxId)}
          data-testid="choice-confirm"
        >
          {choose.isPending ? t('detail.choice.sending') : t('detail.choice.confirm')}
        </Button>
      </form>
    </Card>
  );
}
