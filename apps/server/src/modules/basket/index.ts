export { addBasketLine, getBasket, mergeBasket, removeBasketLine, updateBasketLine } from './lines.ts';
export { checkoutBasket, quoteBasketGiftCard, quoteBasketPromo } from './checkout.ts';
export { fulfilBasketPayment } from './fulfil.ts';
