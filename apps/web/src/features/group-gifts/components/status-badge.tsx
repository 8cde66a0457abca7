import type { TGroupGiftStatus } from '@farha/contracts/group-gifts';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useGroupGiftTranslation } from '../i18n';

const VARIANTS: Record<TGroupGiftStatus, BadgeProps['variant']> = {
  open: 'soft',
  funded: 'accent',
  awaiting_choice: 'destructive',
  issued: 'accent',
  refunding: 'muted',
  refunded: 'muted',
  cancelled: 'muted',
};

export function GroupGiftStatusBadge({ status }: { status: TGroupGiftStatus }) {
  const { t } = useGroupGiftTranslation();
  return (
    <Badge variant={VARIANTS[status]} data-testid="group-gift-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
