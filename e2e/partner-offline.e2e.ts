// The partner's scanner without a network (issue 26, ADR 014): the portal installs (manifest, service
// worker for /partenaire/ only), the scanner opens with the network cut (`context.setOffline`), accepts a
// voucher on its signed list, keeps it through a reload, and sends it when the network returns: the
// voucher is REDEEMED once with one ledger row. Two phones offline on one voucher: one redemption, one
// conflict, which finance then lists. Screenshots on a phone in French and Arabic.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, readIn, UI_TIMEOUT_MS, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX, type BoughtVoucher } from './support/orders.ts';
import { saveScreenshot } from './support/screenshots.ts';
import { joinDemoPartnerViaApi } from './support/team.ts';

const session = useBrowser(PHONE);
const DESKTOP = { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };

async function freshVoucher(): Promise<BoughtVoucher> {
  const customer = await (await session.newContext()).newPage();
  const details = newCustomerDetails();
  await registerCustomerViaApi(customer, details);
  return buyVoucherViaApi(customer, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });
}

/** The scanner open and synchronised, its service worker in control: ready to lose the network. */
async function readyForOffline(page: Page): Promise<void> {
  await page.goto('/partenaire/scanner');
  await expectVisible(page.getByTestId('offline-last-sync').filter({ hasText: /Dernière synchronisation|آخر مزامنة/ }), 'the first sync');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled from the next load on: the page's own requests go through the service worker.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: UI_TIMEOUT_MS }).toBe(true);
}

async function scanOffline(page: Page, code: string): Promise<void> {
  await page.goto('/partenaire/scanner?mode=manual');
  await page.getByTestId('scan-code-input').fill(code);
  await page.getByTestId('scan-submit').click();
  await expectVisible(page.getByTestId('scan-offline-accepted'), 'the offline acceptance card');
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  // Loaded again without a network, as a phone opened in a basement.
  await page.reload();
  await expectVisible(page.locator('[data-testid="offline-status"][data-online="false"]'), 'the offline banner');
  // The header with its offline sign still fits the phone's width (no sideways scrolling).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(1);
}

const queueEntry = (page: Page, code: string) => page.getByTestId('offline-queue').locator('li', { hasText: code });

