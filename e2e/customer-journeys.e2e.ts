// Customer area (issue 4), the journeys a customer notices: a gift waiting for a new account, an exchange
// for a dearer box paid on the sandbox gateway, a password reset through the demo mailbox, a support
// ticket with attachments; and screenshots of every customer page in French and in Arabic.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi, submitLoginForm, type NewCustomer } from './support/auth.ts';
import { PHONE, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { expectDocument, expectPath, expectVisible } from './support/expect.ts';
import { ONE_PIXEL_PNG, onePagePdf } from './support/files.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();

// The mailbox sends from an outbox worker and the list refreshes every 5 s.
const MAIL_TIMEOUT_MS = 30_000;

interface BoxSummary {
  id: string;
  name: string;
  nameAr: string | null;
  price: number;
}

async function listBoxes(page: Page): Promise<BoxSummary[]> {
  const response = await page.request.get('/api/boxes');
  expect(response.ok(), 'GET /api/boxes').toBe(true);
  return ((await response.json()) as { boxes: BoxSummary[] }).boxes;
}

/** The cheapest box, and the next dearer one (an exchange that costs the difference). */
async function cheapAndDearerBoxes(page: Page): Promise<{ cheap: BoxSummary; dearer: BoxSummary }> {
  const boxes = (await listBoxes(page)).sort((a, b) => a.price - b.price);
  const cheap = boxes[0]!;
  const dearer = boxes.find((box) => box.price > cheap.price);
  if (!dearer) throw new Error('The demo catalogue has no box dearer than the cheapest one');
  return { cheap, dearer };
}

interface Gift {
  boxId: string;
  recipientName: string;
  recipientEmail: string;
  senderName?: string;
  personalMessage?: string;
}

/**
 * A voucher bought by the page's (customer) user through the API and paid with CIB on the sandbox
 * gateway, as the checkout would: answers the order's voucher.
 */
async function buyVoucherViaApi(page: Page, baseURL: string, gift: Gift): Promise<{ id: string; code: string }> {
  const origin = new URL(baseURL).origin;
  const order = await page.request.post('/api/orders', {
    data: { ...gift, paymentMethod: 'cib', termsAccepted: true },
    headers: { origin },
  });
  expect(order.status(), `POST /api/orders: ${await order.text()}`).toBe(201);
  const { orderId, checkoutUrl } = (await order.json()) as { orderId: string; checkoutUrl: string };
  await page.request.post(checkoutUrl, { form: { action: 'pay' }, headers: { origin }, maxRedirects: 0 });
  const paid = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
    status: string;
    voucher: { id: string; code: string } | null;
  };
  // Paid, or already fulfilled when the voucher e-mail left before this read.
  expect(['paid', 'fulfilled'], 'the order is paid').toContain(paid.status);
  expect(paid.voucher, 'the paid order has its voucher').not.toBeNull();
  return paid.voucher!;
}

/** A back-office page (demo admin) on the demo mailbox, filtered on one recipient. */
async function openMailbox(context: BrowserContext, recipient: string): Promise<Page> {
  const page = await context.newPage();
  await loginAs(page, 'admin');
  await page.goto(`/demo/mailbox?to=${encodeURIComponent(recipient)}`);
  return page;
}

/** Waits for a message of the mailbox list (refreshed every 5 s) addressed to `recipient` and whose row says `text`. */
async function expectMail(mailbox: Page, recipient: string, text: string | RegExp, what: string) {
  const row = mailbox.getByTestId('mailbox-row').filter({ hasText: recipient }).filter({ hasText: text }).first();
  await expectVisible(row, what, MAIL_TIMEOUT_MS);
  return row;
}

/** A voucher card of the dashboard, by its code. */
const voucherCard = (page: Page, code: string) => page.locator(`[data-testid="voucher-card"][data-code="${code}"]`);

