import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc } from 'drizzle-orm';
import { ZSupportTicketList } from '@farha/contracts/areas';
import { supportTickets } from '../../db/schema/index.ts';

export async function supportRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/tickets',
    { schema: { tags: ['support'], response: { 200: ZSupportTicketList } } },
    async () => {
      const rows = await app.db.select().from(supportTickets).orderBy(desc(supportTickets.updatedAt)).limit(200);
      return {
        tickets: rows.map((t) => ({
          id: t.id,
          title: t.title,
          category: t.category,
          priority: t.priority,
          status: t.status,
          createdAt: t.createdAt.toISOString(),
          updatedAt: t.updatedAt.toISOString(),
        })),
      };
    },
  );
}
