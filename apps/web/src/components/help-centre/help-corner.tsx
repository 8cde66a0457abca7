import type { TTicketSummary } from '@farha/contracts/support';
import type { ComponentType } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TicketList } from './tickets';
import type { HelpCentreTexts } from './texts';

interface HelpCornerProps {
  /** The section's heading id and test id: one pair per audience (`help-my-tickets`, `help-customer`). */
  headingId: string;
  testId: string;
  /** The reader's tickets (their area's GET …/tickets). */
  tickets: { data: { tickets: TTicketSummary[] } | undefined; isPending: boolean };
  texts: HelpCentreTexts;
  /** Their area's tickets tab, and where one ticket opens (the partner's tab shows them all). */
  allUrl: string;
  ticketUrl: (id: string) => string;
  /** Their area's new-ticket form; the reader is taken to the ticket once it is sent. */
  NewTicketForm: ComponentType<{ onCreated: (id: string) => void }>;
}

/** The signed-in reader's part of the public help centre (/support): their latest tickets and a new one. */
export function HelpCorner({ headingId, testId, tickets, texts, allUrl, ticketUrl, NewTicketForm }: HelpCornerProps) {
  const { t } = texts;
  const navigate = useNavigate();
  const open = (id: string) => void navigate(ticketUrl(id));
  const latest = tickets.data?.tickets.slice(0, 3) ?? [];
  return (
    <section aria-labelledby={headingId} className="grid gap-4 lg:grid-cols-2" data-testid={testId}>
      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={headingId} className="text-xl font-semibold">
            {t('corner.title')}
          </h2>
          <Button asChild variant="link" className="px-0">
            <Link to={allUrl}>{t('corner.all')}</Link>
          </Button>
        </div>
        {tickets.isPending ? (
          <Skeleton className="h-24" />
        ) : latest.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">{t('corner.none')}</p>
        ) : (
          <TicketList tickets={latest} onOpen={open} texts={texts} />
        )}
      </div>
      <NewTicketForm onCreated={open} />
    </section>
  );
}
