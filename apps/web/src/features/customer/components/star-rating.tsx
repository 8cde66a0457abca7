import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useCustomerT } from '../i18n';

/** Read-only stars: `rating` of 5. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  const { t } = useCustomerT();
  return (
    <span role="img" aria-label={t('voucher.stars', { rating })} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden className={cn('size-4', n <= rating ? 'fill-secondary text-secondary' : 'text-input')} />
      ))}
    </span>
  );
}

interface StarInputProps {
  value: number;
  onChange: (rating: number) => void;
  legend: string;
  error?: string;
}

/** 1 to 5 stars as a radio group: arrows move between them, each is labelled "3 étoiles". */
export function StarInput({ value, onChange, legend, error }: StarInputProps) {
  const { t } = useCustomerT();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex gap-1" dir="ltr">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-md p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
            <input type="radio" name="rating" value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <span className="sr-only">{t('review.star', { count: n })}</span>
            <Star aria-hidden className={cn('size-8 transition-colors', n <= value ? 'fill-secondary text-secondary' : 'text-input hover:text-secondary')} />
          </label>
        ))}
      </div>
      {error && <p className="text-sm font-medium text-destructive">{error}</p>}
    </fieldset>
  );
}
