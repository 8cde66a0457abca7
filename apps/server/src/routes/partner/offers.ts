import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import { PARTNER_MESSAGES, ZOfferImageResponse, ZOfferInput, ZOfferListQuery, ZOfferPatch, ZPartnerOffer, ZPartnerOfferList } from '@farha/contracts/partner';
import { AppError } from '../../lib/errors.ts';
import { readSingleFile } from '../../lib/http.ts';
import { fileUrl, saveResizedImage } from '../../modules/files/index.ts';
import { partnerCaller } from '../../modules/partners/index.ts';
import { createOffer, deleteOffer, listPartnerOffers, offerNotFound, partnerOffer, toggleOffer, updateOffer } from '../../modules/partners/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError, 413: ZApiError, 415: ZApiError };
const ZOfferParams = z.object({ id: z.string() });
const ZOfferResponse = z.object({ offer: ZPartnerOffer, message: z.string() });

function offerId(raw: string): string {
  if (!z.uuid().safeParse(raw).success) throw offerNotFound();
  return raw;
}

/** « Mes Offres » (docs/product/partners.md §8; permission manage_offers); writes refresh the public catalogue. */
export async function offerRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/offers',
    { schema: { tags: ['partner'], querystring: ZOfferListQuery, response: { 200: ZPartnerOfferList, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_offers');
      return listPartnerOffers(app.db, caller.partner.id, request.query, app.clock.now());
    },
  );

  r.post('/offers', { schema: { tags: ['partner'], body: ZOfferInput, response: { 201: ZOfferResponse, ...errors } } }, async (request, reply) => {
    const caller = await partnerCaller(app.db, request, 'manage_offers');
    const now = app.clock.now();
    const id = await createOffer(app.db, caller.partner.id, request.body, now);
    return reply.status(201).send({ offer: await partnerOffer(app.db, caller.partner.id, id, now), message: 'Offre créée' });
  });

  r.patch(
    '/offers/:id',
    { schema: { tags: ['partner'], params: ZOfferParams, body: ZOfferPatch, response: { 200: ZOfferResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_offers');
      const now = app.clock.now();
      const id = offerId(request.params.id);
      await updateOffer(app.db, caller.partner.id, id, request.body, now);
      return { offer: await partnerOffer(app.db, caller.partner.id, id, now), message: 'Offre mise à jour' };
    },
  );

  r.post(
    '/offers/:id/toggle',
    { schema: { tags: ['partner'], params: ZOfferParams, response: { 200: ZOfferResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_offers');
      const now = app.clock.now();
      const id = offerId(request.params.id);
      await toggleOffer(app.db, caller.partner.id, id, now);
      const offer = await partnerOffer(app.db, caller.partner.id, id, now);
      return { offer, message: offer.active ? 'Offre activée' : 'Offre désactivée' };
    },
  );

  r.delete(
    '/offers/:id',
    { schema: { tags: ['partner'], params: ZOfferParams, response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_offers');
      await deleteOffer(app.db, caller.partner.id, offerId(request.params.id));
      return { message: PARTNER_MESSAGES.OFFER_DELETED };
    },
  );

  // multipart/form-data with one file (field `file`): an image, 10 MB at most.
  r.post('/offers/image', { schema: { tags: ['partner'], response: { 201: ZOfferImageResponse, ...errors } } }, async (request, reply) => {
    const caller = await partnerCaller(app.db, request, 'manage_offers');
    const { data, filename } = await readSingleFile(request, () => new AppError('IMAGE_MISSING', { field: 'file' }));
    // Re-encoded and resized as the catalogue's pictures are (files/images.ts): the stored file is WebP.
    const image = await saveResizedImage(app.db, app.storage, {
      now: app.clock.now(),
      data,
      filename,
      purpose: 'offer_image',
      ownerUserId: caller.userId,
    });
    return reply.status(201).send({ url: fileUrl(image.id), fileId: image.id });
  });
}
