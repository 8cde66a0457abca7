import { errorKey } from '@farha/contracts/plain/errors';
import { describe, expect, it } from 'vitest';
import { deliveryFee } from '../api/delivery';
import { checkoutFormSchema, emptyCheckoutForm, toOrderRequest, type CheckoutFormValues } from './checkout-form';

// Issue 38 (docs/product/delivery.md): the checkout's « Coffret physique livré » — where the courier goes, the
// mobile it calls, the fee shown before paying, and what is sent to the server.
const TODAY = '2026-11-29';
const schema = checkoutFormSchema(TODAY);

function physical(overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  return {
    ...emptyCheckoutForm('fr'),
    recipientName: 'Yasmine Haddad',
    recipientEmail: 'yasmine@example.dz',
    fulfilment: 'physical',
    shippingMethod: 'stopdesk',
    wilayaCode: '31',
    commune: 'Oran',
    stopDeskId: 'desk-31',
    deliveryPhone: '0555 12 34 56',
    paymentMethod: 'cash',
    termsAccepted: true,
    ...overrides,
  };
}

const issues = (values: CheckoutFormValues) => {
  const result = schema.safeParse(values);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the delivery fields', () => {
  it('accept a stop desk in Oran, paid in cash, and send it in the order request with the mobile in E.164', () => {
    const parsed = schema.parse(physical());
    expect(toOrderRequest('box-1', parsed)).toMatchObject({
      boxId: 'box-1',
      paymentMethod: 'cash',
      delivery: { method: 'stopdesk', wilayaCode: 31, commune: 'Oran', stopDeskId: 'desk-31', phone: '+213555123456' },
    });
    expect(toOrderRequest('box-1', parsed)).not.toHaveProperty('deliverAt');
  });

  it('ask for the wilaya, the stop desk, the street address at home, and an Algerian mobile, with the catalogue’s messages', () => {
    expect(issues(physical({ wilayaCode: '' }))).toMatchObject({ wilayaCode: errorKey('DELIVERY_WILAYA') });
    expect(issues(physical({ stopDeskId: '' }))).toMatchObject({ stopDeskId: errorKey('DELIVERY_STOP_DESK') });
    expect(issues(physical({ shippingMethod: 'home', commune: '' }))).toMatchObject({ commune: errorKey('DELIVERY_COMMUNE'), address: errorKey('DELIVERY_ADDRESS_REQUIRED') });
    expect(issues(physical({ deliveryPhone: '' }))).toMatchObject({ deliveryPhone: errorKey('DELIVERY_PHONE') });
    // A landline takes no text: the code could never reach it.
    expect(issues(physical({ deliveryPhone: '021 12 34 56' })).deliveryPhone).toBeDefined();
  });

  it('are all said at once, even while another field of the form is wrong', () => {
    expect(issues(physical({ recipientEmail: 'pas-un-mail', shippingMethod: 'home', wilayaCode: '', deliveryPhone: '' }))).toMatchObject({
      wilayaCode: errorKey('DELIVERY_WILAYA'),
      address: errorKey('DELIVERY_ADDRESS_REQUIRED'),
      deliveryPhone: errorKey('DELIVERY_PHONE'),
    });
  });

  it('send the street address, not a stop desk, for a delivery at home', () => {
    const parsed = schema.parse(physical({ shippingMethod: 'home', commune: 'Bir El Djir', address: '12 rue des Oliviers', paymentMethod: 'cib' }));
    expect(toOrderRequest('box-1', parsed).delivery).toEqual({ method: 'home', wilayaCode: 31, commune: 'Bir El Djir', address: '12 rue des Oliviers', phone: '+213555123456' });
  });

  it('are not asked for an e-mail voucher, which sends no delivery', () => {
    const values = { ...physical({ fulfilment: 'email', wilayaCode: '', deliveryPhone: '', paymentMethod: 'cib' }) };
    const parsed = schema.parse(values);
    expect(toOrderRequest('box-1', parsed)).not.toHaveProperty('delivery');
  });
});

describe('the fee shown before paying', () => {
  const oran = { communes: [], stopDesks: [], fees: { home: 600, stopdesk: 400 }, freeDeliveryThreshold: 20_000, codCeiling: 30_000, codEnabled: true };

  it('is the wilaya’s fee for the method below the free-delivery threshold, and nothing from it on', () => {
    expect(deliveryFee(oran, 'stopdesk', 9_500)).toBe(400);
    expect(deliveryFee(oran, 'home', 9_500)).toBe(600);
    expect(deliveryFee(oran, 'home', 20_000)).toBe(0);
  });
});
