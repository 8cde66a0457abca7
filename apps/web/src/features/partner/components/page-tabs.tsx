import type { ComponentProps } from 'react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';

/** Page tabs: a two-column grid of big targets on phones (a long label wraps), one row from `sm` up. */
export function PageTabsList({ className, ...props }: ComponentProps<typeof TabsList>) {
  return (
    <TabsList
      className={cn(
        'grid h-auto w-full grid-cols-2 items-stretch gap-1 sm:inline-flex sm:items-center sm:h-11 sm:w-auto [&>:last-child:nth-child(odd)]:col-span-2',
        className,
      )}
      {...props}
    />
  );
}

export function PageTabsTrigger({ className, ...props }: ComponentProps<typeof TabsTrigger>) {
  return (
    <TabsTrigger
      className={cn(
        'h-auto min-h-10 whitespace-normal px-2 py-1.5 text-center leading-tight sm:h-full sm:whitespace-nowrap sm:px-3 sm:py-0 [&>svg]:shrink-0',
        className,
      )}
      {...props}
    />
  );
}
