import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { rowsOf, type Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { queryTimings, Samples } from '../../lib/samples.ts';

/**
 * Prometheus metrics: requests and their latency per route, job runs and failures, the e-mail outbox
 * backlog, and Node's process figures. Never public by default: served on METRICS_PORT (a listener of its
 * own, for a private network) or at /metrics behind `Authorization: Bearer METRICS_TOKEN`, or not at all.
 */
export type JobState = { job: string; lastRunAt: Date | null; lastOutcome: 'ok' | 'failed' | null; lastFailureAt: Date | null; failures: number };

/** Issue 13: what the back office shows of this instance, measured by the server itself. */
export type OwnMeasurements = {
  /** Request durations (ms) of the API, the last 2,048 answers. */
  apiLatency: Samples;
  /** Database query durations (ms), the last 2,048 queries. */
  dbQueries: Samples;
  startedAt: Date;
  jobs: () => JobState[];
};

export type Metrics = {
  registry: Registry;
  jobRun: (job: string, outcome: 'ok' | 'failed') => void;
  own: OwnMeasurements;
};

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export function createMetrics(db: Db, clock: Clock = systemClock): Metrics {
  const registry = new Registry();
  const jobStates = new Map<string, JobState>();
  const own: OwnMeasurements = {
    apiLatency: new Samples(2048),
    dbQueries: queryTimings,
    startedAt: clock.now(),
    jobs: () => [...jobStates.values()].map((state) => ({ ...state })),
  };
  collectDefaultMetrics({ register: registry, prefix: 'farha_' });
  const requests = new Counter({
    name: 'farha_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'farha_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method and route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'farha_job_runs_total',
    help: 'Background job runs, by job and outcome (ok, failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'farha_outbox_backlog',
    help: 'E-mails waiting in the outbox (pending or being sent)',
    registers: [registry],
    async collect() {
      const [row] = await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${emailOutbox} where status in ('pending', 'sending')`);
      this.set(Number(row?.n ?? 0));
    },
  });
  const metrics: Metrics & { observe: (method: string, route: string, status: number, seconds: number) => void } = {
    registry,
    own,
    jobRun: (job, outcome) => {
      jobRuns.inc({ job, outcome });
      const at = clock.now();
      const state = jobStates.get(job) ?? { job, lastRunAt: null, lastOutcome: null, lastFailureAt: null, failures: 0 };
      state.lastRunAt = at;
      state.lastOutcome = outcome;
      if (outcome === 'failed') {
        state.lastFailureAt = at;
        state.failures += 1;
      }
      jobStates.set(job, state);
    },
    observe: (method, route, status, seconds) => {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
      if (route.startsWith('/api/')) own.apiLatency.add(seconds * 1000);
    },
  };
  return metrics;
}

/** Records every answer (route template, not the raw URL: bounded label values); routes/metrics serves them. */
export function installMetrics(app: FastifyInstance, metrics: Metrics): void {
  const observe = (metrics as Metrics & { observe: (method: string, route: string, status: number, seconds: number) => void }).observe;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/** METRICS_PORT: /metrics on a listener of its own (bind it to a private interface with HOST or a firewall). */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
