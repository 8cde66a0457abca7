import type { TBasket, TBasketLine, TBasketLinePatch } from '@farha/contracts/basket';
import type { TPaymentMethod } from '@farha/contracts/checkout';
import { algiersToday } from '@farha/contracts/time';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ShoppingBasket } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths, type AuthRedirectState } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { basketQueryKey } from '@/lib/basket';
import { useBasket } from '@/lib/basket-lines';
import { useCardCharge } from '@/lib/card-charge';
import { usePromoCode } from '@/lib/promo-code';
import { useGiftCardCode } from '@/lib/gift-card-code';
import { errorMessage, errorTextOf, localizeMessage } from '@/lib/i18n';
import { useSiteStatus } from '@/lib/site-status';
import { toast } from '@/lib/toast';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBasketCheckout } from '../api/basket-checkout';
import { BasketLineCard } from '../components/basket-line-card';
import { BasketPayment, isCardMethod } from '../components/basket-payment';
import { useBasketT } from '../i18n';

/** What /checkout/return hands back after a failed or cancelled payment of the basket. */
export interface BasketLocationState {
  paymentError?: { reason: string | null; cancelled?: boolean };
}

/** The line an error of the checkout is about: `{line}` is its number in the basket, `{box}` its box's name. */
function lineOfError(error: ApiError, lines: readonly TBasketLine[]): TBasketLine | null {
  const byNumber = Number(error.params?.line);
  if (Number.isInteger(byNumber) && byNumber >= 1 && byNumber <= lines.length) return lines[byNumber - 1] ?? null;
  const fieldIndex = /^lines\.(\d+)/.exec(error.field ?? '')?.[1];
  if (fieldIndex !== undefined) return lines[Number(fieldIndex)] ?? null;
  const box = error.params?.box;
  if (typeof box === 'string') return lines.find((line) => line.box.name === box || line.box.nameAr === box) ?? null;
  return null;
}

