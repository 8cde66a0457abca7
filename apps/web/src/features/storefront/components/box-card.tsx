import type { TBoxSummary } from '@farha/contracts/catalog';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { to } from '@/config/paths';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { BoxBadges } from './box-badges';
import { BoxCities } from './box-cities';
import { AddToBasketButton } from '@/components/domain/add-to-basket-button';
import { BoxImage } from '@/components/domain/box-image';
import { BoxPrice } from './box-price';
import { ExperienceBar } from './experience-bar';
import { FavouriteButton } from './favourite-button';
import { ProductLinePill } from './product-line';
import { RatingSummary } from './rating';

interface BoxCardProps {
  box: TBoxSummary;
  /** The two buttons at the bottom (Aperçu, Acheter). */
  actions: ReactNode;
  className?: string;
  eagerImage?: boolean;
}

/** A box in a grid (catalogue, homepage): picture, badges, favourite, name, rating, cities, price. */
export function BoxCard({ box, actions, className, eagerImage }: BoxCardProps) {
  return (
    <article
      data-testid="box-card"
      data-box-id={box.id}
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-card text-card-foreground shadow-sm transition duration-200 hover:-translate-y-0.5 hover:shadow-lg focus-within:shadow-lg',
        className,
      )}
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-muted">
        <BoxImage placeholder="soft"
          src={box.imageUrl}
          alt=""
          eager={eagerImage}
          className="transition-transform duration-500 group-hover:scale-105"
        />
        <div className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-black/35 to-transparent" />
        <BoxBadges box={box} className="absolute start-3 top-3" />
        <FavouriteButton box={box} className="absolute end-3 top-3" />
        <ProductLinePill line={box.category} className="absolute bottom-3 start-3" />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <div className="space-y-1.5">
          <div className="flex items-start justify-between gap-3">
            <h3 className="text-lg font-bold leading-snug text-balance">
              <Link dir="auto" to={to.box(box.id)} className="rounded-sm hover:text-primary-strong focus-visible:outline-2 focus-visible:outline-ring">
                {box.name}
              </Link>
            </h3>
            <RatingSummary rating={box.rating} reviewCount={box.reviewCount} showCount={false} className="mt-1 shrink-0" />
          </div>
          <p dir="auto" className="line-clamp-2 text-start text-sm text-muted-foreground text-pretty">
            {box.description}
          </p>
        </div>
        <BoxCities cities={box.cities} />
        <ExperienceBar count={box.offerCount} />
        <div className="mt-auto flex flex-wrap items-end justify-between gap-2 pt-1">
          <BoxPrice price={box.price} className="text-xl" />
          <AddToBasketButton box={box} size="sm" variant="soft" namedLabel />
        </div>
        <div className="grid grid-cols-2 gap-2">{actions}</div>
      </div>
    </article>
  );
}

export function BoxCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm" aria-hidden>
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-3 p-5">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-1.5 w-full" />
        <Skeleton className="h-6 w-1/3" />
        <div className="grid grid-cols-2 gap-2">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      </div>
    </div>
  );
}
