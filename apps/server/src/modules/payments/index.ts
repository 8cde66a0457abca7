export type { PaidOrder } from './fulfilment.ts';
export { createPaymentProviders, type PaymentProviders } from './providers/registry.ts';
export { reconcilePendingPayments } from './reconcile.ts';
export { createCompanyCheckout, createServiceOrder } from './service.ts';
export { createFreeExchangeOrder, lockOrders, markOrderFulfilled, markOrdersRefunded, markOrdersRefundedWhenPaidBack, recordRefunds, refundsRecorded, type RefundRequest } from './order-changes.ts';
export { signWebhook } from './signature.ts';
export { gatewayRefundable, listRefunds, recordManualRefundTransfer, refundSettledEmail, refundThroughGateway, settleRefund } from './refund-processing.ts';
export { chargeOf, refundShare } from './charge.ts';
export { listPayments } from './payments-list.ts';
export { recordWebhookEvent } from './webhook-events.ts';
export { applyCheckoutStatus, createOrder, getOrderForPurchaser } from './service.ts';
export { expireIfOverdue } from './providers/sandbox.ts';
export { loadHistory } from './history.ts';
export { invoiceNumber, loadInvoice, renderInvoicePdf } from './invoice.ts';
export { type SandboxCheckout, settleSandboxCheckout } from './providers/sandbox.ts';
export { basketGifts, basketOrderWithKey, type BasketGift, type BasketPayment, createBasketOrders, findBasketCheckout, payBasketByGiftCard, linesAlreadyPaid, markBasketGiftsPaid, openBasketCheckout } from './basket.ts';
export { deliveryMoment } from './delivery-date.ts';
export { orderPromoCode, orderPromoCodes, quoteBoxPromo, quotePromo } from './promo.ts';
// Issue 35: the gift cards' purchase goes through the box's checkout (docs/product/gift-cards.md §3).
export { planCharge } from './charge.ts';
export { checkoutEvent, openCheckout, openSmsOrders } from './service.ts';
export { insertGiftCardOrder } from './gift-card-order.ts';
// Issue 35: a gift card pays all or part of an order (docs/product/gift-cards.md §4, §5).
export { creditOrderGiftCards, giftCardParts, giftCardQuote, orderGiftCardOpen, quoteBoxGiftCard } from './gift-card-payment.ts';
export { type GiftCardLedger, orderGiftCardCode as orderGiftCardLabel, useGiftCardLedger } from './gift-card-ledger.ts';
// Issue 37: a group gift's contributions and the gift its pot buys (docs/product/group-gifts.md §3, §6).
export { GROUP_GIFT_REFUND, insertContributionOrder, insertPotPaidOrder, refundContributionOrder } from './group-gift-order.ts';
export { GATEWAY_REFUSED } from './refund-processing.ts';
// Issue 38: a physical box's order, changed by the delivery module (docs/product/delivery.md §3, §6).
export { cancelCashOrder, confirmCashOrder, expireCashOrder, expireUnconfirmedCashOrders, lockOrder, markCashOrderPaid, refundReturnedParcel } from './physical-order.ts';
export { type PhysicalDelivery } from './service.ts';
