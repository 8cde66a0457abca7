import type { TBoxSummary } from '@farha/contracts/catalog';
import { formatDzd } from '@farha/contracts/money';
import { CalendarClock, Gift, MapPin, ShoppingBag, Star, X } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { Link, useNavigate } from 'react-router';
import { to } from '@/config/paths';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useBox } from '../api/catalog';
import { useStorefrontT } from '../i18n';
import { checkoutHref, checkoutState } from '../lib/checkout';
import { BoxBadges } from './box-badges';
import { BoxCities } from './box-cities';
import { BoxImage } from '@/components/domain/box-image';
import { BoxPrice } from './box-price';
import { ProductLinePill } from './product-line';
import { formatRating, RatingSummary } from './rating';

interface QuickViewDialogProps {
  box: TBoxSummary | null;
  onOpenChange: (open: boolean) => void;
}

/** The quick view (docs/product/storefront.md §4): the box at a glance and where to use it. The dialog locks page scroll. */
export function QuickViewDialog({ box, onOpenChange }: QuickViewDialogProps) {
  return (
    <Dialog open={box !== null} onOpenChange={onOpenChange}>
      {box && (
        <DialogContent
          className="flex max-w-2xl flex-col gap-0 p-0 sm:max-w-2xl"
          hideClose
          // Start at the top (the title), not at the first button far below.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-quick-view-title]')?.focus({ preventScroll: true });
          }}
        >
          <QuickViewBody box={box} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function QuickViewBody({ box }: { box: TBoxSummary }) {
  const { t, tp, locale } = useStorefrontT();
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const detail = useBox(box.id);

  const stats = [
    { icon: Gift, label: t('quickView.experiences'), value: String(box.offerCount) },
    { icon: CalendarClock, label: t('quickView.validity'), value: tp('common.days', box.validityDays) },
    {
      icon: Star,
      label: t('quickView.averageRating'),
      value: box.rating === null ? '—' : `${formatRating(box.rating, locale)}/5`,
    },
  ];

  return (
    <>
      <div className="relative aspect-[16/7] shrink-0 overflow-hidden bg-muted">
        <BoxImage placeholder="soft" src={box.imageUrl} alt="" eager />
        <div className="absolute inset-0 bg-gradient-to-t from-black/50 via-transparent to-transparent" />
        <BoxBadges box={box} className="absolute start-4 top-4" />
        <ProductLinePill line={box.category} className="absolute bottom-4 start-4" />
        <DialogClose
          aria-label={tc('common.close')}
          className="absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-full bg-card/95 text-foreground shadow-md backdrop-blur hover:bg-card focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden className="size-4" />
        </DialogClose>
      </div>
      <div className="space-y-5 p-5 sm:p-6">
        <div className="space-y-2">
          <DialogTitle data-quick-view-title tabIndex={-1} className="text-2xl font-bold outline-none">
            {box.name}
          </DialogTitle>
          <DialogDescription className="sr-only">{t('quickView.description')}</DialogDescription>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {box.rating === null ? (
              <span className="text-sm text-muted-foreground">{t('common.noRating')}</span>
            ) : (
              <RatingSummary rating={box.rating} reviewCount={box.reviewCount} />
            )}
            <BoxCities cities={box.cities} max={4} />
          </div>
          <BoxPrice price={box.price} className="text-2xl" />
        </div>
        <p dir="auto" className="text-start text-sm leading-relaxed text-pretty">
          {box.description}
        </p>

        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          {stats.map(({ icon: Icon, label, value }) => (
            <div key={label} className="rounded-xl bg-muted/70 p-3 text-center">
              <Icon aria-hidden className="mx-auto mb-1 size-5 text-primary" />
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-sm font-bold sm:text-base">{value}</dd>
            </div>
          ))}
        </dl>

        <section aria-labelledby="quick-view-offers" className="space-y-2">
          <h3 id="quick-view-offers" className="font-bold">
            {t('quickView.whereToUse')}
          </h3>
          {detail.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-14" />
              <Skeleton className="h-14" />
            </div>
          ) : detail.isError ? (
            <Alert variant="error">{t('quickView.offersError')}</Alert>
          ) : detail.data.offers.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('quickView.noOffers')}</p>
          ) : (
            <ul className="max-h-56 space-y-2 overflow-y-auto pe-1">
              {detail.data.offers.map((offer) => (
                <li key={offer.id} className="flex items-start gap-3 rounded-xl border border-border p-3">
                  <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold leading-tight">{offer.partner.name}</p>
                    <p dir="auto" className="text-start text-sm text-muted-foreground">
                      {offer.title}
                    </p>
                    <p dir="auto" className="text-start text-xs text-muted-foreground">
                      {offer.partner.address} · <span className="font-medium text-foreground">{offer.partner.city}</span>
                    </p>
                  </div>
                  <span className="shrink-0 whitespace-nowrap text-xs font-semibold text-muted-foreground">
                    {formatDzd(offer.faceValue, locale)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link to={to.box(box.id)}>{t('quickView.viewFull')}</Link>
          </Button>
          <Button onClick={() => void navigate(checkoutHref(box.id), { state: checkoutState(box) })}>
            <ShoppingBag aria-hidden />
            {t('quickView.buyNow')}
          </Button>
        </div>
      </div>
    </>
  );
}
