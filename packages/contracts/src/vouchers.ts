import { z } from 'zod';
import { VOUCHER_STATUSES } from './plain/vouchers.ts';

// Everything but the schema lives in ./plain/vouchers.ts, which the web app's public pages import without zod.
export * from './plain/vouchers.ts';
export const ZVoucherStatus = z.enum(VOUCHER_STATUSES);
