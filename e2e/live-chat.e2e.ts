// Live chat (issue 36, docs/product/live-chat.md): a customer and an adviser chat in French and in Arabic (two
// browsers: messages both ways, « en train d'écrire… », « Lu », end, rating); with nobody present, or out of
// the chat's hours, the person's message becomes a ticket they find in their list.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { loginAs, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, readIn, useBrowser } from './support/browser.ts';
import { expectDocument, expectVisible } from './support/expect.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();
const origin = () => ({ origin: new URL(inject('baseURL')).origin });

type ChatHours = { chat_customer_from_hour: number; chat_customer_to_hour: number; chat_partner_from_hour: number; chat_partner_to_hour: number };

/** The chat's hours, set by the superadmin (settings, section support); returns the hours they replaced. */
async function setChatHours(admin: Page, hours: ChatHours): Promise<ChatHours> {
  const before = await admin.request.get('/api/admin/settings');
  expect(before.ok(), await before.text()).toBe(true);
  const previous = ((await before.json()) as { settings: { support: ChatHours } }).settings.support;
  const saved = await admin.request.patch('/api/admin/settings', { data: { support: hours }, headers: origin() });
  expect(saved.ok(), await saved.text()).toBe(true);
  return {
    chat_customer_from_hour: previous.chat_customer_from_hour,
    chat_customer_to_hour: previous.chat_customer_to_hour,
    chat_partner_from_hour: previous.chat_partner_from_hour,
    chat_partner_to_hour: previous.chat_partner_to_hour,
  };
}

/** Algiers' hour now: the chat hours of a test that must be closed leave it out. */
const algiersHour = () => (new Date().getUTCHours() + 1) % 24;
const ALWAYS_OPEN: ChatHours = { chat_customer_from_hour: 0, chat_customer_to_hour: 24, chat_partner_from_hour: 0, chat_partner_to_hour: 24 };

/** The adviser's « Disponible pour discuter » switch, turned to `on` (the demo adviser is left unavailable at the end). */
async function setAvailable(agent: Page, on: boolean) {
  const toggle = agent.getByTestId('chat-available');
  await expectVisible(toggle, 'the availability switch');
  await expect.poll(() => toggle.isDisabled()).toBe(false);
  if ((await toggle.getAttribute('aria-checked')) !== String(on)) await toggle.click();
  await expect.poll(() => toggle.getAttribute('aria-checked')).toBe(String(on));
}

