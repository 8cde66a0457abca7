import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * apps/server, whether the server runs from its sources (src/*.ts under tsx or the tests) or from the
 * compiled bundle (dist/server.js, production): both sit one level below it.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src', 'db', 'migrations');
export const ASSETS_DIR = path.join(SERVER_ROOT, 'assets');
export const DEFAULT_WEB_DIST_DIR = path.join(SERVER_ROOT, '..', 'web', 'dist');
/** A migrated, empty embedded database made by scripts/build.mjs; a fresh DATA_DIR starts from a copy. */
export const EMBEDDED_TEMPLATE_DIR = path.join(SERVER_ROOT, 'dist', 'pgdata-template');
