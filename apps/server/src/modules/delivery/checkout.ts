import type { TCreateOrderRequest } from '@farha/contracts/checkout';
import { cashConfirmPath, type TDeliveryRequest } from '@farha/contracts/delivery';
import type { Db } from '../../db/client.ts';
import { checkSmsLimits, wakeOutbox } from '../notifications/index.ts';
import { createOrder, type PhysicalDelivery } from '../payments/index.ts';
import type { PaymentProviders } from '../payments/index.ts';
import { issueCodCode } from './cod.ts';
import type { Courier } from './courier/index.ts';
import { assertCashAllowed, deliveryFee, resolveDelivery } from './places.ts';
import { insertShipment } from './shipments.ts';

type Deps = { db: Db; providers: PaymentProviders; courier: Courier; publicUrl: string; now: Date };
type OrderInput = Parameters<typeof createOrder>[2];

/**
 * Issue 38 (docs/product/delivery.md §1, §3): the single box's checkout with a physical delivery. The place is checked
 * against the courier's lists, the fee is the courier's for the wilaya and method (free from the threshold, on the
 * box's price less its discount), the shipment is written in the order's transaction; online, the gateway charges
 * box − discount + fee; in cash (up to the ceiling) no gateway opens and the code goes by text to the mobile.
 */
export async function createPhysicalOrder(deps: Deps, purchaser: { userId: string; locale: 'fr' | 'ar' }, input: OrderInput & { delivery: TDeliveryRequest }) {
  const place = await resolveDelivery(deps.db, deps.courier, input.delivery);
  const cash = input.paymentMethod === 'cash';
  const physical: PhysicalDelivery = {
    fee: (tx, discountedPrice) => deliveryFee(tx, place, discountedPrice),
    afterInsert: async (tx, order) => {
      if (cash) {
        await assertCashAllowed(tx, order.amount);
        // The code's text counts against the buyer's and the number's limits (issue 32), under the number's lock.
        await checkSmsLimits(tx, { to: place.phone, requestedBy: purchaser.userId, now: deps.now });
      }
      await insertShipment(tx, {
        orderId: order.id,
        courier: deps.courier.name,
        delivery: place,
        recipientName: order.recipientName,
        locale: purchaser.locale,
        fee: order.deliveryFee,
        codAmount: cash ? order.amount : 0,
        now: deps.now,
      });
      if (cash) await issueCodCode(tx, { orderId: order.id, phone: place.phone, locale: purchaser.locale, amount: order.amount, requestedBy: purchaser.userId, now: deps.now });
    },
  };
  const result = await createOrder(deps, purchaser, input, physical);
  if ('cash' in result) {
    wakeOutbox();
    return { orderId: result.orderId, checkoutUrl: result.checkoutUrl, status: 'awaiting_confirmation' as const, confirmUrl: cashConfirmPath(result.orderId) };
  }
  return result;
}

export type { TCreateOrderRequest };
