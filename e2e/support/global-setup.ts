import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './chromium.ts';
import { startFarhaServer } from './farha-server.ts';
import { SCREENSHOTS_DIR } from './screenshots.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The one Farha server of this run, e.g. http://127.0.0.1:41234 */
    baseURL: string;
  }
}

/** One real Farha server for the whole run (fresh data folder, demo data); every journey file shares it. */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  // Failure screenshots describe this run only.
  fs.rmSync(path.join(SCREENSHOTS_DIR, 'failures'), { recursive: true, force: true });
  const server = await startFarhaServer();
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
  };
}
