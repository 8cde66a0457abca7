import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminCompanyOrderQuery, ZAdminCompanyQuery, ZCheckResult, ZCheckRowsRequest, ZCompanyBoxChoices, ZCompanyInvite, ZCompanyDocuments, ZCompanyMe, ZCompanyOrder, ZCompanyOrderPage, ZInvoicePage, ZIssueProgress, ZMoveRecipient, ZPlaceOrderRequest, ZRecipientInput, ZRecipientPage, ZRecipientQuery } from '@farha/contracts/company';
import { ZAdminIdParams } from '@farha/contracts/admin';
import { ZApiError, zodError } from '@farha/contracts/errors';
import { requireAuth } from '../../lib/context.ts';
import { attachment } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { readFileWithField, readSingleFile } from '../../lib/http.ts';
import { MAX_UPLOAD_BYTES } from '../../modules/files/index.ts';
import { sendPrivateFile } from '../shared/send-file.ts';
import { companyDocumentFile, listCompanyDocuments, uploadCompanyDocument } from '../../modules/companies/index.ts';
import { wakeOutbox } from '../../modules/notifications/index.ts';
import { companyMe, inviteBuyer, membershipOf } from '../../modules/companies/index.ts';
import { listInvoices, renderCompanyDocument } from '../../modules/companies/index.ts';
import { callerOrder, listOrders, orderDto, placeOrder } from '../../modules/companies/index.ts';
import { exportRecipientsCsv, listRecipients, moveRecipient, resendRecipient } from '../../modules/companies/index.ts';
import { checkRecipientRows, companyBoxChoices, quoteCompanyPromo, readRecipientFile, recipientTemplateCsv } from '../../modules/companies/index.ts';
import { RESEND_RATE_LIMIT } from '../../modules/vouchers/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZId = ZAdminIdParams;
const ZLineParams = ZId.extend({ lineId: z.uuid({ error: zodError('RECIPIENT_NOT_FOUND') }) });
const ZLang = z.object({ lang: z.enum(['fr', 'ar']).default('fr') });
/** 5,000 rows as JSON stay well under this. */
const ROWS_BODY_LIMIT = 8 * 1024 * 1024;

const ctxOf = (app: FastifyInstance) => ({ now: app.clock.now(), publicUrl: app.config.publicUrl });
const localeOf = (request: FastifyRequest): 'fr' | 'ar' => (String(request.headers['accept-language'] ?? '').startsWith('ar') ? 'ar' : 'fr');
const sendPdf = (reply: FastifyReply, doc: { filename: string; pdf: Buffer }) =>
  reply.type('application/pdf').header('cache-control', 'private, no-store').header('content-disposition', attachment(doc.filename)).send(doc.pdf);

