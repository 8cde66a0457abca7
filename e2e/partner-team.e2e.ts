// Partner team (docs/product/partners.md §2, §6): the demo partner's owner invites a staff member with
// the scanner permission; the invitation e-mail (demo mailbox) leads to the invitation page, where the
// newcomer sets a password; on their phone they land in the partner portal, scan a fresh voucher by hand,
// and find the pages of the permissions they were not given closed to them.
import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectPath, expectVisible } from './support/expect.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX } from './support/orders.ts';
import { saveScreenshot, screenshot } from './support/screenshots.ts';

const session = useBrowser();

/** A voucher of a box the demo partner serves, bought by a fresh customer (nobody else scans it). */
async function freshVoucherCode(): Promise<string> {
  const context = await session.newContext();
  const page = await context.newPage();
  const customer = newCustomerDetails();
  await registerCustomerViaApi(page, customer);
  const voucher = await buyVoucherViaApi(page, DEMO_PARTNER_BOX, { name: `${customer.firstName} ${customer.lastName}`, email: customer.email });
  await context.close();
  return voucher.code;
}

describe('the owner’s team', () => {
  test('an invited scanner-only staff member joins from the e-mail, scans a voucher on a phone, and sees no more', async () => {
    const { page: owner } = session;
    const id = randomUUID().slice(0, 8);
    const invitee = { email: `e2e-staff-${id}@example.com`, firstName: 'Rania', lastName: `Test-${id}`, password: `motdepasse-${id}` };

    // The owner invites from the profile's team tab; the scanner permission is there by default.
    await loginAs(owner, 'partenaire');
    await owner.goto('/partenaire/profile');
    await owner.getByTestId('profile-tab-team').click();
    await owner.getByTestId('invite-member').click();
    const form = owner.getByTestId('invite-form');
    await expectVisible(form, 'the invitation form');
    expect(await form.locator('#invite-perm-scanner').getAttribute('data-state')).toBe('checked');
    expect(await form.locator('#invite-perm-view_transactions').getAttribute('data-state')).toBe('unchecked');
    await form.locator('input[name="email"]').fill(invitee.email);
    await form.locator('input[name="firstName"]').fill(invitee.firstName);
    await form.locator('input[name="lastName"]').fill(invitee.lastName);
    // An optional mobile (issue 25): a wrong one is refused before anything is sent, a right one is kept.
    await form.locator('input[name="phone"]').fill('12');
    await owner.getByTestId('invite-submit').click();
    await expectVisible(form.getByText('Format de téléphone invalide'), 'the wrong mobile refused');
    await form.locator('input[name="phone"]').fill('0661 23 45 67');
    await owner.getByTestId('invite-submit').click();
    await expectVisible(owner.getByText(`Invitation envoyée à ${invitee.email} !`), 'the spec’s confirmation');
    const row = owner.getByTestId('team-member').filter({ hasText: invitee.email });
    await expectVisible(row, 'the invitee in the team list');
    expect(await row.textContent()).toContain("en attente d'acceptation");

    // The invitation e-mail, as the demo mailbox shows it to a back-office user on another computer.
    const admin = await (await session.newContext()).newPage();
    await loginAs(admin, 'admin');
    await admin.goto(`/demo/mailbox?to=${encodeURIComponent(invitee.email)}`);
    const mail = admin.getByTestId('mailbox-row').filter({ hasText: invitee.email }).first();
    await expectVisible(mail, 'the invitation e-mail in the demo mailbox');
    await mail.click();
    const link = admin.frameLocator('[data-testid="mailbox-html"]').locator('a[href*="/invitation?token="]').first();
    await expectVisible(link, 'the invitation link in the e-mail');
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/invitation\?token=/);

    // The staff member opens the link on their phone and sets a password.
    const phone = await (await session.newContext(PHONE)).newPage();
    await phone.goto(href!);
    await expectVisible(phone.getByTestId('invitation-form'), 'the invitation form');
    expect(await phone.getByTestId('invitation-email').textContent()).toContain(invitee.email);
    expect(await phone.locator('h1').textContent()).toContain('Hammam Dar Es-Salam');
    await phone.locator('input[name="password"]').fill(invitee.password);
    await phone.locator('input[name="confirmPassword"]').fill(invitee.password);
    await saveScreenshot(phone, 'partner-mobile-invitation');
    await phone.getByTestId('invitation-accept').click();
    await expectPath(phone, '/partenaire/dashboard');
    await expectVisible(phone.getByRole('heading', { name: `Bonjour ${invitee.firstName}` }), 'the greeting of the new member');
    // Scanner only: no money on the dashboard, and a menu of what they may do.
    await expectVisible(phone.getByTestId('kpi-scans-today'), 'the scans KPI');
    expect(await phone.getByTestId('kpi-month-revenue').count()).toBe(0);
    await screenshot(phone, 'partner-mobile-staff-dashboard');
    await phone.getByRole('button', { name: 'Ouvrir le menu' }).click();
    const menu = phone.getByRole('dialog');
    await expectVisible(menu.getByRole('link', { name: 'Scanner QR' }), 'the scanner in the menu');
    const entries = await menu.getByRole('link').allTextContents();
    expect(entries.join(' | ')).not.toMatch(/Transactions|Règlements|Mes Offres|Réservations/);
    await saveScreenshot(phone, 'partner-mobile-staff-menu');
    await phone.keyboard.press('Escape');

    // A fresh voucher, validated by hand at the counter.
    const code = await freshVoucherCode();
    await phone.goto('/partenaire/scanner?mode=manual');
    await phone.getByTestId('scan-code-input').fill(code);
    await phone.getByTestId('scan-submit').click();
    await expectVisible(phone.getByTestId('scan-success'), 'the success card');
    expect(await phone.getByTestId('scan-code').textContent()).toContain(code);

    // The pages of the permissions the owner did not give are closed, with the reason.
    await phone.goto('/partenaire/transactions');
    await expectVisible(phone.getByTestId('no-permission'), 'the no-permission card on transactions');
    expect(await phone.getByTestId('no-permission').textContent()).toContain('« Voir les transactions et règlements »');
    await phone.goto('/partenaire/reservations');
    await expectVisible(phone.getByTestId('no-permission'), 'the no-permission card on reservations');
    // Nor does the server let them in by another way.
    expect((await phone.request.get('/api/partner/transactions')).status()).toBe(403);
    expect((await phone.request.get('/api/partner/reservations?status=pending')).status()).toBe(403);
    // Team management is the owner's: no team tab in the staff member's profile.
    await phone.goto('/partenaire/profile');
    await expectVisible(phone.getByTestId('profile-tab-profile'), 'the profile tabs');
    expect(await phone.getByTestId('profile-tab-team').count()).toBe(0);

    // Back on the owner's screen, the invitee is now a member.
    await owner.reload();
    await expectVisible(row.getByText(/^Membre depuis le /), 'the joined date of the new member');
  });
});
