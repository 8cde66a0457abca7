import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/test/unit/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
        // The web app's own imports (`@/components/…`), for its parts rendered to HTML in a test.
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/integration/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
