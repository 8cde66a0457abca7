import { MapPin } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useStorefrontT } from '../i18n';

/** The cities where the box can be used: the first few, then "+n". */
export function BoxCities({ cities, max = 2, className }: { cities: string[]; max?: number; className?: string }) {
  const { t } = useStorefrontT();
  const shown = cities.slice(0, max);
  const rest = cities.length - shown.length;
  return (
    <p className={cn('flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground', className)}>
      <MapPin aria-hidden className="size-4 shrink-0 text-accent" />
      <span className="sr-only">{t('card.usableIn')}</span>
      {cities.length === 0 ? (
        <span>{t('card.noCity')}</span>
      ) : (
        <span className="truncate" title={cities.join(', ')}>
          {shown.join(', ')}
          {rest > 0 && <span className="ms-1 font-semibold text-foreground">{t('card.moreCities', { count: rest })}</span>}
        </span>
      )}
    </p>
  );
}
