// Issue 35, the checkout's « Code promo » (docs/product/promotions.md §11): in French and in Arabic, a new
// customer opens a box's checkout, types a code nobody made (the catalogue's message under the field), then
// BIENVENUE: the summary shows « Réduction BIENVENUE −x DA » and the new total; the sandbox gateway asks for the
// discounted amount; paid, the success page shows the voucher and the discount line.
// Then the homepage's promise kept from its start: a visitor signs up to the newsletter (French, then Arabic),
// finds BIENVENUE in the welcome e-mail of the demo mailbox, opens an account with that address, fills a basket
// of two gifts and pays it once with the code: two vouchers, the discount shared over them.
import { formatDzd } from '@farha/contracts/money';
import { describe, expect, inject, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { readIn, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser();

/** Spaces folded (formatDzd puts a non-breaking space between thousands). */
const fold = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]+/g, ' ').trim();

const WORDS = {
  fr: { unknown: 'Code promo inconnu', discount: 'Réduction BIENVENUE', applied: 'Code BIENVENUE appliqué' },
  ar: { unknown: 'رمز الترويج غير معروف', discount: 'تخفيض BIENVENUE', applied: 'تم تطبيق الرمز BIENVENUE' },
} as const;

describe('BIENVENUE at checkout', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`a first-time customer types BIENVENUE, sees the discount, pays the discounted amount and gets the voucher (${locale})`, { timeout: 120_000 }, async () => {
      const { page, context } = session;
      await readIn(context, locale);
      await registerCustomerViaApi(page);

      await page.goto('/catalog');
      const card = page.getByTestId('box-card').first();
      await expectVisible(card, 'a box card');
      const boxId = (await card.getAttribute('data-box-id')) ?? '';
      const box = (await (await page.request.get(`/api/boxes/${boxId}`)).json()) as { price: number };
      // 20 %, half a dinar up (docs/product/promotions.md §2).
      const discount = Math.floor((box.price * 2000 + 5000) / 10_000);
      const total = box.price - discount;
      await page.goto(`/checkout?box=${boxId}`);

      // A code nobody made: the catalogue's message, in the page's language, under the field.
      await page.getByTestId('promo-input').fill('PAS-UN-CODE');
      await page.getByTestId('promo-apply').click();
      await expect.poll(async () => fold(await page.getByTestId('promo-error').textContent()), { timeout: 10_000 }).toBe(WORDS[locale].unknown);

      await page.getByTestId('promo-input').fill(' bienvenue ');
      await page.getByTestId('promo-apply').click();
      await expectVisible(page.getByTestId('promo-discount'), 'the discount line');
      expect(fold(await page.getByTestId('promo-applied').textContent())).toContain(WORDS[locale].applied);
      expect(fold(await page.getByTestId('promo-discount').textContent())).toContain(WORDS[locale].discount);
      expect(fold(await page.getByTestId('promo-discount-amount').textContent())).toContain(fold(formatDzd(discount, locale)));
      expect(fold(await page.getByTestId('checkout-total').textContent())).toContain(fold(formatDzd(total, locale)));
      await saveScreenshot(page, `promo-checkout/summary-${locale}`, { fullPage: true });

      // Removed, then applied again: the total follows.
      await page.getByTestId('promo-remove').click();
      expect(fold(await page.getByTestId('checkout-total').textContent())).toContain(fold(formatDzd(box.price, locale)));
      await page.getByTestId('promo-input').fill('BIENVENUE');
      await page.getByTestId('promo-apply').click();
      await expectVisible(page.getByTestId('promo-discount'), 'the discount line again');

      await page.locator('input[name="recipientName"]').fill('Nadia Benali');
      await page.locator('input[name="recipientEmail"]').fill(`nadia.promo.${locale}@example.dz`);
      await page.locator('input[name="senderName"]').fill('Amina');
      await page.getByTestId('checkout-next').click();
      await page.getByTestId('method-cib').click();
      await page.getByTestId('terms').click();
      expect(fold(await page.getByTestId('checkout-pay').textContent())).toContain(fold(formatDzd(total, locale)));
      await page.getByTestId('checkout-pay').click();

      // The gateway asks for the discounted amount.
      await page.waitForURL(/\/pay\/sandbox\/sbx_/);
      const pay = page.getByRole('button', { name: /^Payer/ });
      expect(fold(await pay.textContent())).toContain(fold(formatDzd(total)));
      await pay.click();

      await page.waitForURL(/\/success/, { timeout: 30_000 });
      await expectVisible(page.getByTestId('voucher-code'), 'the voucher');
      expect(fold(await page.getByTestId('voucher-code').textContent())).toMatch(/^FRH-/);
      expect(fold(await page.getByTestId('success-discount').textContent())).toContain(WORDS[locale].discount);
      await saveScreenshot(page, `promo-checkout/success-${locale}`, { fullPage: true });

      // A second purchase: the code is spent for this customer.
      await page.goto(`/checkout?box=${boxId}`);
      await page.getByTestId('promo-input').fill('BIENVENUE');
      await page.getByTestId('promo-apply').click();
      await expectVisible(page.getByTestId('promo-error'), 'the refusal of a second use');
    });
  }
});

