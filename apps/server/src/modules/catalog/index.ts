export { landingRoutes } from './landing-routes.ts';
export { getLanding, invalidateLandingCache } from './landing.ts';
export { catalogRoutes, favouriteRoutes } from './routes.ts';
export { findActiveBox, invalidateCatalogCache, listActiveBoxes, recordReview } from './service.ts';
export { catalogAdminRoutes } from './admin-routes.ts';