describe('a gift waiting for its recipient', () => {
  test('a recipient who registers with the gift’s e-mail finds the voucher in “Mes coffrets” and may reserve it', async () => {
    const { page, baseURL } = session;
    const recipient = newCustomerDetails();

    // Someone else (a fresh customer on another device) offers a box to the recipient's address.
    const buyerContext = await session.newContext();
    const buyer = await buyerContext.newPage();
    await registerCustomerViaApi(buyer);
    const [box] = await listBoxes(buyer);
    const voucher = await buyVoucherViaApi(buyer, baseURL, {
      boxId: box!.id,
      recipientName: `${recipient.firstName} ${recipient.lastName}`,
      recipientEmail: recipient.email,
      senderName: 'Karima',
      personalMessage: 'Bienvenue sur Farha !',
    });

    // The recipient creates an account on the auth page, with that address.
    await page.goto('/auth?mode=register');
    const form = page.locator('form').filter({ has: page.locator('input[name="confirmPassword"]') });
    await expectVisible(form, 'the registration form');
    await form.locator('input[name="firstName"]').fill(recipient.firstName);
    await form.locator('input[name="lastName"]').fill(recipient.lastName);
    await form.locator('input[name="email"]').fill(recipient.email);
    await form.locator('input[name="password"]').fill(recipient.password);
    await form.locator('input[name="confirmPassword"]').fill(recipient.password);
    await form.locator('button[type="submit"]').click();

    // A new customer lands on "Mes coffrets", where the gift is already waiting.
    await expectPath(page, '/client/dashboard');
    const card = voucherCard(page, voucher.code);
    await expectVisible(card, `the gift ${voucher.code} on the new account’s dashboard`);
    expect(await card.getAttribute('data-status')).toBe('DELIVERED');
    await expectVisible(card.getByText(box!.name), 'the box’s name on the card');
    await expectVisible(card.getByText('De la part de Karima'), 'the sender on the card');
    await expectVisible(card.getByText('Actif', { exact: true }), 'the status badge “Actif”');
    expect(await page.getByTestId('stat-active').textContent(), 'one active gift').toMatch(/\D1$/);
    // The recipient holds the voucher: they may reserve with it.
    await card.getByTestId('reserve-button').click();
    await expectVisible(page.getByTestId('reservation-dialog'), 'the reservation dialog of the gift');
  });
});

