import type { z } from 'zod';
import type { ZMailboxMessage } from '@farha/contracts/checkout';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { useMailboxTranslation } from '../i18n';

type MailStatus = z.infer<typeof ZMailboxMessage>['status'];

const VARIANTS: Record<MailStatus, BadgeProps['variant']> = {
  pending: 'muted',
  sending: 'secondary',
  sent: 'accent',
  failed: 'destructive',
};

export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { t } = useMailboxTranslation();
  return (
    <Badge variant={VARIANTS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
