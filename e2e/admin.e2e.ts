// Back office (issue 12): the money loop closed in a browser — a customer buys a box of the demo partner,
// the partner scans it and requests its payout, finance approves and pays it with the bank's reference,
// the partner sees 'Payé' with that reference. Then every admin page we built, at 1280 px and 390 px.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { DESKTOP_VIEWPORT, PHONE, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX, DEMO_PARTNER_NAME } from './support/orders.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();

describe('the money loop', () => {
  test('partner requests a payout; finance approves and pays it; the partner sees Payé with the reference', async () => {
    const { page: partner } = session;

    const customer = await (await session.newContext()).newPage();
    const details = newCustomerDetails();
    await registerCustomerViaApi(customer, details);
    const voucher = await buyVoucherViaApi(customer, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });

    await loginAs(partner, 'partenaire');
    await partner.goto('/partenaire/scanner?mode=manual');
    await partner.getByTestId('scan-code-input').fill(voucher.code);
    await partner.getByTestId('scan-submit').click();
    await expectVisible(partner.getByTestId('scan-success'), 'the success card');

    await partner.goto('/partenaire/payouts');
    await partner.getByTestId('payout-request').click();
    await partner.getByTestId('payout-confirm').click();
    await expectVisible(partner.getByTestId('payout-success'), 'the request confirmation');

    const finance = await (await session.newContext()).newPage();
    await loginAs(finance, 'finance');
    await finance.goto('/admin/payouts?status=requested');
    // The demo partner's row: other hammams' payouts of the demo history may be waiting in the same queues.
    const row = finance.getByTestId('payout-row').filter({ hasText: DEMO_PARTNER_NAME }).first();
    await expectVisible(row, 'the requested payout in the queue');
    await screenshot(finance, 'admin-payouts-requested-1280');
    await row.getByTestId('payout-approve').click();
    await expectVisible(finance.getByTestId('payout-flash-success'), 'the approval message');
    // The payout left « Demandés »: the message says where it went, and its button opens that view.
    expect(await finance.getByTestId('payout-flash-success').textContent()).toContain('Il se trouve maintenant dans « En cours »');
    await finance.getByTestId('payout-flash-open').click();
    await finance.waitForURL(/status=processing/);
    // « En cours » is worked oldest request first: on some days the demo history's payouts fill its first page.
    await expectVisible(await onSomePage(finance, DEMO_PARTNER_NAME), 'the approved payout in « En cours »');

    await finance.goto('/admin/payouts?status=processing');
    const processing = await onSomePage(finance, DEMO_PARTNER_NAME);
    await processing.getByTestId('payout-paid').click();
    const reference = `VIR-E2E-${Date.now().toString(36).toUpperCase()}`;
    await finance.getByTestId('prompt-input').fill(reference);
    await finance.getByTestId('prompt-confirm').click();
    await expectVisible(finance.getByTestId('payout-flash-success'), 'the paid message');
    expect(await finance.getByTestId('payout-flash-success').textContent()).toContain('Règlement marqué payé');

    await partner.reload();
    const history = partner.getByTestId('payout-history');
    await expectVisible(history.getByText(reference, { exact: false }), 'the bank reference in the history');
    expect(await history.locator('li').filter({ hasText: reference }).textContent()).toContain('Payé');
  });
});

/** The payout row of a partner in the queue shown, turning its pages (« Suivant ») as finance would. */
async function onSomePage(page: Page, partnerName: string) {
  const row = page.getByTestId('payout-row').filter({ hasText: partnerName }).first();
  for (let turned = 0; turned < 20; turned++) {
    await page.getByTestId('payout-row').first().waitFor({ state: 'visible', timeout: 15_000 });
    if (await row.isVisible()) return row;
    const next = page.getByRole('navigation', { name: 'pagination' }).getByRole('button').last();
    if (!(await next.isVisible()) || (await next.isDisabled())) return row;
    const first = await page.getByTestId('payout-row').first().textContent();
    await next.click();
    await page.waitForFunction((before) => document.querySelector('[data-testid="payout-row"]')?.textContent !== before, first, { timeout: 15_000 });
  }
  return row;
}

describe('admin pages at 1280 px and 390 px', () => {
  const pages = [
    ['dashboard', '/admin/dashboard', 'kpi-gmv'],
    ['payouts', '/admin/payouts?status=paid', 'payout-queue'],
    ['refunds', '/admin/refunds?status=all', 'refunds-page'],
    ['partners', '/admin/partners', 'partner-list'],
    ['users', '/admin/users', 'user-list'],
    ['audit', '/admin/audit', 'audit-list'],
    ['settings', '/admin/settings', 'settings-platform'],
  ] as const;

  // One test per page: each page at both widths, signed in as superadmin (who may open them all).
  test.each(pages)('%s', async (name, url, testId) => {
    const desktop = session.page;
    await loginAs(desktop, 'admin');
    const phone = await (await session.newContext(PHONE)).newPage();
    await loginAs(phone, 'admin');
    for (const [page, width] of [[desktop, DESKTOP_VIEWPORT.width], [phone, 390]] as const) {
      await page.goto(url);
      await expectVisible(page.getByTestId(testId).first(), `${name} content`);
      await screenshot(page, `admin-${name}-${width}`);
    }
  });

  test('the partner file shows its KYC documents and actions', async () => {
    const { page } = session;
    await loginAs(page, 'admin');
    // The demo partner (journeys beside this one register and validate partners of their own, listed first).
    await page.goto(`/admin/partners?kyc=verified&q=${encodeURIComponent('Hammam Dar Es-Salam')}`);
    await page.getByTestId('partner-open').first().click();
    await expectVisible(page.getByTestId('kyc-reject'), 'the KYC actions');
    // A verified demo partner has the three documents it was verified on, and each one opens.
    await expectVisible(page.getByText(/^registre-du-commerce-.+\.pdf$/), 'the trade register');
    await expectVisible(page.getByText(/^piece-identite-.+\.png$/), 'the identity document');
    await expectVisible(page.getByText(/^releve-identite-bancaire-.+\.pdf$/), 'the bank details');
    const links = page.getByRole('link', { name: 'Ouvrir', exact: true });
    expect(await links.count()).toBe(3);
    const opened = await page.request.get((await links.nth(1).getAttribute('href'))!);
    expect([opened.status(), opened.headers()['content-type']]).toEqual([200, 'image/png']);
    await screenshot(page, 'admin-partner-file-1280', { fullPage: false });
  });
});
