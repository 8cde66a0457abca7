import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { REPO_ROOT } from './farha-server.ts';

/** Ignored by git (.gitignore); a person looks at them after a run. */
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'e2e/screenshots');

function fileNameOf(name: string): string {
  const safe = name
    .split('/')
    .map((part) => part.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, ''))
    .join('/');
  return path.join(SCREENSHOTS_DIR, `${safe}.png`);
}

/** Page screenshot without waiting for anything; also used for failures. */
export async function saveScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<string> {
  const file = fileNameOf(name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // A full-page shot of a long page is slow on a busy machine: more time than a click gets.
  await page.screenshot({ path: file, fullPage, animations: 'disabled', caret: 'hide', timeout: 30_000 });
  return file;
}

// Settling is bounded: a page that keeps polling still gets its screenshot.
const SETTLE_TIMEOUT_MS = 8_000;

/**
 * Saves e2e/screenshots/<name>.png once the page has settled: lazy images loaded (a full-page shot shows
 * what is below the fold), web fonts ready, network idle. Full page by default, so that the whole layout
 * can be reviewed.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<string> {
  await page.evaluate(async (timeout) => {
    const settled = async () => {
      const images = Array.from(document.images);
      for (const image of images) if (image.loading === 'lazy') image.loading = 'eager';
      await Promise.all(images.map((image) => (image.complete ? undefined : image.decode().catch(() => undefined))));
      await document.fonts.ready;
    };
    await Promise.race([settled(), new Promise((resolve) => setTimeout(resolve, timeout))]);
  }, SETTLE_TIMEOUT_MS);
  await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => undefined);
  return saveScreenshot(page, name, { fullPage });
}
