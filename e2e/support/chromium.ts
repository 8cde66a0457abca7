import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (never `npx playwright install`). CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How our Chromium runs, for the journeys and the Lighthouse bench: no sandbox, GPU, sync or first-run screens. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * Chromium 156 (Debian's security update of November 2026) opens a second renderer for every window, the
 * address bar's suggestions drawn as a web page (chrome://omnibox-popup.top-chrome), which no journey or
 * Lighthouse run uses: with a window per browser context, it doubled the journeys' renderers.
 */
export const UNUSED_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

/** Chromium keeps the last `--disable-features` it is given: Playwright's own list (playwright-core 1.65, `chromiumSwitches`), then ours. */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
];

const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_FLAGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_UI_FEATURES].join(',')}`];

export function assertChromiumInstalled(): void {
  try {
    fs.accessSync(CHROMIUM_PATH, fs.constants.X_OK);
  } catch {
    throw new Error(
      `The browser journeys need Chromium at ${CHROMIUM_PATH}, which is missing or not executable.\n` +
        'Install it with `sudo apt-get install -y chromium` (.ci/run does this on CI), ' +
        'or point CHROMIUM_PATH at another Chromium binary.',
    );
  }
}

export async function launchChromium(): Promise<Browser> {
  assertChromiumInstalled();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}
