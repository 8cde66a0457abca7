import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZHistoryQuery, ZHistoryResponse, ZOrderIdParams } from '@farha/contracts/customer';
import { ZApiError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { loadHistory } from '../../modules/payments/index.ts';
import { invoiceNumber, loadInvoice, renderInvoicePdf } from '../../modules/payments/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Purchase history and invoices (docs/product/storefront.md §10), under /api/client (customer role). */
export async function customerHistoryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/history',
    { schema: { tags: ['client'], querystring: ZHistoryQuery, response: { 200: ZHistoryResponse, ...errors } } },
    async (request) => loadHistory(app.db, requireAuth(request).userId, app.clock.now(), request.query),
  );

  r.get(
    '/orders/:id/invoice.pdf',
    { schema: { tags: ['client'], params: ZOrderIdParams } },
    async (request, reply) => {
      const data = await loadInvoice(app.db, requireAuth(request).userId, request.params.id);
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="facture-${invoiceNumber(data.order)}.pdf"`)
        .send(await renderInvoicePdf(data));
    },
  );
}
