import type { TPublicVoucher } from '@farha/contracts/checkout';
import { formatDate } from '@farha/contracts/money';
import { isVoucherStatusIn, type TVoucherStatus } from '@farha/contracts/plain/vouchers';
import { CalendarClock, CalendarCheck, MapPin, SearchX } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { paths, type AuthRedirectState } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { usePublicVoucher } from '../api/public-voucher';
import { BoxImage } from '@/components/domain/box-image';
import { VoucherStatusBadge } from '@/components/domain/status-badges';
import { useCheckoutTranslation, type CheckoutKey } from '../i18n';
import { checkoutLinks } from '../lib/links';

const CLOSED_SENTENCES: Partial<Record<TVoucherStatus, CheckoutKey>> = {
  RESERVED: 'public.reserved',
  REDEEMED: 'public.used',
  SETTLED: 'public.used',
  EXPIRED: 'public.expired',
  CANCELLED: 'public.cancelled',
  EXCHANGED: 'public.exchanged',
};

/** The address, with the city unless the address already names it. */
function placeOf({ address, city }: { address: string; city: string }): string {
  if (!address) return city;
  return !city || address.toLocaleLowerCase('fr').includes(city.toLocaleLowerCase('fr')) ? address : `${address}, ${city}`;
}

/**
 * /v/:code, where the voucher's QR points: anyone holding the code sees the gift and where to use
 * it, never who bought it.
 */
export function PublicVoucherPage() {
  const { t } = useCheckoutTranslation();
  const code = useParams().code ?? '';
  const voucher = usePublicVoucher(code);
  useDocumentTitle(t('public.title'));

  if (voucher.error instanceof ApiError && (voucher.error.status === 404 || voucher.error.status === 400)) {
    return (
      <Card className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-12 text-center" data-testid="voucher-invalid">
        <SearchX aria-hidden className="size-10 text-muted-foreground" />
        <h1 className="text-2xl font-bold">{t('public.invalid')}</h1>
        <p className="text-muted-foreground text-pretty">{t('public.invalidText')}</p>
        <Button asChild>
          <Link to={paths.catalog}>{t('public.discover')}</Link>
        </Button>
      </Card>
    );
  }
  if (voucher.isError) {
    return (
      <Alert variant="error" className="mx-auto max-w-xl">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {t('order.loadError')}
          <Button variant="outline" size="sm" onClick={() => void voucher.refetch()}>
            {t('checkout.retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  if (!voucher.data) {
    return (
      <div className="mx-auto grid max-w-4xl gap-6">
        <Skeleton className="h-72" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  return <PublicVoucher voucher={voucher.data} />;
}

function PublicVoucher({ voucher }: { voucher: TPublicVoucher }) {
  const { t, locale } = useCheckoutTranslation();
  const expiresOn = formatDate(voucher.expiresAt, locale);
  return (
    <div className="mx-auto max-w-4xl space-y-6" data-testid="public-voucher">
      <Card className="overflow-hidden">
        <BoxImage eager illustrationClassName="max-w-[12rem]" src={voucher.box.imageUrl} className="aspect-[16/7] w-full" />
        <div className="space-y-4 p-5 sm:p-7">
          <div className="flex flex-wrap items-center gap-2">
            <VoucherStatusBadge status={voucher.status} label={t(`voucherStatus.${voucher.status}`)} />
            <code dir="ltr" className="rounded-md bg-muted px-2 py-0.5 font-mono text-sm font-semibold">
              {voucher.code}
            </code>
          </div>
          <div className="space-y-1.5">
            <p className="text-lg font-semibold text-primary-strong">{t('public.giftFor', { name: voucher.recipientFirstName })}</p>
            <h1 className="text-3xl font-extrabold tracking-tight text-balance">{voucher.box.name}</h1>
          </div>
          <p dir="auto" className="text-start text-muted-foreground text-pretty">
            {voucher.box.description}
          </p>
          <p className="flex items-center gap-2 text-sm font-medium">
            <CalendarClock aria-hidden className="size-4 text-accent" />
            {t('public.validUntil', { date: expiresOn })}
          </p>
        </div>
      </Card>

      <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_18rem] md:items-start">
        {/* First on phones (where the QR is scanned): what to do next, then where. */}
        <NextStep voucher={voucher} expiresOn={expiresOn} />
        <section aria-labelledby="where-title" className="space-y-3">
          <h2 id="where-title" className="text-xl font-bold">
            {t('public.whereTitle')}
          </h2>
          {voucher.offers.length === 0 ? (
            <p className="text-muted-foreground">{t('public.noOffers')}</p>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2" data-testid="voucher-offers">
              {voucher.offers.map((offer) => (
                <li key={offer.id} dir="auto" className="space-y-1.5 rounded-xl border border-border bg-card p-4 text-start shadow-xs">
                  <p className="font-semibold leading-snug">{offer.title}</p>
                  <p className="text-sm font-medium text-primary-strong">{offer.partnerName}</p>
                  <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
                    <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
                    <span>{placeOf(offer)}</span>
                  </p>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

function NextStep({ voucher, expiresOn }: { voucher: TPublicVoucher; expiresOn: string }) {
  const { t } = useCheckoutTranslation();
  const { user } = useAuth();
  const reservable = isVoucherStatusIn('reservable', voucher.status) && Date.parse(voucher.expiresAt) > Date.now();
  const reserveTo = checkoutLinks.reserve(voucher.code);
  const closed = reservable ? null : (CLOSED_SENTENCES[voucher.status] ?? 'public.expired');

  let action = null;
  if (reservable) {
    if (!user) {
      // After login (or sign-up) the holder lands straight on the reservation.
      const [pathname, search = ''] = reserveTo.split('?');
      const state: AuthRedirectState = { from: { pathname: pathname ?? paths.client.dashboard, search: `?${search}`, hash: '' } };
      action = (
        <>
          <p className="text-sm text-muted-foreground">{t('public.loginToReserve')}</p>
          <Button asChild className="w-full" size="lg">
            <Link to={paths.auth} state={state} data-testid="reserve-voucher">
              <CalendarCheck aria-hidden />
              {t('public.reserve')}
            </Link>
          </Button>
        </>
      );
    } else if (user.role === 'customer') {
      action = (
        <Button asChild className="w-full" size="lg">
          <Link to={reserveTo} data-testid="reserve-voucher">
            <CalendarCheck aria-hidden />
            {t('public.reserve')}
          </Link>
        </Button>
      );
    } else {
      action = <p className="text-sm text-muted-foreground">{t('public.customersOnly')}</p>;
    }
  }

  return (
    <Card className="space-y-3 p-5 md:sticky md:top-24 md:order-last" data-testid="voucher-next-step">
      <h2 className="text-lg font-bold">{t('public.nextTitle')}</h2>
      {reservable ? (
        <>
          <p className="text-sm">{t('public.reserveText')}</p>
          {action}
        </>
      ) : (
        closed && <p className="text-sm">{t(closed, { date: expiresOn })}</p>
      )}
    </Card>
  );
}
