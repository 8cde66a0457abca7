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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A journey that fails fails: no silent retries hiding flakiness.
    retry: 0,
  },
});
