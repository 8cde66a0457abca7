export { loadCalendar, loadDaySlots } from './availability.ts';
export { partnerReservation, partnerReservations } from './partner-views.ts';
export { acceptProposal, assertPartnerInBox, cancelOpenReservationsOfVoucher, cancelReservation, confirmReservation, createReservation, declineReservation, listReservationsForUser, proposeReservation, reservationsByVoucher, runReservationSmsReminders } from './service.ts';
export { closeRedeemedReservations } from './redemption.ts';
