import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useStorefrontT } from '../i18n';

/** `★ 4,5 (12 avis)`; nothing when the box has no reviews yet. */
export function RatingSummary({
  rating,
  reviewCount,
  className,
  showCount = true,
}: {
  rating: number | null;
  reviewCount: number;
  className?: string;
  showCount?: boolean;
}) {
  const { t, tp, locale } = useStorefrontT();
  if (rating === null) return null;
  const value = rating.toLocaleString(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR', { minimumFractionDigits: 1 });
  return (
    <span className={cn('inline-flex items-center gap-1 text-sm', className)}>
      <Star aria-hidden className="size-4 fill-secondary text-secondary" />
      <span className="font-bold" aria-label={t('common.ratingOutOf5', { rating: value })}>
        {value}
      </span>
      {showCount && <span className="text-muted-foreground">({tp('common.reviews', reviewCount)})</span>}
    </span>
  );
}

/** Five stars, filled up to `value` (a review's rating). */
export function Stars({ value, className }: { value: number; className?: string }) {
  const { t } = useStorefrontT();
  return (
    <span role="img" aria-label={t('common.ratingOutOf5', { rating: value })} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn('size-4', n <= value ? 'fill-secondary text-secondary' : 'fill-transparent text-muted-foreground/50')}
        />
      ))}
    </span>
  );
}

export function formatRating(rating: number, locale: 'fr' | 'ar'): string {
  return rating.toLocaleString(locale === 'ar' ? 'ar-DZ-u-nu-latn' : 'fr-FR', { minimumFractionDigits: 1 });
}
