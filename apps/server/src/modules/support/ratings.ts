import { and, eq, inArray } from 'drizzle-orm';
import { type TTicketDetail } from '@farha/contracts/support';
import type { Db } from '../../db/client.ts';
import { supportTickets } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { publishDeskChange } from './live.ts';
import { getTicket, type TicketOwner } from './tickets.ts';

/** After resolution the requester rates the answer 1 to 5 (issue 14); rating again replaces the note. */
export async function rateTicket(db: Db, owner: TicketOwner, id: string, rating: number, now: Date): Promise<TTicketDetail> {
  const ticket = await getTicket(db, owner, id); // 404 unless the owner's
  if (ticket.status !== 'resolved' && ticket.status !== 'closed') throw new AppError('TICKET_NOT_RESOLVED');
  await db.transaction(async (tx) => {
    const [rated] = await tx
      .update(supportTickets)
      .set({ satisfaction: rating, updatedAt: now })
      .where(and(eq(supportTickets.id, id), inArray(supportTickets.status, ['resolved', 'closed'])))
      .returning({ status: supportTickets.status });
    if (rated) await publishDeskChange(tx, { ticketId: id, change: 'ticket_rated', status: rated.status, now });
  });
  return getTicket(db, owner, id);
}