describe('live chat', () => {
  let adminContext: BrowserContext;
  let admin: Page;
  let hoursBefore: ChatHours | undefined;

  beforeAll(async () => {
    adminContext = await session.browser.newContext({ baseURL: session.baseURL, locale: 'fr-FR', timezoneId: 'Africa/Algiers' });
    admin = await adminContext.newPage();
    await loginAs(admin, 'admin');
    hoursBefore = await setChatHours(admin, ALWAYS_OPEN);
  });

  afterAll(async () => {
    if (hoursBefore) await setChatHours(admin, hoursBefore);
    await adminContext.close();
  });

  test('out of the chat’s hours, a customer’s message becomes a ticket they find in their list', async () => {
    const h = algiersHour();
    await setChatHours(admin, { chat_customer_from_hour: (h + 1) % 24, chat_customer_to_hour: (h + 2) % 24, chat_partner_from_hour: (h + 1) % 24, chat_partner_to_hour: (h + 2) % 24 });
    try {
      const { page } = session;
      await registerCustomerViaApi(page);
      await page.goto('/client/support?tab=contact');
      await page.getByTestId('live-chat-open').click();
      const panel = page.getByTestId('chat-panel');
      await expectVisible(panel.getByTestId('chat-availability').getByText('votre message sera enregistré comme ticket'), 'the out-of-hours notice');
      const text = `Mon voucher ne passe pas au spa ${Date.now()}`;
      await panel.getByLabel('Votre message').fill(text);
      await panel.getByTestId('chat-start-submit').click();
      await expectVisible(
        panel.getByTestId('chat-missed').getByText('Nos conseillers ne sont pas disponibles pour le moment : votre message est enregistré comme ticket, nous vous répondrons par e-mail.'),
        'the message that the chat became a ticket',
      );
      await panel.getByTestId('chat-ticket-link').click();
      await expectVisible(page.getByTestId('ticket-thread').getByText(text), 'the ticket with the first message');
      await page.goto('/client/support?tab=tickets');
      await expectVisible(page.getByTestId('ticket-row').first(), 'the ticket in « Mes tickets »');
    } finally {
      await setChatHours(admin, ALWAYS_OPEN);
    }
  });

  for (const locale of ['fr', 'ar'] as const) {
    test(`a customer and an adviser chat (${locale}): messages both ways, typing, read, end and rating`, async () => {
      // The adviser, on a desktop, becomes available.
      const agentContext = await session.newContext();
      if (locale === 'ar') await readIn(agentContext, 'ar');
      const agent = await agentContext.newPage();
      await loginAs(agent, 'support');
      await agent.goto('/support/chats');
      await expectDocument(agent, { lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
      await setAvailable(agent, true);
      // However the chat goes, the adviser is left unavailable: the visitor's test below needs nobody present.
      try {
        // The customer, on a phone, opens the chat from the help centre's contact tab.
        const customerContext = await session.newContext(PHONE);
        if (locale === 'ar') await readIn(customerContext, 'ar');
        const customer = await customerContext.newPage();
        await registerCustomerViaApi(customer);
        await customer.goto('/client/support?tab=contact');
        await customer.getByTestId('live-chat-open').click();
        const panel = customer.getByTestId('chat-panel');
        await expectVisible(panel.getByTestId('chat-start'), 'the chat’s first message form');
        const first = locale === 'ar' ? `مرحبًا، لدي سؤال حول قسيمتي ${Date.now()}` : `Bonjour, une question sur mon coffret ${Date.now()}`;
        await panel.locator('#chat-first-message').fill(first);
        await panel.getByTestId('chat-start-submit').click();
        await expectVisible(panel.getByTestId('chat-waiting'), 'the queue state');
        await expectVisible(panel.getByText(locale === 'ar' ? 'سيرد عليكم مستشار قريبًا…' : 'Un conseiller va vous répondre…').first(), 'the waiting message');

        // The adviser sees it waiting, live, with its wait, and accepts it.
        const waiting = agent.getByTestId('chat-waiting-row').filter({ hasText: first.slice(0, 20) });
        await expectVisible(waiting, 'the waiting chat in the queue');
        await expectVisible(waiting.getByTestId('chat-wait'), 'its wait time');
        await expectVisible(agent.getByTestId('nav-badge').first(), 'the sidebar’s waiting count');
        await waiting.getByTestId('chat-accept').click();
        const desk = agent.getByTestId('desk-chat');
        await expectVisible(desk.getByText(first), 'the first message in the conversation');

        // The customer sees the adviser's name; the adviser types, then answers.
        await expectVisible(panel.getByTestId('chat-status').getByText(locale === 'ar' ? 'مع Walid' : 'Avec Walid', { exact: false }), 'the adviser’s name');
        const agentInput = desk.getByTestId('chat-input');
        await agentInput.pressSequentially(locale === 'ar' ? 'مرحبًا' : 'Bonjour', { delay: 30 });
        await expectVisible(panel.getByTestId('chat-typing'), '« en train d’écrire… »');
        const answer = locale === 'ar' ? 'مرحبًا، أنا هنا لمساعدتكم.' : 'Bonjour, je suis là pour vous aider.';
        await agentInput.fill(answer);
        await desk.getByTestId('chat-send').click();
        await expectVisible(panel.getByTestId('chat-other-message').filter({ hasText: answer }), 'the adviser’s answer at the customer’s');

        // The customer's open panel reads it: « Lu » under the adviser's message.
        await expectVisible(desk.getByTestId('chat-read'), '« Lu » at the adviser’s');

        // The customer types and answers; the adviser sees it typing, then the message, and « Lu » comes back.
        const customerInput = panel.getByTestId('chat-input');
        await customerInput.pressSequentially(locale === 'ar' ? 'شكرًا' : 'Merci', { delay: 30 });
        await expectVisible(desk.getByTestId('chat-typing'), 'the customer typing at the adviser’s');
        const reply = locale === 'ar' ? 'شكرًا، هل يمكنني تمديد قسيمتي؟' : 'Merci, puis-je prolonger mon coffret ?';
        await customerInput.fill(reply);
        await customerInput.press('Enter');
        await expectVisible(desk.getByTestId('chat-other-message').filter({ hasText: reply }), 'the customer’s reply at the adviser’s');
        await expectVisible(panel.getByTestId('chat-read'), '« Lu » at the customer’s');
        await screenshot(customer, `live-chat/${locale}-customer-phone`, { fullPage: false });
        await screenshot(agent, `live-chat/${locale}-adviser`, { fullPage: false });

        // The customer ends the chat and rates it; the adviser sees it ended.
        await panel.getByTestId('chat-end').click();
        const rating = panel.getByTestId('chat-rating');
        await expectVisible(rating, 'the rating');
        await rating.locator('label').nth(4).click();
        await rating.getByTestId('chat-rating-submit').click();
        await expectVisible(panel.getByTestId('chat-rated'), 'the saved rating');
        await expectVisible(panel.getByTestId('chat-transcript'), '« Recevoir la transcription par e-mail »');
        await expectVisible(desk.getByTestId('desk-chat-status').getByText(locale === 'ar' ? 'منتهية' : 'Terminée'), 'the ended chat at the adviser’s');
        await screenshot(customer, `live-chat/${locale}-customer-rated`, { fullPage: false });
      } finally {
        await setAvailable(agent, false).catch(() => undefined);
      }
    });
  }

  test('with no adviser present, a visitor’s chat on the public help centre becomes a ticket', async () => {
    const { page } = session;
    await page.goto('/support');
    await page.getByTestId('live-chat-open').click();
    const panel = page.getByTestId('chat-panel');
    await expectVisible(panel.getByTestId('chat-start'), 'the visitor’s form');
    await panel.getByLabel('Votre nom').fill('Rania Visiteuse');
    await panel.getByLabel('Votre e-mail').fill(`visiteuse-${Date.now()}@example.com`);
    await panel.locator('#chat-first-message').fill('Bonjour, livrez-vous à Oran ?');
    await panel.getByTestId('chat-start-submit').click();
    await expectVisible(panel.getByTestId('chat-missed'), 'the message that the chat became a ticket');
  });
});
