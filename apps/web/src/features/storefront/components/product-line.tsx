import type { TProductLine } from '@farha/contracts/catalog';
import { Flower2, Gift, MoonStar, PartyPopper, Plane, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { useTranslation } from '@/lib/i18n-react';
import { cn } from '@/lib/cn';

const LINE_ICONS: Partial<Record<TProductLine, LucideIcon>> = {
  nassim: Flower2,
  itri: UtensilsCrossed,
  rahla: Plane,
  layali: MoonStar,
  bahja: PartyPopper,
};

export function productLineIcon(line: TProductLine): LucideIcon {
  return LINE_ICONS[line] ?? Gift;
}

/** The product line's name in the interface language (docs/product/storefront.md §4: nassim is Bien-être…). */
export function useProductLineLabel(): (line: TProductLine) => string {
  const { t } = useTranslation();
  return (line) => t(`productLines.${line}`);
}

/** A small pill with the product line's icon and name. */
export function ProductLinePill({ line, className }: { line: TProductLine; className?: string }) {
  const label = useProductLineLabel();
  const Icon = productLineIcon(line);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full bg-card/95 px-2.5 py-1 text-xs font-semibold text-foreground shadow-sm backdrop-blur',
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5 text-primary" />
      {label(line)}
    </span>
  );
}
