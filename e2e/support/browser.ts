import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { auditPage, takeAccessibilityViolations } from './a11y.ts';
import { launchChromium } from './chromium.ts';
import { saveScreenshot } from './screenshots.ts';

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 };

/** A phone with touch (390×844): `useBrowser(PHONE)` or `session.newContext(PHONE)`. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** How long a journey waits for something the user would see (the test itself times out at 180 s). */
export const UI_TIMEOUT_MS = 20_000;

/**
 * Every page this browser opens reads Farha in `locale`, as on a device where the visitor chose it before:
 * the choice is stored before the app's own scripts run (not on about:blank, which has no storage).
 */
export async function readIn(context: BrowserContext, locale: 'fr' | 'ar'): Promise<void> {
  await context.addInitScript((l) => {
    if (location.protocol.startsWith('http')) localStorage.setItem('farha.locale', l);
  }, locale);
}

/** Whether the page, if the server drew it, is hydrated (main.tsx's root marks `<html data-hydrated>`). */
const isReady = () => !document.documentElement.hasAttribute('data-rendered') || document.documentElement.hasAttribute('data-hydrated');

/**
 * A page the server drew reads at once but answers taps once hydrated: its scripts come after its first paint
 * (issue 23). The journeys' navigations (goto, reload, back, forward) wait for that, as a person waits for the
 * page to respond; a page that never hydrates is left to the journey's next step to fail on.
 */
function waitForHydrationOnNavigation(page: Page): void {
  for (const name of ['goto', 'reload', 'goBack', 'goForward'] as const) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await navigate(...args);
        await page.waitForFunction(isReady, undefined, { timeout: UI_TIMEOUT_MS }).catch(() => undefined);
        return response;
      },
    });
  }
}

export interface BrowserSession {
  /** The Farha server of this run. */
  readonly baseURL: string;
  readonly browser: Browser;
  /** A fresh context for each test: no cookies, no localStorage. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught exceptions thrown in the page during the current test. */
  readonly pageErrors: readonly Error[];
  /** Another fresh context (a second device or user) in the same test; closed after the test. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
}

/**
 * Call once at the top of a journey file: one Chromium per file, a fresh context and page per test
 * (French, light theme, desktop, Algiers time unless `options` says otherwise). A failed test leaves a
 * screenshot in e2e/screenshots/failures/; an uncaught exception in the page fails the test.
 */
export function useBrowser(options: BrowserContextOptions = {}): BrowserSession {
  const baseURL = inject('baseURL');
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let extraContexts: BrowserContext[] = [];
  let pageErrors: Error[] = [];

  const contextOptions = (overrides: BrowserContextOptions = {}): BrowserContextOptions => ({
    baseURL,
    viewport: DESKTOP_VIEWPORT,
    locale: 'fr-FR',
    timezoneId: 'Africa/Algiers',
    colorScheme: 'light',
    ...options,
    ...overrides,
  });

  const track = (target: BrowserContext) => {
    target.setDefaultTimeout(UI_TIMEOUT_MS);
    target.on('page', (opened) => {
      opened.on('pageerror', (error) => pageErrors.push(error));
      waitForHydrationOnNavigation(opened);
    });
    return target;
  };

  beforeAll(async () => {
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  beforeEach(async () => {
    if (!browser) throw new Error('Chromium did not start');
    pageErrors = [];
    context = track(await browser.newContext(contextOptions()));
    page = await context.newPage();
  });

  afterEach(async ({ task }) => {
    let violations: string[] = [];
    try {
      // The pages as the test leaves them are checked too (a dialog, a result shown after an action).
      if (task.result?.state !== 'fail') {
        for (const open of [context, ...extraContexts].flatMap((c) => c?.pages() ?? [])) await auditPage(open);
      }
      violations = takeAccessibilityViolations();
      if (task.result?.state === 'fail' && page && !page.isClosed()) {
        const file = path.basename(task.file.name).replace(/\.e2e\.ts$/, '');
        await saveScreenshot(page, `failures/${file}--${task.name}`).catch(() => undefined);
      }
    } finally {
      await Promise.all([context, ...extraContexts].map((c) => c?.close()));
      extraContexts = [];
      context = undefined;
      page = undefined;
    }
    if (task.result?.state !== 'fail' && pageErrors.length > 0) {
      throw new Error(`Uncaught error in the page:\n${pageErrors.map((e) => e.stack ?? e.message).join('\n')}`);
    }
    if (task.result?.state !== 'fail' && violations.length > 0) {
      throw new Error(`Serious or critical accessibility violations (axe-core):\n${violations.join('\n')}`);
    }
  });

  const required = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is only available inside a test`);
    return value;
  };

  return {
    baseURL,
    get browser() {
      return required(browser, 'browser');
    },
    get context() {
      return required(context, 'context');
    },
    get page() {
      return required(page, 'page');
    },
    get pageErrors() {
      return pageErrors;
    },
    newContext: async (overrides) => {
      const extra = track(await required(browser, 'browser').newContext(contextOptions(overrides)));
      extraContexts.push(extra);
      return extra;
    },
  };
}
