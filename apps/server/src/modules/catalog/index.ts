export { landingRoutes } from './landing-routes.ts';
export { invalidateLandingCache } from './landing.ts';
export { catalogRoutes, favouriteRoutes } from './routes.ts';
export { invalidateCatalogCache, recordReview } from './service.ts';
export { catalogAdminRoutes } from './admin-routes.ts';
