import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import { PARTNER_MESSAGES, ZAvailability, ZAvailabilityException, ZAvailabilityExceptionInput, ZAvailabilityExceptionList, ZAvailabilityResponse } from '@farha/contracts/partner';
import { AppError } from '../../lib/errors.ts';
import { deleteException, getAvailability, listExceptions, saveAvailability, saveException } from '../../modules/partners/index.ts';
import { partnerCaller } from '../../modules/partners/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError };

/** Weekly hours, slot length, capacity and exceptions (permission manage_reservations). */
export async function availabilityRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/availability', { schema: { tags: ['partner'], response: { 200: ZAvailabilityResponse, ...errors } } }, async (request) => {
    const caller = await partnerCaller(app.db, request, 'manage_reservations');
    return getAvailability(app.db, caller.partner.id);
  });

  r.put(
    '/availability',
    { schema: { tags: ['partner'], body: ZAvailability, response: { 200: ZAvailabilityResponse.extend({ message: z.string() }), ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      await saveAvailability(app.db, caller.partner.id, request.body, app.clock.now());
      return { ...(await getAvailability(app.db, caller.partner.id)), message: PARTNER_MESSAGES.AVAILABILITY_SAVED };
    },
  );

  r.get(
    '/availability/exceptions',
    { schema: { tags: ['partner'], response: { 200: ZAvailabilityExceptionList, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      return { exceptions: await listExceptions(app.db, caller.partner.id, app.clock.now()) };
    },
  );

  r.post(
    '/availability/exceptions',
    {
      schema: {
        tags: ['partner'],
        body: ZAvailabilityExceptionInput,
        response: { 201: z.object({ exception: ZAvailabilityException, message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      const exception = await saveException(app.db, caller.partner.id, request.body, app.clock.now());
      return reply.status(201).send({ exception, message: PARTNER_MESSAGES.AVAILABILITY_SAVED });
    },
  );

  r.delete(
    '/availability/exceptions/:id',
    { schema: { tags: ['partner'], params: z.object({ id: z.string() }), response: { 200: z.object({ message: z.string() }), ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'manage_reservations');
      if (!z.uuid().safeParse(request.params.id).success) throw new AppError('EXCEPTION_NOT_FOUND');
      await deleteException(app.db, caller.partner.id, request.params.id);
      return { message: 'Exception supprimée' };
    },
  );
}
