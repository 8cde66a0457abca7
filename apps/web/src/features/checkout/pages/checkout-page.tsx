import { zodResolver } from '@hookform/resolvers/zod';
import { formatDzd, formatForeign } from '@farha/contracts/money';
import { algiersToday } from '@farha/contracts/time';
import { ArrowLeft, Gift, SearchX } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, type AuthRedirectState } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { currentLocale, fieldMessageOf } from '@/lib/i18n';
import { useDocumentTitle } from '@/lib/use-document-title';
import { boxFromState, useCheckoutBox, type TCheckoutBox } from '../api/checkout-box';
import { useCreateOrder } from '../api/orders';
import { useShippingQuote } from '../api/delivery';
import { CheckoutStepper, type CheckoutStep } from '../components/checkout-stepper';
import { DetailsStep } from '../components/details-step';
import { OrderSummary } from '../components/order-summary';
import { PaymentStep } from '../components/payment-step';
import { useCardCharge } from '@/lib/card-charge';
import { usePromoCode } from '@/lib/promo-code';
import { useGiftCardCode } from '@/lib/gift-card-code';
import { ProcessingState } from '../components/processing-state';
import { checkoutMessage, useCheckoutTranslation } from '../i18n';
import {
  checkoutFormSchema,
  DETAIL_FIELDS,
  emptyCheckoutForm,
  toOrderRequest,
  type CheckoutFormOutput,
  type CheckoutFormValues,
} from '../lib/checkout-form';
import { loadDraft, saveDraft } from '../lib/draft-storage';
import type { CheckoutLocationState } from '../lib/links';
import { errorKey } from '@farha/contracts/plain/errors';

/**
 * docs/product/storefront.md §7: /checkout?box=<id> (or the box in navigation state). A two-step wizard,
 * then the gateway's secure page, which sends the buyer back to /checkout/return.
 */
