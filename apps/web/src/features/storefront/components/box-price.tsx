import { Price } from '@/components/domain/price';
import { cn } from '@/lib/cn';

/** `12 500 DA`, or `83,34 € · 12 500 DA` in the display currency (issue 24); digits stay left-to-right. */
export function BoxPrice({ price, className }: { price: number; className?: string }) {
  return <Price dzd={price} testId="box-price" className={cn('inline-block font-extrabold tracking-tight text-primary-strong', className)} />;
}
