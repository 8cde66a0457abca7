// Storefront and checkout (issue 3): a guest browses, filters and searches, logs in, buys with CIB and
// with a Visa card on the sandbox gateway's page, sees the voucher, and the demo mailbox shows the e-mail.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from './support/auth.ts';
import { useBrowser } from './support/browser.ts';
import { expectPath, expectVisible } from './support/expect.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser();

async function openFirstBoxCheckout(page: Page) {
  await page.goto('/catalog');
  const card = page.getByTestId('box-card').first();
  await expectVisible(card, 'a box card');
  await card.getByRole('link', { name: /^Acheter/ }).or(card.getByRole('button', { name: /^Acheter/ })).first().click();
  await page.waitForURL(/\/box\/[0-9a-f-]+$/);
  await page.getByRole('link', { name: /Acheter ce coffret/ }).or(page.getByRole('button', { name: /Acheter ce coffret/ })).first().click();
  await page.waitForURL(/\/checkout/);
}

async function fillDetails(page: Page, recipientEmail: string) {
  await page.locator('input[name="recipientName"]').fill('Nadia Benali');
  await page.locator('input[name="recipientEmail"]').fill(recipientEmail);
  await page.locator('input[name="senderName"]').fill('Amina');
  await page.locator('textarea[name="personalMessage"], input[name="personalMessage"]').first().fill('Joyeux anniversaire !');
  await page.getByTestId('checkout-next').click();
}

describe('browsing the catalogue', () => {
  test('a guest filters by category and searches from the top bar; the URL keeps the filters', async () => {
    const { page } = session;
    await page.goto('/catalog');
    await expectVisible(page.getByTestId('box-card').first(), 'the catalogue');
    const all = await page.getByTestId('box-card').count();
    expect(all).toBeGreaterThan(10);

    await page.goto('/catalog?category=itri');
    await expectVisible(page.getByTestId('box-card').first(), 'the Gastronomie boxes');
    const itri = await page.getByTestId('box-card').count();
    expect(itri).toBeGreaterThan(0);
    expect(itri).toBeLessThan(all);
    await page.reload();
    await expectVisible(page.getByTestId('box-card').first(), 'the filtered catalogue after a reload');
    expect(await page.getByTestId('box-card').count()).toBe(itri);

    await page.goto('/catalog?q=hammam');
    await expectVisible(page.getByTestId('results-count'), 'the results count');
    const names = await page.getByTestId('box-card').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    await saveScreenshot(page, 'catalog-search');
  });
});