describe('exchanging a voucher', () => {
  test('a dearer box: the difference is paid on the gateway, the old voucher is “Échangé”, the new one arrives by e-mail', async () => {
    const { page, baseURL } = session;
    const customer = newCustomerDetails();
    await registerCustomerViaApi(page, customer);
    const { cheap, dearer } = await cheapAndDearerBoxes(page);
    const old = await buyVoucherViaApi(page, baseURL, {
      boxId: cheap.id,
      recipientName: `${customer.firstName} ${customer.lastName}`,
      recipientEmail: customer.email,
    });

    await page.goto('/client/dashboard');
    const oldCard = voucherCard(page, old.code);
    await expectVisible(oldCard, 'the voucher to exchange');
    await oldCard.getByTestId('voucher-actions').click();
    await page.getByTestId('action-exchange').click();
    const dialog = page.getByTestId('exchange-dialog');
    await expectVisible(dialog, 'the exchange dialog');
    if (dearer.nameAr) {
      // Read in French, the filter also knows the boxes' Arabic names: only boxes of that name stay listed.
      await dialog.locator('input[name="exchangeSearch"]').fill(dearer.nameAr);
      const listed = async () => {
        const names = await dialog.getByTestId('exchange-box').allTextContents();
        return names.length > 0 && names.every((text) => text.includes(dearer.name));
      };
      await expect.poll(listed, { timeout: UI_TIMEOUT_MS, message: `only “${dearer.name}” listed for its Arabic name` }).toBe(true);
    }
    await dialog.locator('input[name="exchangeSearch"]').fill(dearer.name);
    const option = dialog.getByTestId('exchange-box').filter({ hasText: dearer.name }).first();
    await expectVisible(option, `the box “${dearer.name}” among the exchange options`);
    await option.click();
    const difference = dearer.price - cheap.price;
    // A dearer box costs the difference: the dialog says how much, and asks how to pay it.
    await dialog.locator('label').filter({ has: page.locator('input[name="paymentMethod"][value="visa"]') }).click();
    const submit = dialog.getByTestId('exchange-submit');
    await expect.poll(async () => (await submit.textContent()) ?? '', { timeout: UI_TIMEOUT_MS }).toMatch(/^Payer la différence/);
    const digits = (await submit.textContent())!.replace(/\D/g, '');
    expect(Number(digits)).toBe(difference);
    await submit.click();

    // The sandbox gateway's page, with a Visa test card that pays.
    await page.waitForURL(/\/pay\/sandbox\/sbx_/, { timeout: 30_000 });
    await page.locator('#cardNumber').fill('4242424242424242');
    await page.locator('#expiry').fill('1229');
    await page.locator('#cvv').fill('123');
    await page.locator('#cardName').fill('SELMA TEST');
    await page.getByRole('button', { name: /^Payer/ }).click();

    // Back on the dashboard: the payment is confirmed and the new voucher is there.
    await page.waitForURL((url) => url.pathname === '/client/dashboard' && url.searchParams.has('order'), { timeout: 30_000 });
    const banner = page.locator('[data-testid="order-return"][data-state="paid"]');
    await expectVisible(banner, 'the “payment received” banner', 20_000);
    expect(await banner.textContent()).toContain('l\'échange est fait');
    // Issued at once, DELIVERED once the outbox has sent its e-mail (checked in the mailbox below).
    const newCard = page
      .locator('[data-testid="voucher-card"][data-status="ISSUED"], [data-testid="voucher-card"][data-status="DELIVERED"]')
      .filter({ hasText: dearer.name });
    await expectVisible(newCard, `a new “${dearer.name}” voucher among the active ones`);
    const newCode = await newCard.first().getAttribute('data-code');
    expect(newCode).toMatch(/^FRH-/);
    expect(newCode).not.toBe(old.code);
    // The old voucher left the active tab: it is under "Expirés", marked "Échangé".
    await expect.poll(() => oldCard.count(), { timeout: UI_TIMEOUT_MS }).toBe(0);
    await page.getByTestId('tab-expires').click();
    await expectVisible(oldCard, 'the old voucher under “Expirés”');
    expect(await oldCard.getAttribute('data-status')).toBe('EXCHANGED');
    await expectVisible(oldCard.getByText('Échangé', { exact: true }), 'the status badge “Échangé”');
    await expectVisible(oldCard.getByText('Échangé contre un autre coffret'), 'the exchanged note');
    await screenshot(page, 'customer/fr-exchange-paid');

    // The new voucher's e-mail went to the customer (who is its recipient).
    const admin = await session.newContext();
    const mailbox = await openMailbox(admin, customer.email);
    const row = await expectMail(mailbox, customer.email, `« ${dearer.name} »`, 'the new voucher’s e-mail in the demo mailbox');
    await row.click();
    await expectVisible(mailbox.getByTestId('mailbox-message'), 'the voucher e-mail');
    await mailbox.getByRole('tab', { name: /texte/i }).click();
    await expectVisible(mailbox.getByTestId('mailbox-text').getByText(newCode!), 'the new code in the e-mail');
  });
});

