import { describe, expect, it } from 'vitest';
import { sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

// docs/product/gift-cards.md §1: the back office's settings form edits the gift card settings, which hold together.
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const patch = (payments: object) => t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: cookies.superadmin, payload: { payments } });

describe('the gift card settings', () => {
  it('are read with their defaults and saved; the storefront’s offer follows', async () => {
    const read = (await t.request({ method: 'GET', url: '/api/admin/settings', cookie: cookies.superadmin })).json();
    expect(read.settings.payments).toMatchObject({ gift_card_min_amount: 2_000, gift_card_max_amount: 200_000, gift_card_validity_months: 12, gift_card_goodwill_max: 20_000, gift_card_reminder_days: 30 });
    const saved = await patch({ gift_card_min_amount: 3_000, gift_card_max_amount: 150_000, gift_card_validity_months: 6, gift_card_goodwill_max: 10_000, gift_card_reminder_days: 14 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.payments).toMatchObject({ gift_card_min_amount: 3_000, gift_card_max_amount: 150_000, gift_card_validity_months: 6, gift_card_goodwill_max: 10_000, gift_card_reminder_days: 14 });
    expect((await t.request({ method: 'GET', url: '/api/public/gift-cards/offer' })).json()).toEqual({ minAmount: 3_000, maxAmount: 150_000, validityMonths: 6 });
  });

  it('refuse a minimum at or above the maximum, a goodwill ceiling above the maximum, a reminder longer than the validity, and values out of range', async () => {
    for (const [payments, code] of [
      [{ gift_card_min_amount: 150_000 }, 'SETTINGS_GIFT_CARD_AMOUNTS'],
      [{ gift_card_goodwill_max: 150_001 }, 'SETTINGS_GIFT_CARD_GOODWILL'],
      [{ gift_card_validity_months: 1, gift_card_reminder_days: 28 }, 'SETTINGS_GIFT_CARD_REMINDER'],
      [{ gift_card_validity_months: 0 }, 'VALIDATION'],
      [{ gift_card_reminder_days: 0 }, 'VALIDATION'],
      [{ gift_card_goodwill_max: 1.5 }, 'VALIDATION'],
    ] as const) {
      const res = await patch(payments);
      expect({ payments, status: res.statusCode }).toEqual({ payments, status: 400 });
      if (code !== 'VALIDATION') expect(res.json().error.code).toBe(code);
    }
    // Nothing of the refused changes was kept.
    const read = (await t.request({ method: 'GET', url: '/api/admin/settings', cookie: cookies.superadmin })).json();
    expect(read.settings.payments).toMatchObject({ gift_card_min_amount: 3_000, gift_card_max_amount: 150_000, gift_card_validity_months: 6, gift_card_goodwill_max: 10_000, gift_card_reminder_days: 14 });
  });

  it('are checked the same way in an imported file, and an older file without them gets their defaults', async () => {
    const exported = (await t.request({ method: 'GET', url: '/api/admin/settings/export', cookie: cookies.superadmin })).json();
    const bad = structuredClone(exported);
    bad.settings.payments.gift_card_goodwill_max = bad.settings.payments.gift_card_max_amount + 1;
    const refused = await t.request({ method: 'POST', url: '/api/admin/settings/import', cookie: cookies.superadmin, payload: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('SETTINGS_GIFT_CARD_GOODWILL');
    const older = structuredClone(exported);
    for (const field of ['gift_card_min_amount', 'gift_card_max_amount', 'gift_card_validity_months', 'gift_card_goodwill_max', 'gift_card_reminder_days']) delete older.settings.payments[field];
    const imported = await t.request({ method: 'POST', url: '/api/admin/settings/import', cookie: cookies.superadmin, payload: older });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().settings.payments).toMatchObject({ gift_card_min_amount: 2_000, gift_card_reminder_days: 30 });
  });
});
