import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
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
/** A signed-in page holds its push stream open (issue 36): Playwright's `networkidle` would never come. */
const STREAM = /\/api\/stream(\?|$)/;
const QUIET_MS = 500;

/**
 * Waits until no request but the push stream has been in flight for 500 ms (at most `timeout`): `networkidle`
 * without the stream. A request already under way when it is called is not seen; the callers have waited for
 * what the page shows, and `screenshot` for its images and fonts.
 */
async function networkQuiet(page: Page, timeout: number): Promise<void> {
  const pending = new Set<Request>();
  const start = (request: Request) => {
    if (!STREAM.test(request.url())) pending.add(request);
  };
  const end = (request: Request) => void pending.delete(request);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const deadline = Date.now() + timeout;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if (pending.size > 0) quietSince = Date.now();
      else if (Date.now() - quietSince >= QUIET_MS) return;
      await page.waitForTimeout(100);
    }
  } finally {
    page.off('request', start);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

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
  await networkQuiet(page, SETTLE_TIMEOUT_MS);
  return saveScreenshot(page, name, { fullPage });
}
