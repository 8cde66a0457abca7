import { Gift } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

/** The category's bundled illustration: the default picture of an offer (spec 02 §5). */
export function defaultOfferImage(category: string): string {
  return `/images/offers/${encodeURIComponent(category)}.svg`;
}

/** An offer's picture; a failing picture is replaced by the category's default, then by a gradient. */
export function OfferImage({ src, category, alt, className }: { src: string | null; category: string; alt: string; className?: string }) {
  const fallback = defaultOfferImage(category);
  const [failed, setFailed] = useState<string[]>([]);
  const candidates = [src, fallback].filter((value): value is string => !!value && !failed.includes(value));
  const current = candidates[0];
  if (!current) {
    return (
      <div role={alt ? 'img' : undefined} aria-label={alt || undefined} className={cn('flex size-full items-center justify-center bg-gradient-to-br from-primary-soft via-secondary/40 to-primary/30', className)}>
        <Gift aria-hidden className="size-1/4 text-primary-strong/70" />
      </div>
    );
  }
  return (
    <img
      key={current}
      src={current}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailed((list) => [...list, current])}
      className={cn('size-full object-cover', className)}
    />
  );
}