describe('the scanner without a network', () => {
  test('installable; opens offline, accepts a voucher, keeps it through a reload, and confirms it once online', async () => {
    const voucher = await freshVoucher();
    const { page, context } = session;
    await loginAs(page, 'partenaire');
    await readyForOffline(page);

    // The portal's manifest is linked on its pages (never on the storefront's).
    await expect
      .poll(() => page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href ?? ''), { timeout: UI_TIMEOUT_MS })
      .toMatch(/\/partenaire\/manifest\.webmanifest$/);
    const installable = (await (await page.request.get('/partenaire/manifest.webmanifest')).json()) as { scope: string; icons: { src: string }[] };
    expect(installable.scope).toBe('/partenaire/');
    for (const icon of installable.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');

    await goOffline(context, page);
    expect(await page.getByTestId('partner-offline-pill').textContent()).toContain('Hors ligne');
    await scanOffline(page, voucher.code.toLowerCase());
    await expectVisible(page.getByTestId('offline-pending'), 'the pending count');
    await saveScreenshot(page, 'partner-offline-accepted-fr-phone', { fullPage: true });

    // The same code again on this phone: refused at once, with the online message.
    await page.getByTestId('scan-next').click();
    await page.getByTestId('scan-code-input').fill(voucher.code);
    await page.getByTestId('scan-submit').click();
    await expectVisible(page.getByTestId('scan-failure'), 'the failure card');
    expect(await page.getByTestId('scan-error').textContent()).toContain('Voucher déjà utilisé ou non valide');
    // A code absent from the list (the partner's boxes only): unknown, or of a box the partner does not serve.
    await page.getByTestId('scan-reset').click();
    await page.goto('/partenaire/scanner?mode=manual');
    await page.getByTestId('scan-code-input').fill('FRH-AAAA-AAAA-AAAA');
    await page.getByTestId('scan-submit').click();
    expect(await page.getByTestId('scan-error').textContent()).toContain('partenaire non autorisé pour ce coffret');

    // The phone closed and opened again, still offline: the queued redemption is there.
    await page.reload();
    expect(await queueEntry(page, voucher.code).getAttribute('data-state')).toBe('pending');

    await context.setOffline(false);
    await expect.poll(() => queueEntry(page, voucher.code).getAttribute('data-state'), { timeout: UI_TIMEOUT_MS }).toBe('confirmed');
    await saveScreenshot(page, 'partner-offline-confirmed-fr-phone', { fullPage: true });

    // REDEEMED once, with one ledger row.
    const transactions = (await (await page.request.get('/api/partner/transactions?q=' + encodeURIComponent(voucher.code))).json()) as {
      transactions: { voucherCode: string }[];
    };
    expect(transactions.transactions.filter((row) => row.voucherCode === voucher.code)).toHaveLength(1);
    const check = await page.request.post('/api/partner/redemptions', {
      data: { code: voucher.code, nonce: `again-${Date.now()}` },
      headers: { origin: new URL(session.baseURL).origin },
    });
    expect(((await check.json()) as { error: { code: string } }).error.code).toBe('VOUCHER_UNAVAILABLE');
  });

  test('two phones offline on one voucher: the first to reach the server redeems it, the other shows a conflict', async () => {
    const voucher = await freshVoucher();
    const { page: first, context: firstPhone } = session;
    const secondPhone = await session.newContext(PHONE);
    const second = await secondPhone.newPage();
    await loginAs(first, 'partenaire');
    await loginAs(second, 'staff');
    await readyForOffline(first);
    await readyForOffline(second);

    await goOffline(firstPhone, first);
    await goOffline(secondPhone, second);
    await scanOffline(first, voucher.code);
    await scanOffline(second, voucher.code);

    await firstPhone.setOffline(false);
    await expect.poll(() => queueEntry(first, voucher.code).getAttribute('data-state'), { timeout: UI_TIMEOUT_MS }).toBe('confirmed');
    await secondPhone.setOffline(false);
    await expect.poll(() => queueEntry(second, voucher.code).getAttribute('data-state'), { timeout: UI_TIMEOUT_MS }).toBe('conflict');
    const conflict = await queueEntry(second, voucher.code).textContent();
    expect(conflict).toContain('Voucher déjà utilisé ou non valide');
    expect(conflict).toContain('contactez le support Farha');
    await saveScreenshot(second, 'partner-offline-conflict-fr-phone', { fullPage: true });

    // Finance (payouts page) and support (partners page) see the conflict, with the partner paid once.
    for (const [who, path, shot] of [
      ['finance', '/admin/payouts', 'admin-offline-conflicts-desktop'],
      ['support', '/support/partners', 'support-offline-conflicts-desktop'],
    ] as const) {
      const desk = await (await session.newContext(DESKTOP)).newPage();
      await loginAs(desk, who);
      await desk.goto(path);
      const row = desk.getByTestId('offline-conflict').filter({ hasText: voucher.code });
      await expectVisible(row, `the conflict in ${who}'s list`);
      expect(await row.textContent()).toContain('Voucher déjà utilisé ou non valide');
      expect(await row.textContent()).toContain('payé à Hammam Dar Es-Salam');
      await row.scrollIntoViewIfNeeded();
      await saveScreenshot(desk, shot);
    }
  });

  test('in Arabic on a phone, right to left', async () => {
    const voucher = await freshVoucher();
    const { page, context } = session;
    const owner = await (await session.newContext()).newPage();
    const admin = await (await session.newContext()).newPage();
    await readIn(context, 'ar');
    await joinDemoPartnerViaApi(context, { owner, admin }, ['scanner']);
    await readyForOffline(page);
    await goOffline(context, page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await saveScreenshot(page, 'partner-offline-status-ar-phone', { fullPage: true });
    await page.goto('/partenaire/scanner?mode=manual');
    await page.getByTestId('scan-code-input').fill(voucher.code);
    await page.getByTestId('scan-submit').click();
    await expectVisible(page.getByTestId('scan-offline-accepted'), 'the offline acceptance card');
    expect(await page.getByTestId('scan-offline-accepted').textContent()).toContain('تم قبول القسيمة دون اتصال');
    await saveScreenshot(page, 'partner-offline-accepted-ar-phone', { fullPage: true });
  });
});
