import type { TGroupGiftPublic } from '@farha/contracts/group-gifts';
import { formatDzd } from '@farha/contracts/money';
import { CalendarClock, Users } from 'lucide-react';
import { cn } from '@/lib/cn';
import { useGroupGiftTranslation } from '../i18n';

type Progress = Pick<TGroupGiftPublic, 'targetAmount' | 'collected' | 'remaining' | 'status' | 'contributorCount'> & { daysLeft?: number };

/**
 * The pot's bar: collected / target, what is still needed, how many took part and the days left (`compact`: a
 * list's card, without the days).
 */
export function PotProgress({ pot, compact = false, className }: { pot: Progress; compact?: boolean; className?: string }) {
  const { t, locale } = useGroupGiftTranslation();
  const share = pot.targetAmount > 0 ? Math.min(100, Math.floor((pot.collected / pot.targetAmount) * 100)) : 0;
  const reached = pot.remaining <= 0;
  const open = pot.status === 'open';
  // A cancelled or refunded pot needs nothing more: its status, not what it lacks.
  const ended = pot.status === 'cancelled' || pot.status === 'refunding' || pot.status === 'refunded';
  return (
    <div className={cn('grid gap-3', className)} data-testid="pot-progress">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className={cn('font-bold', compact ? 'text-lg' : 'text-2xl')} data-testid="pot-collected">
          {t('pot.collected', { amount: formatDzd(pot.collected, locale) })}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="pot-target">
          {t('pot.target', { amount: formatDzd(pot.targetAmount, locale) })}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t('pot.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={share}
        aria-valuetext={`${share} %`}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full transition-[width]', reached ? 'bg-success' : ended ? 'bg-muted-foreground/50' : 'bg-primary')} style={{ width: `${share}%` }} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-semibold" data-testid="pot-remaining">
          {reached ? t('pot.reached') : ended ? t(`status.${pot.status}`) : t('pot.remaining', { amount: formatDzd(pot.remaining, locale) })}
        </p>
        <p className="flex items-center gap-3 text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Users aria-hidden className="size-4" />
            {t('pot.contributors', { count: pot.contributorCount })}
          </span>
          {compact ? null : (
            <span className="inline-flex items-center gap-1" data-testid="pot-days-left">
              <CalendarClock aria-hidden className="size-4" />
              {!open ? t('pot.closed') : (pot.daysLeft ?? 0) > 0 ? t('pot.daysLeft', { count: pot.daysLeft }) : t('pot.lastDay')}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
