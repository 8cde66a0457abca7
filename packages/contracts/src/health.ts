import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type THealthResponse = z.infer<typeof ZHealthResponse>;

/** GET /api/health/ready: the database answers and every migration of this build is applied. */
export const ZReadyResponse = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
  migrations: z.number().int(),
});
export type TReadyResponse = z.infer<typeof ZReadyResponse>;