const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `basket-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * /panier (issue 34): every gift of the basket with its own recipient, message and delivery day, saved as
 * the buyer types; then one payment for all. A visitor's basket is in this browser until they sign in.
 */
export function BasketPage() {
  const { t } = useBasketT();
  const basketState = useBasket();
  const { owner, basket } = basketState;
  useDocumentTitle(t('page.title'));

  let content;
  if (owner === 'none') {
    content = (
      <Alert variant="error" data-testid="basket-customers-only">
        {t('summary.customersOnly')}
      </Alert>
    );
  } else if (!basket) {
    content = basketState.error ? (
      <Alert variant="error" className="items-center">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {t('page.loadError')}
          <Button variant="outline" size="sm" onClick={basketState.refetch}>
            {t('page.retry')}
          </Button>
        </div>
      </Alert>
    ) : (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="basket-loading">
        <Skeleton className="h-96" />
        <Skeleton className="h-72" />
      </div>
    );
  } else if (basket.lines.length === 0) {
    content = (
      <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center" data-testid="basket-empty">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
          <ShoppingBasket aria-hidden className="size-8" />
        </span>
        <h2 className="text-xl font-bold">{t('empty.title')}</h2>
        <p className="max-w-md text-muted-foreground text-pretty">{t('empty.text')}</p>
        <Button asChild size="lg">
          <Link to={paths.catalog}>{t('empty.cta')}</Link>
        </Button>
      </Card>
    );
  } else {
    content = <BasketContent basket={basket} state={basketState} />;
  }

  return (
    <div className="space-y-6">
      <Button asChild variant="link" className="h-auto px-0 text-muted-foreground">
        <Link to={paths.catalog}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {t('page.back')}
        </Link>
      </Button>
      <PageHeader title={t('page.title')} description={basket && basket.lines.length > 0 ? t('page.intro') : undefined} />
      {content}
    </div>
  );
}

function BasketContent({ basket, state }: { basket: TBasket; state: ReturnType<typeof useBasket> }) {
  const { t } = useBasketT();
  const { status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [today] = useState(() => algiersToday(new Date()));
  const smsOffered = useSiteStatus().data?.sms !== false;
  const [method, setMethod] = useState<TPaymentMethod | null>(null);
  const [terms, setTerms] = useState(false);
  const [methodError, setMethodError] = useState<string | null>(null);
  const [termsError, setTermsError] = useState<string | null>(null);
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  const [pageError, setPageError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const paymentError = ((location.state ?? null) as BasketLocationState | null)?.paymentError ?? null;
  // Issue 35: a « Code promo » on the basket, asked again whenever its lines or prices change; each gift's
  // euros are planned on its price less its part of the discount, as the server charges them (docs/product/basket.md §11).
  const linesKey = basket.lines.map((line) => `${line.id}:${line.box.price}:${line.box.available}`).join('|');
  const promo = usePromoCode({ refreshKey: linesKey });
  // Issue 35 (docs/product/gift-cards.md §4): a « Carte cadeau » pays what the code leaves, shared over the gifts;
  // each gift's euros are planned on what is left of it, as the server charges them.
  const giftCard = useGiftCardCode({ promoCode: promo.applied?.code ?? null, refreshKey: linesKey });
  const cardPaysAll = giftCard.applied !== null && giftCard.applied.total === 0;
  const cardCharge = useCardCharge(
    giftCard.applied ? giftCard.applied.lines.map((line) => line.amount) : promo.applied ? promo.applied.lines.map((line) => line.amount) : basket.lines.map((line) => line.box.price),
  );
  const checkout = useBasketCheckout();
  const flushes = useRef(new Map<string, () => Promise<void>>());
  const isVisitor = state.owner === 'local' || status !== 'authenticated';

  const registerFlush = useCallback((lineId: string, flush: (() => Promise<void>) | null) => {
    if (flush) flushes.current.set(lineId, flush);
    else flushes.current.delete(lineId);
  }, []);

  // Back from the gateway with the browser's Back button: the page may come back from the cache still « processing ».
  const { reset } = checkout;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const { update, remove } = state;
  const save = useCallback((lineId: string, patch: TBasketLinePatch) => update(lineId, patch), [update]);
  const onRemove = (line: TBasketLine) => {
    setRemoving(line.id);
    remove(line.id).then(
      () => {
        setLineErrors(({ [line.id]: _gone, ...rest }) => rest);
        toast.success(t('line.removed'), { id: 'basket-removed' });
      },
      (error: unknown) => toast.error(errorMessage(error)),
    ).finally(() => setRemoving(null));
  };

  const unavailable = basket.lines.filter((line) => !line.box.available);
  const incomplete = basket.lines.some((line) => !line.complete && line.box.available);
  const blocked = unavailable.length > 0 ? t('summary.unavailable') : incomplete ? t('summary.incomplete') : null;

  const onPay = async () => {
    setPageError(null);
    if (isVisitor) {
      const from = { pathname: paths.basket, search: '', hash: '' };
      void navigate(paths.auth, { state: { from } satisfies AuthRedirectState });
      return;
    }
    setMethodError(method ? null : errorTextOf('PAYMENT_METHOD_REQUIRED'));
    setTermsError(terms ? null : errorTextOf('TERMS'));
    if (!method || !terms) return;
    // What the buyer typed last is saved before the server checks the lines.
    await Promise.all([...flushes.current.values()].map((flush) => flush()));
    const current = queryClient.getQueryData<TBasket>(basketQueryKey) ?? basket;
    const card = isCardMethod(method);
    if (card && !cardPaysAll && cardCharge.amount === null) return;
    setLineErrors({});
    checkout.mutate(
      {
        paymentMethod: method,
        expectedTotal: current.total,
        termsAccepted: true,
        // One key per press of « Payer »: the same press never makes two checkouts.
        idempotencyKey: newIdempotencyKey(),
        ...(promo.applied ? { promoCode: promo.applied.code } : {}),
        ...(giftCard.applied ? { giftCardCode: giftCard.applied.code } : {}),
        ...(card && !cardPaysAll && cardCharge.amount !== null ? { chargeCurrency: cardCharge.currency, expectedChargeAmount: cardCharge.amount } : {}),
      },
      {
        // A full navigation: the gateway's page is not part of this app.
        onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return; // the session-expired flow takes over
          // The code ended or was used meanwhile: its message goes under the « Code promo » field.
          if (promo.refusedAtPayment(error)) return;
          // The card expired or was spent meanwhile: its message goes under the « Carte cadeau » field.
          if (giftCard.refusedAtPayment(error)) return;
          const code = error instanceof ApiError ? error.code : null;
          if (code === 'CHARGE_CHANGED' || code === 'RATE_UNAVAILABLE') void queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
          if (code === 'BASKET_TOTAL_CHANGED' || code === 'BASKET_BOX_UNAVAILABLE' || code === 'BASKET_EMPTY' || code === 'BASKET_LINE_NOT_FOUND') {
            void queryClient.invalidateQueries({ queryKey: basketQueryKey });
          }
          const line = error instanceof ApiError && (code === 'BASKET_LINE_INCOMPLETE' || code === 'BASKET_BOX_UNAVAILABLE') ? lineOfError(error, current.lines) : null;
          if (line) {
            setLineErrors({ [line.id]: errorMessage(error) });
            document.querySelector(`[data-line-id="${CSS.escape(line.id)}"]`)?.scrollIntoView({ behavior: 'smooth', block: 'center' });
          } else if (code === 'PAYMENT_METHOD_REQUIRED' || error instanceof ApiError && error.field === 'paymentMethod') setMethodError(errorMessage(error));
          else if (code === 'TERMS') setTermsError(errorMessage(error));
          else setPageError(errorMessage(error));
        },
      },
    );
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <div className="grid min-w-0 gap-4">
        {paymentError?.cancelled && (
          <Alert data-testid="payment-cancelled">{t('summary.cancelled')}</Alert>
        )}
        {paymentError && !paymentError.cancelled && (
          <Alert variant="error" data-testid="payment-error">
            <p className="font-semibold">{t('summary.failed')}</p>
            {paymentError.reason && <p className="mt-1">{t('summary.failedReason', { reason: localizeMessage(paymentError.reason) })}</p>}
          </Alert>
        )}
        <ol className="grid gap-4" aria-label={t('page.title')}>
          {basket.lines.map((line, index) => (
            <li key={line.id} className="min-w-0">
              <BasketLineCard
                line={line}
                index={index}
                owner={state.owner}
                today={today}
                smsOffered={smsOffered}
                checkoutError={lineErrors[line.id] ?? null}
                save={save}
                remove={onRemove}
                removing={removing === line.id}
                registerFlush={registerFlush}
              />
            </li>
          ))}
        </ol>
      </div>
      <aside className="grid gap-3 lg:sticky lg:top-24">
        {pageError && (
          <Alert variant="error" data-testid="basket-error">
            {pageError}
          </Alert>
        )}
        <BasketPayment
          count={basket.count}
          total={basket.total}
          promo={isVisitor ? undefined : promo}
          giftCard={isVisitor ? undefined : giftCard}
          method={method}
          onMethod={(next) => {
            setMethod(next);
            setMethodError(null);
          }}
          methodError={methodError}
          terms={terms}
          onTerms={(accepted) => {
            setTerms(accepted);
            if (accepted) setTermsError(null);
          }}
          termsError={termsError}
          cardCharge={cardCharge}
          action={isVisitor ? 'login' : 'pay'}
          blocked={blocked}
          processing={checkout.isPending || checkout.isSuccess}
          onPay={() => void onPay()}
        />
      </aside>
    </div>
  );
}
