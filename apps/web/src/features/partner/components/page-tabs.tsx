import type { ComponentProps } from 'react';
import { TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';

/** Page tabs: a two-column grid of big targets on phones, one row from `sm` up. */
export function PageTabsList({ className, ...props }: ComponentProps<typeof TabsList>) {
  return (
    <TabsList
      className={cn(
        'grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-11 sm:w-auto [&>:last-child:nth-child(odd)]:col-span-2',
        className,
      )}
      {...props}
    />
  );
}

export function PageTabsTrigger({ className, ...props }: ComponentProps<typeof TabsTrigger>) {
  return <TabsTrigger className={cn('h-10 px-2 sm:h-full sm:px-3', className)} {...props} />;
}
