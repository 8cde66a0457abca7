import { ChevronDown, type LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="flex h-10 w-full min-w-0 appearance-none rounded-lg border border-input bg-card pe-9 ps-3 text-sm text-foreground shadow-xs disabled:opacity-55"
        {...props}
      >
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground shadow-xs placeholder:text-muted-foreground sm:text-sm',
        className,
      )}
      {...props}
    />
  );
}

const tones = {
  primary: 'bg-primary-soft text-primary-strong',
  accent: 'bg-accent/15 text-accent',
  danger: 'bg-destructive/10 text-destructive',
  muted: 'bg-muted text-muted-foreground',
} as const;

/** One KPI card. */
export function Kpi({ label, value, icon: Icon, loading, tone = 'primary', testId }: { label: string; value: ReactNode; icon: LucideIcon; loading?: boolean; tone?: keyof typeof tones; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-lg', tones[tone])}>
          <Icon aria-hidden className="size-5" />
        </span>
      </div>
      {loading ? <Skeleton className="h-8 w-20" /> : <p className="text-2xl font-bold tabular-nums" data-testid={testId}>{value}</p>}
    </div>
  );
}
