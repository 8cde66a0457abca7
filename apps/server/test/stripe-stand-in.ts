import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local stand-in for the part of Stripe's API Farha uses (issue 24), started by the tests on a free
 * loopback port: Checkout Sessions created (form-encoded, as the `stripe` package sends them) and
 * retrieved, and Refunds, both honouring `Idempotency-Key` like Stripe (same key, same answer). What Stripe's
 * hosted page and its servers would do is driven by the test: `pay`, `expire`, and `event` builds the
 * webhook Stripe would send, signed by the SDK's own `generateTestHeaderString`.
 */
export type StandInSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  locale: string | null;
  expires_at: number;
  url: string | null;
  line_items_sent: unknown;
};
export type StandInRefund = { id: string; object: 'refund'; amount: number; currency: string; payment_intent: string; status: 'succeeded'; metadata: Record<string, string> };

export type StripeStandIn = {
  url: string;
  secretKey: string;
  webhookSecret: string;
  env: Record<string, string>;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  /** Every API call received, for the tests that count them. */
  calls: { method: string; path: string; idempotencyKey: string | null }[];
  pay(id: string): StandInSession;
  expire(id: string): StandInSession;
  /** A webhook event about a session, as Stripe sends it, and its Stripe-Signature header (timestamp: `at`). */
  event(type: string, session: StandInSession, at: Date, options?: { secret?: string; patch?: Partial<StandInSession> }): { body: string; signature: string };
  close(): Promise<void>;
};

/** `line_items[0][price_data][currency]=eur` and friends, as nested objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const stripeError = (status: number, message: string, code?: string) => ({ status, body: { error: { type: 'invalid_request_error', message, ...(code ? { code } : {}) } } });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const refunds: StandInRefund[] = [];
  const calls: StripeStandIn['calls'] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  const sdk = new Stripe(secretKey);
  let base = '';

  function handle(method: string, path: string, form: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (form.line_items ?? []) as { quantity?: string; price_data?: { currency?: string; unit_amount?: string } }[];
      const first = items[0]?.price_data;
      if (!first?.currency || !first.unit_amount) return stripeError(400, 'Missing required param: line_items[0][price_data].');
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: StandInSession = {
        id,
        object: 'checkout.session',
        mode: String(form.mode),
        status: 'open',
        payment_status: 'unpaid',
        amount_total: items.reduce((sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1), 0),
        currency: first.currency,
        client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
        metadata: (form.metadata ?? {}) as Record<string, string>,
        payment_intent: null,
        success_url: String(form.success_url),
        cancel_url: String(form.cancel_url),
        locale: typeof form.locale === 'string' ? form.locale : null,
        expires_at: Number(form.expires_at),
        url: `${base}/c/pay/${id}`,
        line_items_sent: items,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    const sessionPath = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionPath) {
      const session = sessions.get(decodeURIComponent(sessionPath[1]!));
      return session ? { status: 200, body: session } : stripeError(404, `No such checkout.session: '${sessionPath[1]}'`, 'resource_missing');
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = String(form.payment_intent ?? '');
      const session = [...sessions.values()].find((s) => s.payment_intent === intent);
      if (!session || session.payment_status !== 'paid') return stripeError(400, `No such payment_intent: '${intent}'`, 'resource_missing');
      const already = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
      const amount = form.amount === undefined ? session.amount_total - already : Number(form.amount);
      if (already >= session.amount_total) return stripeError(400, `Charge for ${intent} has already been refunded.`, 'charge_already_refunded');
      if (!Number.isInteger(amount) || amount <= 0 || already + amount > session.amount_total) {
        return stripeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${session.amount_total - already})`, 'amount_too_large');
      }
      const refund: StandInRefund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        currency: session.currency,
        payment_intent: intent,
        status: 'succeeded',
        metadata: (form.metadata ?? {}) as Record<string, string>,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      calls.push({ method: req.method ?? 'GET', path, idempotencyKey });
      let answer: { status: number; body: unknown };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        answer = { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
      } else {
        const cacheKey = idempotencyKey && req.method === 'POST' ? `${path} ${idempotencyKey}` : null;
        const cached = cacheKey ? answered.get(cacheKey) : undefined;
        answer = cached ?? handle(req.method ?? 'GET', path, parseStripeForm(raw));
        if (cacheKey && !cached) answered.set(cacheKey, answer);
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const find = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`stand-in: no session ${id}`);
    return session;
  };
  return {
    url: base,
    secretKey,
    webhookSecret,
    env: { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: base },
    sessions,
    refunds,
    calls,
    pay(id) {
      return Object.assign(find(id), { status: 'complete', payment_status: 'paid', payment_intent: `pi_${randomBytes(12).toString('hex')}` } as const);
    },
    expire(id) {
      return Object.assign(find(id), { status: 'expired', url: null } as const);
    },
    event(type, session, at, options = {}) {
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type,
        created: Math.floor(at.getTime() / 1000),
        data: { object: { ...session, ...options.patch } },
      });
      const signature = sdk.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? webhookSecret,
        timestamp: Math.floor(at.getTime() / 1000),
      });
      return { body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
