import { HelpCorner } from '@/components/help-centre/help-corner';
import { paths } from '@/config/paths';
import { useTickets } from '../api/support';
import { useCustomerHelpTexts } from './help-centre-texts';
import { NewTicketForm } from './new-ticket-form';

const ticketUrl = (id: string) => `${paths.client.support}?${new URLSearchParams({ tab: 'tickets', ticket: id })}`;

/** The signed-in customer's part of the public help centre (/support): their latest tickets and a new one. */
export function CustomerHelpCorner() {
  return (
    <HelpCorner
      headingId="help-my-tickets"
      testId="help-customer"
      tickets={useTickets()}
      texts={useCustomerHelpTexts()}
      allUrl={`${paths.client.support}?tab=tickets`}
      ticketUrl={ticketUrl}
      NewTicketForm={NewTicketForm}
    />
  );
}
