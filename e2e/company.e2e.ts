// Issue 27, gifts from companies: a company opens its account from /entreprises; a buyer of the (verified)
// demo company uploads a file of recipients, sees the wrong row with its line number and the catalogue's
// message, corrects it in place, orders against a pro-forma; finance records the transfer; the buyer then
// follows each recipient's voucher. Screenshots in French and Arabic, desktop and phone.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { loginAs } from './support/auth.ts';
import { PHONE, readIn, useBrowser } from './support/browser.ts';
import { expectPath, expectVisible } from './support/expect.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();

describe('gifts from companies', () => {
  test('a company opens its account from /entreprises, refused first for a wrong NIF', async () => {
    const { page } = session;
    const id = randomUUID().replace(/\D/g, '').padEnd(12, '7').slice(0, 12);
    await page.goto('/entreprises');
    await expectVisible(page.getByTestId('business-offer'), 'the offer');
    await expectVisible(page.getByTestId('business-discount'), 'the volume discount of the settings');
    await screenshot(page, 'company/fr-desktop-offer');
    const form = page.getByTestId('company-registration-form');
    await form.getByTestId('company-name').fill(`Atlas ${id}`);
    await form.getByTestId('company-legalForm').selectOption('SARL');
    await form.getByTestId('company-wilaya').fill('Oran');
    await form.getByTestId('company-nif').fill('1234');
    await form.getByTestId('company-nis').fill(`000${id}`);
    await form.getByTestId('company-rc').fill('31/00-1234567 B 15');
    await form.getByTestId('company-articleImposition').fill('31012345678');
    await form.getByTestId('company-address').fill('3 rue Larbi Ben M’hidi, Oran');
    await form.getByTestId('company-contactFirstName').fill('Leila');
    await form.getByTestId('company-contactLastName').fill('Hamidi');
    await form.getByTestId('company-contactEmail').fill(`e2e-company-${id}@example.com`);
    await form.getByTestId('company-contactPhone').fill('0550 11 22 33');
    await form.getByTestId('company-password').fill(`motdepasse-${id}`);
    await form.getByTestId('company-consent').click();
    await form.getByTestId('company-submit').click();
    await expectVisible(page.getByText('NIF invalide : 15 ou 20 chiffres'), 'the catalogue’s message for the NIF');
    await screenshot(page, 'company/fr-desktop-offer-error', { fullPage: false });
    await form.getByTestId('company-nif').fill(`000${id}`);
    await form.getByTestId('company-submit').click();
    await expectPath(page, '/entreprise/compte');
    await expectVisible(page.getByTestId('company-identifiers'), 'the identifiers');
    expect(await page.getByTestId('company-identifiers').textContent()).toContain('+213550112233');
    await screenshot(page, 'company/fr-desktop-account-pending');

    const phone = await (await session.newContext(PHONE)).newPage();
    await readIn(phone.context(), 'ar');
    await phone.goto('/entreprises');
    await expectVisible(phone.getByTestId('business-offer'), 'the offer in Arabic');
    expect(await phone.locator('html').getAttribute('dir')).toBe('rtl');
    await screenshot(phone, 'company/ar-phone-offer');
  });

  test('a buyer types the recipients by hand, the box and the language chosen from lists (issue 34)', async () => {
    const { page } = session;
    const id = randomUUID().slice(0, 8);
    const box = await page.request.get('/api/boxes').then(async (r) => ((await r.json()) as { boxes: { name: string }[] }).boxes[0]!.name);
    await loginAs(page, 'acheteur');
    await page.goto('/entreprise/commandes/nouvelle');
    await page.getByTestId('company-type-rows').click();
    await page.getByTestId('entry-1-name').fill('Nadia Ferhat');
    await page.getByTestId('entry-1-email').fill(`nadia-${id}@example.com`);
    const boxSelect = page.getByTestId('entry-1-box');
    const boxOption = boxSelect.locator('option', { hasText: box });
    await boxOption.waitFor({ state: 'attached' });
    expect(await boxOption.textContent()).toMatch(/·\s[\d\s\u202f]+DA$/);
    await boxSelect.selectOption((await boxOption.getAttribute('value'))!);
    const languages = await page.getByTestId('entry-1-language').locator('option').allTextContents();
    expect(languages).toEqual(['Français', 'العربية']);
    await page.getByTestId('entry-1-language').selectOption('ar');
    // A second recipient left empty is a row to correct; removed, the order is correct.
    await page.getByTestId('company-add-row').click();
    await page.getByTestId('company-check-rows').click();
    await expectVisible(page.getByText('1 ligne(s) à corriger'), 'the empty row to correct');
    expect(await page.getByTestId('company-entry').nth(1).textContent()).toContain('Nom du destinataire requis');
    await page.getByRole('button', { name: 'Retirer la ligne 2' }).click();
    await page.getByTestId('company-check-rows').click();
    await expectVisible(page.getByText('Toutes les lignes sont correctes.'), 'the typed row correct');
    await screenshot(page, 'company/fr-desktop-new-order-typed');

    // The template's example boxes are boxes of the list.
    const template = await (await page.request.get('/api/company/orders/template')).text();
    const options = await boxSelect.locator('option').allTextContents();
    const example = template.replace(/^\uFEFF/, '').split('\r\n')[1]!.split(';')[3]!;
    expect(options.some((o) => o.startsWith(`${example} · `))).toBe(true);
  });

  test('a buyer orders for many recipients, finance records the transfer, the buyer follows every voucher', async () => {
    const { page } = session;
    const id = randomUUID().slice(0, 8);
    const box = await page.request.get('/api/boxes').then(async (r) => ((await r.json()) as { boxes: { name: string }[] }).boxes[0]!.name);
    const file = path.join(os.tmpdir(), `destinataires-${id}.csv`);
    fs.writeFileSync(
      file,
      [
        'nom;email;mobile;coffret;message;date;langue',
        `Amel Saadi;amel-${id}@example.com;;${box};Bonne fête de l’Aïd !;;fr`,
        `Yanis Kaci;yanis-${id}@example;;${box};Saha Aïdkoum;;fr`,
        `Rania Belkacem;rania-${id}@example.com;0550 12 34 56;${box};عيد مبارك;;ar`,
      ].join('\n'),
    );
    await loginAs(page, 'acheteur');
    await page.goto('/entreprise/commandes/nouvelle');

    await page.getByTestId('company-file').setInputFiles(file);
    const problem = page.getByTestId('company-problem');
    await expectVisible(problem, 'the wrong row');
    expect(await problem.textContent()).toContain('Ligne 3');
    expect(await problem.textContent()).toContain('E-mail invalide');
    await screenshot(page, 'company/fr-desktop-new-order-problem');
    // The row's box and language show in their lists, picked from what the file says.
    expect(await page.getByTestId('fix-3-box').locator('option:checked').textContent()).toContain(box);
    expect(await page.getByTestId('fix-3-language').inputValue()).toBe('fr');
    await page.getByTestId('fix-3-email').fill(`yanis-${id}@example.com`);
    await page.getByTestId('company-recheck').click();
    await expectVisible(page.getByText('Toutes les lignes sont correctes.'), 'every row correct');
    await screenshot(page, 'company/fr-desktop-new-order-quote');
    await page.getByTestId('company-place').click();
    await page.waitForURL((url) => /\/entreprise\/commandes\/[0-9a-f-]{36}$/.test(url.pathname));
    await expectVisible(page.getByText('Facture pro forma (PDF)'), 'the pro-forma');
    const orderUrl = page.url();
    await screenshot(page, 'company/fr-desktop-order-awaiting-transfer');

    const finance = await (await session.newContext()).newPage();
    await loginAs(finance, 'finance');
    await finance.goto('/admin/companies');
    await expectVisible(finance.getByTestId('companies-overview'), 'the companies’ figures');
    await finance.getByRole('tab', { name: 'Virements attendus' }).click();
    const waiting = finance.getByTestId('admin-company-orders-awaiting_transfer').locator('li').first();
    await expectVisible(waiting, 'the transfer waiting');
    await waiting.getByLabel('Référence du virement').fill(`VIR-${id}`);
    await screenshot(finance, 'company/fr-desktop-admin-transfers');
    await waiting.getByRole('button', { name: 'Enregistrer le virement' }).click();
    await expectVisible(finance.getByText('Virement enregistré : bons émis'), 'the transfer recorded');

    await page.goto(orderUrl);
    await expectVisible(page.getByTestId('company-invoice'), 'the invoice');
    const rows = page.getByTestId('company-recipients').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.nth(0).textContent()).toMatch(/FRH-/);
    await screenshot(page, 'company/fr-desktop-order-issued');
    await page.getByRole('button', { name: 'العربية' }).click().catch(() => undefined);

    const arabic = await (await session.newContext()).newPage();
    await readIn(arabic.context(), 'ar');
    await loginAs(arabic, 'acheteur');
    await arabic.goto(orderUrl);
    await expectVisible(arabic.getByTestId('company-recipients'), 'the recipients in Arabic');
    await screenshot(arabic, 'company/ar-desktop-order-issued');
    const phone = await (await session.newContext(PHONE)).newPage();
    await readIn(phone.context(), 'ar');
    await loginAs(phone, 'acheteur');
    await phone.goto('/entreprise/commandes');
    await expectVisible(phone.getByTestId('company-orders'), 'the orders on a phone');
    await screenshot(phone, 'company/ar-phone-orders');
  });
});
