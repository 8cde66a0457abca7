import { useId } from 'react';
import { cn } from '@/lib/cn';

/** A repeat of eight-pointed stars, after the zellige tiles of Algerian houses. Decorative. */
export function ZelligePattern({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg aria-hidden className={cn('pointer-events-none', className)} width="100%" height="100%">
      <defs>
        <pattern id={id} width="56" height="56" patternUnits="userSpaceOnUse">
          <g fill="none" stroke="currentColor" strokeWidth="1.2">
            <rect x="16" y="16" width="24" height="24" />
            <rect x="16" y="16" width="24" height="24" transform="rotate(45 28 28)" />
            <circle cx="28" cy="28" r="4" />
            <path d="M0 0l8 8M56 0l-8 8M0 56l8-8M56 56l-8-8" />
          </g>
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#${id})`} />
    </svg>
  );
}
