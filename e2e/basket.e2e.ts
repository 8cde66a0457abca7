// The basket (issue 34): a visitor adds boxes from the catalogue and a box page, signs in and finds them in
// the account's basket, adds a third, writes three different gifts (one also by text, one on a later day),
// pays once by CIB on the sandbox's page and sees three vouchers; the header's count follows and the basket
// is empty afterwards. /panier fits a phone in French and Arabic.
// BASKET_SHOTS_DIR=<folder> (default /tmp/basket-shots) receives the screenshots for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { DEMO_PASSWORD, demoAccount, registerCustomerViaApi, submitLoginForm } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectPath, expectVisible } from './support/expect.ts';

const SHOTS_DIR = process.env.BASKET_SHOTS_DIR ?? '/tmp/basket-shots';
const session = useBrowser();

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  // From the top: the fixed header is drawn where the page is scrolled to.
  await page.evaluate(() => document.fonts.ready.then(() => window.scrollTo(0, 0)));
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage, animations: 'disabled', caret: 'hide', timeout: 30_000 });
}

/** The number on the header's basket (0 when it shows none). */
async function headerCount(page: Page): Promise<number> {
  const badge = page.getByTestId('header-basket-count');
  return (await badge.count()) === 0 ? 0 : Number((await badge.textContent())?.trim());
}

async function expectHeaderCount(page: Page, expected: number): Promise<void> {
  await expect.poll(() => headerCount(page), { timeout: 10_000, message: `the header's basket shows ${expected}` }).toBe(expected);
}

/** Adds the catalogue's n-th box with its card's « Ajouter au panier »; returns the box's id. */
async function addFromCatalogue(page: Page, n: number): Promise<string> {
  await page.goto('/catalog');
  const card = page.getByTestId('box-card').nth(n);
  await expectVisible(card, `box card ${n + 1} of the catalogue`);
  await card.getByTestId('add-to-basket').click();
  await expectVisible(page.locator('[data-sonner-toast]').filter({ hasText: 'Ajouté au panier' }).first(), 'the toast « Ajouté au panier »');
  return (await card.getAttribute('data-box-id')) ?? '';
}

/** A day `days` ahead in Algiers, as the date input takes it (YYYY-MM-DD). */
function algiersDayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Africa/Algiers' });
}

/** The page does not scroll sideways. */
async function fitsScreen(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
}

