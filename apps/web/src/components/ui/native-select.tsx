import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A native select with the inputs' look: the phone's own picker on mobile, no custom popup to learn. */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'flex h-11 w-full min-w-0 appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-base text-foreground shadow-xs transition-colors disabled:cursor-not-allowed disabled:opacity-55 sm:h-10 sm:text-sm',
          'aria-invalid:border-destructive aria-invalid:ring-1 aria-invalid:ring-destructive',
        )}
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}

/** A select's options, one a value, worded by `label` (statuses, categories, priorities…). */
export function SelectOptions<T extends string>({ values, label }: { values: readonly T[]; label: (value: T) => string }) {
  return (
    <>
      {values.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </>
  );
}
