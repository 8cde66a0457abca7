/**
 * Promotions and promo codes (issue 35, docs/product/promotions.md): the rules of a code at checkout, the
 * uses it keeps under lock, the codes it generates and the back office's pages. The checkout calls
 * quoteDiscount, then holdRedemption in its transaction; the payment's outcome calls confirmRedemption or
 * releaseRedemption.
 */
export { quoteDiscount, holdRedemption, attachRedemption, confirmRedemption, confirmRedemptionById, releaseRedemption, releaseRedemptionById } from './redeem.ts';
export type { Quote, QuoteRequest, HeldRedemption } from './redeem.ts';
export type { QuoteLine, EligibleLine } from './rules.ts';
export { discountOf, allocate } from './rules.ts';
export { generateCodes, promotionCodesCsv } from './codes.ts';
export { findPublicPromotion, isPromotionLive, type PublicPromotion } from './public-codes.ts';
export {
  changePromotionStatus,
  createPromotion,
  generatePromotionCodes,
  getPromotion,
  listPromotions,
  liveRedemptionsOf,
  promotionCompanyChoices,
  promotionStats,
  updatePromotion,
} from './admin.ts';
