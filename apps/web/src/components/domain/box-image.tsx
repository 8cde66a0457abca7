import { Gift } from 'lucide-react';
import { useState } from 'react';
import { GiftIllustration } from '@/components/brand/gift-illustration';
import { cn } from '@/lib/cn';
import { PICTURE_SIZES, pictureSrcSet } from '@farha/contracts/plain/pictures';

interface BoxImageProps {
  src: string | null;
  /** Tried when `src` is missing or fails (an offer's category illustration). */
  fallbackSrc?: string;
  alt?: string;
  className?: string;
  /** Above the fold: load at once. */
  eager?: boolean;
  /**
   * What stands in when there is no picture: `brand`, the gift illustration on the brand colours (orders,
   * vouchers); `soft`, a gift on a light gradient that fills its box (catalogue, offers).
   */
  placeholder?: 'brand' | 'soft';
  /** Size of the brand illustration. */
  illustrationClassName?: string;
}

/** A box's or an offer's picture; a picture that fails gives way to the next, then to the placeholder. */
export function BoxImage({
  src,
  fallbackSrc,
  alt = '',
  className,
  eager = false,
  placeholder = 'brand',
  illustrationClassName = 'max-w-[10rem]',
}: BoxImageProps) {
  const [failed, setFailed] = useState<string[]>([]);
  const current = [src, fallbackSrc].find((value): value is string => !!value && !failed.includes(value));
  if (!current) {
    const label = { role: alt ? 'img' : undefined, 'aria-label': alt || undefined };
    return placeholder === 'brand' ? (
      <div {...label} className={cn('flex items-center justify-center bg-gradient-to-br from-[#b5451b] to-[#5e230d] p-4', className)}>
        <GiftIllustration className={cn('max-h-full', illustrationClassName)} />
      </div>
    ) : (
      <div
        {...label}
        className={cn('flex size-full items-center justify-center bg-gradient-to-br from-primary-soft via-secondary/40 to-primary/30', className)}
      >
        <Gift aria-hidden className="size-1/4 text-primary-strong/70" />
      </div>
    );
  }
  // A catalogue picture comes in several widths: let the browser pick.
  const srcSet = pictureSrcSet(current, 'box');
  return (
    <img
      key={current}
      src={current}
      srcSet={srcSet}
      sizes={srcSet ? PICTURE_SIZES.box : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailed((list) => [...list, current])}
      className={cn(placeholder === 'brand' ? 'bg-muted object-cover' : 'size-full object-cover', className)}
    />
  );
}
