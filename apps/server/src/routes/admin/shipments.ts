import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPackagingStock, ZPackagingStockItem, ZPackagingStockUpdate, ZShipmentActionResponse, ZShipmentBoard, ZShipmentBoardQuery } from '@farha/contracts/delivery';
import { ZApiError, zodError } from '@farha/contracts/errors';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { attachment } from '../../lib/csv.ts';
import { handOverShipment, packagingStockOf, printShipment, setPackagingStock, shipmentBoard, shipmentCardPdf, shipmentLabelPdf } from '../../modules/delivery/index.ts';
import { actorOf } from '../shared/actor.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 503: ZApiError };
const ZId = z.object({ id: z.uuid({ error: zodError('SHIPMENT_NOT_FOUND') }) });
const ZBoxParams = z.object({ boxId: z.uuid({ error: zodError('BOX_NOT_FOUND') }) });
const ZLang = z.object({ lang: z.enum(['fr', 'ar']).optional() });

const sendPdf = (reply: FastifyReply, doc: { filename: string; pdf: Buffer }, inline = false) =>
  reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', inline ? attachment(doc.filename).replace(/^attachment/, 'inline') : attachment(doc.filename))
    .send(doc.pdf);

/**
 * /api/admin/shipments (issue 38, docs/product/delivery.md §7): logistics' board of the
 * physical boxes, the card that goes into each box, the hand-over to the courier and its label, the packaging
 * stock. Logistics and superadmin (ADMIN_PAGE_ROLES.shipments).
 */
export async function shipmentAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const logistics = requireRoles(ADMIN_PAGE_ROLES.shipments);
  const tags = ['admin-shipments'];
  const step = (request: Parameters<typeof actorOf>[0]) => ({ actor: actorOf(request), now: app.clock.now() });

  r.get('/shipments', { onRequest: logistics, schema: { tags, querystring: ZShipmentBoardQuery, response: { 200: ZShipmentBoard, ...errors } } }, async (request) =>
    shipmentBoard(app.db, request.query),
  );

  r.get('/shipments/stock', { onRequest: logistics, schema: { tags, response: { 200: ZPackagingStock, ...errors } } }, async () => packagingStockOf(app.db));

  r.put(
    '/shipments/stock/:boxId',
    { onRequest: logistics, schema: { tags, params: ZBoxParams, body: ZPackagingStockUpdate, response: { 200: ZPackagingStockItem, ...errors } } },
    async (request) => setPackagingStock(app.db, { boxId: request.params.boxId, onHand: request.body.onHand, ...step(request) }),
  );

  r.post('/shipments/:id/print', { onRequest: logistics, schema: { tags, params: ZId, response: { 200: ZShipmentActionResponse, ...errors } } }, async (request) => ({
    shipment: await printShipment(app.db, request.params.id, step(request)),
  }));

  // Opened in a new tab to print: shown inline.
  r.get('/shipments/:id/card.pdf', { onRequest: logistics, schema: { tags, params: ZId, querystring: ZLang } }, async (request, reply) =>
    sendPdf(reply, await shipmentCardPdf(app.db, request.params.id, app.config.publicUrl, request.query.lang), true),
  );

  r.post('/shipments/:id/hand-over', { onRequest: logistics, schema: { tags, params: ZId, response: { 200: ZShipmentActionResponse, ...errors } } }, async (request) => ({
    shipment: await handOverShipment(app.db, app.courier, request.params.id, step(request)),
  }));

  r.get('/shipments/:id/label.pdf', { onRequest: logistics, schema: { tags, params: ZId } }, async (request, reply) =>
    sendPdf(reply, await shipmentLabelPdf(app.db, app.courier, request.params.id), true),
  );
}
