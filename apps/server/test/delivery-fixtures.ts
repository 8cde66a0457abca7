import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TShipmentStatus } from '@farha/contracts/delivery';
import { orders, sandboxCheckouts, shipments, smsOutbox, systemSettings, vouchers } from '../src/db/schema/index.ts';
import { clearSettingsCache } from '../src/modules/settings/index.ts';
import { moveShipment } from '../src/modules/delivery/index.ts';
import { settleSandboxCheckout, signWebhook } from '../src/modules/payments/index.ts';
import type { Clock } from '../src/lib/clock.ts';
import { giftOrder, type Customer } from './customer-fixtures.ts';
import { ACCOUNTS, type TestApp } from './helpers.ts';

/**
 * Issue 38: physical orders through the real checkout (POST /api/orders with a delivery), their cash code read from
 * the SMS outbox, and the moves logistics makes (printed, handed over) through the delivery module's one entry.
 */

/** A fresh Algerian mobile for each order (the SMS limits count per number). */
export const aMobile = () => `+2135${String(randomInt(10_000_000, 99_999_999))}`;

/** The stop desk of Oran (wilaya 31) of the file courier. */
export const ORAN_DESK = { method: 'stopdesk', wilayaCode: 31, commune: 'Oran', stopDeskId: 'SD-31' } as const;
/** A home delivery in Alger (wilaya 16). */
export const ALGER_HOME = { method: 'home', wilayaCode: 16, commune: 'Hydra', address: '12 rue des Pins, Hydra' } as const;

export function deliveryFixtures(t: TestApp, clock: Clock) {
  const db = () => t.database.db;

  const order = (c: Customer, boxId: string, patch: Record<string, unknown> = {}, delivery: Record<string, unknown> = ORAN_DESK) =>
    t.request({ method: 'POST', url: '/api/orders', cookie: c.cookie, payload: giftOrder(boxId, { paymentMethod: 'cash', delivery: { ...delivery, phone: (patch.phone as string | undefined) ?? aMobile() }, ...patch }) });

  /** The last code texted to a number. */
  const codeTextedTo = async (phone: string): Promise<string> => {
    const [sms] = await db().select().from(smsOutbox).where(and(eq(smsOutbox.toNumber, phone), eq(smsOutbox.kind, 'cod-code'))).orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id)).limit(1);
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
    if (!code) throw new Error(`no code texted to ${phone}`);
    return code;
  };

  const confirm = (c: Customer, orderId: string, code: string) => t.request({ method: 'POST', url: `/api/client/orders/${orderId}/cash-confirmation`, cookie: c.cookie, payload: { code } });

  /** A cash order placed and confirmed with its code: its order id, phone, shipment and voucher. */
  const confirmedCashOrder = async (c: Customer, boxId: string, delivery: Record<string, unknown> = ORAN_DESK) => {
    const phone = aMobile();
    const placed = await order(c, boxId, { phone }, delivery);
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = placed.json() as { orderId: string };
    const confirmed = await confirm(c, orderId, await codeTextedTo(phone));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { orderId, phone, ...(await shipmentOf(orderId)) };
  };

  const shipmentOf = async (orderId: string) => {
    const [shipment] = await db().select().from(shipments).where(eq(shipments.orderId, orderId));
    const [voucher] = shipment?.voucherId ? await db().select().from(vouchers).where(eq(vouchers.id, shipment.voucherId)) : [];
    const [row] = await db().select().from(orders).where(eq(orders.id, orderId));
    return { shipment: shipment!, voucher: voucher ?? null, order: row! };
  };

  /** Logistics' moves (S2's endpoints call the same entry): printed, then handed over with a tracking number. */
  const move = (shipmentId: string, to: TShipmentStatus, extra: { newTracking?: string } = {}) =>
    db().transaction((tx) => moveShipment(tx, { shipmentId, to, at: clock.now(), source: 'logistics', now: clock.now(), ...extra }));

  /** Printed and handed to the courier: a parcel created with the app's courier (the file courier by default). */
  const handOver = async (shipmentId: string) => {
    await move(shipmentId, 'printed');
    const [s] = await db().select().from(shipments).where(eq(shipments.id, shipmentId));
    const { tracking } = await t.app.courier.createParcel({
      shipmentId,
      recipientName: s!.recipientName,
      phone: s!.phone,
      method: s!.method,
      wilayaCode: s!.wilayaCode,
      commune: s!.commune,
      stopDeskId: s!.stopDeskId,
      address: s!.address,
      codAmount: s!.codAmount,
      declaredValue: 10_000,
      description: 'Coffret cadeau Farha',
      freeShipping: true,
    });
    await move(shipmentId, 'handed_over', { newTracking: tracking });
    return tracking;
  };

  /** The demo courier page's move, by the logistics demo account (signed in again: the tests' clock outruns its 4 h sessions). */
  const advance = async (tracking: string, to: string) =>
    t.request({ method: 'POST', url: `/api/demo/courier/${tracking}/advance`, cookie: await t.login(ACCOUNTS.logistics), payload: { to } });

  /** What the sandbox's page does once the card is typed: its checkout settled, then its signed webhook. */
  const payOnline = async (checkoutUrl: string) => {
    const checkoutId = checkoutUrl.split('/').pop()!;
    const settled = await settleSandboxCheckout(db(), checkoutId, { status: 'paid', reason: null }, clock.now());
    const raw = JSON.stringify({ id: `evt_${checkoutId}_paid_${randomUUID()}`, entity: 'event', type: 'checkout.paid', data: { id: checkoutId, status: 'paid', amount: settled!.amount, currency: settled!.currency } });
    const secret = await t.app.payments.sandbox.webhookSecret();
    const res = await t.request({ method: 'POST', url: '/api/payments/webhooks/sandbox', payload: raw, headers: { 'content-type': 'application/json', signature: signWebhook(raw, secret) } });
    expect(res.json().outcome).toBe('applied');
  };
  const sandboxAmount = async (checkoutUrl: string) => (await db().select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, checkoutUrl.split('/').pop()!)))[0]!.amount;

  /** The settings section `delivery`, changed for the rest of the file. */
  const setDelivery = async (value: Record<string, unknown>) => {
    await db().insert(systemSettings).values({ key: 'delivery', value, updatedAt: clock.now() }).onConflictDoUpdate({ target: systemSettings.key, set: { value } });
    clearSettingsCache();
  };

  const textsTo = (phone: string) => db().select().from(smsOutbox).where(eq(smsOutbox.toNumber, phone)).orderBy(smsOutbox.createdAt, smsOutbox.id);

  return { order, codeTextedTo, confirm, confirmedCashOrder, shipmentOf, move, handOver, advance, payOnline, sandboxAmount, setDelivery, textsTo };
}
