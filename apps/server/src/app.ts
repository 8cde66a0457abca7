import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { ASSETS_DIR } from './paths.ts';
import type { Database } from './db/client.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { AppError, errorBody } from './lib/errors.ts';
import { installApiCompression } from './lib/compress.ts';
import { echoRequestId, genReqId, logAccess, loggerOptions } from './lib/logging.ts';
import { canonicalHostRedirect, installErrorHandling, isCrossSiteRequest, rejectNulBytes } from './lib/http.ts';
import { createLoginThrottle, sessionPlugin } from './modules/accounts/index.ts';
import { inlinePreferences, webAppRoutes } from './routes/public/web-app.ts';
import { createPaymentProviders } from './modules/payments/index.ts';
import { fulfilCompanyPayment } from './modules/companies/index.ts';
import { fulfilBasketPayment } from './modules/basket/index.ts';
import { expireGiftCards, fulfilGiftCardOrder, remindGiftCards } from './modules/giftcards/index.ts';
import { closeGroupGifts, fulfilGroupContribution, payGroupGiftRefunds } from './modules/groupgifts/index.ts';
import { fulfilPaidOrder } from './modules/vouchers/index.ts';
import { startJobs, type Job } from './modules/jobs/index.ts';
import { BACKUP_DIR_NAME, runScheduledBackup } from './db/scheduled-backup.ts';
import { createMailer, createSmsProvider, type Mailer, type SmsProvider } from './modules/notifications/index.ts';
import multipart from '@fastify/multipart';
import { type FileStorage, localDiskStorage, MAX_UPLOAD_BYTES } from './modules/files/index.ts';
import { createMetrics, installMetrics } from './modules/metrics/index.ts';
import { buyerSubject, recordEvent } from './modules/tracking/index.ts';
import { registerAreas, WEBHOOK_PREFIXES } from './routes/index.ts';
import { purgeRealtimeEvents, startRealtimeHub } from './modules/realtime/index.ts';
import { runChatFallback } from './modules/support/index.ts';
import { createCourier, expireUnconfirmedCodOrders, fulfilPhysicalOrder, pollCourierTracking } from './modules/delivery/index.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where the JSON log lines go (tests read them; server.ts passes lib/log-destination.ts); pino's default otherwise. */
  logStream?: { write: (line: string) => unknown };
  /** Tests pass their own (e.g. a real SMTP server's); default from the configuration. */
  mailer?: Mailer;
  /** Tests may pass their own; default from SMS_PROVIDER. */
  sms?: SmsProvider;
  fetchImpl?: typeof fetch;
  storage?: FileStorage;
  /**
   * With JOBS on, when the jobs run first: at once ('build', the default), or a moment after the server listens,
   * one after another ('listen', server.ts), so that a restarted instance answers its readiness probe without
   * waiting behind them. Their regular runs are the same either way.
   */
  jobsStart?: 'build' | 'listen';
};

/** After listening: the jobs' first runs start a second later, 150 ms apart (modules/jobs/runner.ts FirstRuns). */
const JOBS_AFTER_LISTEN = { afterMs: 1_000, spacingMs: 150 };

/** TRUST_PROXY as a hop count: the nearest `hops` proxies are trusted. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

export { ASSETS_DIR };

/** Issue 35: gift cards past their expiry lose what is left, hourly (docs/product/gift-cards.md §7). */
function giftCardExpiryJob(app: FastifyInstance): Job {
  return { name: 'gift-card-expiry', everyMs: 60 * 60_000, run: () => expireGiftCards(app.db, app.clock.now()) };
}

/** Issue 35: the recipient of a card with a balance is reminded once before its expiry, hourly check (docs/product/gift-cards.md §7). */
function giftCardReminderJob(app: FastifyInstance): Job {
  return { name: 'gift-card-reminders', everyMs: 60 * 60_000, run: () => remindGiftCards(app.db, { now: app.clock.now(), publicUrl: app.config.publicUrl }) };
}

/**
 * Issue 37: group gifts past their closing day await their organiser's choice, those past the choice deadline are
 * refunded, and their refunds are paid through the gateway, every minute (docs/product/group-gifts.md §5, §6).
 */
