import type { FastifyInstance } from 'fastify';
import { requireRoles } from '../../lib/context.ts';
import { accountRoutes } from './account.ts';
import { basketRoutes } from './basket.ts';
import { clientDisputeRoutes } from './disputes.ts';
import { clientGiftCardRoutes } from './gift-cards.ts';
import { clientGroupGiftRoutes } from './group-gifts.ts';
import { customerHistoryRoutes } from './payments.ts';
import { promoQuoteRoutes } from './promo-quote.ts';
import { reservationRoutes } from './reservations.ts';
import { clientTicketRoutes } from './tickets.ts';
import { customerVoucherRoutes } from './vouchers.ts';
import { clientDeliveryRoutes } from './delivery.ts';

/** /api/client: the customer's area (docs/product/accounts-and-roles.md). Customers only; each record is the caller's. */
export async function clientArea(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireRoles(['customer']));
  for (const routes of [customerVoucherRoutes, reservationRoutes, customerHistoryRoutes, accountRoutes, clientTicketRoutes, clientDisputeRoutes, basketRoutes, promoQuoteRoutes, clientGiftCardRoutes, clientGroupGiftRoutes, clientDeliveryRoutes]) {
    await app.register(routes);
  }
}
