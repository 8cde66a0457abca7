import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZAdminCompanyOrderQuery, ZAdminCompanyPage, ZAdminCompanyQuery, ZCompaniesOverview, ZCompany, ZCompanyDocuments, ZCompanyOrderPage, ZCompanyReview, ZCreditNoteRequest, ZInvoicePage, ZRecordTransfer } from '@farha/contracts/company';
import { ZAdminIdParams } from '@farha/contracts/admin';
import { ZApiError, zodError } from '@farha/contracts/errors';
import { ADMIN_PAGE_ROLES } from '@farha/contracts/roles';
import { requireRoles } from '../../lib/context.ts';
import { attachment } from '../../lib/csv.ts';
import { OUTBOX_ENQUEUED, signals } from '../../lib/signals.ts';
import { sendPrivateFile } from '../shared/send-file.ts';
import { companyDocumentFile, listCompanyDocuments } from '../../modules/companies/index.ts';
import { listCompanies, reviewCompany } from '../../modules/companies/index.ts';
import { issueCreditNote, listInvoices, renderCompanyDocument, type CompanyDocument } from '../../modules/companies/index.ts';
import { createIssuer } from '../../modules/companies/index.ts';
import { isOrderIssued, listOrders, recordTransfer } from '../../modules/companies/index.ts';
import { companiesOverview } from '../../modules/companies/index.ts';
import { actorOf } from '../shared/actor.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZId = ZAdminIdParams;
const ZLineParams = ZId.extend({ lineId: z.uuid({ error: zodError('RECIPIENT_NOT_FOUND') }) });
const ZLang = z.object({ lang: z.enum(['fr', 'ar']).default('fr') });
/** Between two batches of an issuance on the embedded database: the requests waiting for its one connection pass. */
const ISSUE_PAUSE_MS = 30;

const ctxOf = (app: FastifyInstance) => ({ now: app.clock.now(), publicUrl: app.config.publicUrl });
const sendPdf = (reply: FastifyReply, doc: { filename: string; pdf: Buffer }) =>
  reply.type('application/pdf').header('cache-control', 'private, no-store').header('content-disposition', attachment(doc.filename)).send(doc.pdf);

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
    sendPrivateFile(app, reply, await companyDocumentFile(app.db, request.params.id, request.params.lineId)),
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
      if (!(await isOrderIssued(app.db, id))) return reply.status(202).send({ issuing: true as const });
      return { issued: started };
    },
  );

  r.post(
    '/company-orders/:id/credit-notes',
    { onRequest: staff, schema: { tags: ['admin'], params: ZId, body: ZCreditNoteRequest, response: { 201: z.object({ id: z.string(), number: z.string() }), ...errors } } },
    async (request, reply) => {
      const note = await issueCreditNote(app.db, request.params.id, request.body, actorOf(request), app.clock.now(), app.config.publicUrl);
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
