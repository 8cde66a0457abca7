// Support agents' portal (issue 14): a customer's ticket answered from /support/tickets (with an internal
// note the customer never sees, and a rating), and screenshots of the agents' pages in French and in Arabic.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginAs, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectDocument, expectVisible } from './support/expect.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();

describe('support desk', () => {
  test('a customer’s ticket is answered from the desk; the customer sees the answer, never the internal note', async () => {
    const { page } = session;
    await registerCustomerViaApi(page);
    const title = `Voucher refusé au hammam ${Date.now()}`;

    // The customer opens a ticket in their help centre.
    await page.goto('/client/support?tab=new');
    const form = page.getByTestId('new-ticket-form');
    await expectVisible(form, 'the new ticket form');
    await form.locator('input[name="title"]').fill(title);
    await form.locator('select[name="category"]').selectOption({ index: 1 });
    await form.locator('select[name="priority"]').selectOption('high');
    await form.locator('textarea[name="description"]').fill('Le partenaire dit que mon code est invalide.');
    await form.getByTestId('ticket-submit').click();
    await expectVisible(page.getByTestId('ticket-thread'), 'the new ticket’s thread');

    // The agent finds it in the queue, takes it, notes and answers.
    const agentContext = await session.newContext();
    const agent = await agentContext.newPage();
    await loginAs(agent, 'support');
    await agent.goto('/support/tickets');
    await expectVisible(agent.getByTestId('nav-badge'), 'the unassigned tickets badge');
    await agent.getByRole('searchbox').fill(title);
    await agent.getByRole('searchbox').press('Enter');
    const row = agent.getByTestId('ticket-row').filter({ hasText: title });
    await expectVisible(row, 'the customer’s ticket in the queue');
    await row.click();
    const dialog = agent.getByRole('dialog');
    await expectVisible(dialog.getByText('Le partenaire dit que mon code est invalide.'), 'the request in the detail');
    await dialog.getByRole('button', { name: "M'assigner" }).click();
    await expect.poll(async () => dialog.getByTestId('ticket-assignee').textContent()).not.toBe('Personne');

    await dialog.locator('#desk-reply').fill('Client rappelé, code vérifié : valide.');
    await dialog.getByRole('checkbox').click();
    await dialog.getByRole('button', { name: 'Ajouter la note' }).click();
    await expectVisible(dialog.getByTestId('internal-note'), 'the internal note');

    await dialog.locator('#desk-reply').fill('Bonjour, votre code est valide : le hammam vous attend.');
    await dialog.getByLabel('Statut après envoi').selectOption('resolved');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expectVisible(dialog.getByTestId('ticket-message').filter({ hasText: 'le hammam vous attend' }), 'the answer in the thread');
    await expectVisible(dialog.getByText('Résolu').first(), 'the resolved status');
    await screenshot(agent, 'support/fr-ticket-detail', { fullPage: false });

    // The customer sees the answer, and not the note.
    await page.goto('/client/support?tab=tickets');
    const mine = page.getByTestId('ticket-row').filter({ hasText: title });
    await expectVisible(mine, 'the ticket in “Mes tickets”');
    await mine.click();
    const thread = page.getByTestId('ticket-thread');
    await expectVisible(thread.getByText('Bonjour, votre code est valide : le hammam vous attend.'), 'the agent’s answer');
    expect(await thread.getByText('Client rappelé').count()).toBe(0);

    // Resolved, the customer rates the answer.
    const rating = page.getByTestId('ticket-rating');
    await expectVisible(rating, 'the rating stars');
    await rating.locator('label').nth(4).click();
    await rating.getByRole('button').click();
    await expectVisible(page.getByTestId('ticket-rated'), 'the saved rating');
  });

  test('screenshots of the agents’ pages at 1280 px and 390 px, in French and in Arabic', async () => {
    const { page } = session;
    // A dispute to show: the demo customer disputes one of their vouchers (never resolved here).
    await loginAs(page, 'customer');
    const vouchers = (await (await page.request.get('/api/client/vouchers')).json()) as { vouchers: { id: string }[] };
    if (vouchers.vouchers[0]) {
      await page.request.post('/api/client/disputes', {
        data: { voucherId: vouchers.vouchers[0].id, type: 'service_quality', description: 'Le soin était écourté de moitié.' },
        headers: { origin: new URL(session.baseURL).origin },
      });
    }
    // Open tickets of each priority, from a fresh customer.
    await page.context().clearCookies();
    await registerCustomerViaApi(page);
    for (const [title, priority] of [
      ['Coffret non reçu par ma sœur', 'high'],
      ['Changer la date de ma réservation', 'medium'],
      ['Question sur la facture', 'low'],
    ] as const) {
      const created = await page.request.post('/api/client/tickets', {
        data: { title, description: 'Merci de votre aide.', category: 'commande', priority },
        headers: { origin: new URL(session.baseURL).origin },
      });
      expect(created.status(), await created.text()).toBe(201);
    }
    await page.context().clearCookies();
    await loginAs(page, 'support');

    const phoneContext = await session.newContext(PHONE);
    const phone = await phoneContext.newPage();
    await phoneContext.addCookies(await page.context().cookies());

    const shoot = async (target: Page, prefix: string, locale: 'fr' | 'ar') => {
      for (const [path, name, ready] of [
        ['/support/dashboard', 'dashboard', 'main h1'],
        ['/support/tickets', 'tickets', '[data-testid="ticket-row"]'],
        ['/support/disputes', 'disputes', '[data-testid="dispute-row"]'],
      ] as const) {
        await target.goto(path);
        await expectVisible(target.locator(ready).first(), `${name} ready`);
        await expectDocument(target, { lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
        await screenshot(target, `support/${locale}-${prefix}${name}`);
      }
      await target.locator('[data-testid="dispute-row"]').first().click();
      await expectVisible(target.getByRole('dialog'), 'the dispute detail');
      await screenshot(target, `support/${locale}-${prefix}dispute-detail`, { fullPage: false });
      await target.keyboard.press('Escape');
    };
    await shoot(page, '', 'fr');
    await shoot(phone, 'phone-', 'fr');
    await page.getByTestId('locale-switch').click();
    await shoot(page, '', 'ar');
    await phone.goto('/support/dashboard');
    await phone.getByTestId('locale-switch').click();
    await shoot(phone, 'phone-', 'ar');
  });
});
