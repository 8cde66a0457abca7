import { Gift } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

interface BoxImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** Above the fold: load at once. */
  eager?: boolean;
}

/** A box or offer illustration; a warm gradient with a gift when there is none (or it fails to load). */
export function BoxImage({ src, alt, className, eager = false }: BoxImageProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        role="img"
        aria-label={alt}
        className={cn(
          'flex size-full items-center justify-center bg-gradient-to-br from-primary-soft via-secondary/40 to-primary/30',
          className,
        )}
      >
        <Gift aria-hidden className="size-1/4 text-primary-strong/70" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed(true)}
      className={cn('size-full object-cover', className)}
    />
  );
}
