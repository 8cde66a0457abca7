import type { FastifyInstance } from 'fastify';
import { catalogRoutes, favouriteRoutes } from './catalog.ts';
import { companyRegistrationRoutes } from './company-registration.ts';
import { faqRoutes } from './faq.ts';
import { fileRoutes } from './files.ts';
import { healthRoutes } from './health.ts';
import { invitationRoutes } from './invitations.ts';
import { landingRoutes } from './landing.ts';
import { orderRoutes } from './orders.ts';
import { partnerRegistrationRoutes } from './partner-registration.ts';
import { siteStatusRoutes } from './site-status.ts';
import { trackingRoutes } from './tracking.ts';
import { publicVoucherRoutes, voucherDocumentRoutes } from './vouchers.ts';
import { publicGiftCardRoutes } from './gift-cards.ts';
import { publicGroupGiftRoutes } from './group-gifts.ts';
import { publicDeliveryRoutes } from './delivery.ts';

/**
 * /api: what anyone may call, signed in or not: the catalogue, the site's status, sign-ups, checkout, files
 * and voucher documents. No guard for the area: a handler that needs a caller asks for one (`requireAuth`), and
 * one that serves a record checks it is the caller's.
 */
export async function publicArea(app: FastifyInstance): Promise<void> {
  for (const routes of [
    healthRoutes,
    siteStatusRoutes,
    catalogRoutes,
    favouriteRoutes,
    landingRoutes,
    faqRoutes,
    invitationRoutes,
    partnerRegistrationRoutes,
    companyRegistrationRoutes,
    fileRoutes,
    orderRoutes,
    trackingRoutes,
    voucherDocumentRoutes,
    // Issue 37: a group gift's pot by its link (docs/product/group-gifts.md §3).
    publicGroupGiftRoutes,
  ]) {
    await app.register(routes);
  }
  // /api/public/vouchers/…: a voucher's public page, found by its code.
  await app.register(publicVoucherRoutes, { prefix: '/public' });
  // /api/public/gift-cards/…: the range a gift card may be bought for, and a card's balance by its code (issue 35).
  await app.register(publicGiftCardRoutes, { prefix: '/public' });
  // /api/public/delivery/…: the wilayas, communes, stop desks and fees of a physical box (issue 38).
  await app.register(publicDeliveryRoutes, { prefix: '/public/delivery' });
}
