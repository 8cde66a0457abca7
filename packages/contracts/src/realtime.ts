// Issue 36 (docs/product/realtime.md): what /api/stream pushes. Zod-free: the web's stream hook reads these
// names on every page of the signed-in areas.

/** The topics of the events a stream carries, each with its payload (ids and statuses only, never text). */
export type TRealtimePayloads = {
  /** A notification was added to the reader's feed (the partner portal's bell). */
  'partner.notification': { notificationId: string | null };
  /**
   * A reservation of the reader's partner was made or changed (the reservations inbox): `change` is
   * reservation_requested, reservation_cancelled or reservation_date_accepted (the customer's), or
   * reservation_confirmed, reservation_declined or reservation_proposed (a member's answer).
   */
  'partner.reservation': { reservationId: string; change: string };
  /** A payment of the reader's order changed status (the checkout's return page). */
  'order.payment': { orderId: string; status: string };
  /**
   * A ticket of the support desk's queue changed (the desk's queue and KPIs): `change` is ticket_created,
   * requester_replied, requester_closed or ticket_rated (the customer's or partner's), or ticket_assigned or
   * agent_replied (an agent's); `status` is the ticket's status after it.
   */
  'support.ticket': { ticketId: string; change: string; status: string };
  /**
   * A dispute of the desk changed, or a goodwill gift card was given (the desk's disputes, dashboard and the
   * ticket or dispute it was given from): `change` is dispute_opened, partner_responded, dispute_resolved or
   * goodwill_issued; `status` is the dispute's status after it (null for a card given from a ticket).
   */
  'support.dispute': { disputeId: string | null; ticketId: string | null; change: string; status: string | null };
  /**
   * The back office's figures changed (the admin dashboard's and analytics' live tiles): `change` is
   * payment_paid, payment_failed, voucher_redeemed, customer_registered, payout_requested, payout_updated or
   * kyc_submitted.
   */
  'admin.figures': { change: string };
  /** The reader's partner's figures changed (the partner dashboard's scans and revenue): `change` is scan or payout. */
  'partner.figures': { change: string };
  /** The reader's company order moved (the order page's progress bar): its status and the vouchers issued so far. */
  'company.order': { orderId: string; status: string; issued: number };
  /** A voucher of the reader's order was delivered, its e-mail accepted (the success page stops waiting). */
  'order.voucher': { orderId: string; voucherId: string; status: string };
  /**
   * The settings behind GET /api/site changed (maintenance, contact, payment options): every signed-in page reads it
   * again. Visitors, who have no stream, keep reading it every minute.
   */
  'site.status': { change: string };
  /** Live chat (docs/product/live-chat.md), to the desk: a chat was queued, accepted, transferred, ended or missed. */
  'chat.queue': { chatId: string; status: 'waiting' | 'active' | 'ended' | 'missed' };
  /** To the chat's requester and its adviser: a message was added (the page reads the messages). */
  'chat.message': { chatId: string; messageId: string };
  /** To the other side: `side` is typing (at most one event per 2 s). */
  'chat.typing': { chatId: string; side: 'agent' | 'requester' };
  /** To the other side: `side` has read the chat up to `at`. */
  'chat.read': { chatId: string; side: 'agent' | 'requester'; at: string };
  /** To the requester and the adviser: the chat's status changed (accepted, transferred, ended, missed). */
  'chat.status': { chatId: string; status: 'waiting' | 'active' | 'ended' | 'missed' };
};
export type TRealtimeTopic = keyof TRealtimePayloads;
export const REALTIME_TOPICS = [
  'partner.notification',
  'partner.reservation',
  'order.payment',
  'support.ticket',
  'support.dispute',
  'admin.figures',
  'partner.figures',
  'company.order',
  'order.voucher',
  'site.status',
  'chat.queue',
  'chat.message',
  'chat.typing',
  'chat.read',
  'chat.status',
] as const satisfies readonly TRealtimeTopic[];

/** The SSE event of a published event: `event: <topic>`, `id: <seq>`, `data: <this as JSON>`. */
export type TRealtimeMessage<T extends TRealtimeTopic = TRealtimeTopic> = { seq: number; topic: T; payload: TRealtimePayloads[T]; at: string };

/** The event a stream sends when it opens (and after a resume): the browser refetches what it shows once. */
export const REALTIME_READY_EVENT = 'ready';
/** Sent when more events were missed than a resume replays: the browser refetches everything it shows. */
export const REALTIME_RESET_EVENT = 'reset';
