import type { TGroupGiftPublic } from '@farha/contracts/group-gifts';
import { formatDzd } from '@farha/contracts/money';
import { CalendarHeart, Gift } from 'lucide-react';
import { BoxImage } from '@/components/domain/box-image';
import { formatDay } from '@/lib/dates';
import { localized } from '@/lib/localized';
import { useGroupGiftTranslation } from '../i18n';

type Summary = Pick<TGroupGiftPublic, 'box' | 'giftCardAmount' | 'targetAmount' | 'deliverOn'>;

/** What the pot buys: the box (picture, name) or the gift card's amount, and the day it is sent. */
export function PotGift({ pot }: { pot: Summary }) {
  const { t, locale } = useGroupGiftTranslation();
  const name = pot.box ? localized(pot.box.name, pot.box.nameAr, locale) : null;
  return (
    <div className="flex items-center gap-3" data-testid="pot-gift">
      <div className="size-16 shrink-0 overflow-hidden rounded-xl sm:size-20">
        {pot.box ? <BoxImage src={pot.box.imageUrl} className="size-full object-cover" /> : <BoxImage src={null} placeholder="brand" className="size-full" />}
      </div>
      <div className="grid min-w-0 gap-1 text-sm">
        <p className="flex items-start gap-1.5 font-semibold">
          <Gift aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="min-w-0 text-pretty">{name ? t('pot.boxGift', { name }) : t('pot.cardGift', { amount: formatDzd(pot.giftCardAmount ?? pot.targetAmount, locale) })}</span>
        </p>
        <p className="flex items-center gap-1.5 text-muted-foreground">
          <CalendarHeart aria-hidden className="size-4 shrink-0" />
          {t('pot.deliverOn', { date: formatDay(pot.deliverOn, locale) })}
        </p>
      </div>
    </div>
  );
}
