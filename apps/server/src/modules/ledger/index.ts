export { approvePayout, availableFor, markFailed, markPaid, payoutOverview, payoutRefusal, requestPayout, toPayoutDto } from './payouts.ts';
export { allTransactions, getTransaction, listTransactions, transactionsCsv } from './transactions.ts';
export { approvePayoutAsFinance, bankTransferBatch, failPayoutAsFinance, listPayoutsForFinance, payPayoutAsFinance } from './payout-processing.ts';
