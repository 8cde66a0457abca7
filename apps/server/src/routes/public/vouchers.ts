import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPublicVoucher } from '@farha/contracts/checkout';
import { ZVoucherIdParams } from '@farha/contracts/customer';
import { ZApiError } from '@farha/contracts/errors';
import { normalizeVoucherCode } from '@farha/contracts/vouchers';
import { requireAuth } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { boxOffersWithPartners, voucherQrPng } from '../../modules/vouchers/index.ts';
import { resendVoucherEmail } from '../../modules/vouchers/index.ts';
import { ownedVoucherDocument, voucherDocumentByCode } from '../../modules/vouchers/index.ts';
import { renderVoucherPdf } from '../../modules/vouchers/index.ts';
import { RESEND_RATE_LIMIT } from '../../modules/vouchers/index.ts';

const INVALID_CODE = () => new AppError('VOUCHER_INVALID');

/** The voucher's documents for whoever owns it (purchaser, holder or recipient): 404 for anyone else. */
export async function voucherDocumentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = ZVoucherIdParams;

  async function ownedVoucher(request: Parameters<typeof requireAuth>[0], id: string) {
    const doc = await ownedVoucherDocument(app.db, requireAuth(request), id);
    if (!doc) throw new AppError('VOUCHER_NOT_FOUND');
    return doc;
  }

  r.get('/vouchers/:id/qr.png', { schema: { tags: ['vouchers'], params } }, async (request, reply) => {
    const doc = await ownedVoucher(request, request.params.id);
    return reply
      .type('image/png')
      .header('cache-control', 'private, max-age=3600')
      .send(await voucherQrPng(app.config.publicUrl, doc.voucher.code));
  });

  r.get('/vouchers/:id/voucher.pdf', { schema: { tags: ['vouchers'], params } }, async (request, reply) => {
    const doc = await ownedVoucher(request, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="farha-${doc.voucher.code}.pdf"`)
      .send(await renderVoucherPdf(doc, app.config.publicUrl));
  });

  r.post(
    '/vouchers/:id/resend',
    {
      schema: { tags: ['vouchers'], params, response: { 202: z.object({ queued: z.literal(true) }), 404: ZApiError, 409: ZApiError, 429: ZApiError } },
      config: {
        rateLimit: {
          ...RESEND_RATE_LIMIT,
          keyGenerator: (req) => `resend|${(req.params as { id?: string }).id ?? ''}`,
        },
      },
    },
    async (request, reply) => {
      await resendVoucherEmail(app.db, await ownedVoucher(request, request.params.id), { now: app.clock.now(), publicUrl: app.config.publicUrl });
      return reply.status(202).send({ queued: true as const });
    },
  );
}

/** Where the QR points: what the voucher is and where to use it, without the purchaser's data. */
export async function publicVoucherRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/vouchers/:code',
    {
      schema: { tags: ['vouchers'], params: z.object({ code: z.string().max(200) }), response: { 200: ZPublicVoucher, 404: ZApiError, 429: ZApiError } },
      // Codes are not guessable (≈57 bits), and trying is slowed down anyway.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      const code = normalizeVoucherCode(request.params.code);
      if (!code) throw INVALID_CODE();
      const doc = await voucherDocumentByCode(app.db, code);
      if (!doc) throw INVALID_CODE();
      const { voucher, box } = doc;
      return {
        code: voucher.code,
        status: voucher.status,
        expiresAt: voucher.expiresAt.toISOString(),
        recipientFirstName: voucher.recipientName.split(/\s+/)[0] ?? '',
        box: {
          id: box.id,
          name: box.name,
          description: box.description,
          nameAr: box.nameAr,
          descriptionAr: box.descriptionAr,
          imageUrl: box.imageUrl,
          category: box.category,
          validityDays: box.validityDays,
        },
        offers: await boxOffersWithPartners(app.db, box.id),
      };
    },
  );
}