function groupGiftClosingJob(app: FastifyInstance): Job {
  return {
    name: 'group-gift-closing',
    everyMs: 60_000,
    run: async () => {
      const deps = { db: app.db, providers: app.payments, publicUrl: app.config.publicUrl, now: app.clock.now() };
      return (await closeGroupGifts(deps)) + (await payGroupGiftRefunds(deps));
    },
  };
}

/** Issue 36: pushed events older than a day are deleted, hourly (docs/product/realtime.md §4). */
function realtimePurgeJob(app: FastifyInstance): Job {
  return { name: 'realtime-purge', everyMs: 60 * 60_000, run: () => purgeRealtimeEvents(app.db, app.clock.now()) };
}

/** Issue 36: a live chat nobody accepted within the wait limit becomes an e-mail ticket, every 30 s (docs/product/live-chat.md §3). */
function chatFallbackJob(app: FastifyInstance): Job {
  return { name: 'chat-fallback', everyMs: 30_000, run: () => runChatFallback({ db: app.db, now: app.clock.now(), publicUrl: app.config.publicUrl }) };
}

/**
 * Issue 38: the parcels handed over and not arrived are asked to the courier every 10 minutes (webhooks get lost),
 * and cash orders never confirmed by their code expire (docs/product/delivery.md §3, §4).
 */
function courierTrackingJob(app: FastifyInstance): Job {
  return { name: 'courier-tracking', everyMs: 10 * 60_000, run: () => pollCourierTracking({ db: app.db, courier: app.courier, now: app.clock.now() }) };
}
function cashOrderExpiryJob(app: FastifyInstance): Job {
  return { name: 'cash-order-expiry', everyMs: 10 * 60_000, run: () => expireUnconfirmedCodOrders(app.db, app.clock.now()) };
}

/** The embedded database's scheduled backup (DATA_DIR/backups), checked every 10 minutes. */
function scheduledBackupJobs(app: FastifyInstance, database: Database): Job[] {
  const { dumpDataDir } = database;
  if (!dumpDataDir || app.config.backupKeepDays === 0) return [];
  const dir = path.join(app.config.dataDir, BACKUP_DIR_NAME);
  return [
    {
      name: 'backup',
      everyMs: 10 * 60_000,
      run: async () => {
        const { written, removed } = await runScheduledBackup({
          dir,
          dump: dumpDataDir,
          now: app.clock.now(),
          everyMs: app.config.backupIntervalHours * 3_600_000,
          keepDays: app.config.backupKeepDays,
        });
        if (written || removed.length) app.log.info({ written, removed }, 'scheduled backup');
        return 0;
      },
    },
  ];
}

/** Builds the Fastify app from plugins and module routes; never listens (server.ts and tests do). */
/** A paid purchase is fulfilled by the vouchers domain and counted as the funnel's purchase, in one transaction. */
const fulfilAndRecordPurchase: typeof fulfilPaidOrder = async (db, ctx, order) => {
  // Issue 27: a company's one payment issues its order's vouchers (companies sits above payments and vouchers).
  if (order.kind === 'company') return fulfilCompanyPayment(db, ctx, order);
  // Issue 34: a basket's one payment issues every gift's voucher (docs/product/basket.md §6).
  if (order.kind === 'basket') return fulfilBasketPayment(db, ctx, order);
  // Issue 35: a gift card bought becomes a card with its balance (docs/product/gift-cards.md §3).
  if (order.kind === 'gift_card') {
    await fulfilGiftCardOrder(db, ctx, order);
    return;
  }
  // Issue 37: a contribution paid goes into its pot, which buys the gift once full (docs/product/group-gifts.md §3).
  if (order.kind === 'group_contribution') return fulfilGroupContribution(db, ctx, order);
  // Issue 38: a physical box's voucher waits for its delivery (docs/product/delivery.md §5).
  const fulfilled = order.fulfilment === 'physical' ? await fulfilPhysicalOrder(db, ctx, order) : await fulfilPaidOrder(db, ctx, order);
  // The funnel's purchase is worth the box: a physical order's delivery fee is not a sale (docs/product/delivery.md §10).
  if (order.kind === 'purchase') await recordEvent(db, { name: 'purchase', subject: buyerSubject(order.purchaserId, ctx.now), boxId: order.boxId, amount: order.amount - order.deliveryFee, now: ctx.now });
  return fulfilled;
};

