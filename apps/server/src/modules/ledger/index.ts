export { approvePayout, availableFor, pendingPayoutNet, markFailed, markPaid, payoutOverview, payoutRefusal, requestPayout, toPayoutDto } from './payouts.ts';
export { allTransactions, getTransaction, listTransactions, transactionBatches, transactionsCsv, transactionsCsvStream } from './transactions.ts';
export { approvePayoutAsFinance, bankTransferBatch, failPayoutAsFinance, listPayoutsForFinance, payPayoutAsFinance } from './payout-processing.ts';
export { cycleCutoff, MONTHLY_PAYOUT_DAY, proposeDuePayouts } from './auto-payouts.ts';
export { redemptionLedgerRows } from './redemption.ts';
export { partnerPayouts } from './payouts.ts';
export { announceRateToFinance, rateChangedEmail } from './rate-announcements.ts';
