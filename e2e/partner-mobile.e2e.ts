// The partner portal on a phone (docs/product/partners.md): every page, tab, card and form of the portal, screenshotted
// at 390×844 with touch as e2e/screenshots/partner-mobile-*.png for a person to review, and checked for
// what a person would notice at once: nothing wider than the screen (no sideways scrolling), and the
// buttons and links big enough to tap. A few in Arabic (right to left) with a staff member of the demo
// partner made for the occasion (the language choice is saved on the account: never a demo one's).
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, test } from 'vitest';
import { loginAs, newCustomerDetails, registerCustomerViaApi } from './support/auth.ts';
import { PHONE, useBrowser } from './support/browser.ts';
import { expectDocument, expectVisible } from './support/expect.ts';
import { buyVoucherViaApi, DEMO_PARTNER_BOX, reserveViaApi, weekdayAhead } from './support/orders.ts';
import { screenshot } from './support/screenshots.ts';
import { joinDemoPartnerViaApi } from './support/team.ts';

const session = useBrowser(PHONE);

/** Elements that stick out of the screen sideways (the page then scrolls sideways on a phone). */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    const describe = (el: Element) => {
      const id = el.getAttribute('data-testid') ?? el.id;
      const cls = typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 4).join('.') : '';
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}${cls ? `.${cls}` : ''} «${(el.textContent ?? '').trim().slice(0, 40)}»`;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      // Inside a scrolling box (a tab strip, a table wrapper) is fine: only the page itself must not scroll.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' || style.position === 'fixed') {
          clipped = true;
          break;
        }
      }
      if (clipped) continue;
      if (rect.right > width + 1 || rect.left < -1) out.push(`${describe(el)} [${Math.round(rect.left)}..${Math.round(rect.right)}]`);
    }
    if (document.documentElement.scrollWidth > width + 1) out.unshift(`page is ${document.documentElement.scrollWidth}px wide for ${width}`);
    return out.slice(0, 8);
  });
}

/**
 * Buttons, links, tabs and boxes to tick that are smaller than a finger (WCAG 2.5.8: 24×24 px; a box
 * to tick counts with its label when the label is that big), and labels cut off by their button.
 */
async function tapProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const name = (el: Element) => (el.textContent || el.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 30);
    const selector = 'button, a[href], [role="tab"], [role="checkbox"], [role="switch"], input[type="checkbox"], input[type="radio"]';
    // Inside the page or an open dialog (not what a dialog covers).
    const root = document.querySelector('[role="dialog"]') ?? document.body;
    for (const el of Array.from(root.querySelectorAll(selector))) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0 || el.closest('[aria-hidden="true"], .sr-only')) continue;
      // A link inside a sentence is sized by its text (WCAG's inline exception).
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      if (rect.width < 24 || rect.height < 24) {
        const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : el.closest('label');
        const labelRect = label?.getBoundingClientRect();
        if (!labelRect || labelRect.height < 24) out.push(`tiny target ${el.tagName.toLowerCase()} «${name(el)}» ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
      if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible') {
        out.push(`cut-off label ${el.tagName.toLowerCase()} «${name(el)}» ${el.scrollWidth}px in ${el.clientWidth}px`);
      }
    }
    return out;
  });
}

const problems: string[] = [];

/** Screenshot `partner-mobile-<name>` and note what a person would notice on a phone. */
async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await screenshot(page, `partner-mobile-${name}`, { fullPage });
  for (const line of await overflowing(page)) problems.push(`${name}: overflow ${line}`);
  for (const line of await tapProblems(page)) problems.push(`${name}: ${line}`);
}

