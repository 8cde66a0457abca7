export { accountInvitationEmail, passwordChangedEmail, passwordResetEmail } from './account-emails.ts';
export { asLocale, type Bilingual, escapeHtml, hello, infoEmail, lang, type Lang, layout, type Locale, rich, type Rich, strong, emphasis } from './html.ts';
export { mailboxRoutes } from './mailbox-routes.ts';
export { createMailer, type Mailer, type OutgoingMail } from './mailer.ts';
export { accountLocale, dropPendingVoucherEmails, enqueueEmail, enqueueEmails, type MailHooks, type OutboxAttachments, processOutbox, wakeOutbox } from './outbox.ts';
export { invitationEmail, payoutStatusEmail } from './partner-emails.ts';
export { proposalAcceptedPartnerEmail, reservationCancelledPartnerEmail, reservationConfirmedCustomerEmail, reservationDeclinedCustomerEmail, type ReservationFacts, reservationProposedCustomerEmail, reservationRequestedCustomerEmail, reservationRequestedPartnerEmail } from './reservation-emails.ts';
export { type EmailContent, receiptEmail, type Translated, voucherEmail } from './templates.ts';
export { expiryReminderEmail, paidChangeRefundedEmail, refundRecordedEmail, voucherExtendedEmail } from './voucher-life-emails.ts';
