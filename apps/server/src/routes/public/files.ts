import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zodError } from '@farha/contracts/errors';
import { ADMIN_PAGE_ROLES, isAdminRole, isSupportRole, type TRole } from '@farha/contracts/roles';
import { AppError } from '../../lib/errors.ts';
import { findFile, PUBLIC_PURPOSES } from '../../modules/files/index.ts';
import { variantKey, variantWidth } from '../../modules/files/index.ts';
import { sendStoredFile } from '../shared/send-file.ts';

const NOT_FOUND = () => new AppError('FILE_NOT_FOUND');

/**
 * Serves stored files. Catalogue pictures are public; a partner's KYC document only to its uploader and
 * to the staff who validate partners (docs/product/partners.md §4: superadmin and finance); any other file only to its
 * owner and to back-office/support staff. Modules that share a private file more widely (a ticket's attachment with
 * the ticket's participants) check that themselves and stream with `sendStoredFile`.
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/files/:id',
    {
      schema: {
        tags: ['files'],
        params: z.object({ id: z.uuid({ error: zodError('FILE_NOT_FOUND') }) }),
        // A catalogue picture's smaller width (see files/images.ts); ignored for other files.
        querystring: z.object({ w: z.coerce.number().int().min(1).max(4000).optional() }),
      },
    },
    async (request, reply) => {
      const file = await findFile(app.db, request.params.id);
      if (!file) throw NOT_FOUND();
      if (!PUBLIC_PURPOSES.has(file.purpose)) {
        const auth = request.auth;
        const staff =
          auth &&
          (file.purpose === 'kyc_document'
            ? (ADMIN_PAGE_ROLES.partners as readonly TRole[]).includes(auth.role)
            : file.purpose === 'company_document'
              ? (ADMIN_PAGE_ROLES.companies as readonly TRole[]).includes(auth.role)
              : isAdminRole(auth.role) || isSupportRole(auth.role));
        if (!auth || (!staff && file.ownerUserId !== auth.userId)) throw NOT_FOUND();
      }
      const width = request.query.w ? variantWidth(file.purpose, request.query.w) : null;
      const data =
        (width ? await app.storage.read(variantKey(file.storageKey, width)).catch(() => null) : null) ??
        (await app.storage.read(file.storageKey).catch(() => null));
      if (!data) throw NOT_FOUND();
      return sendStoredFile(reply, file, data, PUBLIC_PURPOSES.has(file.purpose) ? 'public, max-age=86400' : 'private, max-age=0');
    },
  );
}

