import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';

/** Farha's mark: a gift box whose bow is a saffron flourish. Same drawing as public/favicon.svg. */
export function LogoMark({ className, tone = 'default' }: { className?: string; tone?: 'default' | 'inverse' }) {
  const tile = tone === 'inverse' ? '#fffaf3' : 'var(--primary)';
  const box = tone === 'inverse' ? '#b5451b' : '#fffaf3';
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('size-9 shrink-0', className)}>
      <rect width="64" height="64" rx="16" fill={tile} />
      <rect x="14" y="28" width="36" height="24" rx="4" fill={box} />
      <rect x="11" y="21" width="42" height="9" rx="3" fill={box} />
      <rect x="29" y="21" width="6" height="31" fill="#e9a23b" />
      <path d="M32 21c-3-7-12-9-13-4-1 4 7 5 13 4zm0 0c3-7 12-9 13-4 1 4-7 5-13 4z" fill="#e9a23b" />
    </svg>
  );
}

interface LogoProps {
  className?: string;
  /** A word shown after the name, e.g. "Partenaires" in the partner portal. */
  suffix?: string;
  suffixClassName?: string;
  /** Classes for the name, e.g. to hide it on narrow screens. */
  nameClassName?: string;
  /** `inverse` for a dark, fixed-colour background (the terracotta brand panels). */
  tone?: 'default' | 'inverse';
}

/** Mark and name ("Farha", or "فرحة" in Arabic). */
export function Logo({ className, suffix, suffixClassName, nameClassName, tone = 'default' }: LogoProps) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark tone={tone} />
      <span className="flex items-baseline gap-2">
        <span
          className={cn(
            'text-xl font-extrabold tracking-tight',
            tone === 'inverse' ? 'text-white' : 'text-foreground',
            nameClassName,
          )}
        >{t('app.name')}</span>
        {/* A space between the words for assistive technologies (the flex gap only shows one). */}
        {suffix && ' '}
        {suffix && <span
            className={cn('text-sm font-semibold', tone === 'inverse' ? 'text-white/80' : 'text-muted-foreground', suffixClassName)}
          >{suffix}</span>}
      </span>
    </span>
  );
}
