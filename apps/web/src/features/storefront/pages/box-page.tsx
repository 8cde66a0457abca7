import type { TBoxDetail } from '@farha/contracts/catalog';
import { formatDate, formatDzd } from '@farha/contracts/money';
import { isVoucherStatusIn } from '@farha/contracts/plain/vouchers';
import {
  ArrowLeft,
  CalendarCheck,
  CalendarClock,
  ChevronRight,
  Gift,
  Handshake,
  Lock,
  LogIn,
  MailCheck,
  MapPin,
  PackageX,
  QrCode,
  Repeat,
  RotateCcw,
  ShoppingBag,
  Sparkles,
  Star,
  Ticket,
  Users,
} from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths, type AuthRedirectState } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { AddToBasketButton } from '@/components/domain/add-to-basket-button';
import { ChoiceCard } from '@/components/domain/choice-card';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useBox, useMyVouchersForBox, type OwnedVoucher } from '../api/catalog';
import { BoxBadges } from '../components/box-badges';
import { BoxImage } from '@/components/domain/box-image';
import { RateNote } from '@/components/domain/price';
import { BoxPrice } from '../components/box-price';
import { FavouriteButton } from '../components/favourite-button';
import { productLineIcon, useProductLineLabel } from '../components/product-line';
import { formatRating, RatingSummary, Stars } from '../components/rating';
import { ShareButton } from '../components/share-button';
import { useStorefrontT } from '../i18n';
import { useBoxFulfilmentT } from '../box-fulfilment-i18n';
import { checkoutHref, checkoutState } from '../lib/checkout';

/** The box page (/box/{id}, docs/product/storefront.md §5). */
export function BoxPage() {
  const { id } = useParams();
  const { t } = useStorefrontT();
  const query = useBox(id);
  useDocumentTitle(query.data?.name ?? (query.isError ? t('box.notFound') : undefined));

  if (query.isPending) return <BoxPageSkeleton />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return <BoxUnavailable notFound={notFound} onRetry={() => void query.refetch()} />;
  }
  return <BoxDetailView box={query.data} />;
}