export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    // JSON lines with the request id (`reqId`) on every line of a request; secrets redacted (lib/logging.ts).
    logger: options.logger === false ? false : { ...loggerOptions(config.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    genReqId,
    // The access log is logAccess's: 5xx, slow requests, and everything at debug.
    logController: new LogController({ disableRequestLogging: true }),
    // Only a configured proxy may name the client (X-Forwarded-For): otherwise any client could reset the
    // per-address limits by sending the header.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    bodyLimit: 1_048_576,
  });
  app.decorate('db', database.db);
  app.decorate('dbKind', database.kind);
  app.decorate('config', config);
  app.decorate('clock', options.clock ?? systemClock);
  app.decorate('storage', options.storage ?? localDiskStorage(config.dataDir));
  app.decorate('courier', createCourier(config, app.clock, options.fetchImpl));
  app.decorate('payments', createPaymentProviders(config, database.db, app.clock, fulfilAndRecordPurchase, options.fetchImpl));
  app.decorate('metrics', createMetrics(database.db, app.clock));
  app.decorate('loginThrottle', createLoginThrottle(database.db));
  // Issue 36, ADR 019: this instance's one listener of the pushed events, fanned out to its streams.
  app.decorate('realtime', await startRealtimeHub({ db: database.db, kind: database.kind, log: app.log }));
  app.addHook('onClose', async () => app.realtime.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  rejectNulBytes(app);
  installMetrics(app, app.metrics);
  installApiCompression(app);
  echoRequestId(app);
  logAccess(app, { clock: app.clock, slowRequestMs: config.slowRequestMs });
  // Pages asked for under another host name of this server go to PUBLIC_URL's before any session is made.
  app.addHook('onRequest', async (request, reply) => {
    const location = canonicalHostRedirect(request, config);
    if (location) return reply.redirect(location, 308);
  });

  const preferences = inlinePreferences(config.webDistDir);
  // Security headers: helmet's middleware built once (@fastify/helmet builds it again for every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // One inline script, by its hash: the pages' preferences.js (web-pages/preferences-script.ts); the sandbox
        // payment page loads /pay/sandbox/card.js.
        scriptSrc: ["'self'", ...(preferences ? [preferences.hash] : [])],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https://pay.chargily.net'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // With `no-referrer`, Chrome sends `Origin: null` on same-origin form posts (the gateway page),
    // which the CSRF check must refuse; this policy keeps the origin and hides paths from other sites.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 5, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });

  app.addHook('onRequest', async (request) => {
    if (WEBHOOK_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    if (isCrossSiteRequest(request, config.publicUrl)) throw new AppError('CSRF');
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Farha API', description: "Coffrets cadeaux d'expériences en Algérie", version: '1.0.0' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await sessionPlugin(app);
  await registerAreas(app);

  await app.register(fastifyStatic, {
    root: path.join(ASSETS_DIR, 'images'),
    prefix: '/images/',
    decorateReply: false,
    maxAge: '1d',
  });
  // The built web app, when there is one (tests of the API alone run without it).
  const webApp = fs.existsSync(path.join(config.webDistDir, 'index.html')) ? await webAppRoutes(app, { distDir: config.webDistDir, preferences }) : null;

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/api?');
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && webApp) {
      // Pages of the app answer 200 and unknown paths 404, both with the app (its router shows the 404 page).
      return webApp.sendPage(request, reply);
    }
    return reply.status(404).send(errorBody('NOT_FOUND'));
  });

  if (config.jobs) {
    const start = () =>
      startJobs(
        app,
        { mailer: options.mailer ?? createMailer(config), sms: options.sms ?? createSmsProvider(config) },
        [...scheduledBackupJobs(app, database), giftCardExpiryJob(app), giftCardReminderJob(app), groupGiftClosingJob(app), realtimePurgeJob(app), chatFallbackJob(app), courierTrackingJob(app), cashOrderExpiryJob(app)],
        options.jobsStart === 'listen' ? JOBS_AFTER_LISTEN : undefined,
      );
    let jobs: ReturnType<typeof startJobs> | undefined;
    if (options.jobsStart === 'listen') app.addHook('onListen', async () => void (jobs ??= start()));
    else jobs = start();
    app.addHook('onClose', async () => jobs?.stop());
  }

  return app;
}