/** Opens a partner page and waits for its main heading. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expectVisible(page.locator('main h1'), `the heading of ${path}`);
}

beforeEach(() => {
  problems.length = 0;
});

function report(): void {
  const found = problems.splice(0);
  expect(found, 'what a person would notice on a phone').toEqual([]);
}

describe('the partner portal on a phone', () => {
  test('scanner: choice, manual, camera, success, failure', async () => {
    const { page } = session;
    // A fresh voucher to validate (another device: the customer's).
    const customer = await (await session.newContext()).newPage();
    const details = newCustomerDetails();
    await registerCustomerViaApi(customer, details);
    const voucher = await buyVoucherViaApi(customer, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });

    await loginAs(page, 'partenaire');
    await open(page, '/partenaire/scanner');
    await expectVisible(page.getByTestId('scan-manual'), 'the choice');
    await shoot(page, 'scanner-choice');
    await page.getByTestId('scan-camera').click();
    await expectVisible(page.getByTestId('camera-scanner'), 'the camera view');
    await shoot(page, 'scanner-camera');
    await open(page, '/partenaire/scanner?mode=manual');
    await page.getByTestId('scan-code-input').fill(voucher.code);
    await shoot(page, 'scanner-manual');
    await page.getByTestId('scan-submit').click();
    await expectVisible(page.getByTestId('scan-success'), 'the success card');
    await shoot(page, 'scanner-success');
    await page.getByRole('button', { name: 'Scanner un autre voucher' }).click();
    await page.getByTestId('scan-code-input').fill(voucher.code);
    await page.getByTestId('scan-submit').click();
    await expectVisible(page.getByTestId('scan-failure'), 'the failure card');
    await shoot(page, 'scanner-failure');
    report();
  });

  test('dashboard and menu', async () => {
    const { page } = session;
    await loginAs(page, 'partenaire');
    // After the scanner's test: its validation is among the last ones.
    await expectVisible(page.getByTestId('dashboard-last-validations'), 'the last validations');
    await shoot(page, 'dashboard');
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await expectVisible(page.getByRole('dialog').getByRole('link', { name: 'Scanner QR' }), 'the menu');
    await shoot(page, 'menu', { fullPage: false });
    report();
  });

  test('reservations: inbox tabs and availability', async () => {
    const { page } = session;
    // A pending request with notes, so that the inbox shows a real card.
    const customer = await (await session.newContext()).newPage();
    const details = newCustomerDetails();
    await registerCustomerViaApi(customer, details);
    const voucher = await buyVoucherViaApi(customer, DEMO_PARTNER_BOX, { name: `${details.firstName} ${details.lastName}`, email: details.email });
    await reserveViaApi(customer, voucher.id, {
      partnerName: 'Hammam Dar Es-Salam',
      date: weekdayAhead(9),
      time: '15:00',
      guests: 3,
      notes: 'Anniversaire de ma mère : serait-il possible de prévoir un thé à la menthe ?',
    });

    await loginAs(page, 'partenaire');
    await open(page, '/partenaire/reservations');
    await expectVisible(page.getByTestId('reservation-card').filter({ hasText: voucher.code }), 'the pending request');
    await shoot(page, 'reservations-pending');
    await page.getByTestId('reservation-card').filter({ hasText: voucher.code }).getByTestId('reservation-propose').click();
    await expectVisible(page.getByRole('dialog'), 'the other-slot dialog');
    await shoot(page, 'reservations-propose', { fullPage: false });
    await page.keyboard.press('Escape');
    await open(page, '/partenaire/reservations?tab=confirmed');
    await expectVisible(page.getByTestId('reservations-tab-confirmed').and(page.locator('[data-state="active"]')), 'the confirmed tab');
    await shoot(page, 'reservations-confirmed');
    await open(page, '/partenaire/reservations?tab=past');
    await shoot(page, 'reservations-past');
    await open(page, '/partenaire/reservations?tab=availability');
    await expectVisible(page.getByTestId('availability-week'), 'the weekly hours');
    await shoot(page, 'availability');
    report();
  });

  test('transactions and payouts', async () => {
    const { page } = session;
    await loginAs(page, 'partenaire');
    await open(page, '/partenaire/transactions');
    await expectVisible(page.getByTestId('transactions-count'), 'the result count');
    await shoot(page, 'transactions');
    // The scanner's test above validated a voucher: there is at least one transaction.
    const row = page.locator('[data-testid="transaction-row"]:visible').first();
    await expectVisible(row, 'a transaction');
    await row.getByRole('button', { name: /Détails/ }).click();
    await expectVisible(page.getByTestId('transaction-detail'), 'the transaction detail');
    await shoot(page, 'transaction-detail', { fullPage: false });
    await page.keyboard.press('Escape');
    await open(page, '/partenaire/payouts');
    await expectVisible(page.getByTestId('payout-available'), 'the available payout');
    await shoot(page, 'payouts');
    report();
  });

  test('offers and the offer form', async () => {
    const { page } = session;
    await loginAs(page, 'partenaire');
    await open(page, '/partenaire/offers');
    await expectVisible(page.getByTestId('offer-card'), 'the offers');
    await shoot(page, 'offers');
    await page.getByTestId('offer-new').click();
    await expectVisible(page.getByTestId('offer-form'), 'the offer form');
    await shoot(page, 'offer-form', { fullPage: false });
    await page.getByTestId('offer-form').locator('input[name="title"]').fill('Massage aux pierres chaudes');
    await page.getByTestId('offer-preview').scrollIntoViewIfNeeded();
    await shoot(page, 'offer-form-preview', { fullPage: false });
    await page.keyboard.press('Escape');
    await page.getByTestId('offer-edit').first().click();
    await expectVisible(page.getByTestId('offer-form'), 'the offer form');
    await shoot(page, 'offer-edit', { fullPage: false });
    report();
  });

  test('profile tabs, team included', async () => {
    const { page } = session;
    await loginAs(page, 'partenaire');
    for (const tab of ['profile', 'business', 'settings', 'team']) {
      await open(page, tab === 'profile' ? '/partenaire/profile' : `/partenaire/profile?tab=${tab}`);
      await expectVisible(page.locator(`[data-testid="profile-tab-${tab}"][data-state="active"]`), `the ${tab} tab`);
      await shoot(page, `profile-${tab}`);
    }
    await page.getByTestId('invite-member').click();
    await expectVisible(page.getByTestId('invite-form'), 'the invitation form');
    await shoot(page, 'profile-team-invite', { fullPage: false });
    report();
  });

  test('support tabs', async () => {
    const { page } = session;
    await loginAs(page, 'partenaire');
    for (const tab of ['faq', 'tickets', 'new', 'status', 'contact']) {
      await open(page, tab === 'faq' ? '/partenaire/support' : `/partenaire/support?tab=${tab}`);
      await expectVisible(page.locator(`[data-testid="support-tab-${tab}"][data-state="active"]`), `the ${tab} tab`);
      if (tab === 'faq') {
        // One answer open, as a partner reads it.
        await page.getByTestId('faq-list').locator('summary').first().click();
        await expectVisible(page.getByText('Cette réponse vous a-t-elle aidé ?'), 'an open answer');
      }
      await shoot(page, `support-${tab}`);
    }
    report();
  });

  test('in Arabic, right to left', async () => {
    const { page } = session;
    const owner = await (await session.newContext()).newPage();
    const admin = await (await session.newContext()).newPage();
    await joinDemoPartnerViaApi(session.context, { owner, admin }, ['scanner', 'view_transactions', 'manage_offers', 'manage_reservations']);
    // The staff member's own language choice (saved on their account, not on a demo one).
    await page.goto('/partenaire/dashboard');
    await expectVisible(page.getByTestId('kpi-scans-today'), 'the KPIs');
    await page.getByTestId('locale-switch').click();
    await expectDocument(page, { lang: 'ar', dir: 'rtl' });
    await shoot(page, 'ar-dashboard');
    for (const [name, path] of [
      ['ar-scanner', '/partenaire/scanner?mode=manual'],
      ['ar-transactions', '/partenaire/transactions'],
      ['ar-payouts', '/partenaire/payouts'],
      ['ar-reservations', '/partenaire/reservations'],
      ['ar-offers', '/partenaire/offers'],
      ['ar-profile', '/partenaire/profile'],
      ['ar-support', '/partenaire/support?tab=new'],
    ] as const) {
      await open(page, path);
      await shoot(page, name);
    }
    await page.getByRole('button', { name: /القائمة/ }).first().click();
    await expectVisible(page.getByRole('dialog'), 'the menu');
    await shoot(page, 'ar-menu', { fullPage: false });
    report();
  });
});
