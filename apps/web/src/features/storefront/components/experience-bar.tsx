import { EXPERIENCE_BAR_FULL } from '@farha/contracts/plain/catalog';
import { cn } from '@/lib/cn';
import { useStorefrontT } from '../i18n';

/** docs/product/storefront.md §4: offer_count / 20, capped at 100 %. */
export function ExperienceBar({ count, className }: { count: number; className?: string }) {
  const { t, tp } = useStorefrontT();
  const percent = Math.min(100, Math.round((count / EXPERIENCE_BAR_FULL) * 100));
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center justify-between text-xs">
        <span className="text-muted-foreground">{t('card.experienceBar')}</span>
        <span className="font-semibold">{tp('common.experiences', count)}</span>
      </div>
      <div
        role="progressbar"
        aria-label={t('card.experienceBar')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={tp('common.experiences', count)}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-gradient-to-r from-secondary to-primary rtl:bg-gradient-to-l" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
