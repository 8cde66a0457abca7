import type { TGiftCardBalance } from '@farha/contracts/gift-cards';
import { formatDate, formatDzd } from '@farha/contracts/money';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { translateError } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useGiftCardBalance } from '../api/gift-cards';
import { useGiftCardTranslation } from '../i18n';

/**
 * /carte-cadeau/solde (docs/product/gift-cards.md §6): anyone holding a code reads what is left on the card,
 * until when, and each movement. The server slows down guessing (429 after ten look-ups a minute).
 */
export function GiftCardBalancePage() {
  const { t } = useGiftCardTranslation();
  useDocumentTitle(t('balance.title'));
  const [code, setCode] = useState('');
  const lookup = useGiftCardBalance();
  // The card's QR opens this page with the code in the fragment (never sent to a server): read it once, look it
  // up, and take it out of the address bar (docs/product/gift-cards.md §3).
  const { mutate } = lookup;
  const { hash, pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    let fromQr = '';
    try {
      fromQr = decodeURIComponent(hash.slice(1)).trim();
    } catch {
      return;
    }
    if (!fromQr) return;
    void navigate({ pathname, search, hash: '' }, { replace: true });
    setCode(fromQr);
    mutate(fromQr);
  }, [hash, pathname, search, navigate, mutate]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) lookup.mutate(code.trim());
  };
  return (
    <div className="mx-auto grid w-full max-w-2xl gap-6">
      <PageHeader title={t('balance.title')} description={t('balance.intro')} />
      <Card className="p-4 sm:p-6">
        <form onSubmit={submit} className="grid gap-4" data-testid="gift-card-balance-form">
          <Field label={t('balance.code')} error={lookup.error ? (translateError(lookup.error) ?? undefined) : undefined}>
            {(control) => (
              <Input
                {...control}
                dir="ltr"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                placeholder="CC-XXXX-XXXX-XXXX"
                value={code}
                onChange={(e) => setCode(e.target.value)}
                className="font-mono tracking-wide"
              />
            )}
          </Field>
          <Button type="submit" disabled={lookup.isPending || !code.trim()} className="justify-self-start">
            {lookup.isPending ? t('balance.checking') : t('balance.submit')}
          </Button>
        </form>
      </Card>
      {lookup.data ? <Balance card={lookup.data} /> : null}
    </div>
  );
}

/** A value kept whole inside a sentence of the other direction (an amount, a code in Arabic text). */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** A movement's signed amount: the sign stays with the digits, left to right, in both languages. */
function signedDzd(amount: number, locale: 'fr' | 'ar'): string {
  const sign = amount > 0 ? '+' : amount < 0 ? '−' : '';
  return formatDzd(Math.abs(amount), locale).replace(/^[\d\s\u00a0\u202f]+/, (digits) => `\u2066${sign}${digits.trim()}\u2069 `);
}

function Balance({ card }: { card: TGiftCardBalance }) {
  const { t, locale } = useGiftCardTranslation();
  const lastDay = formatDate(card.lastValidDay, locale);
  return (
    <Card className="grid gap-4 p-4 sm:p-6" data-testid="gift-card-balance">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-mono text-sm" dir="ltr">
          {card.code}
        </span>
        <span className="rounded-full bg-muted px-3 py-1 text-sm">{t(`balance.status.${card.status}`)}</span>
      </div>
      <div>
        <div className="text-sm text-muted-foreground">{t('balance.left')}</div>
        <div className="text-3xl font-bold" data-testid="gift-card-balance-amount">
          {formatDzd(card.balance, locale)}
        </div>
        <div className="text-sm text-muted-foreground">
          {t('balance.loaded', { amount: isolate(formatDzd(card.initialAmount, locale)) })} ·{' '}
          {card.status === 'expired' ? t('balance.expiredOn', { date: lastDay }) : t('balance.until', { date: lastDay })}
        </div>
      </div>
      {card.status === 'cancelled' ? <Alert variant="error">{t('balance.status.cancelled')}</Alert> : null}
      <div>
        <h2 className="mb-2 font-semibold">{t('balance.history')}</h2>
        <ul className="grid gap-2">
          {card.movements.map((m, i) => (
            <li key={`${m.createdAt}-${i}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b pb-2 text-sm last:border-b-0">
              <span className="min-w-0">
                {t(`balance.kind.${m.kind}`)}
                {m.orderRef && m.kind !== 'issued' ? (
                  <>
                    {' — '}
                    <span dir="ltr">{t('balance.order', { ref: m.orderRef })}</span>
                  </>
                ) : null}
                <span className="block text-muted-foreground">{formatDate(m.createdAt, locale)}</span>
              </span>
              <span className={m.amount < 0 ? 'font-semibold' : 'font-semibold text-emerald-700 dark:text-emerald-400'} data-testid="gift-card-movement-amount">
                {signedDzd(m.amount, locale)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
