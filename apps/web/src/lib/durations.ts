import type { TFunction } from '@/lib/i18n-react';

/**
 * A server's uptime in its two largest units, each count in the language's plural form (Arabic:
 * "يومان و3 ساعات", "11 ساعة ودقيقة واحدة"; French: "2 j 3 h"), from the shared `common.duration` strings.
 * A zero second unit is left out ("3 j", "يومان"); under a minute reads "0 min" / "0 دقيقة".
 */
export function formatUptime(seconds: number, t: TFunction): string {
  const total = Math.max(0, Math.floor(seconds));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const d = t('common.duration.days', { count: days });
  const h = t('common.duration.hours', { count: hours });
  const m = t('common.duration.minutes', { count: minutes });
  if (days > 0) return hours > 0 ? t('common.duration.two', { first: d, second: h }) : d;
  if (hours > 0) return minutes > 0 ? t('common.duration.two', { first: h, second: m }) : h;
  return m;
}
