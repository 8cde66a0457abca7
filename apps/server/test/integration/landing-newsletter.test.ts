import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { defaultLandingConfig, NEWSLETTER_WITHOUT_OFFER, type TLandingResponse } from '@farha/contracts/landing';
import { formatDate } from '@farha/contracts/money';
import { emailOutbox, landingConfigs, promotions } from '../../src/db/schema/index.ts';
import { WELCOME_CODE, WELCOME_PROMOTION_ID } from '../../src/db/seed/promotions.ts';
import { invalidateLandingCache } from '../../src/modules/catalog/index.ts';
import { sharedTestAppForEveryRole } from '../helpers.ts';
import { testClock } from '../clock.ts';

// Issue 35: the newsletter's welcome e-mail with the homepage's code, and the landing editor's link to a real
// promotion (docs/product/promotions.md §10, docs/product/storefront.md §3).
const clock = testClock();
const { t, cookies } = sharedTestAppForEveryRole({ clock });
const db = () => t.database.db;

const subscribe = (email: string, locale?: 'fr' | 'ar') => t.request({ method: 'POST', url: '/api/newsletter', payload: { email, ...(locale ? { locale } : {}) } });
const welcomes = (to: string) => db().select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, 'newsletter-welcome')));
const welcomeEnd = async () => (await db().select({ endsAt: promotions.endsAt }).from(promotions).where(eq(promotions.id, WELCOME_PROMOTION_ID)))[0]!.endsAt!;
const lastDay = (endsAt: Date, locale: 'fr' | 'ar') => formatDate(new Date(endsAt.getTime() - 1), locale);
const setWelcomeStatus = (status: 'active' | 'paused') => db().update(promotions).set({ status }).where(eq(promotions.id, WELCOME_PROMOTION_ID));

