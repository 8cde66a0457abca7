export { getLanding, invalidateLandingCache } from './landing.ts';
export { findActiveBox, invalidateCatalogCache, listActiveBoxes, recordReview } from './service.ts';
export { createBox, deleteBox, getAdminBox, listAdminBoxes, listAdminOffers, updateBox } from './admin-boxes.ts';
export { getAdminLanding, landingHistory, publishLanding, rollbackLanding, saveLandingDraft } from './admin-landing.ts';
export { subscribeToNewsletter } from './landing.ts';
export { addFavourite, listFavouriteBoxIds, removeFavourite } from './favourites.ts';
export { getBoxSerialized, listBoxesSerialized, listPartnersSerialized } from './service.ts';