function BoxDetailView({ box }: { box: TBoxDetail }) {
  const { t, tp, locale } = useStorefrontT();
  const lineLabel = useProductLineLabel();
  const LineIcon = productLineIcon(box.category);
  const owned = useMyVouchersForBox(box.id);

  const stats = [
    { icon: Gift, label: t('box.stats.experiences'), value: String(box.offerCount) },
    { icon: MapPin, label: t('box.stats.cities'), value: String(box.cities.length) },
    { icon: Star, label: t('box.stats.rating'), value: box.rating === null ? '—' : `${formatRating(box.rating, locale)}/5` },
    { icon: Sparkles, label: t('box.stats.reviews'), value: String(box.reviewCount) },
  ];

  return (
    <div className="space-y-8">
      <nav aria-label={t('box.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted-foreground">
          <li>
            <Link to={paths.catalog} className="font-medium hover:text-foreground hover:underline">
              {t('box.catalog')}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4 rtl:-scale-x-100" />
          </li>
          <li>
            <Link
              to={`${paths.catalog}?${new URLSearchParams({ category: box.category })}`}
              className="font-medium hover:text-foreground hover:underline"
            >
              {lineLabel(box.category)}
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4 rtl:-scale-x-100" />
          </li>
          <li aria-current="page" className="font-semibold text-foreground">
            {box.name}
          </li>
        </ol>
      </nav>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.5fr)_minmax(320px,1fr)] lg:items-start">
        <div className="space-y-8">
          <div className="relative overflow-hidden rounded-3xl bg-muted shadow-sm">
            <div className="aspect-[4/3] sm:aspect-[16/10]">
              <BoxImage placeholder="soft" src={box.imageUrl} alt={box.name} eager />
            </div>
            <BoxBadges box={box} className="absolute start-4 top-4" />
          </div>

          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant="soft" className="gap-1.5 px-3 py-1 text-sm">
                <LineIcon aria-hidden className="!size-4" />
                {lineLabel(box.category)}
              </Badge>
              {owned.length > 0 && (
                <Badge variant="accent" className="px-3 py-1 text-sm" data-testid="owned-badge">
                  <Ticket aria-hidden className="!size-4" />
                  {t('box.owned', { count: owned.length })}
                </Badge>
              )}
            </div>
            <h1 dir="auto" className="text-start text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">{box.name}</h1>
            <div className="flex flex-wrap items-center gap-3">
              {box.rating === null ? (
                <span className="text-sm text-muted-foreground">{t('common.noRating')}</span>
              ) : (
                <RatingSummary rating={box.rating} reviewCount={box.reviewCount} />
              )}
              <div className="ms-auto flex flex-wrap gap-2">
                <FavouriteButton box={box} variant="outline" />
                <ShareButton title={box.name} />
              </div>
            </div>
            <p dir="auto" className="text-start text-base leading-relaxed text-pretty">
              {box.description}
            </p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {stats.map(({ icon: Icon, label, value }) => (
                <div key={label} className="flex flex-col items-center rounded-2xl border border-border bg-card p-4 text-center">
                  <Icon aria-hidden className="mb-1 size-5 text-primary" />
                  <dt className="order-last text-xs text-muted-foreground">{label}</dt>
                  <dd className="text-xl font-extrabold" dir="ltr">
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
          </div>

          {/* On small screens the buy card comes right after the description. */}
          <div className="lg:hidden">
            <BuyCard box={box} />
          </div>

          <OffersSection box={box} />
          <HowToSection />
          <ReviewsSection box={box} />
        </div>

        <aside className="hidden space-y-4 lg:sticky lg:top-24 lg:block">
          <BuyCard box={box} />
          {owned.length > 0 && <MyVouchers vouchers={owned} />}
        </aside>
        {owned.length > 0 && (
          <div className="lg:hidden">
            <MyVouchers vouchers={owned} />
          </div>
        )}
      </div>
      <p className="sr-only">{tp('common.experiences', box.offerCount)}</p>
    </div>
  );
}

function BuyCard({ box }: { box: TBoxDetail }) {
  const { t, tp } = useStorefrontT();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const lineLabel = useProductLineLabel();
  const { t: tf } = useBoxFulfilmentT();
  const choiceId = useId();
  const [fulfilment, setFulfilment] = useState<'email' | 'physical'>('email');

  const facts: { label: string; value: ReactNode; icon: typeof Gift }[] = [
    { icon: Gift, label: t('box.category'), value: lineLabel(box.category) },
    { icon: CalendarClock, label: t('box.validity'), value: tp('common.days', box.validityDays) },
    { icon: Repeat, label: t('box.exchange'), value: box.exchangeOnce ? t('box.exchangeOnce') : t('box.exchangeMultiple') },
  ];

  const login = () => {
    const state: AuthRedirectState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    void navigate(paths.auth, { state });
  };

  return (
    <Card className="overflow-hidden rounded-3xl">
      <div className="space-y-5 p-5 sm:p-6">
        <div className="flex items-baseline justify-between gap-3">
          <span className="text-sm font-semibold text-muted-foreground">{t('box.price')}</span>
          <BoxPrice price={box.price} className="text-3xl" />
        </div>
        <RateNote />
        <dl className="divide-y divide-border rounded-2xl border border-border">
          {facts.map(({ icon: Icon, label, value }) => (
            <div key={label} className="flex items-center gap-3 px-4 py-3 text-sm">
              <Icon aria-hidden className="size-4 shrink-0 text-primary" />
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="ms-auto font-semibold">{value}</dd>
            </div>
          ))}
        </dl>

        {/* Issue 38 (docs/product/delivery.md): the voucher by e-mail, or a printed box a courier brings. */}
        {(!user || user.role === 'customer') && (
          <fieldset className="grid gap-2" data-testid="box-fulfilment">
            <legend className="sr-only">{tf('fulfilment')}</legend>
            <ChoiceCard name={`${choiceId}-fulfilment`} value="email" checked={fulfilment === 'email'} onChange={() => setFulfilment('email')} cardClassName="items-start p-3" testId="box-fulfilment-email">
              <span className="grid gap-0.5 text-sm">
                <span className="font-semibold leading-tight">{tf('fulfilmentEmail')}</span>
                <span className="text-xs text-muted-foreground">{tf('fulfilmentEmailHint')}</span>
              </span>
            </ChoiceCard>
            <ChoiceCard name={`${choiceId}-fulfilment`} value="physical" checked={fulfilment === 'physical'} onChange={() => setFulfilment('physical')} cardClassName="items-start p-3" testId="box-fulfilment-physical">
              <span className="grid gap-0.5 text-sm">
                <span className="font-semibold leading-tight">{tf('fulfilmentPhysical')}</span>
                <span className="text-xs text-muted-foreground">{tf('fulfilmentPhysicalHint')}</span>
              </span>
            </ChoiceCard>
          </fieldset>
        )}
        {!user ? (
          <Button size="lg" className="w-full" onClick={login}>
            <LogIn aria-hidden />
            {t('box.loginToBuy')}
          </Button>
        ) : user.role === 'customer' ? (
          <Button
            size="lg"
            className="w-full"
            onClick={() => void navigate(fulfilment === 'physical' ? `${checkoutHref(box.id)}&livraison=coffret` : checkoutHref(box.id), { state: checkoutState(box) })}
            data-testid="box-buy"
          >
            <ShoppingBag aria-hidden />
            {t('box.buy')}
          </Button>
        ) : (
          <div className="space-y-2">
            <Button size="lg" className="w-full" disabled>
              <ShoppingBag aria-hidden />
              {t('box.buy')}
            </Button>
            <p className="text-center text-sm text-muted-foreground">{t('common.customersOnly')}</p>
          </div>
        )}
        <AddToBasketButton box={box} size="lg" className="w-full" />
        <p className="text-center text-xs text-muted-foreground text-pretty">{t('box.buyHint')}</p>
        {/* Issue 37: a pot many chip in for (a visitor logs in first, then comes back to the form). */}
        {!user || user.role === 'customer' ? (
          <div className="space-y-1.5 border-t border-border pt-4">
            <Button asChild variant="outline" size="lg" className="w-full">
              <Link to={`${paths.groupGiftNew}?${new URLSearchParams({ box: box.id })}`} data-testid="box-group-gift">
                <Users aria-hidden />
                {t('box.groupGift')}
              </Link>
            </Button>
            <p className="text-center text-xs text-muted-foreground text-pretty">{t('box.groupGiftHint')}</p>
          </div>
        ) : null}
      </div>
      <div className="space-y-3 border-t border-border bg-muted/50 p-5 sm:p-6">
        <p className="text-sm font-bold">{t('box.trust.title')}</p>
        <ul className="space-y-2.5 text-sm">
          {[
            { icon: MailCheck, text: t('box.trust.delivery') },
            { icon: RotateCcw, text: t('box.trust.refund') },
            { icon: QrCode, text: t('box.trust.qr') },
          ].map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-2.5">
              <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

function OffersSection({ box }: { box: TBoxDetail }) {
  const { t, tp, locale } = useStorefrontT();
  return (
    <section aria-labelledby="box-offers" className="space-y-4">
      <div>
        <h2 id="box-offers" className="text-2xl font-bold tracking-tight">
          {t('box.offersTitle')}
        </h2>
        <p className="text-muted-foreground">{tp('box.offersSubtitle', box.offers.length)}</p>
      </div>
      {box.offers.length === 0 ? (
        <Alert>{t('box.noOffers')}</Alert>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {box.offers.map((offer) => (
            <li key={offer.id} className="flex gap-3 rounded-2xl border border-border bg-card p-3 shadow-xs" data-testid="box-offer">
              <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-muted">
                <BoxImage placeholder="soft" src={offer.imageUrl} alt="" />
              </div>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-bold leading-tight">{offer.partner.name}</p>
                <p dir="auto" className="text-start text-sm text-pretty">
                  {offer.title}
                </p>
                <p className="flex items-start gap-1 text-xs text-muted-foreground">
                  <MapPin aria-hidden className="mt-0.5 size-3.5 shrink-0 text-accent" />
                  <span dir="auto">
                    {offer.partner.address}
                    {!offer.partner.address.includes(offer.partner.city) && ` · ${offer.partner.city}`}
                  </span>
                </p>
                <p className="text-xs font-semibold text-primary-strong">
                  {t('box.offerValue', { value: formatDzd(offer.faceValue, locale) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function HowToSection() {
  const { t } = useStorefrontT();
  const steps = [
    { icon: Handshake, key: 'choose' },
    { icon: CalendarCheck, key: 'reserve' },
    { icon: Sparkles, key: 'enjoy' },
  ] as const;
  return (
    <section aria-labelledby="box-how-to" className="space-y-4">
      <h2 id="box-how-to" className="text-2xl font-bold tracking-tight">
        {t('box.howTo.title')}
      </h2>
      <ol className="grid gap-3 sm:grid-cols-3">
        {steps.map(({ icon: Icon, key }, index) => (
          <li key={key} className="relative rounded-2xl bg-primary-soft/60 p-5">
            <span className="absolute end-4 top-4 text-3xl font-black text-primary/20" aria-hidden>
              {index + 1}
            </span>
            <Icon aria-hidden className="mb-3 size-7 text-primary" />
            <p className="font-bold">{t(`box.howTo.${key}.title`)}</p>
            <p className="mt-1 text-sm text-muted-foreground text-pretty">{t(`box.howTo.${key}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReviewsSection({ box }: { box: TBoxDetail }) {
  const { t, locale } = useStorefrontT();
  return (
    <section aria-labelledby="box-reviews" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="box-reviews" className="text-2xl font-bold tracking-tight">
          {t('box.reviewsTitle')}
        </h2>
        {box.rating !== null && <RatingSummary rating={box.rating} reviewCount={box.reviewCount} />}
      </div>
      {box.reviews.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-border p-5 text-sm text-muted-foreground">{t('box.noReviews')}</p>
      ) : (
        <ul className="space-y-3">
          {box.reviews.map((review) => (
            <li key={review.id} className="rounded-2xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="flex size-9 items-center justify-center rounded-full bg-secondary/30 font-bold text-secondary-foreground">
                  {review.firstName.charAt(0).toUpperCase()}
                </span>
                <span className="font-semibold">{review.firstName}</span>
                <Stars value={review.rating} />
                <time dateTime={review.createdAt} className="ms-auto text-xs text-muted-foreground">
                  {formatDate(review.createdAt, locale)}
                </time>
              </div>
              {review.comment && (
                <p dir="auto" className="mt-2 text-start text-sm text-pretty">
                  {review.comment}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function MyVouchers({ vouchers }: { vouchers: OwnedVoucher[] }) {
  const { t, locale } = useStorefrontT();
  return (
    <Card className="space-y-3 rounded-3xl p-5" data-testid="my-vouchers">
      <h2 className="flex items-center gap-2 font-bold">
        <Ticket aria-hidden className="size-5 text-primary" />
        {t('box.myVouchers')}
      </h2>
      <ul className="space-y-2">
        {vouchers.map((voucher) => (
          <li key={voucher.id} className="rounded-xl border border-border p-3 text-sm">
            <div className="flex items-center justify-between gap-2">
              <code dir="ltr" className="font-mono text-sm font-bold tracking-wide">
                {voucher.code}
              </code>
              <Badge variant={isVoucherStatusIn('usable', voucher.status) ? 'accent' : 'muted'}>
                {t(`box.voucherStatus.${voucher.status}`)}
              </Badge>
            </div>
            <p className="mt-1 text-xs text-muted-foreground">
              {t('box.voucherFor', { name: voucher.recipientName })} ·{' '}
              {t('box.voucherExpires', { date: formatDate(voucher.expiresAt, locale) })}
            </p>
          </li>
        ))}
      </ul>
      <Button asChild variant="link" size="sm">
        <Link to={paths.client.dashboard}>{t('box.myVouchersLink')}</Link>
      </Button>
    </Card>
  );
}

function BoxUnavailable({ notFound, onRetry }: { notFound: boolean; onRetry: () => void }) {
  const { t } = useStorefrontT();
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-3xl border border-dashed border-border bg-card px-6 py-14 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        {notFound ? <PackageX aria-hidden className="size-8" /> : <Lock aria-hidden className="size-8" />}
      </span>
      <h1 className="text-2xl font-bold">{notFound ? t('box.notFound') : t('box.loadError')}</h1>
      {notFound && <p className="text-muted-foreground">{t('box.notFoundText')}</p>}
      <div className="flex flex-wrap justify-center gap-2">
        {!notFound && (
          <Button variant="outline" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
        <Button asChild>
          <Link to={paths.catalog}>
            <ArrowLeft aria-hidden className="rtl:-scale-x-100" />
            {t('common.backToCatalog')}
          </Link>
        </Button>
      </div>
    </div>
  );
}

function BoxPageSkeleton() {
  return (
    <div className="space-y-8" aria-busy="true">
      <Skeleton className="h-5 w-64" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1.5fr)_minmax(320px,1fr)]">
        <div className="space-y-4">
          <Skeleton className="aspect-[16/10] rounded-3xl" />
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-20" />
        </div>
        <Skeleton className="h-96 rounded-3xl" />
      </div>
    </div>
  );
}
