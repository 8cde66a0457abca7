import { z } from 'zod';

// The catalogue and its helpers live in ./plain/errors.ts, which the web app's first load imports without zod.
export * from './plain/errors.ts';

/** docs/product/errors.md §3: `{ error: { code, message, field?, params? } }`, message in the catalogue's French. */
export const ZApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