/** The company's area, under /api/company (company_admin, company_buyer): each route reads the caller's own company only. */
export async function companyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const companyId = async (request: FastifyRequest) => (await membershipOf(app.db, requireAuth(request).userId)).company.id;

  r.get('/me', { schema: { tags: ['company'], response: { 200: ZCompanyMe, ...errors } } }, async (request) => companyMe(app.db, requireAuth(request).userId));

  r.post('/members', { schema: { tags: ['company'], body: ZCompanyInvite, response: { 201: z.object({ userId: z.string() }), ...errors } } }, async (request, reply) => {
    const created = await inviteBuyer(app.db, requireAuth(request), request.body, ctxOf(app));
    return reply.status(201).send({ userId: created.id });
  });

  r.get('/documents', { schema: { tags: ['company'], response: { 200: ZCompanyDocuments, ...errors } } }, async (request) => ({
    documents: await listCompanyDocuments(app.db, await companyId(request)),
  }));

  // multipart/form-data: field `type` (rc, nif, statuts) and one file (PDF, JPEG or PNG).
  // The company's legal documents are its admin's to send (ADR 015, issue 32): a buyer reads them, refused before the file is read.
  r.post('/documents', { schema: { tags: ['company'], consumes: ['multipart/form-data'], response: { 201: ZCompanyDocuments, ...errors } } }, async (request, reply) => {
    const { company, memberRole } = await membershipOf(app.db, requireAuth(request).userId);
    if (memberRole !== 'admin') throw new AppError('COMPANY_ADMIN_ONLY');
    const id = company.id;
    const { value: type, file } = await readFileWithField(request, 'type', MAX_UPLOAD_BYTES, () => new AppError('FILE_MISSING', { field: 'file' }));
    await uploadCompanyDocument(app.db, app.storage, { companyId: id, userId: requireAuth(request).userId, type, data: file.data, filename: file.filename, now: app.clock.now() });
    return reply.status(201).send({ documents: await listCompanyDocuments(app.db, id) });
  });

  r.get('/documents/:id/file', { schema: { tags: ['company'], params: ZId } }, async (request, reply) =>
    sendPrivateFile(app, reply, await companyDocumentFile(app.db, await companyId(request), request.params.id)),
  );

  // docs/product/companies.md §3: the active boxes a row may name, for the order form's select (issue 34).
  r.get('/orders/boxes', { schema: { tags: ['company'], response: { 200: ZCompanyBoxChoices, ...errors } } }, async (request) => {
    await companyId(request);
    return { boxes: await companyBoxChoices(app.db) };
  });

  // The recipients template, its example rows naming boxes that exist today (issue 34).
  r.get('/orders/template', { schema: { tags: ['company'] } }, async (request, reply) => {
    await companyId(request);
    return reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', attachment('destinataires-farha.csv'))
      .send(await recipientTemplateCsv(app.db));
  });

  r.post('/orders/check', { bodyLimit: ROWS_BODY_LIMIT, schema: { tags: ['company'], body: ZCheckRowsRequest, response: { 200: ZCheckResult, ...errors } } }, async (request) => {
    const company = await companyId(request);
    const now = app.clock.now();
    const { valid, ...result } = await checkRecipientRows(app.db, request.body.rows, now, localeOf(request));
    // Issue 35 (docs/product/promotions.md §13): with a code, the valid rows' quote with its discount.
    if (!request.body.promoCode?.trim() || result.invalid > 0 || valid.length === 0) return result;
    const quote = await quoteCompanyPromo(app.db, { userId: requireAuth(request).userId, companyId: company, code: request.body.promoCode, valid, quote: result.quote, now });
    return { ...result, quote };
  });

  r.post(
    '/orders/file',
    { schema: { tags: ['company'], response: { 200: ZCheckResult.extend({ input: z.array(ZRecipientInput) }), ...errors } } },
    async (request) => {
      await companyId(request);
      const file = await readSingleFile(request, () => new AppError('COMPANY_FILE_TYPE', { field: 'file' }));
      const input = await readRecipientFile(file.data, file.filename);
      const { valid: _valid, ...result } = await checkRecipientRows(app.db, input, app.clock.now(), localeOf(request));
      return { ...result, input };
    },
  );

  r.post('/orders', { bodyLimit: ROWS_BODY_LIMIT, schema: { tags: ['company'], body: ZPlaceOrderRequest, response: { 201: ZCompanyOrder, ...errors } } }, async (request, reply) => {
    const auth = requireAuth(request);
    const order = await placeOrder(app.db, app.payments, { userId: auth.userId, locale: localeOf(request) }, request.body, ctxOf(app));
    return reply.status(201).send(order);
  });

  r.get('/orders', { schema: { tags: ['company'], querystring: ZAdminCompanyOrderQuery, response: { 200: ZCompanyOrderPage, ...errors } } }, async (request) =>
    listOrders(app.db, { ...request.query, companyId: await companyId(request) }),
  );

  r.get('/orders/:id', { schema: { tags: ['company'], params: ZId, response: { 200: ZCompanyOrder, ...errors } } }, async (request) =>
    orderDto(app.db, await callerOrder(app.db, requireAuth(request).userId, request.params.id)),
  );

  r.get('/orders/:id/progress', { schema: { tags: ['company'], params: ZId, response: { 200: ZIssueProgress, ...errors } } }, async (request) => {
    const order = await orderDto(app.db, await callerOrder(app.db, requireAuth(request).userId, request.params.id));
    return { status: order.status, recipients: order.recipients, issued: order.issued };
  });

  r.get('/orders/:id/recipients', { schema: { tags: ['company'], params: ZId, querystring: ZRecipientQuery, response: { 200: ZRecipientPage, ...errors } } }, async (request) => {
    const order = await callerOrder(app.db, requireAuth(request).userId, request.params.id);
    return listRecipients(app.db, order, request.query);
  });

  r.get('/orders/:id/recipients.csv', { schema: { tags: ['company'], params: ZId } }, async (request, reply) => {
    const order = await callerOrder(app.db, requireAuth(request).userId, request.params.id);
    return reply.type('text/csv; charset=utf-8').header('content-disposition', attachment(`destinataires-${order.id.slice(0, 8)}.csv`)).send(exportRecipientsCsv(app.db, order));
  });

  // The customer's resend limit (3 e-mails per voucher every 10 minutes): a company's line is one voucher.
  r.post(
    '/orders/:id/recipients/:lineId/resend',
    {
      config: { rateLimit: { ...RESEND_RATE_LIMIT, keyGenerator: (req) => `company-resend|${(req.params as { lineId?: string }).lineId ?? ''}` } },
      schema: { tags: ['company'], params: ZLineParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors, 429: ZApiError } },
    },
    async (request) => {
      const order = await callerOrder(app.db, requireAuth(request).userId, request.params.id);
      await resendRecipient(app.db, order, request.params.lineId, ctxOf(app));
      return { ok: true as const };
    },
  );

  r.post(
    '/orders/:id/recipients/:lineId/move',
    { schema: { tags: ['company'], params: ZLineParams, body: ZMoveRecipient, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
    async (request) => {
      const order = await callerOrder(app.db, requireAuth(request).userId, request.params.id);
      await moveRecipient(app.db, order, request.params.lineId, request.body, ctxOf(app));
      wakeOutbox();
      return { ok: true as const };
    },
  );

  r.get('/orders/:id/proforma.pdf', { schema: { tags: ['company'], params: ZId, querystring: ZLang } }, async (request, reply) => {
    const id = await companyId(request);
    return sendPdf(reply, await renderCompanyDocument(app.db, { kind: 'proforma', orderId: request.params.id }, request.query.lang, id));
  });

  r.get('/invoices', { schema: { tags: ['company'], querystring: ZAdminCompanyQuery.pick({ page: true, pageSize: true }), response: { 200: ZInvoicePage, ...errors } } }, async (request) =>
    listInvoices(app.db, { ...request.query, companyId: await companyId(request) }),
  );

  for (const kind of ['invoice', 'credit_note'] as const) {
    r.get(`/${kind === 'invoice' ? 'invoices' : 'credit-notes'}/:id/document.pdf`, { schema: { tags: ['company'], params: ZId, querystring: ZLang } }, async (request, reply) => {
      const id = await companyId(request);
      return sendPdf(reply, await renderCompanyDocument(app.db, { kind, invoiceId: request.params.id }, request.query.lang, id));
    });
  }
}

