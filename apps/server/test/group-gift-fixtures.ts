import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { expect } from 'vitest';
import { boxes, groupGifts, payments, sandboxCheckouts } from '../src/db/schema/index.ts';
import { settleSandboxCheckout, signWebhook } from '../src/modules/payments/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import type { TestApp } from './helpers.ts';
import type { Customer } from './customer-fixtures.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';
import { addDays, algiersDay } from '../src/lib/algiers-time.ts';

/** Issue 37: what the group gift tests share (docs/product/group-gifts.md). */
export function groupGiftFixtures(t: TestApp, clock: Clock, stripe?: StripeStandIn) {
  const db = () => t.database.db;

  /** POST /api/client/group-gifts: for Nadia, delivered in 5 days, closing in 3; `patch` changes any field. */
  const open = (organiser: Customer, boxId: string | null, patch: Record<string, unknown> = {}) =>
    t.request({
      method: 'POST',
      url: '/api/client/group-gifts',
      cookie: organiser.cookie,
      payload: {
        ...(boxId ? { boxId } : { giftCardAmount: 10_000 }),
        recipientName: 'Nadia Benali',
        recipientEmail: `nadia.${Math.random().toString(36).slice(2, 8)}@example.dz`,
        deliverOn: addDays(algiersDay(clock.now()), 5),
        closesOn: addDays(algiersDay(clock.now()), 3),
        message: 'Bonne retraite, Nadia !',
        showContributors: true,
        shareMode: 'equal',
        shareCount: 3,
        ...patch,
      },
    });

  async function openPot(organiser: Customer, boxId: string | null, patch: Record<string, unknown> = {}) {
    const res = await open(organiser, boxId, patch);
    expect(res.statusCode, res.body).toBe(201);
    const { groupGift } = res.json() as { groupGift: { id: string; token: string; targetAmount: number } };
    return groupGift;
  }

  const contribute = (token: string, patch: Record<string, unknown> = {}, cookie?: string, address?: string) =>
    t.request({
      method: 'POST',
      url: `/api/group-gifts/${token}/contributions`,
      // One address per contribution: the per-address limit has a test of its own.
      remoteAddress: address ?? `10.37.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      ...(cookie ? { cookie } : {}),
      payload: { name: 'Samir', email: `samir.${Math.random().toString(36).slice(2, 8)}@example.dz`, amount: 1000, message: 'Félicitations !', paymentMethod: 'cib', termsAccepted: true, ...patch },
    });

  async function started(token: string, patch: Record<string, unknown> = {}) {
    const res = await contribute(token, patch);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { orderId: string; checkoutUrl: string };
  }

  /** The sandbox's signed webhook for a contribution's checkout (its page paid). Answers the webhook's outcome. */
  async function paySandbox(checkoutUrl: string, status: 'paid' | 'failed' = 'paid') {
    const checkoutId = checkoutUrl.split('/').pop()!;
    // Settled already (a replay): the same webhook again.
    const settled =
      (await settleSandboxCheckout(db(), checkoutId, { status, reason: status === 'failed' ? 'Carte refusée' : null }, clock.now())) ??
      (await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutId)))[0];
    const raw = JSON.stringify({ id: `evt_${checkoutId}_${status}`, entity: 'event', type: `checkout.${status}`, data: { id: checkoutId, status, amount: settled!.amount, currency: settled!.currency } });
    const secret = await t.app.payments.sandbox.webhookSecret();
    const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().outcome as string;
  }

  /** Stripe's checkout.session.completed for a contribution paid by card. */
  async function payStripe(orderId: string) {
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    const session = stripe!.pay(payment!.providerCheckoutId);
    const event = stripe!.event('checkout.session.completed', session, clock.now());
    const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/stripe', payload: event.body, headers: { 'content-type': 'application/json', 'stripe-signature': event.signature } });
    expect(res.statusCode, res.body).toBe(200);
    return { outcome: res.json().outcome as string, session };
  }

  const pot = async (id: string) => (await db().select().from(groupGifts).where(eq(groupGifts.id, id)))[0]!;

  /** An active box dearer than `than` (the dearest), and one cheaper than `below`. */
  const dearestBox = async () => (await db().select().from(boxes).where(eq(boxes.active, true)).orderBy(desc(boxes.price), boxes.id).limit(1))[0]!;
  const boxBetween = async (min: number, below: number) =>
    (await db().select().from(boxes).where(and(eq(boxes.active, true), gt(boxes.price, min), lt(boxes.price, below))).orderBy(boxes.price, boxes.id).limit(1))[0]!;

  return { open, openPot, contribute, started, paySandbox, payStripe, pot, dearestBox, boxBetween };
}
