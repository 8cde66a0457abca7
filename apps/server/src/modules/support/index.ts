export { clientTicketRoutes, ownTicketRoutes, parseFields, readForm } from './client-routes.ts';
export { faqRoutes } from './faq-routes.ts';
export { supportRoutes } from './routes.ts';
export { type AttachmentUrl, createTicket, findTicketAttachment, getTicket, listTickets, replyToTicket } from './tickets.ts';
export { clientDisputeRoutes, partnerDisputeRoutes } from './support-routes.ts';
export { addBusinessMinutes, BUSINESS_MINUTES_PER_WEEK, businessMinutesBetween } from './business-hours.ts';
export { ticketSla } from './desk.ts';
export { disputeUpdateEmail, ticketReplyEmail } from './emails.ts';
