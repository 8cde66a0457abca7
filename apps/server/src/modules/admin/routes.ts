import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { count, desc, ilike, or } from 'drizzle-orm';
import { ZAdminNavigation, ZAdminUserList } from '@farha/contracts/areas';
import { ADMIN_PAGE_ROLES, type TRole } from '@farha/contracts/roles';
import { users } from '../../db/schema/index.ts';
import { requireAuth, requireRoles } from '../../lib/context.ts';

export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // spec 02 §2: the admin menu, filtered by role on the server.
  r.get('/navigation', { schema: { tags: ['admin'], response: { 200: ZAdminNavigation } } }, async (request) => {
    const role = requireAuth(request).role;
    const pages = Object.entries(ADMIN_PAGE_ROLES)
      .filter(([, roles]) => (roles as readonly TRole[]).includes(role))
      .map(([page]) => page);
    return { pages };
  });

  r.get(
    '/users',
    {
      onRequest: requireRoles(ADMIN_PAGE_ROLES.users),
      schema: {
        tags: ['admin'],
        querystring: z.object({ q: z.string().trim().max(100).optional(), limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: ZAdminUserList },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const where = q
        ? or(ilike(users.email, `%${q}%`), ilike(users.firstName, `%${q}%`), ilike(users.lastName, `%${q}%`))
        : undefined;
      const [rows, [total]] = await Promise.all([
        app.db.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(limit),
        app.db.select({ n: count() }).from(users).where(where),
      ]);
      return {
        users: rows.map((u) => ({
          id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          role: u.role,
          status: u.status,
          createdAt: u.createdAt.toISOString(),
          lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
        })),
        total: total?.n ?? 0,
      };
    },
  );
}
