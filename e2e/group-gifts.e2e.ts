// Issue 37, group gifts (docs/product/group-gifts.md): in French and in Arabic, on a 390 px phone, an organiser opens
// « Offrir à plusieurs » on the cheapest box's page and starts a pot for three; three people without an account open
// its link and fill it (two by CIB through the sandbox gateway, the last one by Visa in euros), each coming back to
// their receipt; the pot turns into the recipient's voucher, whose e-mail and group card the demo mailbox holds, and
// the organiser downloads the group card (PDF). Then a pot that fails: one contribution, the organiser cancels, the
// contributor is refunded.
import { formatDzd } from '@farha/contracts/money';
import { algiersToday } from '@farha/contracts/time';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { loginAs, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, readIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { saveScreenshot } from './support/screenshots.ts';

const session = useBrowser(PHONE);
const fold = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f\u2068\u2069]+/g, ' ').trim();
const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
/** The outbox sends in the background: an e-mail may take a few seconds to show. */
const MAIL_TIMEOUT_MS = 30_000;

const WORDS = {
  fr: { reached: 'Objectif atteint !', issued: 'Cadeau envoyé', refunded: /Remboursée|Remboursement en cours|Annulée/ },
  ar: { reached: 'اكتمل الهدف!', issued: 'أُرسلت الهدية', refunded: /مستردّة|الاسترداد جارٍ|ملغاة/ },
} as const;

type Box = { id: string; name: string; price: number };

async function cheapestBox(page: Page): Promise<Box> {
  const { boxes } = (await (await page.request.get('/api/boxes')).json()) as { boxes: Box[] };
  return [...boxes].sort((a, b) => a.price - b.price)[0]!;
}

