import { randomInt } from 'node:crypto';
import { GIFT_CARD_ALPHABET, GIFT_CARD_CODE_LENGTH, GIFT_CARD_CODE_PREFIX } from '@farha/contracts/gift-cards';

/** docs/product/gift-cards.md §2: `CC-XXXX-XXXX-XXXX`, 12 signs drawn with crypto (60 bits). */
export function generateGiftCardCode(): string {
  let body = '';
  for (let i = 0; i < GIFT_CARD_CODE_LENGTH; i++) body += GIFT_CARD_ALPHABET[randomInt(GIFT_CARD_ALPHABET.length)];
  return `${GIFT_CARD_CODE_PREFIX}-${body.slice(0, 4)}-${body.slice(4, 8)}-${body.slice(8, 12)}`;
}
