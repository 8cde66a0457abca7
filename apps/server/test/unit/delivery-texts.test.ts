import { describe, expect, it } from 'vitest';
import { canShipmentMove, SHIPMENT_STATUSES, WILAYAS } from '@farha/contracts/delivery';
import { SMS_MAX_SEGMENTS, smsSegments } from '@farha/contracts/plain/sms';
import { codCodeSms, fileCommunes, fileStopDesks, mapYalidineStatus, parcelSms, TEXTED_STATUSES, yalidineDate, ZONE_FEES, zoneOf } from '../../src/modules/delivery/index.ts';

// Issue 38 (docs/product/delivery.md): the texts fit, the statuses only move forward, Yalidine's words map to ours.
describe('the delivery texts', () => {
  it('fit in the SMS parts allowed, in French (GSM-7) and Arabic', () => {
    for (const locale of ['fr', 'ar'] as const) {
      const texts = [
        codCodeSms({ locale, code: '123456', minutes: 15, amount: 30_000 }),
        ...TEXTED_STATUSES.flatMap((status) => [
          parcelSms({ locale, status, tracking: 'FRH-LIV-ABCDEF', codAmount: 30_000, stopDesk: 'Centre de Bordj El Kiffan' }),
          parcelSms({ locale, status, tracking: 'yal-ABC123', codAmount: 0, stopDesk: null }),
        ]),
      ];
      for (const text of texts) {
        const { segments, encoding } = smsSegments(text);
        expect({ text, ok: segments <= SMS_MAX_SEGMENTS }).toEqual({ text, ok: true });
        if (locale === 'fr') expect({ text, encoding }).toEqual({ text, encoding: 'GSM-7' });
      }
    }
  });
});

describe('the shipment statuses', () => {
  it('move forward only, never out of delivered or returned', () => {
    expect(canShipmentMove('to_prepare', 'printed')).toBe(true);
    expect(canShipmentMove('handed_over', 'delivered')).toBe(true);
    expect(canShipmentMove('out_for_delivery', 'in_transit')).toBe(false);
    expect(canShipmentMove('delivered', 'returned')).toBe(false);
    expect(canShipmentMove('returned', 'delivered')).toBe(false);
    for (const s of SHIPMENT_STATUSES) expect(canShipmentMove(s, s)).toBe(false);
  });
});

describe('Yalidine', () => {
  it('maps its French statuses and reads its Algiers dates', () => {
    expect(mapYalidineStatus('En préparation')).toBe('handed_over');
    expect(mapYalidineStatus('Centre')).toBe('in_transit');
    expect(mapYalidineStatus('Sorti en livraison')).toBe('out_for_delivery');
    expect(mapYalidineStatus('Livré')).toBe('delivered');
    expect(mapYalidineStatus('Echèc livraison')).toBe('returned');
    expect(mapYalidineStatus('Retourné au vendeur')).toBe('returned');
    expect(mapYalidineStatus('Inconnu')).toBeNull();
    expect(yalidineDate('2026-11-29 14:05:00').toISOString()).toBe('2026-11-29T13:05:00.000Z');
  });
});

describe('the file courier', () => {
  it('has fees by zone (desk cheaper), one stop desk and a few communes in each of the 58 wilayas', () => {
    expect(WILAYAS).toHaveLength(58);
    for (const w of WILAYAS) {
      const fees = ZONE_FEES[zoneOf(w.code)];
      expect(fees.stopdesk).toBeLessThan(fees.home);
      expect(fileStopDesks(w.code)).toHaveLength(1);
      expect(fileCommunes(w.code)[0]).toEqual({ name: fileStopDesks(w.code)[0]!.commune, hasStopDesk: true });
    }
    expect(zoneOf(16)).toBe('alger');
    expect(zoneOf(31)).toBe('north');
    expect(zoneOf(5)).toBe('highlands');
    expect(zoneOf(11)).toBe('south');
  });
});

describe('the voucher of a physical box (docs/product/delivery.md §5)', () => {
  it('leaves AWAITING_DELIVERY only by the system, to DELIVERED or CANCELLED', async () => {
    const { canTransition } = await import('../../src/modules/vouchers/index.ts');
    const { VOUCHER_STATUSES } = await import('@farha/contracts/vouchers');
    for (const to of VOUCHER_STATUSES) {
      for (const by of ['system', 'holder', 'purchaser', 'partner', 'finance', 'support', 'dispute'] as const) {
        expect({ to, by, ok: canTransition('AWAITING_DELIVERY', to, by) }).toEqual({ to, by, ok: by === 'system' && (to === 'DELIVERED' || to === 'CANCELLED') });
      }
    }
  });
});

describe('the courier configuration (.env.example, docs/product/delivery.md §9)', () => {
  it('is the file courier by default; Yalidine needs its API ID and token', async () => {
    const { loadConfig } = await import('../../src/config.ts');
    expect(loadConfig({ DEMO_MODE: 'true' })).toMatchObject({ courier: 'file', yalidine: undefined });
    expect(() => loadConfig({ DEMO_MODE: 'true', COURIER: 'yalidine' })).toThrow(/YALIDINE_API_ID: required when COURIER=yalidine[\s\S]*YALIDINE_API_TOKEN/);
    expect(loadConfig({ DEMO_MODE: 'true', COURIER: 'yalidine', YALIDINE_API_ID: 'id', YALIDINE_API_TOKEN: 'token', YALIDINE_BASE_URL: 'http://127.0.0.1:9/v1/' }).yalidine).toEqual({
      apiId: 'id',
      apiToken: 'token',
      baseUrl: 'http://127.0.0.1:9/v1',
      fromWilaya: 16,
      webhookSecret: undefined,
    });
    expect(() => loadConfig({ DEMO_MODE: 'true', YALIDINE_FROM_WILAYA: '59' })).toThrow(/YALIDINE_FROM_WILAYA must be a wilaya code/);
  });
});
