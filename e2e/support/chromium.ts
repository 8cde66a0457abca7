import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (never `npx playwright install`). CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** How our Chromium runs, for the journeys and the Lighthouse bench: no sandbox, GPU, sync or first-run screens. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_FLAGS];

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
