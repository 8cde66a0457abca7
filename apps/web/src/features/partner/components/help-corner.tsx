import { Link, useNavigate } from 'react-router';
import { TicketList } from '@/components/help-centre/tickets';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usePartnerTickets } from '../api/support';
import { usePartnerTranslation } from '../i18n';
import { PartnerNewTicketForm } from '../pages/support-page';
import { usePartnerHelpTexts } from './help-centre-texts';

const ticketsUrl = `${paths.partner.support}?tab=tickets`;

/** The signed-in partner's part of the public help centre (/support): their latest tickets and a new one. */
export function PartnerHelpCorner() {
  const { t } = usePartnerTranslation();
  const texts = usePartnerHelpTexts();
  const tickets = usePartnerTickets();
  const navigate = useNavigate();
  const latest = tickets.data?.tickets.slice(0, 3) ?? [];
  return (
    <section aria-labelledby="help-partner-tickets" className="grid gap-4 lg:grid-cols-2" data-testid="help-partner">
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="help-partner-tickets" className="text-xl font-semibold">
            {t('support.corner.title')}
          </h2>
          <Button asChild variant="link" className="px-0">
            <Link to={ticketsUrl}>{t('support.corner.all')}</Link>
          </Button>
        </div>
        {tickets.isPending ? (
          <Skeleton className="h-24" />
        ) : latest.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t('support.corner.none')}</p>
        ) : (
          <TicketList tickets={latest} onOpen={() => void navigate(ticketsUrl)} texts={texts} />
        )}
      </div>
      <PartnerNewTicketForm onCreated={() => void navigate(ticketsUrl)} />
    </section>
  );
}
