import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';

// Simple badges drawn here (no third-party artwork): the CIB and EDAHABIA cards, Visa and Mastercard.
function LogoBadge({ children, label, className }: { children: ReactNode; label: string; className?: string }) {
  return (
    <li
      dir="ltr"
      aria-label={label}
      title={label}
      className={cn(
        'flex h-8 min-w-14 items-center justify-center rounded-md border border-border bg-white px-2 shadow-xs',
        className,
      )}
    >
      {children}
    </li>
  );
}

export function PaymentLogos({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('payment.accepted')} className={cn('flex flex-wrap items-center gap-2', className)}>
      <LogoBadge label="CIB">
        <span aria-hidden className="text-[0.8rem] font-black tracking-wider text-[#0b5c3b]">
          CIB
        </span>
      </LogoBadge>
      <LogoBadge label="EDAHABIA">
        <span aria-hidden className="flex items-center gap-1 text-[0.62rem] font-extrabold tracking-wide text-[#1d3b6f]">
          <svg viewBox="0 0 12 12" className="size-2.5">
            <circle cx="6" cy="6" r="6" fill="#e9a23b" />
          </svg>
          EDAHABIA
        </span>
      </LogoBadge>
      <LogoBadge label="Visa">
        <span aria-hidden className="text-[0.85rem] font-black italic tracking-tight text-[#1a1f71]">
          VISA
        </span>
      </LogoBadge>
      <LogoBadge label="Mastercard">
        <svg aria-hidden viewBox="0 0 38 24" className="h-5 w-8">
          <circle cx="14" cy="12" r="9" fill="#eb001b" />
          <circle cx="24" cy="12" r="9" fill="#f79e1b" fillOpacity="0.9" />
          <path d="M19 4.6a9 9 0 0 1 0 14.8 9 9 0 0 1 0-14.8z" fill="#ff5f00" />
        </svg>
      </LogoBadge>
    </ul>
  );
}