describe('the basket', () => {
  test('a visitor fills a basket, signs in, finds it merged, adds a gift, writes three recipients and pays once for three vouchers', { timeout: 180_000 }, async () => {
    const { page } = session;

    // A visitor: one box from a catalogue card, one from a box page.
    const first = await addFromCatalogue(page, 0);
    await expectHeaderCount(page, 1);
    const secondId = await page.getByTestId('box-card').nth(1).getAttribute('data-box-id');
    expect(secondId).toBeTruthy();
    await page.goto(`/box/${secondId}`);
    await page.locator('main').getByRole('button', { name: 'Ajouter au panier', exact: true }).click();
    await expectVisible(page.locator('[data-sonner-toast]').filter({ hasText: 'Ajouté au panier' }).first(), 'the toast on the box page');
    await expectHeaderCount(page, 2);
    // The toast leads to the basket.
    await page.locator('[data-sonner-toast]').getByRole('button', { name: 'Voir le panier' }).first().click();
    await expectPath(page, '/panier');
    await expect.poll(() => page.getByTestId('basket-line').count()).toBe(2);
    expect(await page.evaluate(() => localStorage.getItem('farha.basket'))).toContain(first);

    // Paying needs an account: the visitor signs in and comes back to the basket, merged into the account's.
    await page.getByTestId('basket-pay').click();
    await expectPath(page, '/auth');
    const client = demoAccount('client');
    await submitLoginForm(page, client.email, DEMO_PASSWORD);
    await expectPath(page, '/panier', 15_000);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('farha.basket')), { message: 'the local copy is cleared' }).toBeNull();
    await expect.poll(() => page.getByTestId('basket-line').count()).toBe(2);
    const merged = await page.evaluate(() => fetch('/api/client/basket').then((r) => r.json() as Promise<{ count: number; lines: { box: { id: string } }[] }>));
    expect(merged.count).toBe(2);
    expect(merged.lines.map((l) => l.box.id)).toEqual([first, secondId]);
    await expectHeaderCount(page, 2);

    // A third gift, added as a customer.
    const third = await addFromCatalogue(page, 2);
    await expectHeaderCount(page, 3);
    await page.goto('/panier');
    const lines = page.getByTestId('basket-line');
    await expect.poll(() => lines.count()).toBe(3);

    const day = algiersDayAhead(5);
    const recipients = [
      { name: 'Nadia Benali', email: 'nadia.panier@example.dz', phone: '0555 12 34 56' },
      { name: 'Yacine Haddad', email: 'yacine.panier@example.dz', deliverAt: day },
      { name: 'Samira Ould', email: 'samira.panier@example.dz', message: 'Bonne fête, Samira !' },
    ];
    for (const [i, r] of recipients.entries()) {
      const line = lines.nth(i);
      await line.locator('input[name="recipientName"]').fill(r.name);
      await line.locator('input[name="recipientEmail"]').fill(r.email);
      await line.locator('input[name="senderName"]').fill('Amina');
      if (r.phone) {
        await line.locator('input[name="recipientPhone"]').fill(r.phone);
        await line.getByTestId('basket-line-sms').click();
      }
      if (r.deliverAt) await line.locator('input[name="deliverAt"]').fill(r.deliverAt);
      if (r.message) await line.locator('textarea[name="personalMessage"]').fill(r.message);
    }
    // Saved as typed: each line says so, and the server has it.
    for (let i = 0; i < 3; i += 1) await expectVisible(lines.nth(i).getByTestId('basket-line-save').filter({ hasText: 'Enregistré' }), `line ${i + 1} saved`);
    await expect
      .poll(async () => {
        const basket = await page.evaluate(() => fetch('/api/client/basket').then((r) => r.json() as Promise<{ lines: { complete: boolean }[] }>));
        return basket.lines.map((l) => l.complete);
      })
      .toEqual([true, true, true]);
    // A reload shows what was typed (the server's copy).
    await page.reload();
    await expect.poll(() => lines.nth(1).locator('input[name="recipientEmail"]').inputValue()).toBe('yacine.panier@example.dz');
    expect(await lines.nth(1).locator('input[name="deliverAt"]').inputValue()).toBe(day);
    expect(await lines.nth(2).locator('textarea[name="personalMessage"]').inputValue()).toBe('Bonne fête, Samira !');
    expect(await lines.nth(0).getByTestId('basket-line-sms').getAttribute('data-state')).toBe('checked');
    await page.getByTestId('method-cib').click();
    await page.getByTestId('terms').click();
    await shot(page, 'desktop-fr-basket');
    const total = (await page.getByTestId('basket-pay').textContent())?.trim() ?? '';
    expect(total).toMatch(/^Payer .*DA$/);

    await page.getByTestId('basket-pay').click();
    await page.waitForURL(/\/pay\/sandbox\/sbx_/, { timeout: 20_000 });
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.waitForURL(/\/success/, { timeout: 30_000 });

    // Three vouchers, one per gift, each with its recipient, its day and (the first) its text.
    const orderLines = page.getByTestId('basket-order-line');
    await expect.poll(() => orderLines.count(), { timeout: 20_000 }).toBe(3);
    await expect.poll(() => page.getByTestId('voucher-code').count(), { timeout: 30_000, message: 'three vouchers issued' }).toBe(3);
    const codes = (await page.getByTestId('voucher-code').allTextContents()).map((c) => c.trim());
    for (const code of codes) expect(code).toMatch(/^FRH-[A-Z3789]{4}-[A-Z3789]{4}-[A-Z3789]{4}$/);
    expect(new Set(codes).size).toBe(3);
    const recipientsShown = await page.getByTestId('basket-order-recipient').allTextContents();
    expect(recipientsShown).toEqual(['Pour Nadia Benali', 'Pour Yacine Haddad', 'Pour Samira Ould']);
    await expectVisible(orderLines.nth(0).getByTestId('sms-note').filter({ hasText: /Aussi par SMS au .*\+213 555 12 34 56/ }), 'the text to Nadia');
    expect(await orderLines.nth(1).getByTestId('sms-note').count()).toBe(0);
    expect(await orderLines.nth(1).getByTestId('basket-order-delivery').textContent()).toMatch(/^Envoyé le .+ à .*yacine\.panier@example\.dz/);
    expect(await orderLines.nth(2).getByTestId('basket-order-delivery').textContent()).toMatch(/dès le paiement/);
    await expect.poll(() => page.getByTestId('download-pdf').count()).toBe(3);
    expect(await orderLines.nth(2).getByTestId('basket-order-box').textContent()).toBeTruthy();
    void third;
    await expectHeaderCount(page, 0);
    await shot(page, 'desktop-fr-success');

    // The basket is empty afterwards.
    await page.goto('/panier');
    await expectVisible(page.getByTestId('basket-empty').filter({ hasText: 'Votre panier est vide' }), 'the empty basket');
    await expectVisible(page.getByTestId('basket-empty').getByRole('link', { name: 'Découvrir le catalogue' }), 'the link to the catalogue');
    await expectHeaderCount(page, 0);
  });

  test('the basket page fits a 390 px phone in French and Arabic, for a visitor and for a customer', { timeout: 120_000 }, async () => {
    const phone = await session.newContext(PHONE);
    const page = await phone.newPage();
    await addFromCatalogue(page, 3);
    await addFromCatalogue(page, 4);
    // The card with its « Ajouter au panier » on the phone, and the box page's buttons.
    fs.mkdirSync(SHOTS_DIR, { recursive: true });
    await page.getByTestId('box-card').nth(4).screenshot({ path: path.join(SHOTS_DIR, 'phone-fr-catalogue-card.png'), animations: 'disabled' });
    await page.goto(`/box/${await page.getByTestId('box-card').nth(4).getAttribute('data-box-id')}`);
    const boxAdd = page.locator('main').getByRole('button', { name: 'Ajouter au panier', exact: true });
    await boxAdd.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS_DIR, 'phone-fr-box-page.png'), animations: 'disabled' });

    const measure = async (who: string, locale: 'fr' | 'ar') => {
      await page.evaluate((l) => {
        localStorage.setItem('farha.locale', l);
        document.cookie = `farha.locale=${l}; path=/`;
      }, locale);
      await page.goto('/panier');
      await expect.poll(() => page.getByTestId('basket-line').count()).toBe(2);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await expectVisible(page.getByRole('heading', { level: 1, name: locale === 'ar' ? 'سلّتك' : 'Votre panier' }), 'the basket heading');
      if (who === 'customer') await page.getByTestId('method-visa').click();
      const { scrollWidth, innerWidth } = await fitsScreen(page);
      expect(scrollWidth, `${who} ${locale}: /panier is ${scrollWidth} px wide on a ${innerWidth} px phone`).toBeLessThanOrEqual(innerWidth);
      await shot(page, `phone-${locale}-${who}`);
      await shot(page, `phone-${locale}-${who}-top`, false);
    };
    await measure('visitor', 'fr');
    await measure('visitor', 'ar');
    // A new customer (a demo account is shared by the journeys): the visitor's lines join the account's.
    await registerCustomerViaApi(page);
    await page.goto('/panier');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('farha.basket')), { timeout: 10_000 }).toBeNull();
    await measure('customer', 'fr');
    await measure('customer', 'ar');
    expect(await page.getByTestId('header-basket').getAttribute('aria-label')).toBe('السلة: علبتان');
  });

  test('staff have no basket: no button in the header nor on the cards', async () => {
    const { page } = session;
    const partner = demoAccount('partenaire');
    await page.goto('/auth');
    await submitLoginForm(page, partner.email, DEMO_PASSWORD);
    await page.waitForURL(/\/partenaire\//);
    await page.goto('/catalog');
    await expectVisible(page.getByTestId('box-card').first(), 'the catalogue');
    // The cards on screen, once hydrated (a card further down keeps the server's markup until it is near).
    await expect.poll(() => page.getByTestId('box-card').first().getByTestId('add-to-basket').count(), { message: 'no « Ajouter au panier » for staff' }).toBe(0);
    expect(await page.getByTestId('header-basket').count()).toBe(0);
  });
});
