import { Link, useNavigate } from 'react-router';
import { TicketList } from '@/components/help-centre/tickets';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useTickets } from '../api/support';
import { useCustomerT } from '../i18n';
import { useCustomerHelpTexts } from './help-centre-texts';
import { NewTicketForm } from './new-ticket-form';

const ticketUrl = (id: string) => `${paths.client.support}?${new URLSearchParams({ tab: 'tickets', ticket: id })}`;

/** The signed-in customer's part of the public help centre (/support): their latest tickets and a new one. */
export function CustomerHelpCorner() {
  const { t } = useCustomerT();
  const texts = useCustomerHelpTexts();
  const tickets = useTickets();
  const navigate = useNavigate();
  const latest = tickets.data?.tickets.slice(0, 3) ?? [];
  return (
    <section aria-labelledby="help-my-tickets" className="grid gap-4 lg:grid-cols-2" data-testid="help-customer">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="help-my-tickets" className="text-xl font-semibold">
            {t('support.corner.title')}
          </h2>
          <Button asChild variant="link" className="px-0">
            <Link to={`${paths.client.support}?tab=tickets`}>{t('support.corner.all')}</Link>
          </Button>
        </div>
        {tickets.isPending ? (
          <Skeleton className="h-24" />
        ) : latest.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t('support.corner.none')}</p>
        ) : (
          <TicketList tickets={latest} onOpen={(id) => void navigate(ticketUrl(id))} texts={texts} />
        )}
      </div>
      <NewTicketForm onCreated={(id) => void navigate(ticketUrl(id))} />
    </section>
  );
}
