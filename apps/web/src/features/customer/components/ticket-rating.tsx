import { SUPPORT_DESK_MESSAGES, type TTicketDetail } from '@farha/contracts/support';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { useRateTicket } from '../api/support';
import { customerMessage, useCustomerT } from '../i18n';
import { Stars, StarInput } from './star-rating';
import { bilingualMessage } from '@/lib/i18n';

function supportText(source: unknown): string {
  return bilingualMessage(source, SUPPORT_DESK_MESSAGES, customerMessage);
}

/** Once the ticket is resolved or closed, 1 to 5 stars for the answer (issue 14). */
export function TicketRating({ ticket }: { ticket: TTicketDetail }) {
  const { t } = useCustomerT();
  const rate = useRateTicket(ticket.id);
  const [value, setValue] = useState(0);
  if (ticket.status !== 'resolved' && ticket.status !== 'closed') return null;
  if (ticket.satisfaction) {
    return (
      <div className="flex items-center gap-2 text-sm" data-testid="ticket-rated">
        {t('rating.yours')} <Stars rating={ticket.satisfaction} />
      </div>
    );
  }
  return (
    <div className="grid gap-2 rounded-lg border border-border p-3" data-testid="ticket-rating">
      <StarInput value={value} onChange={setValue} legend={t('rating.question')} />
      <Button
        size="sm"
        className="w-fit"
        disabled={value === 0 || rate.isPending}
        onClick={() => rate.mutate(value, { onSuccess: (r) => toast.success(supportText(r.message)), onError: (e) => toast.error(supportText(e)) })}
      >
        {t('rating.submit')}
      </Button>
    </div>
  );
}
