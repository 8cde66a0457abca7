import { Inbox } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TicketDialog, TicketList, type TicketApi } from '@/components/help-centre/tickets';
import { useCloseTicket, useReplyToTicket, useTicket, useTickets } from '../api/support';
import { useCustomerT } from '../i18n';
import { useCustomerHelpTexts } from './help-centre-texts';
import { TicketRating } from './ticket-rating';

const CUSTOMER_TICKETS: TicketApi = { useTicket, useReply: useReplyToTicket, useClose: useCloseTicket };

/** "Mes tickets": the customer's tickets, newest activity first; a row opens the conversation. */
export function TicketsTab({ onCreate, openId, onOpenChange }: { onCreate: () => void; openId: string | null; onOpenChange: (id: string | null) => void }) {
  const { t } = useCustomerT();
  const texts = useCustomerHelpTexts();
  const tickets = useTickets();

  if (tickets.isPending) {
    return (
      <div className="grid gap-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  }
  if (tickets.isError) {
    return (
      <Alert variant="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          {t('support.tickets.loadError')}
          <Button size="sm" variant="outline" onClick={() => void tickets.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      </Alert>
    );
  }
  return (
    <>
      {tickets.data.tickets.length === 0 ? (
        <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center" data-testid="tickets-empty">
          <Inbox aria-hidden className="size-10 text-muted-foreground" />
          <p className="text-lg font-semibold">{t('support.tickets.emptyTitle')}</p>
          <p className="max-w-md text-sm text-muted-foreground">{t('support.tickets.emptyText')}</p>
          <Button onClick={onCreate}>{t('support.tickets.create')}</Button>
        </div>
      ) : (
        <TicketList tickets={tickets.data.tickets} onOpen={onOpenChange} texts={texts} />
      )}
      <TicketDialog
        ticketId={openId}
        onOpenChange={(open) => !open && onOpenChange(null)} api={CUSTOMER_TICKETS}
        texts={texts}
        closeTexts={{ close: t('support.ticket.close'), confirm: t('support.ticket.closeConfirm'), cancel: t('common.cancel') }}
        afterThread={(ticket) => <TicketRating ticket={ticket} />}
      />
    </>
  );
}

