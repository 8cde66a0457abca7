import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZApiError } from '@farha/contracts/errors';
import { ZPartnerTransaction, ZPartnerTransactionList, ZTransactionQuery } from '@farha/contracts/partner';
import { AppError } from '../../lib/errors.ts';
import { attachment } from '../../lib/csv.ts';
import { partnerCaller } from '../../modules/partners/index.ts';
import { algiersDay } from '../../lib/algiers-time.ts';
import { getTransaction, listTransactions, transactionsCsvStream } from '../../modules/ledger/index.ts';

const errors = { 400: ZApiError, 403: ZApiError, 404: ZApiError };
const notFound = () => new AppError('TRANSACTION_NOT_FOUND');

/** Transactions (docs/product/partners.md §12): the partner's ledger (permission view_transactions). */
export async function transactionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/transactions',
    { schema: { tags: ['partner'], querystring: ZTransactionQuery, response: { 200: ZPartnerTransactionList, ...errors } } },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'view_transactions');
      return listTransactions(app.db, caller.partner.id, request.query, app.clock.now());
    },
  );

  // The same filters as the list; UTF-8 with BOM and ';' for French spreadsheets.
  r.get(
    '/transactions.csv',
    { schema: { tags: ['partner'], querystring: ZTransactionQuery } },
    async (request, reply) => {
      const caller = await partnerCaller(app.db, request, 'view_transactions');
      const now = app.clock.now();
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', attachment(`transactions-farha-${algiersDay(now)}.csv`))
        .send(transactionsCsvStream(app.db, caller.partner.id, request.query, now));
    },
  );

  r.get(
    '/transactions/:id',
    {
      schema: {
        tags: ['partner'],
        params: z.object({ id: z.string() }),
        response: { 200: z.object({ transaction: ZPartnerTransaction }), ...errors },
      },
    },
    async (request) => {
      const caller = await partnerCaller(app.db, request, 'view_transactions');
      if (!z.uuid().safeParse(request.params.id).success) throw notFound();
      const transaction = await getTransaction(app.db, caller.partner.id, request.params.id);
      if (!transaction) throw notFound();
      return { transaction };
    },
  );
}