/** The organiser's form, from the box page's « Offrir à plusieurs »: the pot's page in the customer's area. */
async function startPot(page: Page, box: Box, recipient: { name: string; email: string }, locale: 'fr' | 'ar', shots: string | null): Promise<{ id: string; url: string }> {
  await page.goto(`/box/${box.id}`, { timeout: 30_000 });
  // The box page draws its purchase panel twice (phone and desktop): the one on screen.
  await page.locator('[data-testid="box-group-gift"]:visible').click();
  const form = page.getByTestId('group-gift-form');
  await expectVisible(form, 'the organiser’s form');
  await expectVisible(form.getByTestId('group-gift-box'), 'the box the pot buys');
  await form.locator('input[name="recipientName"]').fill(recipient.name);
  await form.locator('input[name="recipientEmail"]').fill(recipient.email);
  await form.locator('select[name="recipientLocale"]').selectOption(locale);
  // Closing and sent today: the gift leaves as soon as the pot is full (the e-mails are then sent at once).
  const today = algiersToday(new Date());
  await form.locator('input[name="closesOn"]').fill(today);
  await form.locator('input[name="deliverOn"]').fill(today);
  await form.locator('input[name="shareCount"]').fill('3');
  await form.locator('textarea[name="message"]').fill(locale === 'ar' ? 'لنساهم جميعًا في هدية جميلة!' : 'Participons tous à un beau cadeau !');
  expect(await fits(page)).toBe(true);
  if (shots) await saveScreenshot(page, `${shots}/new-${locale}`, { fullPage: true });
  await page.getByTestId('group-gift-create').click();
  await page.waitForURL(/\/client\/cagnottes\/[0-9a-f-]{36}$/, { timeout: UI_TIMEOUT_MS });
  await expectVisible(page.getByTestId('group-gift-created'), 'the pot is ready');
  const url = fold(await page.getByTestId('pot-link').textContent());
  expect(url).toMatch(/\/cagnotte\/[A-Za-z0-9_-]{22}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  return { id, url };
}

/** Someone with the link and no account pays `amount` into the pot (CIB, or Visa in euros) and reads their receipt. */
async function contribute(
  context: BrowserContext,
  potUrl: string,
  who: { name: string; email: string; amount: number; message: string; anonymous?: boolean; card?: boolean },
  locale: 'fr' | 'ar',
  shot: string | null,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(new URL(potUrl).pathname);
  const form = page.getByTestId('contribute-form');
  await expectVisible(form, 'the contribution form');
  // Never indexed.
  expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
  await form.locator('input[name="name"]').fill(who.name);
  if (who.anonymous) await form.locator('input[name="anonymous"]').check();
  await form.locator('input[name="email"]').fill(who.email);
  await form.locator('input[name="amount"]').fill(String(who.amount));
  await form.locator('textarea[name="message"]').fill(who.message);
  if (who.card) {
    await form.getByTestId('method-visa').click();
    await expectVisible(form.getByTestId('card-charge'), 'what the card will be charged');
    await form.getByTestId('charge-EUR').click({ force: true });
    await expectVisible(form.getByTestId('charge-amount'), 'the amount in euros');
    expect(fold(await form.getByTestId('charge-amount').textContent())).toContain('€');
  } else {
    await form.getByTestId('method-cib').click();
  }
  await form.getByTestId('terms').check();
  expect(await fits(page)).toBe(true);
  if (shot) await saveScreenshot(page, shot, { fullPage: true });
  await form.getByTestId('contribute-pay').click();
  await page.waitForURL(/\/pay\/sandbox\/sbx_/, { timeout: UI_TIMEOUT_MS });
  if (who.card) {
    await page.locator('#cardNumber').fill('4242424242424242');
    await page.locator('#expiry').fill('1229');
    await page.locator('#cvv').fill('123');
    await page.locator('#cardName').fill(who.name.toUpperCase());
  }
  await page.getByRole('button', { name: /^Payer/ }).click();
  await page.waitForURL(/\/cagnotte\/merci\?/, { timeout: 30_000 });
  await expectVisible(page.getByTestId('contribution-thanks'), 'the contribution’s receipt', 30_000);
  expect(fold(await page.getByTestId('contribution-thanks').textContent())).toContain(fold(formatDzd(who.amount, locale)));
  if (who.card) expect(fold(await page.getByTestId('contribution-charge').textContent())).toContain('€');
  return page;
}

/** The demo mailbox's messages to `to`, read as the demo admin. */
async function mailTo(admin: Page, to: string): Promise<{ subject: string; template: string }[]> {
  const response = await admin.request.get(`/api/demo/mailbox?to=${encodeURIComponent(to)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { messages: { subject: string; template: string }[] }).messages;
}

describe('a group gift', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`three people fill a pot (one in euros), the recipient gets the voucher and the group card (${locale})`, { timeout: 300_000 }, async () => {
      const { page, context } = session;
      await readIn(context, locale);
      await registerCustomerViaApi(page);
      const box = await cheapestBox(page);
      const tag = `${locale}-${Date.now().toString(36)}`;
      const recipient = { name: 'Yasmine Haddad', email: `yasmine.pot.${tag}@example.dz` };
      const pot = await startPot(page, box, recipient, locale, 'group-gifts');
      await saveScreenshot(page, `group-gifts/organiser-open-${locale}`, { fullPage: true });

      // Three contributors, each on their own device, without an account.
      const first = Math.ceil(box.price / 3);
      const second = Math.ceil(box.price / 3);
      const third = box.price - first - second;
      const people = [
        { name: 'Karim Benali', email: `karim.${tag}@example.dz`, amount: first, message: locale === 'ar' ? 'مبروك يا ياسمين!' : 'Félicitations Yasmine !' },
        { name: 'Nadia Saidi', email: `nadia.${tag}@example.dz`, amount: second, message: locale === 'ar' ? 'كل التمنيات الطيبة' : 'Tous nos vœux de bonheur', anonymous: true },
        { name: 'Sofiane Martin', email: `sofiane.${tag}@example.fr`, amount: third, message: locale === 'ar' ? 'من باريس مع حبي' : 'Depuis Paris, avec toute mon amitié', card: true },
      ];
      for (const [index, who] of people.entries()) {
        const device = await session.newContext(PHONE);
        await readIn(device, locale);
        const thanks = await contribute(device, pot.url, who, locale, index === 0 ? `group-gifts/contribute-${locale}` : index === 2 ? `group-gifts/contribute-card-${locale}` : null);
        if (index === 2) await saveScreenshot(thanks, `group-gifts/thanks-${locale}`, { fullPage: true });
        await device.close();
      }

      // The pot's page: full, the messages there, Nadia anonymous to the others.
      const viewer = await (await session.newContext(PHONE)).newPage();
      await readIn(viewer.context(), locale);
      await viewer.goto(new URL(pot.url).pathname);
      await expectVisible(viewer.getByTestId('pot-remaining'), 'the progress');
      await expect.poll(async () => fold(await viewer.getByTestId('pot-remaining').textContent()), { timeout: UI_TIMEOUT_MS }).toBe(WORDS[locale].reached);
      const messages = fold(await viewer.getByTestId('pot-messages').textContent());
      expect(messages).toContain(people[0]!.message);
      expect(messages).toContain(people[2]!.message);
      expect(messages).not.toContain('Nadia');
      expect(messages).not.toContain('@example');
      expect(await fits(viewer)).toBe(true);
      await saveScreenshot(viewer, `group-gifts/pot-full-${locale}`, { fullPage: true });

      // The organiser: the gift left (the voucher), every contributor, the group card.
      await page.reload();
      await expect.poll(async () => page.getByTestId('group-gift-detail').getAttribute('data-status'), { timeout: 30_000, message: 'the pot issued' }).toBe('issued');
      await expectVisible(page.getByTestId('group-gift-issued'), 'the voucher bought from the pot');
      expect(fold(await page.getByTestId('group-gift-issued').textContent())).toMatch(/FRH-/);
      expect(await page.getByTestId('group-gift-contributor').count()).toBe(3);
      const pdfHref = await page.getByTestId('group-card-pdf').getAttribute('href');
      const pdf = await page.request.get(new URL(pdfHref!, inject('baseURL')).toString());
      expect(pdf.status()).toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await fits(page)).toBe(true);
      await saveScreenshot(page, `group-gifts/organiser-issued-${locale}`, { fullPage: true });
      await page.goto('/client/cagnottes');
      await expectVisible(page.getByTestId('group-gift-row').first(), 'the pot in « Mes cagnottes »');
      expect(fold(await page.getByTestId('group-gift-status').first().textContent())).toBe(WORDS[locale].issued);
      await saveScreenshot(page, `group-gifts/mine-${locale}`, { fullPage: true });

      // The recipient's e-mails: the voucher, and the group card.
      const adminContext = await session.newContext();
      const admin = await adminContext.newPage();
      await loginAs(admin, 'admin');
      await expect
        .poll(async () => (await mailTo(admin, recipient.email)).map((m) => m.template).sort(), { timeout: MAIL_TIMEOUT_MS, message: 'the recipient’s e-mails' })
        .toEqual(expect.arrayContaining(['group-gift-card', expect.stringMatching(/voucher/)]));
      await admin.goto(`/demo/mailbox?to=${encodeURIComponent(recipient.email)}`);
      await expectVisible(admin.getByTestId('mailbox-row').first(), 'the recipient’s e-mail in the demo mailbox');
      await saveScreenshot(admin, `group-gifts/recipient-mail-${locale}`, { fullPage: true });
    });

    test(`a pot cancelled by its organiser refunds its contributor (${locale})`, { timeout: 150_000 }, async () => {
      const { page, context } = session;
      await readIn(context, locale);
      await registerCustomerViaApi(page);
      const box = await cheapestBox(page);
      const tag = `${locale}-${Date.now().toString(36)}`;
      const pot = await startPot(page, box, { name: 'Omar Touati', email: `omar.pot.${tag}@example.dz` }, locale, null);
      const device = await session.newContext(PHONE);
      await readIn(device, locale);
      const contributorEmail = `lina.${tag}@example.dz`;
      const thanks = await contribute(device, pot.url, { name: 'Lina Mansouri', email: contributorEmail, amount: 1000, message: '🎉' }, locale, null);

      await page.reload();
      await expectVisible(page.getByTestId('group-gift-contributor'), 'the contribution');
      await page.getByTestId('group-gift-cancel').click();
      await page.getByTestId('group-gift-cancel-confirm').click();
      await expect
        .poll(async () => fold(await page.getByTestId('group-gift-status').textContent()), { timeout: 30_000, message: 'the pot cancelled' })
        .toMatch(WORDS[locale].refunded);
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByTestId('group-gift-contributor').getAttribute('data-status');
          },
          { timeout: 60_000, interval: 2_000, message: 'the contribution refunded' },
        )
        .toBe('refunded');
      expect(await fits(page)).toBe(true);
      await saveScreenshot(page, `group-gifts/organiser-cancelled-${locale}`, { fullPage: true });

      // The contributor's receipt says so, and the pot's page says the pot is over.
      await thanks.reload();
      await expect.poll(async () => thanks.getByTestId('contribution-thanks').getAttribute('data-status'), { timeout: UI_TIMEOUT_MS }).toBe('refunded');
      await thanks.goto(new URL(pot.url).pathname);
      await expectVisible(thanks.getByTestId('pot-state'), 'the pot is over');
      expect(await thanks.getByTestId('contribute-form').count()).toBe(0);
      await saveScreenshot(thanks, `group-gifts/pot-cancelled-${locale}`, { fullPage: true });
    });
  }
});