describe('forgotten password', () => {
  test('the link from the demo mailbox sets a new password once; the new one logs in, the old one and the link no longer work', async () => {
    const { page } = session;
    // A fresh account (never a demo one), registered on another device: this page stays logged out.
    const customer: NewCustomer = newCustomerDetails();
    const other = await session.newContext();
    await registerCustomerViaApi(await other.newPage(), customer);

    await page.goto('/auth');
    await page.locator('input[name="email"]').first().fill(customer.email);
    await page.getByTestId('forgot-password').click();
    const dialog = page.getByTestId('forgot-password-dialog');
    await expectVisible(dialog, 'the “Mot de passe oublié ?” dialog');
    // The address already typed in the login form is carried over.
    expect(await dialog.locator('input[name="email"]').inputValue()).toBe(customer.email);
    await dialog.getByTestId('forgot-password-submit').click();
    await expectVisible(dialog.getByTestId('forgot-password-sent'), 'the “e-mail sent” confirmation');
    await dialog.getByRole('button', { name: 'Retour à la connexion' }).click();

    // The e-mail, in the demo mailbox; its button holds the single-use link.
    const admin = await session.newContext();
    const mailbox = await openMailbox(admin, customer.email);
    const row = await expectMail(mailbox, customer.email, 'Réinitialisation de votre mot de passe', 'the reset e-mail in the demo mailbox');
    await row.click();
    const link = mailbox.frameLocator('[data-testid="mailbox-html"]').locator('a[href*="/auth/reset?token="]').first();
    await link.waitFor({ state: 'attached' });
    const href = (await link.getAttribute('href'))!;
    const resetUrl = new URL(href);
    expect(resetUrl.pathname).toBe('/auth/reset');
    expect(resetUrl.searchParams.get('token')).toBeTruthy();

    // The link sets a new password.
    const newPassword = `nouveau-${customer.password}`;
    await page.goto(`${resetUrl.pathname}${resetUrl.search}`);
    const resetForm = page.getByTestId('reset-password-page');
    await expectVisible(resetForm.locator('input[name="password"]'), 'the new password form');
    await resetForm.locator('input[name="password"]').fill(newPassword);
    await resetForm.locator('input[name="confirmPassword"]').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expectVisible(page.getByTestId('reset-done'), 'the “password changed” confirmation');
    await screenshot(page, 'customer/fr-reset-done', { fullPage: false });

    // The old password is refused, the new one logs in.
    await page.getByTestId('reset-done').getByRole('link').click();
    await expectPath(page, '/auth');
    await submitLoginForm(page, customer.email, customer.password);
    await expectVisible(page.getByText('Email ou mot de passe incorrect'), 'the old password refused');
    await submitLoginForm(page, customer.email, newPassword);
    await expectPath(page, '/client/dashboard');

    // The link a second time: refused, with a way to ask for a new one.
    const again = await session.newContext();
    const secondVisit = await again.newPage();
    await secondVisit.goto(`${resetUrl.pathname}${resetUrl.search}`);
    const invalid = secondVisit.getByTestId('reset-invalid');
    await expectVisible(invalid, 'the used link refused');
    expect(await invalid.textContent()).toBe('Ce lien de réinitialisation est invalide ou a déjà été utilisé.');
    expect(await secondVisit.locator('input[name="password"]').count()).toBe(0);
    await expectVisible(secondVisit.getByRole('button', { name: 'Demander un nouveau lien' }), 'the offer of a new link');
    await screenshot(secondVisit, 'customer/fr-reset-used-link', { fullPage: false });

    // And the "password changed" notice went to the customer.
    await mailbox.goto(`/demo/mailbox?to=${encodeURIComponent(customer.email)}`);
    await expectMail(mailbox, customer.email, 'Votre mot de passe Farha a été modifié', 'the “password changed” e-mail');
  });
});

// A 1×1 PNG and a one-page PDF: the server decodes and parses the files, whatever their names say.
const PNG_BYTES = ONE_PIXEL_PNG;
const PDF_BYTES = onePagePdf();

