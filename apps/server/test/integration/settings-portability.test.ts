import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, orders, payments, systemSettings } from '../../src/db/schema/index.ts';
import { ACCOUNTS, type GuardedEndpoint, itGuardsEachEndpoint, sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, ...(cookie ? { cookie } : {}) });
const post = (url: string, cookie: string | undefined, payload: unknown = {}) =>
  t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, ...(cookie ? { cookie } : {}) });

describe('role × endpoint: settings file, reset and figures (superadmin only)', () => {
  const endpoints: GuardedEndpoint[] = [
    { method: 'GET', url: '/api/admin/settings/export', allowed: ['superadmin'] },
    { method: 'POST', url: '/api/admin/settings/import', payload: { format: 'autre' }, allowed: ['superadmin'] },
    { method: 'POST', url: '/api/admin/settings/reset', payload: { confirm: 'non' }, allowed: ['superadmin'] },
    { method: 'GET', url: '/api/admin/settings/system', allowed: ['superadmin'] },
  ];
  itGuardsEachEndpoint(t, cookies, endpoints, { answers: [200, 400], title: (e) => `${e.method} ${e.url}` });
});

describe('export, import and factory reset', () => {
  it('exports a file that imports back; a bad file changes nothing', async () => {
    const admin = cookies.superadmin;
    const saved = await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: admin, payload: { payments: { commission_rate_bp: 1300 }, notifications: { webhook_endpoints: ['https://hooks.example.dz/farha'] } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await get('/api/admin/settings/export', admin);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="farha-parametres-\d{4}-\d{2}-\d{2}\.json"$/);
    const file = res.json();
    expect(file).toMatchObject({ format: 'farha-settings', version: 1, exportedAt: clock.now().toISOString(), settings: { payments: { commission_rate_bp: 1300 } } });

    await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: admin, payload: { payments: { commission_rate_bp: 2000 }, features: { partner_self_registration: true } } });
    const imported = await post('/api/admin/settings/import', admin, file);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ message: 'Configuration importée', settings: { payments: { commission_rate_bp: 1300 }, features: { partner_self_registration: false } } });

    const before = (await get('/api/admin/settings', admin)).json().settings;
    const bad = [
      { ...file, format: 'autre-chose' },
      { ...file, settings: { ...file.settings, security: { ...file.settings.security, password_min_length: 7 } } },
      { ...file, settings: { ...file.settings, payments: { ...file.settings.payments, min_amount: 900_000 } } },
      { ...file, settings: { ...file.settings, platform: { ...file.settings.platform, inconnu: true } } },
      { ...file, settings: { platform: file.settings.platform } },
    ];
    for (const body of bad) {
      const refused = await post('/api/admin/settings/import', admin, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(/^(Fichier de configuration invalide|Le montant minimum doit être inférieur au maximum)/);
    }
    expect((await get('/api/admin/settings', admin)).json().settings).toEqual(before);

    // A file exported before the contact channels existed still imports: those fields take their defaults.
    const { support_email: _e, support_phone: _p, partner_hotline: _h, ...olderPlatform } = file.settings.platform;
    const older = await post('/api/admin/settings/import', admin, { ...file, settings: { ...file.settings, platform: olderPlatform } });
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().settings.platform).toMatchObject({ support_email: 'support@farha.dz', support_phone: '', partner_hotline: '' });
    // Any other missing field still makes the file invalid.
    const { maintenance_mode: _m, ...withoutMaintenance } = file.settings.platform;
    expect((await post('/api/admin/settings/import', admin, { ...file, settings: { ...file.settings, platform: withoutMaintenance } })).statusCode).toBe(400);
  });

  it('resets to the defaults only with the confirmation word, and audits the old values', async () => {
    const admin = cookies.superadmin;
    await t.request({ method: 'PATCH', url: '/api/admin/settings', cookie: admin, payload: { payments: { max_amount: 300_000 } } });
    const refused = await post('/api/admin/settings/reset', admin, { confirm: 'oui' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Tapez RÉINITIALISER pour confirmer');
    expect((await get('/api/admin/settings', admin)).json().settings.payments.max_amount).toBe(300_000);

    const reset = await post('/api/admin/settings/reset', admin, { confirm: 'RÉINITIALISER' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({
      message: 'Paramètres réinitialisés aux valeurs par défaut',
      settings: { payments: { max_amount: 500_000, commission_rate_bp: 1500 }, platform: { session_timeout: 3_600_000 }, security: { password_min_length: 8 } },
    });
    expect(await t.database.db.select().from(systemSettings)).toHaveLength(0);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.reset'));
    expect(entry).toMatchObject({ before: { payments: { max_amount: 300_000 } }, after: { payments: { max_amount: 500_000 } } });
  });
});

describe('the four tiles', () => {
  it('measures uptime, users active in 15 minutes, payments per minute over the hour and storage', async () => {
    const first = (await get('/api/admin/settings/system', cookies.superadmin)).json();
    expect(first.storage.databaseBytes).toBeGreaterThan(1_000_000);
    expect(first.storage.filesBytes).toBeGreaterThanOrEqual(0);
    // Every demo account signed in at the start of this file: one user per role seen just now.
    expect(first.activeUsers15m).toBe(Object.keys(ACCOUNTS).length);

    clock.advance(16 * 60_000);
    await get('/api/auth/me', cookies.customer);
    const later = (await get('/api/admin/settings/system', cookies.superadmin)).json();
    expect(later.uptimeSeconds - first.uptimeSeconds).toBe(16 * 60);
    expect(later.activeUsers15m).toBe(2); // the customer and the superadmin asking

    const [order] = await t.database.db.select({ id: orders.id }).from(orders).limit(1);
    const before = later.transactionsLastHour;
    const at = (minutesAgo: number) => new Date(clock.now().getTime() - minutesAgo * 60_000);
    await t.database.db.insert(payments).values(
      [5, 20, 59, 61, 120].map((minutesAgo, i) => ({
        orderId: order!.id,
        provider: 'sandbox',
        providerCheckoutId: `tiles-${i}-${clock.now().getTime()}`,
        status: i % 2 ? 'failed' : 'paid',
        amount: 1000,
        method: 'cib',
        createdAt: at(minutesAgo),
        updatedAt: at(minutesAgo),
      })),
    );
    const figures = (await get('/api/admin/settings/system', cookies.superadmin)).json();
    expect(figures.transactionsLastHour - before).toBe(3);
    expect(figures.transactionsPerMinute).toBe(Math.round((figures.transactionsLastHour / 60) * 100) / 100);
  });
});