describe('the newsletter sign-up e-mails the homepage code (docs/product/promotions.md §10)', () => {
  it('sends BIENVENUE once, in French, with its discount, its last day and « usage unique »', async () => {
    const first = await subscribe('nadia.welcome@example.dz', 'fr');
    expect(first.statusCode).toBe(201);
    const [mail, ...more] = await welcomes('nadia.welcome@example.dz');
    expect(more).toHaveLength(0);
    expect(mail!.locale).toBe('fr');
    expect(mail!.subject).toBe(`Bienvenue chez Farha : votre code ${WELCOME_CODE}`);
    expect(mail!.text).toContain('20\u00a0% de réduction sur votre premier coffret');
    expect(mail!.text).toContain(`Valable jusqu’au : ${lastDay(await welcomeEnd(), 'fr')}`);
    expect(mail!.text).toMatch(/31 janvier \d{4}/);
    expect(mail!.text).toContain('usage unique');
    expect(mail!.html).toContain('<html lang="fr" dir="ltr">');

    // The same address again (any case): a polite 200, and no second e-mail.
    const again = await subscribe('  Nadia.Welcome@example.dz ', 'fr');
    expect(again.statusCode).toBe(200);
    expect(again.json().alreadySubscribed).toBe(true);
    expect(await welcomes('nadia.welcome@example.dz')).toHaveLength(1);
  });

  it('writes it in Arabic for a visitor who signed up in Arabic', async () => {
    expect((await subscribe('karim.ar@example.dz', 'ar')).statusCode).toBe(201);
    const [mail] = await welcomes('karim.ar@example.dz');
    expect(mail!.locale).toBe('ar');
    expect(mail!.subject).toBe(`مرحبًا بكم في فرحة: رمزكم ${WELCOME_CODE}`);
    expect(mail!.text).toContain('تخفيض 20\u00a0% على علبتكم الأولى');
    expect(mail!.text).toContain(`صالح حتى: ${lastDay(await welcomeEnd(), 'ar')}`);
    expect(mail!.text).toContain('استعمال واحد');
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('sends none while the promotion is paused, nor once it has ended; the address is still subscribed', async () => {
    await setWelcomeStatus('paused');
    try {
      expect((await subscribe('paused.promo@example.dz')).statusCode).toBe(201);
      expect(await welcomes('paused.promo@example.dz')).toHaveLength(0);
    } finally {
      await setWelcomeStatus('active');
    }
    // Past its end (the injected clock), an active promotion's code is refused at checkout: no e-mail either.
    const saved = clock.now();
    clock.set(new Date((await welcomeEnd()).getTime() + 60_000));
    try {
      expect((await subscribe('late.promo@example.dz')).statusCode).toBe(201);
      expect(await welcomes('late.promo@example.dz')).toHaveLength(0);
    } finally {
      clock.set(saved);
    }
  });
});

describe('the homepage names the promotion of its code', () => {
  async function landing(locale: 'fr' | 'ar'): Promise<TLandingResponse> {
    const res = await t.request({ method: 'GET', url: `/api/landing?locale=${locale}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it("says the promotion's discount and last day, in both languages, and follows a change of its end", async () => {
    const endsAt = await welcomeEnd();
    const fr = await landing('fr');
    expect(fr.newsletter).toMatchObject({ promoCode: WELCOME_CODE, discount: 20 });
    expect(fr.newsletter.subtitle).toBe(
      `Inscrivez-vous et profitez de 20\u00a0% de réduction sur votre premier coffret avec le code ${WELCOME_CODE} (valable jusqu'au ${lastDay(endsAt, 'fr')}, usage unique).`,
    );
    const ar = await landing('ar');
    expect(ar.newsletter.subtitle).toContain(`(صالح حتى ${lastDay(endsAt, 'ar')}، لاستعمال واحد)`);

    // Marketing moves the end and the percentage: the homepage follows (once its minute of cache is over).
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/admin/promotions/${WELCOME_PROMOTION_ID}`,
      cookie: cookies.catalog_admin,
      payload: { value: 1500, endsAt: `${endsAt.getUTCFullYear()}-02-20T00:00` },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    try {
      clock.advance(61_000);
      const after = await landing('fr');
      expect(after.newsletter.discount).toBe(15);
      expect(after.newsletter.subtitle).toContain(`15\u00a0% de réduction`);
      expect(after.newsletter.subtitle).toContain(`valable jusqu'au 19 février ${endsAt.getUTCFullYear()}`);
    } finally {
      await db().update(promotions).set({ value: 2000, endsAt }).where(eq(promotions.id, WELCOME_PROMOTION_ID));
      clock.advance(61_000);
    }
  });
});

describe('the homepage promises no code its promotion would refuse (docs/product/promotions.md §10)', () => {
  it('shows no code nor discount while the promotion is paused, in both languages, and shows them again once resumed', async () => {
    await setWelcomeStatus('paused');
    try {
      clock.advance(61_000);
      for (const locale of ['fr', 'ar'] as const) {
        const res = await t.request({ method: 'GET', url: `/api/landing?locale=${locale}` });
        const { newsletter } = res.json() as TLandingResponse;
        expect(newsletter.promoCode).toBe('');
        expect(newsletter.subtitle).toBe(NEWSLETTER_WITHOUT_OFFER[locale]);
        expect(JSON.stringify(newsletter)).not.toContain(WELCOME_CODE);
      }
    } finally {
      await setWelcomeStatus('active');
      clock.advance(61_000);
    }
    const res = await t.request({ method: 'GET', url: '/api/landing?locale=fr' });
    expect((res.json() as TLandingResponse).newsletter).toMatchObject({ promoCode: WELCOME_CODE });
  });
});

describe("the landing editor's newsletter code is a real promotion's public code", () => {
  const put = (config: object, cookie = cookies.catalog_admin) => t.request({ method: 'PUT', url: '/api/admin/landing/draft', cookie, payload: config });

  it('refuses a code no promotion has, on the field, and takes a public one typed in any case', async () => {
    const config = defaultLandingConfig();
    config.newsletter.promoCode = 'PASDUTOUT';
    const refused = await put(config);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'LANDING_PROMO_CODE_UNKNOWN', message: 'Aucune promotion n’a ce code public', field: 'newsletter.promoCode' });

    config.newsletter.promoCode = 'bienvenue';
    expect((await put(config)).statusCode).toBe(200);
    // No code at all: the block shows none, which is allowed.
    config.newsletter.promoCode = '';
    expect((await put(config)).statusCode).toBe(200);
  });

  it('refuses a generated single-use code, and does not publish a draft whose code has gone', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/promotions',
      cookie: cookies.catalog_admin,
      payload: { name: 'Radio contest', kind: 'fixed', value: 1000, startsAt: '2026-01-01T00:00' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().promotion.id as string;
    expect((await t.request({ method: 'POST', url: `/api/admin/promotions/${id}/codes`, cookie: cookies.catalog_admin, payload: { count: 1, prefix: 'RADIO' } })).statusCode).toBe(201);
    const csv = (await t.request({ method: 'GET', url: `/api/admin/promotions/${id}/codes.csv`, cookie: cookies.catalog_admin })).body;
    const single = csv.split('\n')[1]!.split(';')[0]!;
    expect(single).toMatch(/^RADIO-/);
    const config = defaultLandingConfig();
    config.newsletter.promoCode = single;
    expect((await put(config)).json().error.code).toBe('LANDING_PROMO_CODE_UNKNOWN');

    // A draft stored with a code that no promotion has (written before the check, or its code since removed).
    config.newsletter.promoCode = 'DISPARU';
    await db().update(landingConfigs).set({ config }).where(eq(landingConfigs.status, 'draft'));
    const published = await t.request({ method: 'POST', url: '/api/admin/landing/publish', cookie: cookies.catalog_admin, payload: {} });
    expect(published.statusCode).toBe(400);
    expect(published.json().error.code).toBe('LANDING_PROMO_CODE_UNKNOWN');
    invalidateLandingCache();
    expect((await t.request({ method: 'GET', url: '/api/landing' })).json().source).toBe('default');
  });
});
