import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminCompanyOrderQuery,
  ZAdminCompanyPage,
  ZAdminCompanyQuery,
  ZCheckResult,
  ZCheckRowsRequest,
  ZCompaniesOverview,
  ZCompany,
  ZCompanyInvite,
  ZCompanyDocuments,
  ZCompanyMe,
  ZCompanyOffer,
  MAX_COMPANY_ROWS,
  ZCompanyOrder,
  ZCompanyOrderPage,
  ZCompanyRegistration,
  ZCompanyReview,
  ZCreditNoteRequest,
  ZInvoicePage,
  ZIssueProgress,
  ZMoveRecipient,
  ZPlaceOrderRequest,
  ZRecipientInput,
  ZRecipientPage,
  ZRecipientQuery,
  ZRecordTransfer,
} from '@farha/contracts/company';
import { ZAdminIdParams } from '@farha/contracts/admin';
import { ZApiError, zodError } from '@farha/contracts/errors';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { requireAuth, requireRoles } from '../../lib/context.ts';
import { attachment } from '../../lib/csv.ts';
import { AppError } from '../../lib/errors.ts';
import { readFileWithField, readSingleFile } from '../../lib/http.ts';
import { eq } from 'drizzle-orm';
import { companyOrders, type storedFiles } from '../../db/schema/index.ts';
import { OUTBOX_ENQUEUED, signals } from '../../lib/signals.ts';
import { MAX_UPLOAD_BYTES, sendStoredFile } from '../files/index.ts';
import { companyDocumentFile, listCompanyDocuments, uploadCompanyDocument } from './documents.ts';
import { wakeOutbox } from '../notifications/index.ts';
import { cachedSettings } from '../settings/index.ts';
import { RESEND_RATE_LIMIT } from '../vouchers/index.ts';
import { companyMe, inviteBuyer, listCompanies, membershipOf, registerCompany, reviewCompany } from './accounts.ts';
import { issueCreditNote, listInvoices, renderCompanyDocument, type CompanyDocument } from './invoices.ts';
import { createIssuer } from './issuance.ts';
import { callerOrder, listOrders, orderDto, placeOrder, recordTransfer } from './orders.ts';
import { companiesOverview } from './overview.ts';
import { exportRecipientsCsv, listRecipients, moveRecipient, resendRecipient } from './recipients.ts';
import { checkRecipientRows, readRecipientFile } from './rows.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZId = ZAdminIdParams;
const ZLineParams = ZId.extend({ lineId: z.uuid({ error: zodError('RECIPIENT_NOT_FOUND') }) });
const ZLang = z.object({ lang: z.enum(['fr', 'ar']).default('fr') });
/** Between two batches of an issuance on the embedded database: the requests waiting for its one connection pass. */
const ISSUE_PAUSE_MS = 30;
/** 5,000 rows as JSON stay well under this. */
const ROWS_BODY_LIMIT = 8 * 1024 * 1024;

const ctxOf = (app: FastifyInstance) => ({ now: app.clock.now(), publicUrl: app.config.publicUrl });
const localeOf = (request: FastifyRequest): 'fr' | 'ar' => (String(request.headers['accept-language'] ?? '').startsWith('ar') ? 'ar' : 'fr');
const sendPrivate = async (reply: FastifyReply, file: typeof storedFiles.$inferSelect) => {
  const data = await reply.server.storage.read(file.storageKey).catch(() => null);
  if (!data) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return sendStoredFile(reply, file, data, 'private, no-store');
};
const sendPdf = (reply: FastifyReply, doc: { filename: string; pdf: Buffer }) =>
  reply.type('application/pdf').header('cache-control', 'private, no-store').header('content-disposition', attachment(doc.filename)).send(doc.pdf);

