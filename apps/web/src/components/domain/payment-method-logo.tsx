import type { TPaymentMethod } from '@farha/contracts/checkout';
import { cn } from '@/lib/cn';

/** The brand names shown on the method cards and the end-to-end tests' labels. */
export const PAYMENT_METHOD_NAMES: Record<TPaymentMethod, string> = {
  cib: 'CIB',
  edahabia: 'EDAHABIA',
  visa: 'Visa',
  mastercard: 'Mastercard',
};

/** Badges drawn here (no third-party artwork), in the colours of each card scheme. Decorative. */
export function PaymentMethodLogo({ method, className }: { method: TPaymentMethod; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn(
        'flex h-9 w-16 shrink-0 items-center justify-center rounded-md border border-border bg-white shadow-xs',
        className,
      )}
    >
      {method === 'cib' && <span className="text-sm font-black tracking-wider text-[#0b5c3b]">CIB</span>}
      {method === 'edahabia' && (
        <span className="flex items-center gap-0.5 text-[0.55rem] font-extrabold tracking-wide text-[#1d3b6f]">
          <svg viewBox="0 0 12 12" className="size-2">
            <circle cx="6" cy="6" r="6" fill="#e9a23b" />
          </svg>
          EDAHABIA
        </span>
      )}
      {method === 'visa' && <span className="text-base font-black italic tracking-tight text-[#1a1f71]">VISA</span>}
      {method === 'mastercard' && (
        <svg viewBox="0 0 38 24" className="h-6 w-9">
          <circle cx="14" cy="12" r="9" fill="#eb001b" />
          <circle cx="24" cy="12" r="9" fill="#f79e1b" fillOpacity="0.9" />
          <path d="M19 4.6a9 9 0 0 1 0 14.8 9 9 0 0 1 0-14.8z" fill="#ff5f00" />
        </svg>
      )}
    </span>
  );
}
