import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: which proxies may set X-Forwarded-For (and so the client address every per-address limit
 * counts on). Unset or `false`: none, the socket's peer is the client. `true`: any (only behind a proxy that
 * overwrites the header); a number: that many hops; otherwise a comma-separated list of addresses, CIDR
 * ranges or the names loopback, linklocal, uniquelocal.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address, bits, extra] = item.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') return true;
    if (/^\d+$/.test(value)) return Number(value);
    const items = value.split(',').map((item) => item.trim()).filter(Boolean);
    const bad = items.filter((item) => !isProxyAddress(item));
    if (bad.length > 0 || items.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected false, true, a hop count or a comma-separated list of IP addresses/CIDR ranges (not ${bad.join(', ') || 'empty'})`,
      });
      return z.NEVER;
    }
    return items;
  });

/** Environment, validated at start-up; .env.example documents each variable. */
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
    .optional(),
  DEMO_MODE: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SLOW_REQUEST_MS: z.coerce
    .number({ error: 'SLOW_REQUEST_MS must be a whole number of milliseconds (1 to 600000)' })
    .int({ error: 'SLOW_REQUEST_MS must be a whole number of milliseconds (1 to 600000)' })
    .min(1, { error: 'SLOW_REQUEST_MS must be a whole number of milliseconds (1 to 600000)' })
    .max(600_000, { error: 'SLOW_REQUEST_MS must be a whole number of milliseconds (1 to 600000)' })
    .default(1000),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Farha <bonjour@farha.dz>'),
  SMS_PROVIDER: z.enum(['file', 'twilio']).default('file'),
  TWILIO_ACCOUNT_SID: z.string().regex(/^AC[0-9a-fA-F]{32}$/, { error: 'TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits' }).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, { error: 'TWILIO_AUTH_TOKEN must be at least 16 characters' }).optional(),
  TWILIO_FROM: z.string().regex(/^(\+[1-9]\d{6,14}|[A-Za-z0-9 ]{1,11})$/, { error: 'TWILIO_FROM must be a number in E.164 (+…) or an alphanumeric sender of at most 11 characters' }).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().regex(/^MG[0-9a-fA-F]{32}$/, { error: 'TWILIO_MESSAGING_SERVICE_SID must be MG followed by 32 hexadecimal digits' }).optional(),
  TWILIO_API_URL: z.url({ error: 'TWILIO_API_URL must be a URL (a stand-in of the Twilio API)' }).optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'chargily']).default('sandbox'),
  ALLOW_SANDBOX_PAYMENTS: bool.optional(),
  PAYMENT_SECRET_KEY: z.string().optional(),
  CHARGILY_MODE: z.enum(['test', 'live']).default('test'),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, { error: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_…)' })
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, { error: 'STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_…)' })
    .optional(),
  STRIPE_API_URL: z
    .url({ protocol: /^https?$/, error: 'STRIPE_API_URL must be an http:// or https:// address' })
    .default('https://api.stripe.com'),
  WEB_DIST_DIR: z.string().optional(),
  /** Issue 38 (docs/product/delivery.md §9): the courier of the physical boxes. */
  COURIER: z.enum(['file', 'yalidine']).default('file'),
  YALIDINE_API_ID: z.string().trim().min(1).max(200).optional(),
  YALIDINE_API_TOKEN: z.string().trim().min(1).max(500).optional(),
  YALIDINE_BASE_URL: z.url({ protocol: /^https?$/, error: 'YALIDINE_BASE_URL must be an http:// or https:// address' }).default('https://api.yalidine.app/v1'),
  YALIDINE_FROM_WILAYA: z.coerce
    .number({ error: 'YALIDINE_FROM_WILAYA must be a wilaya code (1 to 58)' })
    .int({ error: 'YALIDINE_FROM_WILAYA must be a wilaya code (1 to 58)' })
    .min(1, { error: 'YALIDINE_FROM_WILAYA must be a wilaya code (1 to 58)' })
    .max(58, { error: 'YALIDINE_FROM_WILAYA must be a wilaya code (1 to 58)' })
    .default(16),
  YALIDINE_WEBHOOK_SECRET: z.string().min(16, { error: 'YALIDINE_WEBHOOK_SECRET must be at least 16 characters' }).optional(),
  JOBS: bool.default(true),
  TRUST_PROXY: trustProxy.optional(),
  REGISTRATION_LIMIT_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  BACKUP_KEEP_DAYS: z.coerce
    .number({ error: 'BACKUP_KEEP_DAYS must be a whole number of days (0 turns scheduled backups off)' })
    .int({ error: 'BACKUP_KEEP_DAYS must be a whole number of days (0 turns scheduled backups off)' })
    .min(0)
    .max(3650)
    .default(7),
  BACKUP_INTERVAL_HOURS: z.coerce.number().int().min(1).max(24 * 31).default(24),
  OFFLINE_SIGNING_SEED: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, { error: 'OFFLINE_SIGNING_SEED must be 64 hexadecimal characters (32 random bytes)' })
    .optional(),
  OFFLINE_SIGNING_PREVIOUS_SEEDS: z
    .string()
    .regex(/^([0-9a-fA-F]{64})(,[0-9a-fA-F]{64})*$/, { error: 'OFFLINE_SIGNING_PREVIOUS_SEEDS must be seeds of 64 hexadecimal characters, separated by commas' })
    .optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoMode: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  /** A request slower than this is logged at warn (the others at debug only). */
  slowRequestMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Issue 25: text messages as JSON files under DATA_DIR/sms, or through Twilio. */
  smsProvider: 'file' | 'twilio';
  twilio: { accountSid: string; authToken: string; from: string | undefined; messagingServiceSid: string | undefined; apiUrl: string | undefined } | undefined;
  paymentProvider: 'sandbox' | 'chargily';
  /**
   * ADR 017: ALLOW_SANDBOX_PAYMENTS=true, the sandbox chosen knowingly outside demo mode (a test site): every
   * page then says that no real payment is taken. Without it, outside demo mode, the sandbox refuses to start.
   */
  allowSandboxPayments: boolean;
  paymentSecretKey: string;
  chargilyMode: 'test' | 'live';
  /** Issue 24: Stripe Checkout for Visa and Mastercard; null when STRIPE_SECRET_KEY is unset. */
  stripe: StripeConfig | null;
  webDistDir: string;
  /** Issue 38: parcels as JSON files under DATA_DIR/courier (default), or through Yalidine's API. */
  courier: 'file' | 'yalidine';
  yalidine: YalidineConfig | undefined;
  jobs: boolean;
  /** Fastify's trustProxy: false (default), true, a hop count or the trusted addresses. */
  trustProxy: boolean | number | string[];
  /** Accounts one address may register per hour. */
  registrationLimitPerHour: number;
  /** Prometheus metrics on a port of their own; unset: none. */
  metricsPort: number | undefined;
  /** Prometheus metrics at /metrics behind this bearer token; unset: no such route. */
  metricsToken: string | undefined;
  /** Embedded database: days the scheduled backups in DATA_DIR/backups are kept; 0: no scheduled backup. */
  backupKeepDays: number;
  /** Hours between two scheduled backups. */
  backupIntervalHours: number;
  /**
   * Issue 26: the Ed25519 seed that signs the partner phones' offline snapshots (hex, 32 bytes); unset: a
   * random seed kept in the database's system settings, the same for every instance.
   */
  offlineSigningSeed: string | undefined;
  /** Issue 32: the seeds used before it: each vouches for the current key, so phones that pinned it accept the new one. */
  offlineSigningPreviousSeeds: string[];
};

/** Issue 38: Yalidine's API credentials, address, the wilaya parcels leave from, and its webhooks' secret. */
export type YalidineConfig = { apiId: string; apiToken: string; baseUrl: string; fromWilaya: number; webhookSecret: string | undefined };

/** Stripe's key, webhook signing secret and API address (STRIPE_API_URL split as the SDK takes it). */
export type StripeConfig = { secretKey: string; webhookSecret: string; host: string; port: number; protocol: 'http' | 'https' };

function stripeConfig(e: z.infer<typeof ZEnv>): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_WEBHOOK_SECRET) throw new Error('Invalid configuration:\n  STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set');
    return null;
  }
  if (!e.STRIPE_WEBHOOK_SECRET) {
    throw new Error('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (Stripe webhooks are refused without it)');
  }
  const url = new URL(e.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'chargily' && !e.PAYMENT_SECRET_KEY) {
    throw new Error('Invalid configuration:\n  PAYMENT_SECRET_KEY: required when PAYMENT_PROVIDER=chargily');
  }
  if (e.SMS_PROVIDER === 'twilio') {
    const missing = [
      !e.TWILIO_ACCOUNT_SID && '  TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio',
      !e.TWILIO_AUTH_TOKEN && '  TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio',
      !e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID && '  TWILIO_FROM: required when SMS_PROVIDER=twilio (or TWILIO_MESSAGING_SERVICE_SID)',
    ].filter(Boolean);
    if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  }
  const demoMode = e.DEMO_MODE ?? !e.DATABASE_URL;
  // ADR 017: the sandbox « pays » any well-formed card; outside the demo it runs only when chosen knowingly.
  if (!demoMode && e.PAYMENT_PROVIDER === 'sandbox' && !e.ALLOW_SANDBOX_PAYMENTS) {
    throw new Error(
      'Invalid configuration:\n  PAYMENT_PROVIDER: the sandbox takes no real payment (any well-formed card is paid) and demo mode is off. ' +
        'Set PAYMENT_PROVIDER=chargily with PAYMENT_SECRET_KEY for real payments, or ALLOW_SANDBOX_PAYMENTS=true to run a test site ' +
        '(every page then says « Paiements de test : aucun paiement réel n\'est encaissé »), or DEMO_MODE=true',
    );
  }
  if (e.COURIER === 'yalidine') {
    const missing = [
      !e.YALIDINE_API_ID && '  YALIDINE_API_ID: required when COURIER=yalidine',
      !e.YALIDINE_API_TOKEN && '  YALIDINE_API_TOKEN: required when COURIER=yalidine',
    ].filter(Boolean);
    if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  }
  const port = overrides.port ?? e.PORT;
  const stripe = stripeConfig(e);
  const config: Config = {
    env: e.NODE_ENV,
    port,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    // docs/product/accounts-and-roles.md §13: on with the embedded database, off on PostgreSQL unless asked for.
    demoMode,
    logLevel: e.LOG_LEVEL,
    slowRequestMs: e.SLOW_REQUEST_MS,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    smsProvider: e.SMS_PROVIDER,
    twilio:
      e.SMS_PROVIDER === 'twilio'
        ? { accountSid: e.TWILIO_ACCOUNT_SID!, authToken: e.TWILIO_AUTH_TOKEN!, from: e.TWILIO_FROM, messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID, apiUrl: e.TWILIO_API_URL }
        : undefined,
    paymentProvider: e.PAYMENT_PROVIDER,
    allowSandboxPayments: e.ALLOW_SANDBOX_PAYMENTS ?? false,
    // The sandbox signs its webhooks with a per-data-folder secret unless one is given.
    paymentSecretKey: e.PAYMENT_SECRET_KEY ?? '',
    chargilyMode: e.CHARGILY_MODE,
    stripe,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? DEFAULT_WEB_DIST_DIR),
    courier: e.COURIER,
    yalidine:
      e.COURIER === 'yalidine'
        ? { apiId: e.YALIDINE_API_ID!, apiToken: e.YALIDINE_API_TOKEN!, baseUrl: e.YALIDINE_BASE_URL.replace(/\/$/, ''), fromWilaya: e.YALIDINE_FROM_WILAYA, webhookSecret: e.YALIDINE_WEBHOOK_SECRET }
        : undefined,
    jobs: e.JOBS,
    trustProxy: e.TRUST_PROXY ?? false,
    registrationLimitPerHour: e.REGISTRATION_LIMIT_PER_HOUR,
    metricsPort: e.METRICS_PORT,
    metricsToken: e.METRICS_TOKEN || undefined,
    backupKeepDays: e.BACKUP_KEEP_DAYS,
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    offlineSigningSeed: e.OFFLINE_SIGNING_SEED?.toLowerCase(),
    offlineSigningPreviousSeeds: e.OFFLINE_SIGNING_PREVIOUS_SEEDS ? e.OFFLINE_SIGNING_PREVIOUS_SEEDS.toLowerCase().split(',') : [],
    ...overrides,
  };
  return config;
}

/**
 * ADR 017: whether the sandbox takes this site's payments outside demo mode (ALLOW_SANDBOX_PAYMENTS=true):
 * every page then shows « Paiements de test » (GET /api/site `testPayments`). The demo says it is one already.
 */
export function takesTestPayments(config: Pick<Config, 'paymentProvider' | 'demoMode'>): boolean {
  return config.paymentProvider === 'sandbox' && !config.demoMode;
}

/**
 * ADR 017: whether a text can reach a phone: through Twilio, or in demo mode, where the file provider's texts
 * are shown in the demo mailbox. Outside the demo a written file reaches no one: checkout offers no SMS then.
 */
export function offersSms(config: Pick<Config, 'smsProvider' | 'twilio' | 'demoMode'>): boolean {
  return (config.smsProvider === 'twilio' && config.twilio !== undefined) || config.demoMode;
}