/** GET /api/companies/offer and POST /api/companies/register (public): the page /entreprises. */
export async function companyRegistrationRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get('/companies/offer', { schema: { tags: ['companies'], response: { 200: ZCompanyOffer } } }, async () => {
    const s = await cachedSettings(app.db, 'payments');
    return { discountFrom: s.company_discount_from, discountBp: s.company_discount_bp, discountLargeFrom: s.company_discount_large_from, discountLargeBp: s.company_discount_large_bp, maxRows: MAX_COMPANY_ROWS };
  });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/companies/register',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['companies'], body: ZCompanyRegistration, response: { 201: z.object({ ok: z.literal(true) }), ...errors, 429: ZApiError } },
    },
    async (request, reply) => {
      // Issue 32: the customers' counter of new accounts per address, and one answer whether or not the
      // address already has an account (its owner is told by e-mail).
      await app.loginThrottle.takeRegistration(request.ip, app.clock.now(), app.config.registrationLimitPerHour);
      await registerCompany(app.db, request.body, ctxOf(app));
      return reply.status(201).send({ ok: true as const });
    },
  );
}

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
    sendPrivate(reply, await companyDocumentFile(app.db, await companyId(request), request.params.id)),
  );

  r.post('/orders/check', { bodyLimit: ROWS_BODY_LIMIT, schema: { tags: ['company'], body: ZCheckRowsRequest, response: { 200: ZCheckResult, ...errors } } }, async (request) => {
    await companyId(request);
    const { valid: _valid, ...result } = await checkRecipientRows(app.db, request.body.rows, app.clock.now(), localeOf(request));
    return result;
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

/** The back office's companies (finance, superadmin), under /api/admin. */
export async function companyAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staff = requireRoles(ADMIN_PAGE_ROLES.companies);
  // Issue 32: the company orders' issuer of this process (issuance.ts). Woken by finance's transfer and by the
  // outbox's signal (a paid checkout raises it after its commit); with the jobs on, every 30 s (an order whose
  // batch failed is due again) and at start (an issuance a restart interrupted goes on).
  const issuer = createIssuer({ db: app.db, clock: app.clock, publicUrl: app.config.publicUrl, log: app.log, pauseMs: app.dbKind === 'pglite' ? ISSUE_PAUSE_MS : 0 });
  signals.on(OUTBOX_ENQUEUED, issuer.kick);
  const every = app.config.jobs ? setInterval(issuer.kick, 30_000).unref() : null;
  if (app.config.jobs) app.addHook('onReady', async () => issuer.kick());
  app.addHook('onClose', async () => {
    signals.off(OUTBOX_ENQUEUED, issuer.kick);
    if (every) clearInterval(every);
    await issuer.stop();
  });
  const actorOf = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    return { userId: auth.userId, email: auth.email, role: auth.role };
  };

  r.get('/companies/overview', { onRequest: staff, schema: { tags: ['admin'], response: { 200: ZCompaniesOverview, ...errors } } }, async () => companiesOverview(app.db));

  r.get('/companies', { onRequest: staff, schema: { tags: ['admin'], querystring: ZAdminCompanyQuery, response: { 200: ZAdminCompanyPage, ...errors } } }, async (request) =>
    listCompanies(app.db, request.query),
  );

  r.post('/companies/:id/review', { onRequest: staff, schema: { tags: ['admin'], params: ZId, body: ZCompanyReview, response: { 200: ZCompany, ...errors } } }, async (request) =>
    reviewCompany(app.db, request.params.id, request.body, actorOf(request), app.clock.now(), app.config.publicUrl),
  );

  r.get('/companies/:id/documents', { onRequest: staff, schema: { tags: ['admin'], params: ZId, response: { 200: ZCompanyDocuments, ...errors } } }, async (request) => ({
    documents: await listCompanyDocuments(app.db, request.params.id),
  }));

  r.get('/companies/:id/documents/:lineId/file', { onRequest: staff, schema: { tags: ['admin'], params: ZLineParams } }, async (request, reply) =>
    sendPrivate(reply, await companyDocumentFile(app.db, request.params.id, request.params.lineId)),
  );

  r.get('/company-orders', { onRequest: staff, schema: { tags: ['admin'], querystring: ZAdminCompanyOrderQuery, response: { 200: ZCompanyOrderPage, ...errors } } }, async (request) =>
    listOrders(app.db, request.query),
  );

  r.get('/company-orders/:id/proforma.pdf', { onRequest: staff, schema: { tags: ['admin'], params: ZId, querystring: ZLang } }, async (request, reply) =>
    sendPdf(reply, await renderCompanyDocument(app.db, { kind: 'proforma', orderId: request.params.id }, request.query.lang)),
  );

  /**
   * Finance records a transfer: the order starts issuing (once, whoever clicks again), and the answer comes
   * when it is issued (200) or after 2 s (202: the order page follows its progress). A batch that fails is
   * never silent: its error is on the order in finance's list, and the job tries it again (issue 32).
   */
  r.post(
    '/company-orders/:id/transfer',
    { onRequest: staff, schema: { tags: ['admin'], params: ZId, body: ZRecordTransfer, response: { 200: z.object({ issued: z.boolean() }), 202: z.object({ issuing: z.literal(true) }), ...errors } } },
    async (request, reply) => {
      const id = request.params.id;
      const started = await recordTransfer(app.db, id, request.body, actorOf(request), ctxOf(app));
      await issuer.worked(id, 2_000);
      const [order] = await app.db.select({ status: companyOrders.status }).from(companyOrders).where(eq(companyOrders.id, id));
      if (order?.status !== 'issued') return reply.status(202).send({ issuing: true as const });
      return { issued: started };
    },
  );

  r.post(
    '/company-orders/:id/credit-notes',
    { onRequest: staff, schema: { tags: ['admin'], params: ZId, body: ZCreditNoteRequest, response: { 201: z.object({ id: z.string(), number: z.string() }), ...errors } } },
    async (request, reply) => {
      const note = await issueCreditNote(app.db, request.params.id, request.body, actorOf(request), app.clock.now());
      return reply.status(201).send({ id: note.id, number: note.number });
    },
  );

  r.get('/company-invoices', { onRequest: staff, schema: { tags: ['admin'], querystring: ZAdminCompanyQuery.pick({ page: true, pageSize: true }), response: { 200: ZInvoicePage, ...errors } } }, async (request) =>
    listInvoices(app.db, request.query),
  );

  r.get(
    '/company-invoices/:id/document.pdf',
    { onRequest: staff, schema: { tags: ['admin'], params: ZId, querystring: ZLang.extend({ kind: z.enum(['invoice', 'credit_note']).default('invoice') }) } },
    async (request, reply) => {
      const doc: CompanyDocument = { kind: request.query.kind, invoiceId: request.params.id };
      return sendPdf(reply, await renderCompanyDocument(app.db, doc, request.query.lang));
    },
  );
}
