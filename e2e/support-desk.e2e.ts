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

  test('an agent opens a dispute from a customer’s ticket; the customer follows it on their dashboard', async () => {
    const { page } = session;
    await loginAs(page, 'customer');
    const title = `Refus du partenaire ${Date.now()}`;
    const created = await page.request.post('/api/client/tickets', {
      data: { title, description: 'Le spa refuse mon coffret, il dit que le code est expiré.', category: 'reservation', priority: 'high' },
      headers: { origin: new URL(session.baseURL).origin },
    });
    expect(created.status(), await created.text()).toBe(201);

    const agentContext = await session.newContext();
    const agent = await agentContext.newPage();
    await loginAs(agent, 'support');
    await agent.goto('/support/tickets');
    await agent.getByRole('searchbox').fill(title);
    await agent.getByRole('searchbox').press('Enter');
    await agent.getByTestId('ticket-row').filter({ hasText: title }).click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByTestId('open-dispute').click();
    const form = agent.getByRole('dialog').filter({ hasText: 'Ouvrir un litige pour ce client' });
    await expectVisible(form, 'the dispute form');
    expect(await form.getByTestId('dispute-voucher').locator('option').count()).toBeGreaterThan(1);
    await form.getByTestId('dispute-type').selectOption('partner_refuse');
    await form.getByTestId('dispute-description').fill('Refus constaté par téléphone avec le spa.');
    await form.getByTestId('dispute-submit').click();
    await expectVisible(dialog.getByTestId('ticket-disputes'), 'the dispute linked to the ticket');
    await screenshot(agent, 'support/fr-ticket-dispute', { fullPage: false });

    // The customer sees it, with its timeline, on their dashboard.
    await page.goto('/client/dashboard');
    const mine = page.getByTestId('my-dispute').filter({ hasText: 'Refus constaté par téléphone avec le spa.' });
    await expectVisible(mine, 'the dispute in “Mes litiges”');
    await expectVisible(mine.getByText('Litige ouvert'), 'the opening on the timeline');
    await expectVisible(mine.getByTestId('my-dispute-status').getByText('Ouvert'), 'the open status');
    await page.getByTestId('my-disputes').scrollIntoViewIfNeeded();
    await screenshot(page, 'support/fr-customer-disputes', { fullPage: false });
    await agentContext.close();
  });

  test('an agent publishes a knowledge base article that the customer then reads in their help centre', async () => {
    const { page } = session;
    const question = `Puis-je offrir un coffret à plusieurs ? ${Date.now()}`;
    await loginAs(page, 'support');
    await page.goto('/support/knowledge');
    await page.getByTestId('kb-new').click();
    const form = page.getByRole('dialog');
    await form.getByTestId('kb-category').fill('commande');
    await form.getByTestId('kb-question').fill(question);
    await form.getByTestId('kb-answer').fill('Oui : chacun peut participer au paiement depuis la page du coffret.');
    await form.getByTestId('kb-question-ar').fill('هل يمكنني إهداء علبة مع عدة أشخاص؟');
    await form.getByTestId('kb-answer-ar').fill('نعم: يمكن لكل شخص المساهمة في الدفع من صفحة العلبة.');
    await form.getByTestId('kb-save').click();
    await expectVisible(page.getByTestId('kb-row').filter({ hasText: question }), 'the new article in the list');

    await page.context().clearCookies();
    await loginAs(page, 'customer');
    await page.goto('/client/support');
    await page.getByTestId('faq-tab').getByRole('searchbox').fill('plusieurs');
    const item = page.getByTestId('faq-item').filter({ hasText: question });
    await expectVisible(item, 'the published article in the customer’s FAQ');
    await item.getByText(question).click();
    await expectVisible(item.getByText('chacun peut participer au paiement'), 'the answer');

    // Unpublished, it leaves the help centre.
    await page.context().clearCookies();
    await loginAs(page, 'support');
    await page.goto(`/support/knowledge?q=${encodeURIComponent('plusieurs')}`);
    await page.getByTestId('kb-row').filter({ hasText: question }).getByTestId('kb-toggle').click();
    await expectVisible(page.getByTestId('kb-row').filter({ hasText: question }).getByText('Brouillon'), 'the draft badge');
    await page.context().clearCookies();
    await loginAs(page, 'customer');
    await page.goto('/client/support');
    await page.getByTestId('faq-tab').getByRole('searchbox').fill('plusieurs');
    await expect.poll(async () => page.getByTestId('faq-item').filter({ hasText: question }).count()).toBe(0);
    await page.context().clearCookies();
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
    // The agent in a browser of their own: the customer's page above may still be settling.
    const agentContext = await session.newContext();
    const agent = await agentContext.newPage();
    await loginAs(agent, 'support');

    const phoneContext = await session.newContext(PHONE);
    const phone = await phoneContext.newPage();
    await phoneContext.addCookies(await agentContext.cookies());

    const shoot = async (target: Page, prefix: string, locale: 'fr' | 'ar') => {
      for (const [path, name, ready] of [
        ['/support/dashboard', 'dashboard', 'main h1'],
        ['/support/tickets', 'tickets', '[data-testid="ticket-row"]'],
        ['/support/disputes', 'disputes', '[data-testid="dispute-row"]'],
        ['/support/users', 'users', '[data-testid="user-row"]'],
        ['/support/partners', 'partners', '[data-testid="partner-row"]'],
        ['/support/knowledge', 'knowledge', '[data-testid="kb-row"]'],
        ['/support/reports', 'reports', '[data-testid="report-created"]'],
        ['/support/profile', 'profile', '[data-testid="profile-resolved"]'],
      ] as const) {
        await target.goto(path);
        await expectVisible(target.locator(ready).first(), `${name} ready`);
        await expectDocument(target, { lang: locale, dir: locale === 'ar' ? 'rtl' : 'ltr' });
        await screenshot(target, `support/${locale}-${prefix}${name}`);
      }
      await target.goto('/support/disputes');
      await target.locator('[data-testid="dispute-row"]').first().click();
      await expectVisible(target.getByRole('dialog'), 'the dispute detail');
      await screenshot(target, `support/${locale}-${prefix}dispute-detail`, { fullPage: false });
      await target.keyboard.press('Escape');
    };
    await shoot(agent, '', 'fr');
    await shoot(phone, 'phone-', 'fr');
    await agent.getByTestId('locale-switch').click();
    await shoot(agent, '', 'ar');
    await phone.goto('/support/dashboard');
    await phone.getByTestId('locale-switch').click();
    await shoot(phone, 'phone-', 'ar');
  }, 240_000); // eight pages, two widths, two languages
});
