// Child process of soak.ts: the soak's mixed load through the proxy, so that it does not share an event loop
// with the soak's clocks and fault injection. Reads { base, seconds, browsers } on stdin; prints one JSON
// summary on stdout at the end. Every user is a fetch loop with no think time:
// - browsers: `/`, `/catalog`, box pages, the catalogue API (list and detail);
// - two buyers (the demo customer): an order, the sandbox gateway's page paid (it sends the signed webhook),
//   the order read until its voucher exists; one order in four also texts the voucher (each to a number of
//   its own: a number takes a few texts an hour) until the customer's daily limit of texts is reached;
// - one redeemer: each voucher of a box the demo partner serves is booked (calendar, reservation, the
//   partner's confirmation) then scanned, or scanned straight away;
// - one customer filing support tickets, one customer chatting live with the demo adviser.
// A 2xx or 3xx is a success; the few 4xx a flow expects (a chat already open…) are counted apart; any other
// answer, or a connection error, is an error, kept with its time so that it can be set against the faults.
import { randomUUID } from 'node:crypto';

/** `startedAt`: the soak's clock (Date.now() when the load began), so that errors line up with its timeline. */
type Plan = { base: string; seconds: number; browsers: number; startedAt: number };
const plan = JSON.parse(await new Response(process.stdin as unknown as ReadableStream).text()) as Plan;
const origin = new URL(plan.base).origin;
const deadline = plan.startedAt + plan.seconds * 1000;
const running = () => Date.now() < deadline;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------
// Counting

type Counts = { requests: number; errors: number; expected: number };
const latencies = new Map<string, number[]>();
const perInstance = new Map<string, Counts>();
const errors: { at: number; kind: string; instance: string; what: string }[] = [];
const MAX_ERRORS_KEPT = 5_000;

function count(kind: string, instance: string, ms: number, outcome: 'ok' | 'expected' | 'error', what: string) {
  const counts = perInstance.get(instance) ?? { requests: 0, errors: 0, expected: 0 };
  perInstance.set(instance, counts);
  counts.requests++;
  if (outcome === 'error') {
    counts.errors++;
    if (errors.length < MAX_ERRORS_KEPT) errors.push({ at: (Date.now() - plan.startedAt) / 1000, kind, instance, what });
    return;
  }
  if (outcome === 'expected') counts.expected++;
  latency(kind, ms);
}

/** A latency of `kind`: one request, or a whole flow (an order until its voucher exists). */
function latency(kind: string, ms: number) {
  let list = latencies.get(kind);
  if (!list) latencies.set(kind, (list = []));
  list.push(ms);
}

type Answer = { status: number; body: unknown; headers: Headers };
type Call = { method?: string; body?: unknown; form?: string; cookie?: string; expect?: number[] };