const NEWSLETTER = {
  fr: { success: 'Merci, vous êtes inscrit(e) !', subject: 'Bienvenue chez Farha : votre code BIENVENUE' },
  ar: { success: 'شكرًا، تم اشتراككم!', subject: 'مرحبًا بكم في فرحة: رمزكم BIENVENUE' },
} as const;

describe('BIENVENUE from the newsletter to a paid basket', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`a visitor signs up, reads the code in the e-mail, and pays a basket of two gifts with it (${locale})`, { timeout: 150_000 }, async () => {
      const { page, context } = session;
      await readIn(context, locale);
      const details = newCustomerDetails();

      // The homepage's newsletter block: the code is shown, the address signed up.
      await page.goto('/');
      const block = page.locator('section[aria-labelledby="home-newsletter"]');
      await block.scrollIntoViewIfNeeded();
      expect(fold(await block.textContent())).toContain('BIENVENUE');
      await block.locator('input[type="email"]').fill(details.email);
      await block.locator('button[type="submit"]').click();
      await expectVisible(block.getByText(NEWSLETTER[locale].success), 'the sign-up confirmed');

      // The welcome e-mail, in the visitor's language, in the demo mailbox.
      const admin = await (await session.newContext()).newPage();
      await loginAs(admin, 'admin');
      await admin.goto(`/demo/mailbox?to=${encodeURIComponent(details.email)}`);
      await expectVisible(admin.getByTestId('mailbox-row').filter({ hasText: NEWSLETTER[locale].subject }).first(), 'the welcome e-mail with the code', 30_000);
      await admin.close();

      // An account with that address, and a basket of two gifts.
      await registerCustomerViaApi(page, details);
      const headers = { origin: new URL(inject('baseURL')).origin };
      const { boxes } = (await (await page.request.get('/api/boxes')).json()) as { boxes: { id: string; price: number }[] };
      const gifts = boxes.slice(0, 2);
      for (const [i, box] of gifts.entries()) {
        const added = await page.request.post('/api/client/basket/lines', {
          headers,
          data: { boxId: box.id, recipientName: `Nadia ${i + 1}`, recipientEmail: `nadia.${i + 1}.${details.email}`, senderName: 'Amina' },
        });
        expect(added.ok(), await added.text()).toBe(true);
      }
      const subtotal = gifts.reduce((sum, box) => sum + box.price, 0);
      const discount = Math.floor((subtotal * 2000 + 5000) / 10_000);

      await page.goto('/panier');
      await expect.poll(() => page.getByTestId('basket-line').count()).toBe(2);
      await page.getByTestId('promo-input').fill('BIENVENUE');
      await page.getByTestId('promo-apply').click();
      await expectVisible(page.getByTestId('promo-discount'), 'the discount line of the basket');
      expect(fold(await page.getByTestId('promo-discount-amount').textContent())).toContain(fold(formatDzd(discount, locale)));
      expect(fold(await page.getByTestId('basket-total').textContent())).toContain(fold(formatDzd(subtotal - discount, locale)));
      await page.getByTestId('method-cib').click();
      await page.getByTestId('terms').click();
      await saveScreenshot(page, `promo-checkout/basket-${locale}`, { fullPage: true });
      await page.getByTestId('basket-pay').click();

      await page.waitForURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
      const pay = page.getByRole('button', { name: /^Payer/ });
      expect(fold(await pay.textContent())).toContain(fold(formatDzd(subtotal - discount)));
      await pay.click();

      await page.waitForURL(/\/success/, { timeout: 30_000 });
      await expect.poll(() => page.getByTestId('voucher-code').count(), { timeout: 30_000, message: 'two vouchers issued' }).toBe(2);
      expect(fold(await page.getByTestId('success-discount').textContent())).toContain(WORDS[locale].discount);
      expect(fold(await page.getByTestId('success-discount').textContent())).toContain(fold(formatDzd(discount, locale)));
      // Each voucher's QR code is a real picture.
      await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('[data-testid="voucher-qr"]')].every((img) => img.complete && img.naturalWidth > 0), null, { timeout: 15_000 });
      await saveScreenshot(page, `promo-checkout/basket-success-${locale}`, { fullPage: true });
    });
  }
});
