import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * Accessibility of every page a journey visits (issue 15): axe-core runs on each page the first time a
 * journey waits for something on it (`expectPath`, `expectVisible`) and on the pages still open at the
 * end of each test; a serious or critical violation fails the test, naming the rule, the elements and
 * the page. `E2E_AXE=off` skips it (e.g. to run a journey while a fix is under way).
 */
const FAILING_IMPACTS = new Set(['serious', 'critical']);
/** The longest wait for the page's transitions to end before it is checked. */
const SETTLE_MS = 2_000;
const enabled = process.env.E2E_AXE !== 'off';

const require = createRequire(import.meta.url);
let axeSource: string | undefined;
const source = () => (axeSource ??= fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/** Pathnames already checked on each page (a page is checked once per path per test). */
const audited = new WeakMap<Page, Set<string>>();
/** Violations found so far in the current test, reported when it ends. */
let found: string[] = [];

/** The serious and critical violations on the page as it is now, one readable line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's Content-Security-Policy does not apply.
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (!loaded) await page.evaluate(source());
  // Colours are read as they are painted: a button caught in its colour transition (outline to filled once
  // its data came) has neither its start nor its end contrast. Finite transitions and animations end first;
  // a transition that began while axe ran (the data came just then) is let end and the page checked again.
  await settle(page);
  let results = await runAxe(page);
  if (results.violations.some((v) => v.id === 'color-contrast')) {
    await page.waitForTimeout(300);
    await settle(page);
    results = await runAxe(page);
  }
  const where = new URL(page.url());
  return results.violations
    .filter((violation: Result) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation: Result) =>
      violation.nodes.map(
        (node) =>
          `${where.pathname}${where.search}: ${violation.impact} ${violation.id} (${violation.help}) at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, ' ') ?? ''}`,
      ),
    );
}

function settle(page: Page): Promise<unknown> {
  return page.evaluate(`Promise.race([
    Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => null))),
    new Promise((resolve) => setTimeout(resolve, ${SETTLE_MS})),
  ])`);
}

function runAxe(page: Page): Promise<AxeResults> {
  return page.evaluate(`window.axe.run(document, { resultTypes: ['violations'] })`) as Promise<AxeResults>;
}

/** Runs axe on the page unless this path was checked already in this test (`again`: in any case); the test fails at its end. */
export async function auditPage(page: Page, { again = false }: { again?: boolean } = {}): Promise<void> {
  if (!enabled || page.isClosed()) return;
  const pathname = new URL(page.url()).pathname;
  if (pathname === 'blank' || page.url() === 'about:blank') return;
  let seen = audited.get(page);
  if (!seen) audited.set(page, (seen = new Set()));
  if (seen.has(pathname) && !again) return;
  seen.add(pathname);
  try {
    found.push(...(await axeViolations(page)));
  } catch (error) {
    // The page navigated away while axe ran: the next wait on the new page checks that one.
    if (!/Execution context was destroyed|Target closed|has been closed/.test(String(error))) throw error;
    seen.delete(pathname);
  }
}

/** Called by useBrowser at the end of each test: the violations found, and a fresh list for the next test. */
export function takeAccessibilityViolations(): string[] {
  const list = [...new Set(found)];
  found = [];
  return list;
}
