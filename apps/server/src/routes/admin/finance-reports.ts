import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZGiftCardReport, ZPromotionReport, ZPromotionReportQuery, ZReportPeriodQuery } from '@farha/contracts/finance-reports';
import { ADMIN_PAGE_ROLES, type TRole } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { attachment } from '../../lib/csv.ts';
import { giftCardMovementsCsv, giftCardReport, giftCardReportCsv, promotionReport, promotionReportCsv } from '../../modules/analytics/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError };

/**
 * Issue 35, « Finance and analytics »: the figures of promo codes and gift cards over a period of Algiers days
 * (docs/product/promotions.md §14, docs/product/gift-cards.md §10), as JSON for the back office's pages and as
 * CSV streamed page by page. Promo codes: finance and marketing (superadmin, finance, catalog_admin); gift
 * cards, a liability: finance (superadmin, finance).
 */
export const PROMOTION_REPORT_ROLES = [...new Set<TRole>([...ADMIN_PAGE_ROLES.analytics, ...ADMIN_PAGE_ROLES.promotions])];
export const GIFT_CARD_REPORT_ROLES = ADMIN_PAGE_ROLES.analytics;

export async function financeReportRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const promotionReaders = requireRoles(PROMOTION_REPORT_ROLES);
  const finance = requireRoles(GIFT_CARD_REPORT_ROLES);
  const tags = ['admin-analytics'];
  const csvHeaders = (filename: string) => ({
    'content-type': 'text/csv; charset=utf-8',
    'cache-control': 'private, no-store',
    'content-disposition': attachment(filename),
  });

  r.get(
    '/analytics/promotions',
    { onRequest: promotionReaders, schema: { tags, querystring: ZPromotionReportQuery, response: { 200: ZPromotionReport, ...errors } } },
    async (request) => promotionReport(app.db, { now: app.clock.now(), query: request.query }),
  );
  r.get(
    '/analytics/promotions.csv',
    { onRequest: promotionReaders, schema: { tags, querystring: ZPromotionReportQuery } },
    async (request, reply) => {
      const { period, csv } = await promotionReportCsv(app.db, { now: app.clock.now(), query: request.query });
      const which = request.query.promotionId ? `-${request.query.promotionId.slice(0, 8)}` : '';
      return reply.headers(csvHeaders(`farha-codes-promo${which}-${period.from}-${period.to}.csv`)).send(csv);
    },
  );
  r.get(
    '/analytics/gift-cards',
    { onRequest: finance, schema: { tags, querystring: ZReportPeriodQuery, response: { 200: ZGiftCardReport, ...errors } } },
    async (request) => giftCardReport(app.db, { now: app.clock.now(), query: request.query }),
  );
  r.get(
    '/analytics/gift-cards.csv',
    { onRequest: finance, schema: { tags, querystring: ZReportPeriodQuery } },
    async (request, reply) => {
      const report = await giftCardReport(app.db, { now: app.clock.now(), query: request.query });
      return reply.headers(csvHeaders(`farha-cartes-cadeaux-${report.from}-${report.to}.csv`)).send(giftCardReportCsv(report));
    },
  );
  r.get(
    '/analytics/gift-cards/movements.csv',
    { onRequest: finance, schema: { tags, querystring: ZReportPeriodQuery } },
    async (request, reply) => {
      const { period, csv } = await giftCardMovementsCsv(app.db, { now: app.clock.now(), query: request.query });
      return reply.headers(csvHeaders(`farha-cartes-cadeaux-mouvements-${period.from}-${period.to}.csv`)).send(csv);
    },
  );
}
