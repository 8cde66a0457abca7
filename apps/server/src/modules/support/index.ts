export { type AttachmentUrl, createTicket, findTicketAttachment, getTicket, listTickets, replyToTicket } from './tickets.ts';
export { addBusinessMinutes, BUSINESS_MINUTES_PER_WEEK, businessMinutesBetween } from './business-hours.ts';
export { ticketSla } from './desk.ts';
export { disputeUpdateEmail, ticketReplyEmail } from './emails.ts';
export { listFaq, recordFaqView, voteFaq } from './faq.ts';
export { partnerDiagnostics, searchPartners, searchUsers, userDiagnostics } from './diagnostics.ts';
export { supportExtendVoucher, supportLiftLoginLock, supportPasswordReset, supportResendVoucher } from './user-actions.ts';
export { createKb, deleteKb, listKb, updateKb } from './faq.ts';
export { agentProfile, supportReport, updateAgentProfile } from './reports.ts';
export { createCanned, deleteCanned, listCanned, updateCanned } from './canned.ts';
export { assignTicket, getDeskTicket, listDeskTickets, replyAsAgent, supportOverview } from './desk.ts';
export { customerDisputes, getDispute, listDisputes, openDispute, openDisputeFromTicket, partnerDisputes, resolveDispute, respondAsPartner } from './disputes.ts';
export { rateTicket } from './ratings.ts';
export { closeTicket, type TicketOwner, type UploadedFile } from './tickets.ts';
export { disputeGoodwillCards, goodwillCardPdf, issueGoodwillFromDispute, issueGoodwillFromTicket, ticketGoodwillCards } from './goodwill.ts';
// Issue 36: the live chat (docs/product/live-chat.md).
export {
  addChatMessage,
  audienceOfRole,
  type ChatCaller,
  chatAvailability,
  currentChat,
  endChat,
  hashChatToken,
  rateChat,
  requesterAttachment,
  requesterAttachmentUrl,
  requesterChat,
  requesterMessages,
  requesterRead,
  requesterTyping,
  runChatFallback,
  sendTranscript,
  startChat,
  visitorChatOf,
} from './chat.ts';
export {
  acceptChat,
  agentEnd,
  agentMessage,
  agentRead,
  agentTyping,
  chatAgentList,
  deskChat,
  deskChatSummary,
  deskMessages,
  listDeskChats,
  setChatPresence,
  transferChat,
} from './chat-desk.ts';
