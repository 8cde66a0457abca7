import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MESSAGES, ZKycDocumentType, ZKycState, ZKycSubmitResponse, ZKycUploadResponse } from '@farha/contracts/admin';
import { ZApiError } from '@farha/contracts/errors';
import { AppError } from '../../lib/errors.ts';
import { readFileWithField } from '../../lib/http.ts';
import { MAX_UPLOAD_BYTES } from '../../modules/files/index.ts';
import { partnerCaller, requirePartnerOwner } from '../../modules/partners/index.ts';
import { kycDocumentFile, kycState, submitKyc, uploadKycDocument } from '../../modules/partners/index.ts';
import { zodError } from '@farha/contracts/errors';
import { sendPrivateFile } from '../shared/send-file.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError };
const MISSING_FILE = () => new AppError('FILE_MISSING', { field: 'file' });

/**
 * /api/partner/kyc (docs/product/partners.md §4): the owner's alone (partner_owner only, §2), who uploads the three
 * documents, submits them and reads them back; only this partner's documents are ever found (queries scoped
 * by its id).
 */
export async function partnerKycRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every route of this plugin, present or future: the owner's only (staff see the status on /api/partner/me).
  app.addHook('onRequest', requirePartnerOwner);

  r.get('/kyc', { schema: { tags: ['partner'], response: { 200: ZKycState, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request, 'owner');
    return kycState(app.db, caller.partner, 'partner');
  });

  // multipart/form-data: field `type` and one file (PDF, JPEG or PNG, 10 MB at most), in any order.
  r.post(
    '/kyc/documents',
    { schema: { tags: ['partner'], consumes: ['multipart/form-data'], response: { 201: ZKycUploadResponse, ...errors } } },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'owner');
      const { value: type, file } = await readFileWithField(request, 'type', MAX_UPLOAD_BYTES, MISSING_FILE);
      const parsedType = ZKycDocumentType.safeParse(type);
      if (!parsedType.success) throw new AppError('KYC_DOCUMENT_TYPE', { field: 'type' });
      await uploadKycDocument(app.db, app.storage, {
        partnerId: caller.partner.id,
        userId: caller.userId,
        type: parsedType.data,
        data: file.data,
        filename: file.filename,
        now: app.clock.now(),
      });
      const kyc = await kycState(app.db, caller.partner, 'partner');
      const document = kyc.documents.find((d) => d.type === parsedType.data)!;
      return reply.status(201).send({ document, kyc, message: ADMIN_MESSAGES.KYC_UPLOADED.fr });
    },
  );

  r.get(
    '/kyc/documents/:id',
    { schema: { tags: ['partner'], params: z.object({ id: z.uuid({ error: zodError('KYC_DOCUMENT_NOT_FOUND') }) }) } },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'owner');
      return sendPrivateFile(app, reply, await kycDocumentFile(app.db, caller.partner.id, request.params.id));
    },
  );

  r.post('/kyc/submit', { schema: { tags: ['partner'], response: { 200: ZKycSubmitResponse, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request, 'owner');
    const partner = await submitKyc(app.db, { partnerId: caller.partner.id, now: app.clock.now(), publicUrl: app.config.publicUrl });
    return { kyc: await kycState(app.db, partner, 'partner'), message: ADMIN_MESSAGES.KYC_SUBMITTED.fr };
  });
}
