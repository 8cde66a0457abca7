// Issue 34: a drawn page hydrates its first screen first; a part below it (lib/hydrate-when-seen.tsx) is a
// Suspense boundary hydrated apart, when seen, touched, or reached by an update: onto the server's markup
// (never drawn again), and it then answers as any other part.
import { describe, expect, test } from 'vitest';
import { PHONE, useBrowser } from './support/browser.ts';

const session = useBrowser();

/** Whether React has taken the element over (it marks the elements it hydrated or drew). */
const hydratedScript = (selector: string) => `(() => {
  const element = document.querySelector(${JSON.stringify(selector)});
  return element ? Object.keys(element).some((key) => key.startsWith('__reactFiber')) : null;
})()`;

describe('parts of a drawn page hydrated when seen', () => {
  for (const locale of ['fr', 'ar'] as const) {
    test(`the homepage's footer, scrolled to, is hydrated onto the server's markup and answers (${locale})`, async () => {
      const context = await session.newContext(PHONE);
      await context.addCookies([{ name: 'farha.locale', value: locale, url: session.baseURL }]);
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      await page.goto('/', { waitUntil: 'load' });
      await page.waitForSelector('html[data-hydrated]');
      await page.evaluate(() => {
        (window as unknown as { __footer: Element | null }).__footer = document.querySelector('footer');
      });
      // The header is hydrated with the page.
      expect(await page.evaluate(hydratedScript('header'))).toBe(true);

      await page.locator('footer').scrollIntoViewIfNeeded();
      await expect.poll(() => page.evaluate(hydratedScript('footer')), { timeout: 10_000 }).toBe(true);
      // The same element the server sent: hydrated, not drawn again.
      expect(await page.evaluate(() => (window as unknown as { __footer: Element | null }).__footer === document.querySelector('footer'))).toBe(true);
      // It answers as a hydrated part: a link of its own goes there without loading a page.
      await page.evaluate(() => {
        (window as unknown as { __samePage: boolean }).__samePage = true;
      });
      await page.locator('footer a[href="/catalog"]').first().click();
      await page.waitForURL('**/catalog');
      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  test("the last catalogue card, hydrated apart, answers a tap within the app", async () => {
    const context = await session.newContext(PHONE);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/catalog', { waitUntil: 'load' });
    await page.waitForSelector('html[data-hydrated]');
    const last = page.locator('main ul > li').last();
    await page.evaluate(() => {
      (window as unknown as { __samePage: boolean }).__samePage = true;
    });
    await last.locator('a[href^="/box/"]').first().click();
    await page.waitForURL('**/box/**');
    expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(problems).toEqual([]);
  });
});
