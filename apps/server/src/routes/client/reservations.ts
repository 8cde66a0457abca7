import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZVoucherIdParams } from '@farha/contracts/customer';
import { ZApiError } from '@farha/contracts/errors';
import { RESERVATION_MESSAGES as M, ZCalendar, ZCalendarQuery, ZCreateReservationRequest, ZDaySlots, ZReservationIdParams, ZReservationList, ZReservationResponse, ZSlotsQuery } from '@farha/contracts/reservations';
import { requireAuth } from '../../lib/context.ts';
import { visibleVoucherRow } from '../../modules/vouchers/index.ts';
import { acceptProposal, assertPartnerInBox, cancelReservation, createReservation, listReservationsForUser, loadCalendar, loadDaySlots } from '../../modules/reservations/index.ts';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** Reservations of the customer's vouchers (issue 4), under /api/client (customer role). */
export async function reservationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = () => ({ db: app.db, publicUrl: app.config.publicUrl, now: app.clock.now() });
  const caller = (request: FastifyRequest) => {
    const auth = requireAuth(request);
    return { userId: auth.userId, email: auth.email };
  };

  r.get(
    '/vouchers/:id/slots',
    { schema: { tags: ['reservations'], params: ZVoucherIdParams, querystring: ZSlotsQuery, response: { 200: ZDaySlots, ...errors } } },
    async (request) => {
      const now = app.clock.now();
      const voucher = await visibleVoucherRow(app.db, caller(request), request.params.id, now);
      const { partnerId, offerId, date, guests } = request.query;
      await assertPartnerInBox(app.db, voucher.boxId, partnerId, offerId);
      const day = await loadDaySlots(app.db, { partnerId, date, now, guests });
      return {
        date: day.date,
        closed: day.closed,
        flexibleAvailable: day.flexibleAvailable,
        slots: day.slots,
        sampleHours: day.sampleHours,
      };
    },
  );

  r.get(
    '/vouchers/:id/calendar',
    { schema: { tags: ['reservations'], params: ZVoucherIdParams, querystring: ZCalendarQuery, response: { 200: ZCalendar, ...errors } } },
    async (request) => {
      const now = app.clock.now();
      const voucher = await visibleVoucherRow(app.db, caller(request), request.params.id, now);
      const { partnerId, offerId, from, days, guests } = request.query;
      await assertPartnerInBox(app.db, voucher.boxId, partnerId, offerId);
      return loadCalendar(app.db, { partnerId, from, days, guests, now, expiresAt: voucher.expiresAt });
    },
  );

  r.get(
    '/reservations',
    { schema: { tags: ['reservations'], response: { 200: ZReservationList, ...errors } } },
    async (request) => ({ reservations: await listReservationsForUser(app.db, caller(request).userId, app.clock.now()) }),
  );

  r.post(
    '/reservations',
    { schema: { tags: ['reservations'], body: ZCreateReservationRequest, response: { 201: ZReservationResponse, ...errors } } },
    async (request, reply) => {
      const reservation = await createReservation(deps(), caller(request), request.body);
      return reply.status(201).send({ reservation, message: M.SUCCESS });
    },
  );

  r.post(
    '/reservations/:id/cancel',
    { schema: { tags: ['reservations'], params: ZReservationIdParams, response: { 200: ZReservationResponse, ...errors } } },
    async (request) => ({ reservation: await cancelReservation(deps(), caller(request), request.params.id), message: M.CANCELLED }),
  );

  r.post(
    '/reservations/:id/accept-proposal',
    { schema: { tags: ['reservations'], params: ZReservationIdParams, response: { 200: ZReservationResponse, ...errors } } },
    async (request) => ({
      reservation: await acceptProposal(deps(), caller(request), request.params.id),
      message: M.PROPOSAL_ACCEPTED,
    }),
  );
}
