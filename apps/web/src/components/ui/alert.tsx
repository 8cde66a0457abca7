import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva('flex items-start gap-3 rounded-lg border p-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0', {
  variants: {
    variant: {
      info: 'border-border bg-muted text-foreground',
      error: 'border-destructive/40 bg-destructive/10 text-foreground [&>svg]:text-destructive',
      success: 'border-success/40 bg-success/10 text-foreground [&>svg]:text-success',
    },
  },
  defaultVariants: { variant: 'info' },
});

const icons = { info: Info, error: CircleAlert, success: CircleCheck } as const;

export interface AlertProps extends ComponentProps<'div'>, VariantProps<typeof alertVariants> {}

/** A message about the current screen; errors are announced to screen readers as they appear. */
export function Alert({ className, variant, children, ...props }: AlertProps) {
  const Icon = icons[variant ?? 'info'];
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cn(alertVariants({ variant }), className)} {...props}>
      <Icon aria-hidden />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
