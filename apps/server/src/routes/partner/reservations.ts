import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import { PARTNER_MESSAGES, ZPartnerReservationList, ZReservationActionResponse, ZReservationInboxQuery } from '@farha/contracts/partner';
import { ZDeclineReservationRequest, ZProposeReservationRequest } from '@farha/contracts/reservations';
import { AppError } from '../../lib/errors.ts';
import { confirmReservation, declineReservation, partnerReservation, partnerReservations, proposeReservation } from '../../modules/reservations/index.ts';
import { partnerCaller } from '../../modules/partners/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };
const ZParams = z.object({ id: z.string() });
const reservationId = (raw: string) => {
  if (!z.uuid().safeParse(raw).success) throw new AppError('RESERVATION_NOT_FOUND');
  return raw;
};

/**
 * Reservations inbox (permission manage_reservations). The transitions are the reservations module's
 * (voucher back to its previous status on decline, e-mail to the customer each time).
 */
export async function partnerReservationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now() });

  r.get(
    '/reservations',
    { schema: { tags: ['partner'], querystring: ZReservationInboxQuery, response: { 200: ZPartnerReservationList, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      return partnerReservations(app.db, caller.partner.id, request.query.status, app.clock.now(), request.query);
    },
  );

  r.post(
    '/reservations/:id/confirm',
    { schema: { tags: ['partner'], params: ZParams, response: { 200: ZReservationActionResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      const id = reservationId(request.params.id);
      await confirmReservation(deps(), { partnerId: caller.partner.id, actorUserId: caller.userId }, id);
      return { reservation: await partnerReservation(app.db, caller.partner.id, id), message: PARTNER_MESSAGES.RESERVATION_CONFIRMED };
    },
  );

  r.post(
    '/reservations/:id/decline',
    { schema: { tags: ['partner'], params: ZParams, body: ZDeclineReservationRequest, response: { 200: ZReservationActionResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      const id = reservationId(request.params.id);
      await declineReservation(deps(), { partnerId: caller.partner.id, actorUserId: caller.userId }, id, request.body.reason);
      return { reservation: await partnerReservation(app.db, caller.partner.id, id), message: PARTNER_MESSAGES.RESERVATION_DECLINED };
    },
  );

  r.post(
    '/reservations/:id/propose',
    { schema: { tags: ['partner'], params: ZParams, body: ZProposeReservationRequest, response: { 200: ZReservationActionResponse, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      const id = reservationId(request.params.id);
      await proposeReservation(deps(), { partnerId: caller.partner.id, actorUserId: caller.userId }, id, request.body);
      return { reservation: await partnerReservation(app.db, caller.partner.id, id), message: PARTNER_MESSAGES.RESERVATION_PROPOSED };
    },
  );
}
