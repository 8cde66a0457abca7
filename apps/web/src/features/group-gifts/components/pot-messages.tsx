import type { TGroupGiftPublic } from '@farha/contracts/group-gifts';
import { formatDzd } from '@farha/contracts/money';
import { MessageCircleHeart } from 'lucide-react';
import { useGroupGiftTranslation } from '../i18n';

/** The contributions as the page shows them: a name (or « Anonyme »), the amount when the organiser shows it, the message. */
export function PotMessages({ contributions }: { contributions: TGroupGiftPublic['contributions'] }) {
  const { t, locale } = useGroupGiftTranslation();
  if (contributions.length === 0) return <p className="text-sm text-muted-foreground">{t('pot.noMessages')}</p>;
  return (
    <ul className="grid gap-3" data-testid="pot-messages">
      {contributions.map((c, index) => (
        <li key={`${c.paidAt}-${index}`} className="rounded-xl border border-border bg-card p-3 text-sm" data-testid="pot-message">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="flex items-center gap-1.5 font-semibold">
              <MessageCircleHeart aria-hidden className="size-4 shrink-0 text-primary" />
              {c.name ?? t('pot.anonymous')}
            </span>
            {c.amount !== null ? <span className="text-muted-foreground">{formatDzd(c.amount, locale)}</span> : null}
          </p>
          {c.message ? <p dir="auto" className="mt-1.5 whitespace-pre-line text-pretty [overflow-wrap:anywhere]">{c.message}</p> : null}
        </li>
      ))}
    </ul>
  );
}
