import type { TBoxSummary } from '@farha/contracts/catalog';
import { Flame, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { useStorefrontT } from '../i18n';

/** The badges (docs/product/storefront.md §4), from real data: NOUVEAU (created within 7 days), TOP VENTE (more than 10 offers). */
export function BoxBadges({ box, className }: { box: Pick<TBoxSummary, 'isNew' | 'bestSeller'>; className?: string }) {
  const { t } = useStorefrontT();
  if (!box.isNew && !box.bestSeller) return null;
  return (
    <div className={cn('flex flex-wrap gap-1.5', className)}>
      {box.isNew && (
        <Badge variant="accent" className="shadow-sm">
          <Sparkles aria-hidden />
          {t('common.new')}
        </Badge>
      )}
      {box.bestSeller && (
        <Badge variant="secondary" className="shadow-sm">
          <Flame aria-hidden />
          {t('common.bestSeller')}
        </Badge>
      )}
    </div>
  );
}