describe('buying a box', () => {
  test('a customer pays with CIB, sees the voucher and its QR, and the e-mail is in the demo mailbox', async () => {
    const { page } = session;
    await loginAs(page, 'client');
    await openFirstBoxCheckout(page);
    await fillDetails(page, 'nadia.cib@example.dz');
    await page.getByTestId('method-cib').click();
    await page.getByTestId('terms').click();
    await page.getByTestId('checkout-pay').click();

    await page.waitForURL(/\/pay\/sandbox\/sbx_/);
    await page.getByRole('button', { name: /^Payer/ }).click();

    await page.waitForURL(/\/success/, { timeout: 30_000 });
    const code = (await page.getByTestId('voucher-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^FRH-[A-Z3789]{4}-[A-Z3789]{4}-[A-Z3789]{4}$/);
    // The real QR image (a PNG from the server) has loaded.
    await page.waitForFunction(
      () => {
        const img = document.querySelector('[data-testid="voucher-qr"]') as HTMLImageElement | null;
        return Boolean(img?.complete && img.naturalWidth > 100);
      },
      null,
      { timeout: 15_000 },
    );
    await saveScreenshot(page, 'checkout-success');
    await expectVisible(page.getByTestId('resend-voucher'), '"Renvoyer par e-mail" for the new voucher');

    // Once the voucher is used, the success page (opened again from the e-mail or the history) no longer
    // offers to send it again: this browser alone sees the order's voucher as redeemed.
    const orderPath = /\/api\/orders\/[0-9a-f-]+$/;
    await page.route(orderPath, async (route) => {
      // A request the reload cancels while its answer is fetched can no longer be fulfilled: that one is let go.
      try {
        const response = await route.fetch();
        const order = (await response.json()) as { voucher: { status: string } | null };
        if (order.voucher) order.voucher.status = 'REDEEMED';
        await route.fulfill({ response, json: order });
      } catch (error) {
        if (!/already handled|closed|cancel/i.test(String(error))) throw error;
      }
    });
    await page.reload();
    await expectVisible(page.getByTestId('voucher-code'), 'the voucher again');
    expect(await page.getByTestId('resend-voucher').count()).toBe(0);
    await page.unroute(orderPath);

    const admin = await session.newContext();
    const adminPage = await admin.newPage();
    await loginAs(adminPage, 'admin');
    await adminPage.goto('/demo/mailbox');
    const row = adminPage.getByTestId('mailbox-row').filter({ hasText: 'nadia.cib@example.dz' }).first();
    await expectVisible(row, 'the voucher e-mail in the demo mailbox');
  });

  test('a declined Visa test card returns to the payment step with the message', async () => {
    const { page } = session;
    await loginAs(page, 'client');
    await openFirstBoxCheckout(page);
    await fillDetails(page, 'nadia.visa@example.dz');
    await page.getByTestId('method-visa').click();
    await page.getByTestId('terms').click();
    await page.getByTestId('checkout-pay').click();

    await page.waitForURL(/\/pay\/sandbox\/sbx_/);
    await page.locator('#cardNumber').fill('4000000000000002');
    await page.locator('#expiry').fill('1229');
    await page.locator('#cvv').fill('123');
    await page.locator('#cardName').fill('amina benali');
    expect(await page.locator('#cardNumber').inputValue()).toBe('4000 0000 0000 0002');
    expect(await page.locator('#cardName').inputValue()).toBe('AMINA BENALI');
    await page.getByRole('button', { name: /^Payer/ }).click();

    await expectPath(page, '/checkout', 30_000);
    await expectVisible(page.getByText('Erreur lors du paiement. Veuillez réessayer.'), 'the payment error');
    await expectVisible(page.getByText(/Carte refusée par la banque émettrice/), 'the bank’s reason');
  });

  test('a payment cancelled on the gateway page returns to the payment step as a cancellation, not an error', async () => {
    const { page } = session;
    await loginAs(page, 'client');
    await openFirstBoxCheckout(page);
    await fillDetails(page, 'nadia.cancel@example.dz');
    await page.getByTestId('method-cib').click();
    await page.getByTestId('terms').click();
    await page.getByTestId('checkout-pay').click();

    await page.waitForURL(/\/pay\/sandbox\/sbx_/);
    await page.getByRole('button', { name: 'Annuler' }).click();

    await expectPath(page, '/checkout', 30_000);
    await expectVisible(page.getByTestId('payment-cancelled'), 'the cancellation notice');
    await expectVisible(page.getByText('Paiement annulé', { exact: true }), 'the cancellation title');
    expect(await page.getByTestId('payment-error').count()).toBe(0);
    expect(await page.getByText('Erreur lors du paiement. Veuillez réessayer.').count()).toBe(0);
    // The details are kept: paying again is one click away.
    await expectVisible(page.getByTestId('checkout-pay'), 'the pay button');
  });

  test('a Visa card that pays leads to the voucher', async () => {
    const { page } = session;
    await loginAs(page, 'client');
    await openFirstBoxCheckout(page);
    await fillDetails(page, 'nadia.visa.ok@example.dz');
    await page.getByTestId('method-visa').click();
    await page.getByTestId('terms').click();
    await page.getByTestId('checkout-pay').click();
    await page.waitForURL(/\/pay\/sandbox\/sbx_/);
    await page.locator('#cardNumber').fill('4242424242424242');
    await page.locator('#expiry').fill('1229');
    await page.locator('#cvv').fill('123');
    await page.locator('#cardName').fill('AMINA');
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.waitForURL(/\/success/, { timeout: 30_000 });
    expect((await page.getByTestId('voucher-code').textContent())?.trim()).toMatch(/^FRH-/);
  });
});