export function CheckoutPage() {
  const { t } = useCheckoutTranslation();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = (location.state ?? null) as CheckoutLocationState | null;
  const idParam = searchParams.get('box');
  const stateBox = boxFromState(state?.box, idParam);
  const boxId = idParam ?? stateBox?.id ?? null;
  const boxQuery = useCheckoutBox(boxId, stateBox);
  useDocumentTitle(t('checkout.title'));

  // The box goes into the URL: a reload, or the way back from /auth, finds it again.
  useEffect(() => {
    if (!idParam && stateBox) setSearchParams({ box: stateBox.id }, { replace: true, state: location.state });
  }, [idParam, stateBox, setSearchParams, location.state]);

  let content: ReactNode;
  if (!boxId) {
    content = (
      <Notice icon={Gift} title={t('checkout.noBoxTitle')} text={t('checkout.noBoxText')} testId="checkout-no-box">
        <Button asChild size="lg">
          <Link to={paths.catalog}>{t('checkout.discoverCatalog')}</Link>
        </Button>
      </Notice>
    );
  } else if (boxQuery.error instanceof ApiError && (boxQuery.error.status === 404 || boxQuery.error.status === 400)) {
    content = (
      <Notice icon={SearchX} title={t('checkout.boxNotFound')} text={t('checkout.boxNotFoundText')} testId="checkout-box-not-found">
        <Button asChild size="lg">
          <Link to={paths.catalog}>{t('checkout.backToCatalog')}</Link>
        </Button>
      </Notice>
    );
  } else if (boxQuery.data) {
    content = <CheckoutWizard key={boxQuery.data.id} box={boxQuery.data} paymentError={state?.paymentError ?? null} />;
  } else if (boxQuery.isError) {
    content = (
      <Alert variant="error" className="items-center">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {t('checkout.boxLoadError')}
          <Button variant="outline" size="sm" onClick={() => void boxQuery.refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      </Alert>
    );
  } else {
    content = <WizardSkeleton />;
  }

  return (
    <div className="space-y-6">
      <Button asChild variant="link" className="h-auto px-0 text-muted-foreground">
        <Link to={paths.catalog}>
          <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
          {t('checkout.backToCatalog')}
        </Link>
      </Button>
      <PageHeader title={t('checkout.title')} description={boxId ? t('checkout.intro') : undefined} />
      {content}
    </div>
  );
}

interface CheckoutWizardProps {
  box: TCheckoutBox;
  /** Set when the gateway sent the buyer back after a failed or cancelled payment. */
  paymentError: { reason: string | null; cancelled?: boolean } | null;
}

function CheckoutWizard({ box, paymentError: initialPaymentError }: CheckoutWizardProps) {
  const { t, locale } = useCheckoutTranslation();
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [today] = useState(() => algiersToday(new Date()));
  const schema = useMemo(() => checkoutFormSchema(today), [today]);
  const [draft] = useState(() => loadDraft(box.id));
  // Issue 38: the box page's « Coffret physique livré » arrives as ?livraison=coffret.
  const [askedPhysical] = useState(() => searchParams.get('livraison') === 'coffret');
  const form = useForm<CheckoutFormValues, unknown, CheckoutFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { ...emptyCheckoutForm(currentLocale()), ...draft, ...(askedPhysical ? { fulfilment: 'physical' as const } : {}) },
    mode: 'onTouched',
  });
  const [step, setStep] = useState<CheckoutStep>(() =>
    searchParams.get('step') === 'payment' && draft && detailsAreValid(schema, form.getValues()) ? 'payment' : 'details',
  );
  const [paymentError, setPaymentError] = useState(initialPaymentError);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const createOrder = useCreateOrder();
  // Issue 35: a customer's « Code promo »; the card and the button say the price less its discount.
  const promo = usePromoCode({ boxId: box.id });
  // Issue 35 (docs/product/gift-cards.md §4): a « Carte cadeau » pays what the code leaves; the gateway the rest.
  const giftCard = useGiftCardCode({ boxId: box.id, promoCode: promo.applied?.code ?? null });
  // Issue 38 (docs/product/delivery.md): a delivered box adds the wilaya's fee (free from the threshold on).
  const [fulfilment, shippingMethod, wilayaCode] = form.watch(['fulfilment', 'shippingMethod', 'wilayaCode']);
  const quote = useShippingQuote({ fulfilment, shippingMethod, wilayaCode }, promo.applied?.total ?? box.price);
  const amountDzd = (giftCard.applied?.total ?? promo.applied?.total ?? box.price) + (fulfilment === 'physical' ? (quote.fee ?? 0) : 0);
  const cardPaysAll = giftCard.applied !== null && amountDzd === 0;
  const cardCharge = useCardCharge(amountDzd);
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const isCustomer = user?.role === 'customer';
  const isVisitor = status === 'anonymous';

  // Every change is kept for this box (reload, /auth and the gateway's round trip).
  useEffect(() => {
    const subscription = form.watch((values) => saveDraft(box.id, values as CheckoutFormValues));
    return () => subscription.unsubscribe();
  }, [form, box.id]);

  // Back from the gateway with the browser's Back button: the page may come back from the
  // back/forward cache still showing "Redirection…".
  const { reset: resetOrder } = createOrder;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resetOrder();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [resetOrder]);

  const goTo = (next: CheckoutStep) => {
    setStep(next);
    // The step lives in the URL too, so that a reload stays on it.
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'payment') updated.set('step', 'payment');
        else updated.delete('step');
        return updated;
      },
      { replace: true },
    );
    requestAnimationFrame(() => headingRef.current?.focus({ preventScroll: false }));
  };

  const onNext = async () => {
    if (await form.trigger(DETAIL_FIELDS, { shouldFocus: true })) goTo('payment');
  };

  const sendToLogin = () => {
    const from = { pathname: paths.checkout, search: `?${new URLSearchParams({ box: box.id, step: 'payment' })}`, hash: '' };
    void navigate(paths.auth, { state: { from } satisfies AuthRedirectState });
  };

  const onPay = form.handleSubmit((values) => {
    setSubmitError(null);
    setPaymentError(null);
    if (!isCustomer) return;
    // Issue 24: a card is charged the euros or dollars shown; the server refuses any other amount.
    const card = values.paymentMethod === 'visa' || values.paymentMethod === 'mastercard';
    const charge = card && !cardPaysAll && cardCharge.amount !== null ? { chargeCurrency: cardCharge.currency, expectedChargeAmount: cardCharge.amount } : {};
    const promoCode = promo.applied ? { promoCode: promo.applied.code } : {};
    const giftCardCode = giftCard.applied ? { giftCardCode: giftCard.applied.code } : {};
    createOrder.mutate({ ...toOrderRequest(box.id, values), ...charge, ...promoCode, ...giftCardCode }, {
      onSuccess: (answer) => {
        // Issue 38: a cash order is confirmed by the code texted to the delivery mobile, on this app's page.
        if (answer.confirmUrl) {
          void navigate(answer.confirmUrl);
          return;
        }
        // A full navigation: the gateway's page is not part of this app.
        window.location.assign(answer.checkoutUrl);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) return; // the session-expired flow takes over
        // The code ended or was used meanwhile: its message goes under the « Code promo » field.
        if (promo.refusedAtPayment(error)) return;
        // The card expired or was spent meanwhile: its message goes under the « Carte cadeau » field.
        if (giftCard.refusedAtPayment(error)) return;
        // The rate changed or went stale since the page loaded: show the new amount before any new try.
        if (error instanceof ApiError && (error.code === 'CHARGE_CHANGED' || error.code === 'RATE_UNAVAILABLE')) {
          void queryClient.invalidateQueries({ queryKey: ['exchange-rates'] });
        }
        const field = error instanceof ApiError ? shippingField(error.field) : undefined;
        if (field && (DETAIL_FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof DETAIL_FIELDS)[number], { message: fieldMessageOf(error) }, { shouldFocus: false });
          goTo('details');
          return;
        }
        if (field === 'paymentMethod' || field === 'termsAccepted') {
          form.setError(field, { message: fieldMessageOf(error) });
          return;
        }
        setSubmitError(error);
      },
    });
  });

  const processing = createOrder.isPending || createOrder.isSuccess;
  const method = form.watch('paymentMethod');
  // Cash on delivery went away with the choice that allowed it (an e-mail voucher, a total over the ceiling).
  const cashGone = method === 'cash' && (fulfilment !== 'physical' || (quote.info !== undefined && !quote.cashAllowed));
  useEffect(() => {
    if (cashGone) form.setValue('paymentMethod', '');
  }, [cashGone, form]);
  const chargedText =
    (method === 'visa' || method === 'mastercard') && cardCharge.amount !== null ? formatForeign(cardCharge.amount, cardCharge.currency) : formatDzd(amountDzd, locale);
  const payLabel = isVisitor
    ? t('checkout.loginToBuy')
    : method === 'cash'
      ? t('shipping.orderCash', { amount: chargedText })
      : cardPaysAll
        ? t('giftCard.payAll')
        : t('payment.pay', { amount: chargedText });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <aside className="lg:sticky lg:top-24 lg:order-last">
        <OrderSummary box={box} promo={isCustomer ? promo : undefined} giftCard={isCustomer ? giftCard : undefined} shippingFee={fulfilment === 'physical' ? quote.fee : undefined} />
      </aside>

      <div className="min-w-0 space-y-5">
        {isVisitor && (
          <Alert data-testid="checkout-login-notice">
            <p className="font-semibold">{t('checkout.loginTitle')}</p>
            <p className="mt-1 text-muted-foreground">{t('checkout.loginText')}</p>
          </Alert>
        )}
        {user && !isCustomer && (
          <Alert variant="error" data-testid="checkout-customers-only">
            <p className="font-semibold">{checkoutMessage(errorKey('CUSTOMERS_ONLY'))}</p>
            <p className="mt-1 text-muted-foreground">{t('checkout.customersOnlyText')}</p>
          </Alert>
        )}

        <Card className="p-5 sm:p-7">
          {processing ? (
            <ProcessingState />
          ) : (
            <form
              noValidate
              onSubmit={(event) => {
                if (step !== 'payment') {
                  event.preventDefault();
                  void onNext();
                } else if (isVisitor) {
                  event.preventDefault();
                  sendToLogin();
                } else void onPay(event);
              }}
              className="grid gap-6"
              aria-labelledby="checkout-step-title"
            >
              <CheckoutStepper current={step} />
              <h2
                id="checkout-step-title"
                ref={headingRef}
                tabIndex={-1}
                className="text-xl font-bold tracking-tight outline-none sm:text-2xl"
              >
                {step === 'details' ? t('details.title') : t('payment.title')}
              </h2>

              {paymentError?.cancelled && (
                // Cancelled on the gateway's page: the customer's own choice, not an error.
                <Alert data-testid="payment-cancelled">
                  <p className="font-semibold">{t('payment.cancelled')}</p>
                  <p className="mt-1">{t('payment.cancelledText')}</p>
                </Alert>
              )}
              {paymentError && !paymentError.cancelled && (
                <Alert variant="error" data-testid="payment-error">
                  <p className="font-semibold">{t('payment.failed')}</p>
                  {paymentError.reason && (
                    <p className="mt-1">{t('payment.failedReason', { reason: checkoutMessage(paymentError.reason) })}</p>
                  )}
                </Alert>
              )}
              {submitError !== null && (
                <Alert variant="error" data-testid="checkout-error">
                  {checkoutMessage(submitError)}
                </Alert>
              )}

              {step === 'details' ? (
                <DetailsStep form={form} today={today} onNext={() => void onNext()} quote={quote} />
              ) : (
                <PaymentStep
                  form={form}
                  payLabel={payLabel}
                  payDisabled={(Boolean(user) && !isCustomer) || (!cardPaysAll && (method === 'visa' || method === 'mastercard') && cardCharge.amount === null)}
                  onBack={() => goTo('details')}
                  cardCharge={cardCharge}
                  priceDzd={amountDzd}
                  quote={quote}
                />
              )}
            </form>
          )}
        </Card>
      </div>
    </div>
  );
}

