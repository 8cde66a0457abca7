// The gift cards' domain (issue 35, docs/product/gift-cards.md): the only writer of gift_cards and gift_card_movements.
export { giftCardBalance } from './balance.ts';
export { generateGiftCardCode } from './code.ts';
import { useGiftCardLedger } from '../payments/index.ts';
import { confirmGiftCardHolds, creditGiftCardRefund, giftCardCodesOfOrders, holdGiftCard, peekGiftCard, releaseGiftCardHolds } from './ledger.ts';

export {
  confirmGiftCardHolds,
  creditGiftCardRefund,
  expireGiftCards,
  type GiftCardHold,
  holdGiftCard,
  giftCardCodesOfOrders,
  isPastExpiry,
  lastValidDay,
  peekGiftCard,
  releaseGiftCardHolds,
} from './ledger.ts';
export { createGiftCardOrder, fulfilGiftCardOrder, giftCardOffer, giftCardOrderForPurchaser, giftCardPdfForPurchaser } from './purchase.ts';
export { giftCardBalanceLink, renderGiftCardPdf, withGiftCardAttachments } from './pdf.ts';
export { assertGoodwillAmount, goodwillCeiling, goodwillGiftCardPdf, goodwillGiftCards, issueGoodwillGiftCard, toGoodwillGiftCard, agentName } from './goodwill.ts';
export { remindGiftCards } from './reminders.ts';

// Issue 35 (docs/product/gift-cards.md §4): the box's and the basket's checkouts spend cards through payments,
// which cannot import this module (it imports payments): the ledger is handed in once, when this module loads.
useGiftCardLedger({
  hold: holdGiftCard,
  confirm: confirmGiftCardHolds,
  release: releaseGiftCardHolds,
  credit: creditGiftCardRefund,
  peek: peekGiftCard,
  codesOf: giftCardCodesOfOrders,
});
