import { randomBytes } from 'node:crypto';
import { and, asc, eq, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TPromotionInput } from '@farha/contracts/promotions';
import { instantToAlgiersLocal } from '@farha/contracts/promotions';
import type { Db } from '../src/db/client.ts';
import { boxes, orders, users } from '../src/db/schema/index.ts';
import type { TestApp } from './helpers.ts';

/** Issue 35's tests: customers, boxes, orders and promotions made for one test, never shared. */

export type Buyer = { id: string; email: string };

/** A customer account written straight to the database (the promotion rules need an id and an e-mail only). */
export async function aBuyer(db: Db, tag: string, now: Date): Promise<Buyer> {
  const email = `${tag}.${randomBytes(4).toString('hex')}@example.dz`;
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash: 'not-a-hash', firstName: tag, lastName: 'Test', role: 'customer', createdAt: now, updatedAt: now })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** Two active boxes of two different product lines, cheapest first. */
export async function twoBoxesOfTwoLines(db: Db) {
  const rows = await db.select().from(boxes).where(eq(boxes.active, true)).orderBy(asc(boxes.price), asc(boxes.id));
  const first = rows[0]!;
  const second = rows.find((b) => b.category !== first.category)!;
  return [first, second] as const;
}

export const lineOf = (box: { id: string; category: string; price: number }, price = box.price) => ({ boxId: box.id, category: box.category, price });

/** An order of the customer in `status` (a pending one to hold a code on; a paid one makes them a returning buyer). */
export async function anOrder(db: Db, buyer: Buyer, boxId: string, status: 'pending' | 'paid', now: Date) {
  const [order] = await db
    .insert(orders)
    .values({
      purchaserId: buyer.id,
      boxId,
      amount: 5000,
      status,
      recipientName: 'Nadia Benali',
      recipientEmail: 'nadia.benali@example.dz',
      paymentMethod: 'cib',
      paidAt: status === 'paid' ? now : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  return order!.id;
}

/** A promotion made through the back office's endpoint by the catalogue admin, then activated. */
export async function aPromotion(t: TestApp, cookie: string, now: Date, body: Partial<TPromotionInput> = {}, activate = true) {
  const res = await t.request({
    method: 'POST',
    url: '/api/admin/promotions',
    cookie,
    payload: {
      name: 'Test',
      kind: 'percent',
      value: 1000,
      startsAt: instantToAlgiersLocal(new Date(now.getTime() - 3_600_000)),
      code: `T${randomBytes(5).toString('hex').toUpperCase()}`,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().promotion.id as string;
  if (activate) {
    const on = await t.request({ method: 'POST', url: `/api/admin/promotions/${id}/status`, cookie, payload: { action: 'activate' } });
    expect(on.statusCode, on.body).toBe(200);
  }
  return { id, code: res.json().promotion.publicCode as string };
}

/** Other boxes than those given, for a scope that must not match. */
export async function boxesOtherThan(db: Db, id: string) {
  return db.select().from(boxes).where(and(eq(boxes.active, true), ne(boxes.id, id))).limit(1);
}
