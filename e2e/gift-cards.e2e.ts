// Issue 35, gift cards (docs/product/gift-cards.md §3, §6): in French and in Arabic, on a 360 px phone, a new
// customer buys a gift card at /carte-cadeau (with the recipient's mobile and a text) through the sandbox gateway,
// back on /carte-cadeau/merci downloads its PDF, then anyone reads its balance at /carte-cadeau/solde by typing its
// code or through the QR's link: the amount, the last valid day, the movements.
import { formatDzd } from '@farha/contracts/money';
import { describe, expect, inject, test } from 'vitest';
import { registerCustomerViaApi } from './support/auth.ts';
import { readIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
const fold = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const WORDS = {
  fr: { title: 'Solde d’une carte cadeau', issued: 'Carte émise', unknown: 'Carte cadeau introuvable : vérifiez le code' },
  ar: { title: 'رصيد بطاقة هدية', issued: 'إصدار البطاقة', unknown: 'بطاقة الهدية غير موجودة: تحقّق من الرمز' },
} as const;

describe('a gift card bought, then its balance read', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`buy 7 500 DA with the sandbox, read the balance on a phone (${locale})`, { timeout: 120_000 }, async () => {
      const { page, context } = session;
      await readIn(context, locale);
      await registerCustomerViaApi(page);
      const origin = new URL(inject('baseURL')).origin;
      // The storefront's form: any whole amount, the recipient, the language of their e-mail, CIB.
      await page.goto('/carte-cadeau');
      const form = page.getByTestId('gift-card-form');
      await expectVisible(form, 'the gift card form');
      await form.locator('input[name="amount"]').fill('7500');
      await form.locator('input[name="recipientName"]').fill('Yasmine Haddad');
      await form.locator('input[name="recipientEmail"]').fill('yasmine.haddad@example.dz');
      await form.locator('select[name="recipientLocale"]').selectOption(locale);
      // Her mobile too, and the text beside the e-mail (docs/product/gift-cards.md §3).
      await form.locator('input[name="recipientPhone"]').fill('0555 12 34 56');
      await form.locator('input[name="sendSms"]').check();
      await form.locator('input[name="senderName"]').fill('Karim');
      // A Visa card is charged in euros or dollars: the form says so before paying; the journey pays by CIB.
      await form.locator('input[name="paymentMethod"][value="visa"]').check();
      await expectVisible(form.getByTestId('card-charge'), 'what the card will be charged');
      await form.locator('input[name="paymentMethod"][value="cib"]').check();
      expect(await form.getByTestId('card-charge').count()).toBe(0);
      await form.locator('input[name="terms"]').check();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, `gift-cards/buy-${locale}`, { fullPage: true });
      await page.getByTestId('gift-card-pay').click();
      await page.waitForURL(/\/pay\/sandbox\//, { timeout: UI_TIMEOUT_MS });
      // The sandbox gateway's page says paid, and sends the purchaser back to /carte-cadeau/merci.
      const paid = await page.request.post(page.url(), { form: { action: 'pay' }, headers: { origin }, maxRedirects: 0 });
      const back = paid.headers()['location'] ?? '';
      expect(back).toContain('/carte-cadeau/merci?order=');
      await page.goto(back);
      await expectVisible(page.getByTestId('gift-card-code'), 'the card’s code on the thanks page');
      const code = fold(await page.getByTestId('gift-card-code').textContent());
      expect(code).toMatch(/^CC-/);
      await saveScreenshot(page, `gift-cards/thanks-${locale}`, { fullPage: true });
      // The card's PDF, downloaded from the thanks page by its purchaser.
      const pdfHref = await page.getByTestId('gift-card-pdf').getAttribute('href');
      const pdf = await page.request.get(new URL(pdfHref!, origin).toString());
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

      await page.goto('/carte-cadeau/solde');
      await expectVisible(page.getByRole('heading', { name: WORDS[locale].title }), 'the page title');
      const input = page.getByTestId('gift-card-balance-form').locator('input');
      // A code nobody has: the catalogue's message under the field.
      await input.fill('CC-AAAA-AAAA-AAAA');
      await page.getByTestId('gift-card-balance-form').locator('button[type="submit"]').click();
      await expect.poll(async () => fold(await page.getByTestId('gift-card-balance-form').textContent()), { timeout: UI_TIMEOUT_MS }).toContain(WORDS[locale].unknown);
      // The real one, typed loosely.
      await input.fill(code.replace(/-/g, ' ').toLowerCase());
      await page.getByTestId('gift-card-balance-form').locator('button[type="submit"]').click();
      await expectVisible(page.getByTestId('gift-card-balance'), 'the balance');
      expect(fold(await page.getByTestId('gift-card-balance-amount').textContent())).toBe(fold(formatDzd(7500, locale)));
      expect(fold(await page.getByTestId('gift-card-balance').textContent())).toContain(WORDS[locale].issued);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      // Fits 360 px: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, `gift-cards/balance-${locale}`, { fullPage: true });

      // The PDF's QR opens the balance page with the code in the fragment: shown at once, then out of the address bar.
      await page.goto(`/carte-cadeau/solde#${code}`);
      await expectVisible(page.getByTestId('gift-card-balance'), 'the balance from the QR');
      expect(fold(await page.getByTestId('gift-card-balance-amount').textContent())).toBe(fold(formatDzd(7500, locale)));
      expect(new URL(page.url()).hash).toBe('');
    });
  }
});