describe('support', () => {
  test('a ticket with a screenshot and a PDF shows in its thread, both files downloadable', async () => {
    const { page } = session;
    await registerCustomerViaApi(page);
    const title = `Mon code ne passe pas ${Date.now()}`;

    await page.goto('/client/support?tab=new');
    const form = page.getByTestId('new-ticket-form');
    await expectVisible(form, 'the new ticket form');
    await form.locator('input[name="title"]').fill(title);
    await form.locator('select[name="category"]').selectOption({ index: 1 });
    await form.locator('select[name="priority"]').selectOption({ index: 1 });
    await form.locator('textarea[name="description"]').fill('Le partenaire dit que le code est invalide. Capture et reçu joints.');
    await form.getByTestId('attachment-input').setInputFiles([
      { name: 'capture-ecran.png', mimeType: 'image/png', buffer: PNG_BYTES },
      { name: 'recu.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES },
    ]);
    const chosen = form.getByTestId('attachment-list');
    await expectVisible(chosen.getByText('capture-ecran.png'), 'the chosen image');
    await expectVisible(chosen.getByText('recu.pdf'), 'the chosen PDF');
    await form.getByTestId('ticket-submit').click();

    // The new ticket opens in "Mes tickets", its first message with both files.
    const dialog = page.getByTestId('ticket-dialog');
    await expectVisible(dialog.getByTestId('ticket-thread'), 'the ticket’s thread');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('tickets');
    await expectVisible(dialog.getByText(title), 'the ticket’s title');
    const first = dialog.getByTestId('ticket-message').first();
    await expectVisible(first.getByText('Le partenaire dit que le code est invalide'), 'the description in the thread');
    const image = first.getByTestId('ticket-attachment').filter({ hasText: 'capture-ecran.png' });
    const pdf = first.getByTestId('ticket-attachment').filter({ hasText: 'recu.pdf' });
    await expectVisible(image, 'the image attachment');
    await expectVisible(pdf, 'the PDF attachment');

    // The image opens in a new tab, where the browser shows it.
    const [imageTab] = await Promise.all([page.context().waitForEvent('page'), image.click()]);
    await imageTab.waitForLoadState();
    expect(new URL(imageTab.url()).pathname).toBe(new URL((await image.getAttribute('href'))!, session.baseURL).pathname);
    await imageTab.waitForFunction(() => (document.querySelector('img') as HTMLImageElement | null)?.naturalWidth === 1);
    await imageTab.close();

    // The PDF downloads: the document that was sent, as the server's parser re-saved it (one page still).
    // (Chromium opens a tab that closes itself; the download belongs to the page that asked for it.)
    const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
    expect(download.suggestedFilename()).toBe('recu.pdf');
    const saved = (await readFile(await download.path())).toString('latin1');
    expect(saved.startsWith('%PDF-')).toBe(true);
    expect(saved.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(saved).toMatch(/\/Type \/Pages[\s\S]*\/Count 1/);

    // Closed, the dialog leaves the ticket in the list, open and counted.
    await page.keyboard.press('Escape');
    const row = page.getByTestId('ticket-row').filter({ hasText: title });
    await expectVisible(row, 'the ticket in “Mes tickets”');
    expect(await row.getAttribute('data-status')).toBe('open');
    // One message so far: the description the thread shows.
    await expectVisible(row.getByText('1 message', { exact: true }), 'the message count of the ticket');
    await expectVisible(page.getByTestId('tickets-badge'), 'the open-tickets badge');
    // The page says how many tickets are open once (the header), not again inside the tab's badge.
    const openSummary = await page.getByTestId('open-tickets-summary').innerText();
    expect(openSummary).toMatch(/^\d+ tickets? en cours$/);
    expect((await page.locator('main').innerText()).split(openSummary).length - 1).toBe(1);
  });
});

/** A weekday at least a week ahead (partners are closed on Sundays in the demo hours). */
function nextWeekday(): string {
  const d = new Date(Date.now() + 9 * 86_400_000);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

type Locale = 'fr' | 'ar';

/** `<html>` in the locale, and the page's title (an `h1` of the customer area) written in it. */
async function expectLocale(page: Page, locale: Locale) {
  await expectDocument(page, { lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
  const title = page.locator('main h1').first();
  await expectVisible(title, 'the page title');
  const text = (await title.textContent()) ?? '';
  if (locale === 'ar') expect(text, 'an Arabic title').toMatch(/[\u0600-\u06FF]/);
  else expect(text, 'a French title').not.toMatch(/[\u0600-\u06FF]/);
}

/** How many pixels the document is wider than the window (0 when nothing overflows sideways). */
async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

describe('screenshots', () => {
  test(
    'every customer page, in French and in Arabic (right to left)',
    async () => {
      const { page, baseURL } = session;
      const origin = new URL(baseURL).origin;
      const customer = newCustomerDetails();
      await registerCustomerViaApi(page, customer);
      const me = `${customer.firstName} ${customer.lastName}`;

      // Something on every page: vouchers (one reserved, one offered to a friend, one exchanged), a ticket.
      const { cheap, dearer } = await cheapAndDearerBoxes(page);
      const reserved = await buyVoucherViaApi(page, baseURL, { boxId: dearer.id, recipientName: me, recipientEmail: customer.email });
      await buyVoucherViaApi(page, baseURL, {
        boxId: cheap.id,
        recipientName: 'Nadia Benali',
        recipientEmail: `ami-${customer.email}`,
        senderName: customer.firstName,
        personalMessage: 'Joyeux anniversaire !',
      });
      const mine = await buyVoucherViaApi(page, baseURL, { boxId: cheap.id, recipientName: me, recipientEmail: customer.email });
      const toExchange = await buyVoucherViaApi(page, baseURL, { boxId: dearer.id, recipientName: me, recipientEmail: customer.email });
      const exchanged = await page.request.post(`/api/client/vouchers/${toExchange.id}/exchange`, {
        data: { boxId: cheap.id },
        headers: { origin },
      });
      expect(exchanged.status(), await exchanged.text()).toBe(200);

      const detail = (await (await page.request.get(`/api/client/vouchers/${reserved.id}`)).json()) as {
        offers: { id: string; partner: { id: string } }[];
      };
      const offer = detail.offers[0]!;
      const reservation = await page.request.post('/api/client/reservations', {
        data: { voucherId: reserved.id, partnerId: offer.partner.id, offerId: offer.id, date: nextWeekday(), time: null, guests: 2, phone: '+213 555 12 34 56' },
        headers: { origin },
      });
      expect(reservation.ok(), await reservation.text()).toBe(true);
      const ticket = await page.request.post('/api/client/tickets', {
        multipart: {
          title: 'Question sur ma réservation',
          description: 'Bonjour, puis-je venir à deux personnes ?',
          category: 'reservation',
          priority: 'medium',
          attachments: { name: 'capture.png', mimeType: 'image/png', buffer: PNG_BYTES },
        },
        headers: { origin },
      });
      expect(ticket.status(), await ticket.text()).toBe(201);
      const ticketId = ((await ticket.json()) as { ticket: { id: string } }).ticket.id;

      const shoot = async (locale: Locale) => {
        await page.goto('/client/dashboard');
        await expectLocale(page, locale);
        await expectVisible(page.getByTestId('voucher-card'), 'the voucher cards');
        await screenshot(page, `customer/${locale}-dashboard`);
        await page.getByTestId('tab-tous').click();
        await expectVisible(page.locator('[data-testid="voucher-card"][data-status="EXCHANGED"]'), 'the exchanged voucher');
        await screenshot(page, `customer/${locale}-dashboard-all`);

        await voucherCard(page, reserved.code).getByTestId('view-qr').click();
        await page.locator('[role="dialog"] img').first().waitFor({ state: 'visible' });
        await screenshot(page, `customer/${locale}-dialog-qr`, { fullPage: false });
        await page.keyboard.press('Escape');

        const gift = page.locator('[data-testid="voucher-card"][data-status="DELIVERED"]').filter({ hasText: 'Nadia' }).first();
        await gift.getByTestId('voucher-actions').click();
        await expectVisible(page.getByTestId('action-pdf'), 'the voucher’s menu');
        await screenshot(page, `customer/${locale}-voucher-menu`, { fullPage: false });
        await page.keyboard.press('Escape');

        const own = voucherCard(page, mine.code);
        await own.getByTestId('reserve-button').click();
        const reservationDialog = page.getByTestId('reservation-dialog');
        await reservationDialog.locator('select[name="partnerId"] option:not([value=""])').first().waitFor({ state: 'attached' });
        await screenshot(page, `customer/${locale}-dialog-reservation`, { fullPage: false });
        await page.keyboard.press('Escape');

        await own.getByTestId('voucher-actions').click();
        await page.getByTestId('action-exchange').click();
        await expectVisible(page.getByTestId('exchange-box'), 'the exchange options');
        await page.getByTestId('exchange-box').last().click();
        await screenshot(page, `customer/${locale}-dialog-exchange`, { fullPage: false });
        await page.keyboard.press('Escape');

        await own.getByTestId('voucher-actions').click();
        await page.getByTestId('action-extend').click();
        await expectVisible(page.getByRole('dialog'), 'the extension dialog');
        await screenshot(page, `customer/${locale}-dialog-extend`, { fullPage: false });
        await page.keyboard.press('Escape');

        await page.goto('/client/history');
        await expectVisible(page.getByTestId('purchase-card'), 'the purchases');
        await page.getByTestId('purchase-toggle').first().click();
        await expectVisible(page.getByTestId('purchase-details'), 'a purchase’s details');
        await screenshot(page, `customer/${locale}-history`);

        await page.goto('/client/profile');
        await expectVisible(page.getByTestId('profile-form'), 'the profile form');
        // The time zone reads as a city in the interface's language, not as an IANA id.
        const zone = page.locator('select[name="preferences.timezone"] option:checked');
        expect(await zone.textContent()).toBe(locale === 'fr' ? 'Alger (Algérie)' : 'الجزائر العاصمة (الجزائر)');
        await screenshot(page, `customer/${locale}-profile`);

        await page.goto('/client/support');
        await expectVisible(page.getByTestId('support-tab-faq'), 'the support centre');
        await screenshot(page, `customer/${locale}-support-faq`);
        await page.getByTestId('support-tab-tickets').click();
        await expectVisible(page.getByTestId('ticket-row'), 'the tickets');
        await screenshot(page, `customer/${locale}-support-tickets`);
        await page.goto(`/client/support?tab=tickets&ticket=${ticketId}`);
        await expectVisible(page.getByTestId('ticket-thread'), 'the ticket thread');
        await screenshot(page, `customer/${locale}-support-ticket`, { fullPage: false });
        await page.keyboard.press('Escape');
        await page.getByTestId('support-tab-new').click();
        await expectVisible(page.getByTestId('new-ticket-form'), 'the new ticket form');
        await page.getByTestId('ticket-submit').click();
        await expectVisible(page.getByTestId('new-ticket-form').locator('[aria-invalid="true"]'), 'the form’s errors');
        await page.evaluate(() => window.scrollTo(0, 0));
        await screenshot(page, `customer/${locale}-support-new-errors`);
        await page.getByTestId('support-tab-contact').click();
        await screenshot(page, `customer/${locale}-support-contact`);
      };

      // The same account on a phone (the session's cookie, a narrow touch screen).
      const phone = await session.newContext(PHONE);
      const phonePage = await phone.newPage();
      const shootPhone = async (locale: Locale) => {
        await phone.clearCookies();
        await phone.addCookies(await page.context().cookies());
        await phonePage.goto('/client/dashboard');
        // This device remembers its own language: the customer switches it here too.
        if (locale === 'ar') await phonePage.getByTestId('locale-switch').click();
        await expectLocale(phonePage, locale);
        await expectVisible(phonePage.getByTestId('voucher-card'), 'the voucher cards on a phone');
        await screenshot(phonePage, `customer/${locale}-phone-dashboard`);
        for (const [path, name] of [
          ['/client/history', 'history'],
          ['/client/profile', 'profile'],
          ['/client/support', 'support-faq'],
          ['/client/support?tab=new', 'support-new'],
          ['/client/support?tab=contact', 'support-contact'],
        ] as const) {
          await phonePage.goto(path);
          await expectVisible(phonePage.locator('main h1'), `${path} on a phone`);
          await phonePage.waitForLoadState('networkidle');
          await screenshot(phonePage, `customer/${locale}-phone-${name}`);
          // The area's links scroll sideways on a phone: the current page's one is in view.
          const current = await phonePage.locator('header nav a[aria-current="page"]').boundingBox();
          expect(current, `the current page's link on ${path}`).not.toBeNull();
          expect(current!.x, `the current page's link on ${path} (${locale})`).toBeGreaterThanOrEqual(0);
          expect(current!.x + current!.width, `the current page's link on ${path} (${locale})`).toBeLessThanOrEqual(PHONE.viewport!.width);
        }
        // Nothing sticks out sideways on a phone.
        for (const path of ['/client/dashboard', '/client/history', '/client/profile', '/client/support?tab=tickets']) {
          await phonePage.goto(path);
          await expectVisible(phonePage.locator('main h1'), path);
          await phonePage.waitForLoadState('networkidle');
          expect(await horizontalOverflow(phonePage), `${path} (${locale}) is wider than the phone`).toBe(0);
        }
      };

      await shoot('fr');
      await shootPhone('fr');
      // The customer switches to Arabic from the area's top bar.
      await page.goto('/client/dashboard');
      await page.getByTestId('locale-switch').click();
      await expectDocument(page, { lang: 'ar', dir: 'rtl' });
      await shoot('ar');
      await shootPhone('ar');
    },
    240_000,
  );

  test('a new customer’s empty pages, in French and in Arabic', async () => {
    const { page } = session;
    await registerCustomerViaApi(page);
    for (const locale of ['fr', 'ar'] as const) {
      if (locale === 'ar') {
        await page.goto('/client/dashboard');
        await page.getByTestId('locale-switch').click();
      }
      await page.goto('/client/dashboard');
      await expectLocale(page, locale);
      await expectVisible(page.getByTestId('vouchers-empty'), 'the empty dashboard');
      await screenshot(page, `customer/${locale}-empty-dashboard`);
      await page.goto('/client/history');
      await expectVisible(page.locator('main h1'), 'the history page');
      await page.getByTestId('history-loading').waitFor({ state: 'detached' });
      await screenshot(page, `customer/${locale}-empty-history`);
      await page.goto('/client/support?tab=tickets');
      await expectVisible(page.getByTestId('tickets-empty'), 'no tickets yet');
      await screenshot(page, `customer/${locale}-empty-tickets`);
    }
  });
});
