import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { desc, eq } from 'drizzle-orm';
import { ZClientVoucherList } from '@farha/contracts/areas';
import { boxes, vouchers } from '../../db/schema/index.ts';
import { requireAuth } from '../../lib/context.ts';
import { ownedVoucherCondition } from './ownership.ts';

export async function clientVoucherRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/vouchers',
    { schema: { tags: ['client'], response: { 200: ZClientVoucherList } } },
    async (request) => {
      const auth = requireAuth(request);
      const rows = await app.db
        .select({ voucher: vouchers, boxName: boxes.name, boxImageUrl: boxes.imageUrl })
        .from(vouchers)
        .innerJoin(boxes, eq(boxes.id, vouchers.boxId))
        .where(ownedVoucherCondition(auth))
        .orderBy(desc(vouchers.createdAt));
      return {
        vouchers: rows.map(({ voucher, boxName, boxImageUrl }) => ({
          id: voucher.id,
          code: voucher.code,
          status: voucher.status,
          boxId: voucher.boxId,
          boxName,
          boxImageUrl,
          recipientName: voucher.recipientName,
          expiresAt: voucher.expiresAt.toISOString(),
          createdAt: voucher.createdAt.toISOString(),
        })),
      };
    },
  );
}
