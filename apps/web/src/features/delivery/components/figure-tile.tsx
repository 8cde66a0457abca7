import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A figure with its label (and what it means), as the back office's other tiles show them. */
export function FigureTile(props: { label: string; value: ReactNode; hint?: ReactNode; icon?: LucideIcon; testId?: string; tone?: 'warning' }) {
  const Icon = props.icon;
  return (
    <div className={cn('flex min-w-0 flex-col gap-2 rounded-xl border border-border bg-card p-4 shadow-sm', props.tone === 'warning' && 'border-destructive/50')}>
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{props.label}</p>
        {Icon && (
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-soft text-primary-strong">
            <Icon aria-hidden className="size-5" />
          </span>
        )}
      </div>
      <p className="text-xl font-bold tracking-tight tabular-nums sm:text-2xl" data-testid={props.testId}>
        {props.value}
      </p>
      {props.hint && <p className="text-xs text-muted-foreground">{props.hint}</p>}
    </div>
  );
}
