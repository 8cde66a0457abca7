import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface ChoiceCardProps extends Omit<ComponentProps<'input'>, 'type' | 'children'> {
  children: ReactNode;
  /** On the <label> (the card users click; Playwright's check() follows it to the radio). */
  testId?: string;
  cardClassName?: string;
}

/** A native radio drawn as a selectable card: keyboard and forms work as with any radio group. */
export function ChoiceCard({ children, testId, cardClassName, className, ...input }: ChoiceCardProps) {
  return (
    <label
      data-testid={testId}
      className={cn(
        'relative flex cursor-pointer items-center gap-3 rounded-xl border-2 border-border bg-card p-3.5 transition-colors hover:border-primary/50',
        'has-[:checked]:border-primary has-[:checked]:bg-primary-soft/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
        cardClassName,
      )}
    >
      <input type="radio" className={cn('peer sr-only', className)} {...input} />
      <span
        aria-hidden
        className="flex size-5 shrink-0 items-center justify-center rounded-full border-2 border-input bg-card peer-checked:border-primary peer-checked:[&>span]:scale-100"
      >
        <span className="size-2.5 scale-0 rounded-full bg-primary transition-transform" />
      </span>
      {children}
    </label>
  );
}
