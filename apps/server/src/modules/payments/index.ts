export type { PaidOrder } from './fulfilment.ts';
export { customerHistoryRoutes } from './history-routes.ts';
export { createPaymentProviders, type PaymentProviders } from './providers/registry.ts';
export { reconcilePendingPayments } from './reconcile.ts';
export { orderRoutes, webhookRoutes } from './routes.ts';
export { sandboxPageRoutes } from './sandbox-page.ts';
export { createServiceOrder } from './service.ts';
export { signWebhook } from './signature.ts';
export { gatewayRefundable, listRefunds, refundSettledEmail, refundThroughGateway, settleRefund } from './refund-processing.ts';