/** One request through the proxy, timed to its last byte; null on a connection error or an unexpected status. */
async function call(kind: string, path: string, options: Call = {}): Promise<Answer | null> {
  const headers: Record<string, string> = { origin };
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (options.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = options.form;
  }
  const t0 = performance.now();
  try {
    const res = await fetch(`${plan.base}${path}`, { method: options.method ?? (body ? 'POST' : 'GET'), headers, body, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    const ms = performance.now() - t0;
    const instance = res.headers.get('x-soak-upstream') ?? 'proxy';
    const ok = res.status < 400;
    const expected = options.expect?.includes(res.status) ?? false;
    count(kind, instance, ms, ok ? 'ok' : expected ? 'expected' : 'error', `${res.status} ${text.slice(0, 120)}`);
    if (!ok && !expected) return null;
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, body: json && text ? (JSON.parse(text) as unknown) : text, headers: res.headers };
  } catch (error) {
    count(kind, 'proxy', performance.now() - t0, 'error', (error as Error).cause ? String((error as Error & { cause: Error }).cause.message) : (error as Error).message);
    return null;
  }
}

/** Logs in (retrying while the servers are away) and returns the session cookie. */
async function login(email: string): Promise<string> {
  for (;;) {
    const answer = await call('login', '/api/auth/login', { body: { email, password: 'demo1234' } });
    const cookie = answer?.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    if (cookie) return cookie;
    if (!running()) throw new Error(`could not log in as ${email}`);
    await sleep(1_000);
  }
}

// ---------------------------------------------------------------------------------------------------
// The catalogue and the demo partner's offers

type Box = { id: string; offers: { id: string; partner: { id: string } }[] };
const list = (await call('api boxes', '/api/boxes'))?.body as { boxes: { id: string }[] } | undefined;
if (!list) throw new Error('the catalogue did not answer');
const boxIds = list.boxes.map((b) => b.id);
const partnerCookie = await login('partenaire@demo.farha.dz');
const partnerOffers = ((await call('partner offers', '/api/partner/offers', { cookie: partnerCookie }))?.body as { offers: { id: string; active: boolean; boxes: { id: string }[] }[] }).offers;
/** Box → the demo partner's offer in it and the partner's id (read from the box's public page). */
const served = new Map<string, { offerId: string; partnerId: string }>();
for (const offer of partnerOffers.filter((o) => o.active)) {
  for (const { id } of offer.boxes) {
    const box = (await call('api box', `/api/boxes/${id}`))?.body as Box | undefined;
    const partnerId = box?.offers.find((o) => o.id === offer.id)?.partner.id;
    if (partnerId) served.set(id, { offerId: offer.id, partnerId });
  }
}
const servedBoxIds = [...served.keys()];
if (servedBoxIds.length === 0) throw new Error('the demo partner serves no box');
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

// ---------------------------------------------------------------------------------------------------
// The users

async function browser(): Promise<void> {
  const pages: [string, () => string][] = [
    ['page /', () => '/'],
    ['page /catalog', () => '/catalog'],
    ['page /box', () => `/box/${pick(boxIds)}`],
    ['api boxes', () => '/api/boxes'],
    ['api box', () => `/api/boxes/${pick(boxIds)}`],
  ];
  while (running()) {
    const [kind, path] = pick(pages);
    if (!(await call(kind, path()))) await sleep(100);
  }
}

type Voucher = { id: string; code: string; boxId: string };
const toRedeem: Voucher[] = [];
const purchases = { ordered: 0, paid: 0, withVoucher: 0, withText: 0 };

let texting = true;
/** A mobile number of Djezzy's 0770 range nobody else in the soak uses. */
const freshMobile = () => `+213770${String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')}`;

async function buyer(cookie: string): Promise<void> {
  for (let n = 0; running(); n++) {
    // Two orders in three for a box the demo partner serves (they feed the redeemer).
    const boxId = Math.random() < 0.67 ? pick(servedBoxIds) : pick(boxIds);
    // Until the demo customer's texts reach their daily limit (SMS_CUSTOMER_DAILY_LIMIT, expected).
    const text = texting && n % 4 === 0;
    const t0 = performance.now();
    const order = await call('order', '/api/orders', {
      cookie,
      body: {
        boxId,
        recipientName: 'Amina Benali',
        recipientEmail: 'client@demo.farha.dz',
        paymentMethod: 'cib',
        termsAccepted: true,
        ...(text ? { recipientPhone: freshMobile(), sendSms: true } : {}),
      },
      expect: text ? [429] : [],
    });
    if (order?.status === 429) texting = false;
    if (!order || order.status === 429) {
      await sleep(500);
      continue;
    }
    purchases.ordered++;
    const { orderId, checkoutUrl } = order.body as { orderId: string; checkoutUrl: string };
    const paid = await call('sandbox pay', new URL(checkoutUrl).pathname, { form: 'action=pay' });
    if (!paid) continue; // the order stays pending: the reconciliation's work
    purchases.paid++;
    if (text) purchases.withText++;
    const waitUntil = performance.now() + 60_000;
    while (performance.now() < waitUntil) {
      const read = await call('order status', `/api/orders/${orderId}`, { cookie });
      const voucher = (read?.body as { voucher: { id: string; code: string } | null } | undefined)?.voucher;
      if (voucher) {
        latency('purchase (order → voucher)', performance.now() - t0);
        purchases.withVoucher++;
        if (served.has(boxId)) toRedeem.push({ id: voucher.id, code: voucher.code, boxId });
        break;
      }
      await sleep(200);
    }
  }
}

const redemptions = { booked: 0, confirmed: 0, redeemed: 0 };

async function redeemer(customer: string): Promise<void> {
  const today = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  while (running()) {
    const voucher = toRedeem.shift();
    if (!voucher) {
      await sleep(250);
      continue;
    }
    const { offerId, partnerId } = served.get(voucher.boxId)!;
    if (Math.random() < 0.5) await book(customer, voucher, offerId, partnerId, today);
    const scan = await call('redemption', '/api/partner/redemptions', { cookie: partnerCookie, body: { code: voucher.code, nonce: randomUUID(), offerId } });
    if (scan) redemptions.redeemed++;
  }
}

async function book(customer: string, voucher: Voucher, offerId: string, partnerId: string, from: string): Promise<void> {
  const query = new URLSearchParams({ partnerId, offerId, from, days: '60', guests: '2' });
  const calendar = (await call('calendar', `/api/client/vouchers/${voucher.id}/calendar?${query}`, { cookie: customer }))?.body as
    | { days: { date: string; status: string; remaining: number }[] }
    | undefined;
  const open = calendar?.days.filter((d) => d.status === 'open' && d.remaining >= 2) ?? [];
  if (open.length === 0) return;
  const reservation = await call('reservation', '/api/client/reservations', {
    cookie: customer,
    body: { voucherId: voucher.id, partnerId, offerId, date: pick(open).date, time: null, guests: 2, phone: '+213550123456' },
  });
  const reservationId = (reservation?.body as { reservation: { id: string } } | undefined)?.reservation.id;
  if (!reservationId) return;
  redemptions.booked++;
  if (await call('reservation confirm', `/api/partner/reservations/${reservationId}/confirm`, { cookie: partnerCookie, method: 'POST' })) redemptions.confirmed++;
}

async function ticketFiler(cookie: string): Promise<void> {
  for (let n = 1; running(); n++) {
    await call('support ticket', '/api/client/tickets', {
      cookie,
      body: { title: `Question n° ${n} du test d’endurance`, description: 'Mon bon n’apparaît pas encore dans mon espace.', category: 'commande', priority: 'low' },
    });
    await sleep(2_000);
  }
}

const chat = { started: 0, customerMessages: 0, adviserMessages: 0 };

/**
 * A person may start CHAT_STARTS_PER_HOUR chats an hour (routes/chat/requester.ts): one chat every
 * 60 / CHAT_STARTS_PER_HOUR minutes, held that long, as a customer with a long question would.
 */
const CHAT_STARTS_PER_HOUR = 10;
const CHAT_MS = (60 / CHAT_STARTS_PER_HOUR) * 60_000;

async function chatter(cookie: string): Promise<void> {
  while (running()) {
    const startedAt = Date.now();
    const start = await call('chat start', '/api/chat', { cookie, body: { message: 'Bonjour, une question sur mon coffret.' }, expect: [409] });
    const answer = start?.body as { chat?: { id: string; status: string }; error?: { params?: { chatId?: string } } } | undefined;
    const chatId = answer?.chat?.id ?? answer?.error?.params?.chatId;
    if (!chatId) {
      await sleep(1_000);
      continue;
    }
    if (answer?.chat) chat.started++;
    // At most 20 messages a minute per chat (CHAT_MESSAGES_PER_MINUTE): one every 3.5 s. A 409 is the chat
    // ended on the desk's side (no adviser present: it became a ticket): the next one starts.
    while (running() && Date.now() - startedAt < CHAT_MS) {
      await sleep(3_500);
      const sent = await call('chat message', `/api/chat/${chatId}/messages`, { cookie, body: { body: `Message ${chat.customerMessages + 1}` }, expect: [409, 429] });
      if (sent?.status === 409) break;
      if (sent && sent.status < 400) chat.customerMessages++;
    }
    await call('chat end', `/api/chat/${chatId}/end`, { cookie, method: 'POST', expect: [409] });
    // The next chat no sooner than the limit allows.
    while (running() && Date.now() - startedAt < CHAT_MS) await sleep(1_000);
  }
}

async function adviser(cookie: string): Promise<void> {
  let presenceAt = 0;
  while (running()) {
    if (Date.now() - presenceAt > 20_000) {
      if (await call('chat desk', '/api/support/chats/presence', { cookie, body: { available: true } })) presenceAt = Date.now();
    }
    const waiting = (await call('chat desk', '/api/support/chats?view=waiting', { cookie }))?.body as { chats: { id: string }[] } | undefined;
    for (const { id } of waiting?.chats ?? []) await call('chat desk', `/api/support/chats/${id}/accept`, { cookie, method: 'POST', expect: [409] });
    const mine = (await call('chat desk', '/api/support/chats?view=mine', { cookie }))?.body as { chats: { id: string; status: string }[] } | undefined;
    for (const { id } of (mine?.chats ?? []).filter((c) => c.status === 'active')) {
      if (await call('chat message', `/api/support/chats/${id}/messages`, { cookie, body: { body: 'Je regarde cela tout de suite.' }, expect: [409, 429] })) chat.adviserMessages++;
    }
    await sleep(2_000);
  }
}

// ---------------------------------------------------------------------------------------------------

const [customer, chatCustomer, ticketCustomer, supportAgent] = await Promise.all([
  login('client@demo.farha.dz'),
  login('client.hist.001@demo.farha.dz'),
  login('client.hist.002@demo.farha.dz'),
  login('support@demo.farha.dz'),
]);
await Promise.all([
  ...Array.from({ length: plan.browsers }, () => browser()),
  buyer(customer),
  buyer(customer),
  redeemer(customer),
  ticketFiler(ticketCustomer),
  chatter(chatCustomer),
  adviser(supportAgent),
]);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const byKind = Object.fromEntries(
  [...latencies].map(([kind, values]) => {
    const sorted = values.sort((a, b) => a - b);
    return [kind, { n: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }];
  }),
);
process.stdout.write(
  JSON.stringify({ seconds: (Date.now() - plan.startedAt) / 1000, perInstance: Object.fromEntries(perInstance), byKind, errors, purchases, redemptions, chat }),
);
