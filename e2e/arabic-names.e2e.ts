// Arabic everywhere (issue 15): box and offer names in the reader's language beyond the storefront. The
// demo partner, on an Arabic device, scans a fresh voucher of a box it serves: the success card and its
// transactions name the box in Arabic; the support agent's diagnostics of that customer and the
// catalogue admin's grid do too.
import { describe, expect, test } from 'vitest';
import type { BrowserContext } from 'playwright-core';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { readIn, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX } from './support/orders.ts';
import { screenshot } from './support/screenshots.ts';

const session = useBrowser();

/** The seeded Arabic name of DEMO_PARTNER_BOX ('Parenthèse Hammam'). */
const BOX_NAME_AR = 'استراحة الحمّام';

/** A browser of its own whose pages open in Arabic (set before the app loads). */
async function arabicContext(): Promise<BrowserContext> {
  const context = await session.newContext();
  await readIn(context, 'ar');
  return context;
}

describe('box names in Arabic on the partner, support and admin pages', () => {
  test('the partner scans a voucher in Arabic; its transactions, the support diagnostics and the catalogue grid name the box in Arabic', async () => {
    // A fresh customer with a fresh voucher of a box the demo partner serves.
    const customer = await (await session.newContext()).newPage();
    const details = newCustomerDetails();
    const user = await registerCustomerViaApi(customer, details);
    const voucher = await buyVoucherViaApi(customer, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });

    const partner = await (await arabicContext()).newPage();
    await loginAs(partner, 'partenaire');
    expect(await partner.locator('html').getAttribute('dir')).toBe('rtl');
    await partner.goto('/partenaire/scanner?mode=manual');
    await partner.getByTestId('scan-code-input').fill(voucher.code);
    await partner.getByTestId('scan-submit').click();
    await expectVisible(partner.getByTestId('scan-success'), 'the success card');
    expect((await partner.getByTestId('scan-box').textContent())?.trim()).toBe(BOX_NAME_AR);
    await screenshot(partner, 'arabic-names/partner-scan-ar-1280', { fullPage: false });

    await partner.goto('/partenaire/transactions');
    // The table of a desktop screen (phones get cards).
    const row = partner.locator('tbody [data-testid="transaction-row"]').filter({ hasText: voucher.code });
    await expectVisible(row, 'the new transaction');
    await expectVisible(row.getByText(BOX_NAME_AR), 'the box in Arabic in the transactions');
    await screenshot(partner, 'arabic-names/partner-transactions-ar-1280', { fullPage: false });

    const agent = await (await arabicContext()).newPage();
    await loginAs(agent, 'support');
    await agent.goto(`/support/users?id=${user.id}`);
    const card = agent.getByTestId('diagnostics-voucher').filter({ hasText: voucher.code });
    await expectVisible(card.getByText(BOX_NAME_AR), 'the box in Arabic in the diagnostics');
    await screenshot(agent, 'arabic-names/support-user-ar-1280', { fullPage: false });

    const admin = await (await arabicContext()).newPage();
    await loginAs(admin, 'catalogue');
    await admin.goto('/admin/catalog');
    await admin.getByTestId('box-search').fill(DEMO_PARTNER_BOX);
    await admin.getByTestId('box-search').press('Enter');
    await expectVisible(admin.getByTestId('admin-box').filter({ hasText: BOX_NAME_AR }), 'the box in Arabic in the grid');
    await screenshot(admin, 'arabic-names/admin-catalog-ar-1280', { fullPage: false });
  });
});
