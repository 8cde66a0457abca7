import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';

interface StatTileProps {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  hint?: ReactNode;
  /** The whole tile links there (dashboard KPI cards). */
  to?: string;
  loading?: boolean;
  tone?: 'primary' | 'accent' | 'secondary' | 'muted';
  className?: string;
  testId?: string;
}

const tones = {
  primary: 'bg-primary-soft text-primary-strong',
  accent: 'bg-accent/15 text-accent',
  secondary: 'bg-secondary/25 text-foreground',
  muted: 'bg-muted text-muted-foreground',
} as const;

/** A figure with its label: KPI cards and summary tiles. */
export function StatTile({ label, value, icon: Icon, hint, to, loading, tone = 'primary', className, testId }: StatTileProps) {
  const body = (
    <>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        {Icon && (
          <span className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-lg', tones[tone])}>
            <Icon aria-hidden className="size-5" />
          </span>
        )}
      </div>
      {loading ? (
        <Skeleton className="h-8 w-24" />
      ) : (
        <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl" data-testid={testId}>
          {value}
        </p>
      )}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </>
  );
  const classes = cn('flex min-w-0 flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm', className);
  if (to) {
    return (
      <Link to={to} className={cn(classes, 'transition-colors hover:border-primary/50 hover:bg-primary-soft/30')}>
        {body}
      </Link>
    );
  }
  return <div className={classes}>{body}</div>;
}
