import { Clock, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

interface ContactCardProps {
  icon: LucideIcon;
  title: string;
  /** `danger`: the emergency line. */
  tone?: 'primary' | 'danger';
  children: ReactNode;
}

/** One way to reach the support team: a channel, what it is for, how to use it. */
export function ContactCard({ icon: Icon, title, tone = 'primary', children }: ContactCardProps) {
  return (
    <Card className={cn('flex min-w-0 gap-4 p-5', tone === 'danger' && 'border-destructive/40')}>
      <span
        className={cn(
          'flex size-11 shrink-0 items-center justify-center rounded-full',
          tone === 'danger' ? 'bg-destructive/10 text-destructive' : 'bg-primary-soft text-primary-strong',
        )}
      >
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        <h3 className="font-semibold">{title}</h3>
        {children}
      </div>
    </Card>
  );
}

/** The support team's opening hours, a row a day or a service. */
export function OpeningHours({ title, rows }: { title: string; rows: { label: string; value: string }[] }) {
  return (
    <Card className="p-5">
      <h3 className="mb-3 flex items-center gap-2 font-semibold">
        <Clock aria-hidden className="size-5 text-primary" />
        {title}
      </h3>
      <dl className="grid max-w-sm gap-2 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 border-b border-border pb-2 last:border-0 last:pb-0">
            <dt>{row.label}</dt>
            <dd className="font-medium">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
