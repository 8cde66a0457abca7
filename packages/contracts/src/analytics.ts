import { z } from 'zod';
import { zodError } from './errors.ts';
import { PRODUCT_LINES } from './catalog.ts';

/** Issue 13: pages the storefront reports (first-party, no third-party script). */
export const TRACKED_PAGES = ['home', 'catalogue', 'box', 'checkout'] as const;

/** The funnel of docs/product/back-office.md §8 as Farha can observe it, in order. */
export const FUNNEL_STEPS = ['visit', 'catalogue_view', 'box_view', 'basket_add', 'checkout_started', 'payment_started', 'purchase'] as const;
export type TFunnelStep = (typeof FUNNEL_STEPS)[number];

/** POST /api/analytics/page-views: an anonymous random id of the browser tab's session, never stored as sent. */
export const ZPageViewInput = z.object({
  page: z.enum(TRACKED_PAGES),
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: zodError('ANALYTICS_INVALID_SESSION') }),
  boxId: z.uuid().optional(),
});
export type TPageViewInput = z.infer<typeof ZPageViewInput>;

export const ZAnalyticsPeriodQuery = z.object({
  days: z.coerce.number({ error: zodError('ANALYTICS_INVALID_PERIOD') }).int({ error: zodError('ANALYTICS_INVALID_PERIOD') }).min(1, { error: zodError('ANALYTICS_INVALID_PERIOD') }).max(365, { error: zodError('ANALYTICS_INVALID_PERIOD') }).default(30),
});

export const ZFunnel = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  steps: z.array(z.object({ name: z.enum(FUNNEL_STEPS), count: z.number().int(), conversionRate: z.number() })),
  /** purchases / visits, in %. */
  totalConversion: z.number(),
});
export type TFunnel = z.infer<typeof ZFunnel>;

const ZProductLineOrAll = z.union([z.enum(PRODUCT_LINES), z.literal('other')]);

export const ZSalesDay = z.object({
  day: z.string(),
  gmv: z.number().int(),
  orders: z.number().int(),
  vouchers: z.number().int(),
  redemptions: z.number().int(),
  redeemedValue: z.number().int(),
  expired: z.number().int(),
  breakageValue: z.number().int(),
});
export type TSalesDay = z.infer<typeof ZSalesDay>;

export const ZSalesLine = ZSalesDay.omit({ day: true }).extend({ productLine: ZProductLineOrAll, breakageRate: z.number() });
export type TSalesLine = z.infer<typeof ZSalesLine>;

export const ZSales = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  byDay: z.array(ZSalesDay),
  byLine: z.array(ZSalesLine),
  totals: ZSalesDay.omit({ day: true }).extend({ breakageRate: z.number() }),
  /**
   * Issue 24: the period's paid orders by charged currency — their value in dinars (the GMV stays in dinars)
   * and what the cards were charged (cents); `internationalShare`: % of that dinar value paid by Visa and
   * Mastercard.
   */
  charges: z.array(z.object({ currency: z.enum(['DZD', 'EUR', 'USD']), orders: z.number().int(), gmv: z.number().int(), charged: z.number().int() })),
  internationalShare: z.number(),
});
export type TSales = z.infer<typeof ZSales>;

export const ZBreakageForecast = z.object({
  from: z.string(),
  to: z.string(),
  /** Historical breakage rate (%) used: expired / (expired + redeemed), per line where it has history. */
  lines: z.array(
    z.object({ productLine: ZProductLineOrAll, vouchers: z.number().int(), value: z.number().int(), breakageRate: z.number(), expectedBreakage: z.number().int() }),
  ),
  totals: z.object({ vouchers: z.number().int(), value: z.number().int(), expectedBreakage: z.number().int() }),
});
export type TBreakageForecast = z.infer<typeof ZBreakageForecast>;

export const ALERT_KINDS = ['payment_failures', 'outbox_backlog', 'webhook_signatures', 'job_failures', 'database'] as const;

export const ZAlert = z.object({
  id: z.string(),
  kind: z.enum(ALERT_KINDS),
  level: z.enum(['warning', 'critical']),
  /** The measured figure and the threshold it crossed (for the message). */
  value: z.number(),
  threshold: z.number(),
  since: z.string().nullable(),
});
export type TAlert = z.infer<typeof ZAlert>;

export const ZJobStatus = z.object({
  job: z.string(),
  lastRunAt: z.string().nullable(),
  lastOutcome: z.enum(['ok', 'failed']).nullable(),
  lastFailureAt: z.string().nullable(),
  failures: z.number().int(),
});

export const ZSystemStatus = z.object({
  database: z.object({ ok: z.boolean(), latencyMs: z.number() }),
  outbox: z.object({ backlog: z.number().int(), failed: z.number().int(), oldestPendingMinutes: z.number().int().nullable() }),
  webhooks: z.object({ signatureFailures24h: z.number().int() }),
  jobs: z.array(ZJobStatus),
  alerts: z.array(ZAlert),
});
export type TSystemStatus = z.infer<typeof ZSystemStatus>;

export const ZLiveAnalytics = z.object({
  at: z.string(),
  today: z.object({
    vouchers: z.number().int(),
    redemptions: z.number().int(),
    revenue: z.number().int(),
    newCustomers: z.number().int(),
    /** Distinct anonymous sessions seen in the last 15 minutes. */
    activeSessions: z.number().int(),
  }),
  performance: z.object({
    apiLatencyP95Ms: z.number().nullable(),
    requestsMeasured: z.number().int(),
    dbQueryAvgMs: z.number().nullable(),
    dbQueryP95Ms: z.number().nullable(),
    /** paid / (paid + failed + canceled + expired) over the last 24 h, %; null without payments. */
    paymentSuccessRate: z.number().nullable(),
    paymentsMeasured: z.number().int(),
    uptimeSeconds: z.number().int(),
  }),
  system: ZSystemStatus,
});
export type TLiveAnalytics = z.infer<typeof ZLiveAnalytics>;
