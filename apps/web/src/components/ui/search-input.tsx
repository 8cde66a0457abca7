import { Search } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

/**
 * A search field with its magnifier at the start (right in Arabic). Takes every prop of an input, controlled
 * or not; `children` sit beside the input inside the same frame (a clear button, say).
 */
export function SearchInput({
  className,
  frameClassName,
  children,
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'children'> & { frameClassName?: string; children?: ReactNode }) {
  return (
    <div className={cn('relative', frameClassName)}>
      <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" className={cn('ps-9', className)} {...props} />
      {children}
    </div>
  );
}
