import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys: real Chromium against one real Farha server (built web app, fresh embedded database).
 * `npm run test:e2e` builds the web app first, then runs this config.
 */
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    pool: 'forks',
    // Two files at a time share the server; each has its own Chromium.
    maxWorkers: 2,
    // A journey's time is not what it checks (speed is `npm run bench:web`'s): on a two-core machine running
    // the server, two Chromiums and the runners together, a journey of several pages can take over a minute,
    // and a form saved can take seconds to close. The limits only stop a journey that hangs.
    testTimeout: 180_000,
    hookTimeout: 120_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
    // A journey that fails fails: no silent retries hiding flakiness.
    retry: 0,
  },
});