/** The form's field for a server's field name: the delivery's come as `delivery.<name>` (issue 38). */
function shippingField(field: string | undefined): string | undefined {
  if (!field?.startsWith('delivery.')) return field;
  const names: Record<string, string> = { method: 'shippingMethod', wilayaCode: 'wilayaCode', commune: 'commune', stopDeskId: 'stopDeskId', address: 'address', phone: 'deliveryPhone' };
  return names[field.slice('delivery.'.length)] ?? 'wilayaCode';
}

/** Step 1's fields pass the schema (so a restored draft may open on the payment step). */
function detailsAreValid(schema: ReturnType<typeof checkoutFormSchema>, values: CheckoutFormValues): boolean {
  const result = schema.safeParse({ ...values, paymentMethod: 'cib', termsAccepted: true });
  return result.success;
}

interface NoticeProps {
  icon: typeof Gift;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}

function Notice({ icon: Icon, title, text, testId, children }: NoticeProps) {
  return (
    <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center" data-testid={testId}>
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <Icon aria-hidden className="size-8" />
      </span>
      <h2 className="text-xl font-bold">{title}</h2>
      <p className="max-w-md text-muted-foreground text-pretty">{text}</p>
      {children}
    </Card>
  );
}

function WizardSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]" data-testid="checkout-loading">
      <Skeleton className="h-32 lg:order-last lg:h-96" />
      <Skeleton className="h-[28rem]" />
    </div>
  );
}
