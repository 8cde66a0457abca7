import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSiteStatus } from '@farha/contracts/admin';
import { ZCurrentRates } from '@farha/contracts/rates';
import { offersSms, takesTestPayments } from '../../config.ts';
import { currentRates } from '../../modules/settings/index.ts';
import { cachedSettings } from '../../modules/settings/index.ts';

/**
 * GET /api/site: what every visitor's browser must know of the settings (docs/product/back-office.md §7): maintenance mode (the
 * storefront shows its maintenance page), the password minimum length (the forms' hint) and the contact channels;
 * ADR 017: whether payments are test ones (the banner on every page) and whether checkout may offer texts.
 */
export async function siteStatusRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/site', { schema: { tags: ['platform'], response: { 200: ZSiteStatus } } }, async (_request, reply) => {
    const [platform, security, features, payments] = await Promise.all([
      cachedSettings(app.db, 'platform'),
      cachedSettings(app.db, 'security'),
      cachedSettings(app.db, 'features'),
      cachedSettings(app.db, 'payments'),
    ]);
    reply.header('cache-control', 'no-store');
    return {
      maintenance: platform.maintenance_mode,
      passwordMinLength: security.password_min_length,
      partnerSelfRegistration: features.partner_self_registration,
      contact: { email: platform.support_email, phone: platform.support_phone || null, partnerHotline: platform.partner_hotline || null },
      internationalCards: payments.international_cards_enabled && app.payments.forMethod('visa') !== null,
      testPayments: takesTestPayments(app.config),
      sms: offersSms(app.config),
    };
  });

  // Issue 24: the rates in force, for the prices shown in euros or dollars (stale ones flagged: dinars only).
  r.get('/exchange-rates', { schema: { tags: ['platform'], response: { 200: ZCurrentRates } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { rates: await currentRates(app.db, app.clock.now()) };
  });
}
