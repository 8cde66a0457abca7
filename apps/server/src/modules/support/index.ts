export { clientTicketRoutes, parseFields, readForm } from './client-routes.ts';
export { faqRoutes } from './faq-routes.ts';
export { supportRoutes } from './routes.ts';
export { type AttachmentUrl, createTicket, findTicketAttachment, getTicket, listTickets, replyToTicket } from './tickets.ts';
export { clientDisputeRoutes, partnerDisputeRoutes } from './support-routes.ts';
