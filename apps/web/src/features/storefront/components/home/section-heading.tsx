import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  className,
  align = 'center',
}: {
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  className?: string;
  align?: 'center' | 'start';
}) {
  return (
    <div className={cn('space-y-2', align === 'center' && 'mx-auto max-w-2xl text-center', className)}>
      {eyebrow && <p className="text-sm font-bold uppercase tracking-wider text-primary">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children}
    </div>
  );
}
