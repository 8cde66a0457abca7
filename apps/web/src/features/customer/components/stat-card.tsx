import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface StatCardProps {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'primary' | 'accent' | 'secondary' | 'muted';
  testId?: string;
}

const TONES = {
  primary: 'bg-primary-soft text-primary-strong',
  accent: 'bg-accent/15 text-accent',
  secondary: 'bg-secondary/25 text-foreground',
  muted: 'bg-muted text-muted-foreground',
} as const;

/** One figure of a page's summary, as the API gives it. */
export function StatCard({ icon: Icon, label, value, hint, tone = 'primary', testId }: StatCardProps) {
  return (
    <Card className="flex flex-col items-start gap-2 p-3.5 sm:flex-row sm:gap-3 sm:p-5" data-testid={testId}>
      <span className={cn('flex size-8 shrink-0 items-center justify-center rounded-lg sm:size-10', TONES[tone])}>
        <Icon aria-hidden className="size-4 sm:size-5" />
      </span>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-lg font-bold tracking-tight tabular-nums sm:text-2xl">{value}</p>
        {hint && <p className="text-xs text-muted-foreground text-pretty">{hint}</p>}
      </div>
    </Card>
  );
}
