// Issue 35, a gift card at checkout (docs/product/gift-cards.md §4): in French and in Arabic, on a 390 px phone, a
// customer buys a gift card (the cheapest box's price + 1 000 DA) through the sandbox gateway, then spends it over
// two orders at the box's checkout: a code nobody has is refused under « Carte cadeau »; the real one, typed loosely,
// pays the first box whole (« Payer avec la carte cadeau », no gateway, straight to the success page with the
// voucher); then its last 1 000 DA pay part of a second box and the sandbox asks for the rest.
import { formatDzd } from '@farha/contracts/money';
import { describe, expect, inject, test } from 'vitest';
import { registerCustomerViaApi } from './support/auth.ts';
import { readIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
const fold = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const WORDS = {
  fr: { unknown: 'Carte cadeau introuvable : vérifiez le code', payAll: 'Payer avec la carte cadeau', line: 'Carte cadeau', empty: 'Le solde de cette carte cadeau est épuisé' },
  ar: { unknown: 'بطاقة الهدية غير موجودة: تحقّق من الرمز', payAll: 'الدفع ببطاقة الهدية', line: 'بطاقة هدية', empty: 'نفد رصيد بطاقة الهدية هذه' },
} as const;

describe('a gift card spent over two orders', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`bought, then paying one box whole and part of another, on a phone (${locale})`, { timeout: 150_000 }, async () => {
      const { page, context } = session;
      await readIn(context, locale);
      await registerCustomerViaApi(page);
      const origin = new URL(inject('baseURL')).origin;
      const headers = { origin };

      // The cheapest box, and a card worth it plus 1 000 DA, bought through the sandbox.
      const { boxes } = (await (await page.request.get('/api/boxes')).json()) as { boxes: { id: string; price: number }[] };
      const box = [...boxes].sort((a, b) => a.price - b.price)[0]!;
      const bought = await page.request.post('/api/client/gift-cards', {
        headers,
        data: { amount: box.price + 1000, recipientName: 'Moi', recipientEmail: 'moi.carte@example.dz', paymentMethod: 'cib', termsAccepted: true },
      });
      expect(bought.ok(), await bought.text()).toBe(true);
      const { orderId: cardOrderId, checkoutUrl: cardCheckout } = (await bought.json()) as { orderId: string; checkoutUrl: string };
      await page.request.post(cardCheckout, { form: { action: 'pay' }, headers, maxRedirects: 0 });
      let code = '';
      await expect
        .poll(
          async () => {
            const read = (await (await page.request.get(`/api/client/gift-cards/orders/${cardOrderId}`)).json()) as { giftCard: { code: string } | null };
            code = read.giftCard?.code ?? '';
            return code;
          },
          { timeout: UI_TIMEOUT_MS, message: 'the card issued' },
        )
        .toMatch(/^CC-/);

      // First order: a code nobody has, then the real one pays everything.
      await page.goto(`/checkout?box=${box.id}`);
      await page.getByTestId('gift-card-input').fill('CC-AAAA-AAAA-AAAA');
      await page.getByTestId('gift-card-apply').click();
      await expect.poll(async () => fold(await page.getByTestId('gift-card-error').textContent()), { timeout: UI_TIMEOUT_MS }).toBe(WORDS[locale].unknown);
      await page.getByTestId('gift-card-input').fill(code.replace(/-/g, ' ').toLowerCase());
      await page.getByTestId('gift-card-apply').click();
      await expectVisible(page.getByTestId('gift-card-line'), 'the « Carte cadeau » line');
      expect(fold(await page.getByTestId('gift-card-line').textContent())).toContain(WORDS[locale].line);
      expect(fold(await page.getByTestId('gift-card-amount').textContent())).toContain(fold(formatDzd(box.price, locale)));
      expect(fold(await page.getByTestId('checkout-total').textContent())).toContain(fold(formatDzd(0, locale)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, `gift-card-checkout/whole-${locale}`, { fullPage: true });

      await page.locator('input[name="recipientName"]').fill('Nadia Benali');
      await page.locator('input[name="recipientEmail"]').fill(`nadia.carte.${locale}@example.dz`);
      await page.locator('input[name="senderName"]').fill('Amina');
      await page.getByTestId('checkout-next').click();
      await page.getByTestId('method-cib').click();
      await page.getByTestId('terms').click();
      expect(fold(await page.getByTestId('checkout-pay').textContent())).toContain(WORDS[locale].payAll);
      await page.getByTestId('checkout-pay').click();
      // No gateway: straight to the success page.
      await page.waitForURL(/\/success/, { timeout: 30_000 });
      expect(page.url()).not.toContain('/pay/sandbox/');
      await expectVisible(page.getByTestId('voucher-code'), 'the voucher paid by the card');
      expect(fold(await page.getByTestId('success-gift-card').textContent())).toContain(fold(formatDzd(box.price, locale)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await saveScreenshot(page, `gift-card-checkout/whole-success-${locale}`, { fullPage: true });

      // Second order: the last 1 000 DA, the gateway the rest.
      await page.goto(`/checkout?box=${box.id}`);
      await page.getByTestId('gift-card-input').fill(code);
      await page.getByTestId('gift-card-apply').click();
      await expectVisible(page.getByTestId('gift-card-line'), 'the card’s last 1 000 DA');
      expect(fold(await page.getByTestId('gift-card-amount').textContent())).toContain(fold(formatDzd(1000, locale)));
      expect(fold(await page.getByTestId('checkout-total').textContent())).toContain(fold(formatDzd(box.price - 1000, locale)));
      await saveScreenshot(page, `gift-card-checkout/part-${locale}`, { fullPage: true });
      await page.locator('input[name="recipientName"]').fill('Karim Haddad');
      await page.locator('input[name="recipientEmail"]').fill(`karim.carte.${locale}@example.dz`);
      await page.locator('input[name="senderName"]').fill('Amina');
      await page.getByTestId('checkout-next').click();
      await page.getByTestId('method-cib').click();
      await page.getByTestId('terms').click();
      expect(fold(await page.getByTestId('checkout-pay').textContent())).toContain(fold(formatDzd(box.price - 1000, locale)));
      await page.getByTestId('checkout-pay').click();
      await page.waitForURL(/\/pay\/sandbox\/sbx_/, { timeout: UI_TIMEOUT_MS });
      const pay = page.getByRole('button', { name: /^Payer/ });
      expect(fold(await pay.textContent())).toContain(fold(formatDzd(box.price - 1000)));
      await pay.click();
      await page.waitForURL(/\/success/, { timeout: 30_000 });
      await expectVisible(page.getByTestId('voucher-code'), 'the second voucher');
      expect(fold(await page.getByTestId('success-gift-card').textContent())).toContain(fold(formatDzd(1000, locale)));
      await saveScreenshot(page, `gift-card-checkout/part-success-${locale}`, { fullPage: true });

      // Spent: a third try is refused under the field.
      await page.goto(`/checkout?box=${box.id}`);
      await page.getByTestId('gift-card-input').fill(code);
      await page.getByTestId('gift-card-apply').click();
      await expect.poll(async () => fold(await page.getByTestId('gift-card-error').textContent()), { timeout: UI_TIMEOUT_MS }).toBe(WORDS[locale].empty);
    });
  }
});
