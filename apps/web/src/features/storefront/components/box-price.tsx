import { formatDzd } from '@farha/contracts/money';
import { cn } from '@/lib/cn';
import { useStorefrontT } from '../i18n';

/** `12 500 DA`; the digits stay left-to-right in Arabic. */
export function BoxPrice({ price, className }: { price: number; className?: string }) {
  const { locale } = useStorefrontT();
  return (
    <span data-testid="box-price" className={cn('inline-block whitespace-nowrap font-extrabold tracking-tight text-primary-strong', className)}>
      {formatDzd(price, locale)}
    </span>
  );
}
