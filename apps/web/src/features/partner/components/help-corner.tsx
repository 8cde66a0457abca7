import { HelpCorner } from '@/components/help-centre/help-corner';
import { paths } from '@/config/paths';
import { usePartnerTickets } from '../api/support';
import { PartnerNewTicketForm } from '../pages/support-page';
import { usePartnerHelpTexts } from './help-centre-texts';

// The partner's tickets tab lists them all: a ticket of the corner opens the tab.
const ticketsUrl = `${paths.partner.support}?tab=tickets`;

/** The signed-in partner's part of the public help centre (/support): their latest tickets and a new one. */
export function PartnerHelpCorner() {
  return (
    <HelpCorner
      headingId="help-partner-tickets"
      testId="help-partner"
      tickets={usePartnerTickets()}
      texts={usePartnerHelpTexts()}
      allUrl={ticketsUrl}
      ticketUrl={() => ticketsUrl}
      NewTicketForm={PartnerNewTicketForm}
    />
  );
}
