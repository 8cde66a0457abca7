import { LoaderCircle } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Text read by screen readers (and shown when `showLabel`); defaults to "Chargement...". */
  label?: string;
  showLabel?: boolean;
  /** Inside a control that already announces its state (a busy button). */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ size = 'md', label, showLabel = false, decorative = false, className }: SpinnerProps) {
  const { t } = useTranslation();
  const icon = <LoaderCircle aria-hidden className={cn('animate-spin text-primary', sizes[size])} />;
  if (decorative) return <span className={cn('text-current [&_svg]:text-current', className)}>{icon}</span>;
  const text = label ?? t('common.loading');
  return (
    <span role="status" className={cn('inline-flex items-center gap-3', className)}>
      {icon}
      <span className={showLabel ? 'text-sm text-muted-foreground' : 'sr-only'}>{text}</span>
    </span>
  );
}

/** A centred spinner that fills the screen (first load, authentication check). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center p-6">
      <Spinner size="lg" label={label} showLabel className="flex-col" />
    </div>
  );
}
