import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { auditPage } from './a11y.ts';
import { UI_TIMEOUT_MS } from './browser.ts';

/** Waits until the page's path (and query, when given) is `expected`; fails saying where the page is. */
export async function expectPath(page: Page, expected: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  const wanted = new URL(expected, 'http://x');
  const matches = (url: URL) =>
    url.pathname === wanted.pathname && (wanted.search === '' || url.search === wanted.search);
  try {
    await page.waitForURL(matches, { timeout, waitUntil: 'commit' });
  } catch {
    const now = new URL(page.url());
    expect(`${now.pathname}${now.search}`, `page should reach ${expected}`).toBe(`${wanted.pathname}${wanted.search}`);
  }
  await auditPage(page);
}

/** Waits until the locator shows; fails with `what` in the message. */
export async function expectVisible(locator: Locator, what: string, timeout = UI_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    expect.fail(`expected to see ${what} (${locator.toString()})`);
  }
  await auditPage(locator.page());
}

/** The <html> element's language, direction and theme. */
export async function documentState(page: Page): Promise<{ lang: string; dir: string; dark: boolean }> {
  return page.evaluate(() => ({
    lang: document.documentElement.lang,
    dir: document.documentElement.dir,
    dark: document.documentElement.classList.contains('dark'),
  }));
}

/** Polls `<html>` until it has these attributes. */
export async function expectDocument(
  page: Page,
  expected: Partial<{ lang: string; dir: string; dark: boolean }>,
  timeout = UI_TIMEOUT_MS,
): Promise<void> {
  await expect.poll(() => documentState(page), { timeout }).toMatchObject(expected);
}

