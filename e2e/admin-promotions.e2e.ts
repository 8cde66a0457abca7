// Issue 35 (docs/product/promotions.md §6 to §9): the catalogue admin creates a promotion with a public code,
// is told on the field when its end is before its start, activates it, generates 50 single-use codes and downloads
// them as CSV, then finds it in the list; in French and in Arabic, at 1280 px and on a 390 px phone.
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { loginAs } from './support/auth.ts';
import { readIn, useBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { screenshot, SCREENSHOTS_DIR } from './support/screenshots.ts';

const session = useBrowser();

const WORDS = {
  fr: {
    endBeforeStart: 'La fin doit être postérieure au début',
    draft: 'Brouillon',
    active: 'Active',
    ended: 'Terminée',
    generated: '50 codes générés',
    title: 'Promotions',
  },
  ar: {
    endBeforeStart: 'يجب أن تكون النهاية بعد البداية',
    draft: 'مسودة',
    active: 'نشط',
    ended: 'منتهٍ',
    generated: 'الرموز المُنشأة: 50',
    title: 'العروض الترويجية',
  },
} as const;

/** The Algiers wall-clock time `days` from now, as a datetime-local field takes it. */
const algiersLocal = (days: number) => new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 16);

async function shoot(page: Page, name: string) {
  await screenshot(page, `admin-promotions/${name}-1280`, { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `admin-promotions/${name}-390`, { fullPage: false });
  // Nothing sticks out of a phone's screen (e2e/phone-widths checks every page the same way).
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: no sideways scroll at 390 px`).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('promotions', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`the catalogue admin creates a promotion with a code, activates it, generates 50 codes and downloads them (${locale})`, { timeout: 180_000 }, async () => {
      const { page, context } = session;
      const w = WORDS[locale];
      if (locale === 'ar') await readIn(context, 'ar');
      const code = `PRINTEMPS-${locale.toUpperCase()}${randomUUID().slice(0, 4).toUpperCase()}`;
      const name = locale === 'ar' ? `ربيع فرحة ${code}` : `Printemps Farha ${code}`;

      await loginAs(page, 'catalogue');
      await page.goto('/admin/promotions');
      await expectVisible(page.getByRole('heading', { name: w.title, level: 1 }), 'the promotions page');
      // The seeded newsletter promotion is listed, from the server.
      await expectVisible(page.getByTestId('promotion-row').filter({ has: page.locator('[data-testid="promotion-code"]', { hasText: 'BIENVENUE' }) }), 'BIENVENUE in the list');
      await expect.poll(() => page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await shoot(page, `list-${locale}`);

      await page.getByTestId('promotion-new').click();
      const form = page.getByTestId('promotion-form');
      await form.getByTestId('promotion-name').fill(name);
      await form.getByTestId('promotion-kind').selectOption('percent');
      await form.getByTestId('promotion-value').fill('12,5');
      await form.getByTestId('promotion-scope').selectOption('boxes');
      // The catalogue's real boxes: two chosen.
      const boxes = form.getByTestId('promotion-boxes').getByRole('checkbox');
      await expect.poll(() => boxes.count(), { message: 'the catalogue boxes' }).toBeGreaterThan(2);
      await boxes.nth(0).click();
      await boxes.nth(1).click();
      await form.getByTestId('promotion-startsAt').fill(algiersLocal(0));
      await form.getByTestId('promotion-endsAt').fill(algiersLocal(-1));
      await form.getByTestId('promotion-minAmount').fill('5000');
      await form.getByTestId('promotion-usageLimit').fill('500');
      await form.getByTestId('promotion-budgetDzd').fill('200000');
      await form.getByTestId('promotion-oncePerCustomer').click();
      await form.getByTestId('promotion-code').fill(code);
      await shoot(page, `form-${locale}`);

      // The server's rule, on its field, in the page's language.
      await form.getByTestId('promotion-save').click();
      await expectVisible(form.getByText(w.endBeforeStart), 'the end-before-start error on its field');
      await form.getByTestId('promotion-endsAt').fill(algiersLocal(30));
      await form.getByTestId('promotion-save').click();
      await expect.poll(() => form.isVisible(), { message: 'the form closes once saved' }).toBe(false);

      const row = page.getByTestId('promotion-row').filter({ has: page.locator(`[data-testid="promotion-code"]`, { hasText: code }) });
      await expectVisible(row, 'the new promotion in the list');
      await expectVisible(row.getByTestId('promotion-status').getByText(w.draft, { exact: true }), 'a draft');
      await row.getByTestId('promotion-activate').click();
      await expectVisible(row.getByTestId('promotion-status').getByText(w.active, { exact: true }), 'active');

      await row.getByTestId('promotion-details-open').click();
      const details = page.getByTestId('promotion-details');
      await details.getByTestId('codes-count').fill('50');
      await details.getByTestId('codes-prefix').fill('radio');
      await details.getByTestId('codes-generate').click();
      await expectVisible(page.getByText(w.generated), 'the codes generated');
      // 50 single-use codes and the public one.
      await expect.poll(() => details.getByTestId('promotion-stat-codesUsed').textContent()).toMatch(/0 \/ 51|٠ \/ ٥١/);
      await shoot(page, `details-${locale}`);

      const [download] = await Promise.all([page.waitForEvent('download'), details.getByTestId('codes-csv').click()]);
      expect(download.suggestedFilename()).toMatch(/^codes-promo-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe('code;usage_unique;utilisations;cree_le');
      expect(lines).toHaveLength(52);
      expect(lines.filter((l) => /^RADIO-[A-HJ-NP-Z2-9]{10};oui;0;/.test(l))).toHaveLength(50);
      expect(lines.some((l) => l.startsWith(`${code};non;0;`))).toBe(true);
      await page.keyboard.press('Escape');

      // Reloaded, the list (from the server) still shows it, active, with its 51 codes.
      await page.goto('/admin/promotions?status=active');
      await expectVisible(row.getByTestId('promotion-status').getByText(w.active, { exact: true }), 'active after a reload');
      await expectVisible(row.getByTestId('promotion-code-count').getByText(/51|٥١/), 'its 51 codes');

      // « Terminer » asks first; confirmed, the promotion is ended for good.
      await row.getByTestId('promotion-end').click();
      const confirm = page.getByTestId('promotion-end-dialog');
      await expectVisible(confirm.getByText(name), 'the confirmation names the promotion');
      await shoot(page, `end-confirm-${locale}`);
      await confirm.getByTestId('promotion-end-confirm').click();
      await page.goto('/admin/promotions?status=ended');
      await expectVisible(row.getByTestId('promotion-status').getByText(w.ended, { exact: true }), 'ended');
      await expect.poll(() => row.getByTestId('promotion-activate').count()).toBe(0);

      // The landing editor's newsletter code is one of the promotions' public codes, with its figures.
      await page.goto('/admin/catalog?tab=landing');
      await page.getByTestId('landing-tab-newsletter').click();
      const select = page.getByTestId('newsletter-promo-code');
      await expect.poll(() => select.inputValue()).toBe('BIENVENUE');
      await expect.poll(() => select.locator('option').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(code)]));
      await expectVisible(page.getByTestId('newsletter-promo-figures').getByText(/20\u00a0%/), "BIENVENUE's discount");
      await select.scrollIntoViewIfNeeded();
      await shoot(page, `landing-newsletter-${locale}`);

      // The homepage says BIENVENUE's own discount and last day (31 January), in the page's language.
      await page.goto('/');
      const newsletter = page.locator('section[aria-labelledby="home-newsletter"]');
      await newsletter.scrollIntoViewIfNeeded();
      await expectVisible(newsletter.getByText(locale === 'ar' ? /تخفيض 20\u00a0% .*BIENVENUE \(صالح حتى 31 جانفي \d{4}، لاستعمال واحد\)/ : /20\u00a0% de réduction .*BIENVENUE \(valable jusqu'au 31 janvier \d{4}, usage unique\)/), 'the promotion figures on the homepage');
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 });
        await newsletter.scrollIntoViewIfNeeded();
        await newsletter.screenshot({ path: path.join(SCREENSHOTS_DIR, `admin-promotions/home-newsletter-${locale}-${width}.png`), animations: 'disabled' });
      }
    });
  }
});
