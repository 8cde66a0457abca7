import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZRemittanceDetail, ZRemittanceFetchRequest, ZRemittanceList } from '@farha/contracts/delivery';
import { ZApiError, zodError } from '@farha/contracts/errors';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { readFileWithFields } from '../../lib/http.ts';
import { confirmRemittance, fetchRemittance, importRemittance, listRemittances, REMITTANCE_FILE_LIMITS, remittanceDetail } from '../../modules/delivery/index.ts';
import { actorOf } from '../shared/actor.ts';
import { parseFields } from '../shared/multipart.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 503: ZApiError };
const ZId = z.object({ id: z.uuid({ error: zodError('REMITTANCE_NOT_FOUND') }) });
const ZListQuery = z.object({ cursor: z.string().max(200).optional() });
const ZFetchBody = z.preprocess((body) => body ?? {}, ZRemittanceFetchRequest);
const invalidDate = { error: zodError('REMITTANCE_DATE') };
/** The text fields of an imported statement (multipart skips the schema: parsed by hand, same errors). */
const ZImportFields = z.object({
  reference: z.string().trim().max(120, { error: zodError('TEXT_TOO_LONG', { max: 120 }) }).optional(),
  statementDate: z
    .string(invalidDate)
    .regex(/^2[01]\d{2}-\d{2}-\d{2}$/, invalidDate)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), invalidDate)
    .optional(),
});

/**
 * /api/admin/remittances (issue 38, docs/product/delivery.md §8): finance
 * imports or fetches a courier's statement, reads its lines and differences, and confirms the reconciliation.
 */
export async function remittanceAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const finance = requireRoles(ADMIN_PAGE_ROLES.remittances);
  const tags = ['admin-remittances'];

  r.get('/remittances', { onRequest: finance, schema: { tags, querystring: ZListQuery, response: { 200: ZRemittanceList, ...errors } } }, async (request) =>
    listRemittances(app.db, request.query),
  );

  r.post('/remittances/import', { onRequest: finance, schema: { tags, response: { 201: ZRemittanceDetail, ...errors } } }, async (request, reply) => {
    const { values, file } = await readFileWithFields(request, ['reference', 'statementDate'], REMITTANCE_FILE_LIMITS.bytes, {
      missing: () => new AppError('REMITTANCE_FILE_TYPE', { field: 'file' }),
      tooLarge: () => new AppError('REMITTANCE_FILE_TOO_BIG', { field: 'file', params: { max: REMITTANCE_FILE_LIMITS.lines } }),
    });
    // A date field left empty is no date (the statement is then dated today).
    const fields = parseFields(ZImportFields, { ...values, statementDate: values.statementDate?.trim() || undefined });
    const detail = await importRemittance(app.db, {
      data: file.data,
      filename: file.filename,
      reference: fields.reference,
      statementDate: fields.statementDate,
      courier: app.config.courier,
      actor: actorOf(request),
      now: app.clock.now(),
    });
    return reply.status(201).send(detail);
  });

  // The button sends no body; a `courier` given must be a courier's name (the configured one answers).
  r.post('/remittances/fetch', { onRequest: finance, schema: { tags, body: ZFetchBody, response: { 201: ZRemittanceDetail, ...errors } } }, async (request, reply) => {
    const detail = await fetchRemittance(app.db, app.courier, { actor: actorOf(request), now: app.clock.now(), courier: request.body.courier });
    return reply.status(201).send(detail);
  });

  r.get('/remittances/:id', { onRequest: finance, schema: { tags, params: ZId, response: { 200: ZRemittanceDetail, ...errors } } }, async (request) =>
    remittanceDetail(app.db, request.params.id),
  );

  r.post('/remittances/:id/confirm', { onRequest: finance, schema: { tags, params: ZId, response: { 200: ZRemittanceDetail, ...errors } } }, async (request) =>
    confirmRemittance(app.db, request.params.id, { actor: actorOf(request), now: app.clock.now() }),
  );
}
