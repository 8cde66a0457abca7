import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

export function EmptyState({ icon: Icon, title, children, testId }: { icon: LucideIcon; title: string; children?: ReactNode; testId?: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 border-dashed px-6 py-12 text-center" data-testid={testId}>
      <span className="flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary-strong">
        <Icon aria-hidden className="size-7" />
      </span>
      <h2 className="text-lg font-semibold text-balance">{title}</h2>
      {children}
    </Card>
  );
}
