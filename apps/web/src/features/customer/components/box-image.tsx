import { useState } from 'react';
import { GiftIllustration } from '@/components/brand/gift-illustration';
import { cn } from '@/lib/cn';

/** A box's picture, or the gift illustration on the brand colours when it has none (or it fails). */
export function BoxImage({ src, alt = '', className }: { src: string | null; alt?: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div
        role={alt ? 'img' : undefined}
        aria-label={alt || undefined}
        className={cn('flex items-center justify-center bg-gradient-to-br from-[#b5451b] to-[#5e230d] p-4', className)}
      >
        <GiftIllustration className="max-h-full max-w-[10rem]" />
      </div>
    );
  }
  return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className={cn('bg-muted object-cover', className)} />;
}
