import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * For tests only: the server's TypeScript sources as text, so that a web test can list the codes the server
 * can show (job names, audit actions, e-mail templates) and fail on one the web has no words for.
 */
export const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/src');

function sources(dir: string): { file: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [{ file: path.relative(SERVER_SRC, full), text: fs.readFileSync(full, 'utf8') }] : [];
  });
}

/** Every .ts file under apps/server/src, with its path relative to it. */
export const serverSources = (): { file: string; text: string }[] => sources(SERVER_SRC);

/** The single-quoted string literals of a source text. */
export const literals = (text: string): string[] => [...text.matchAll(/'([^'\n]+)'/g)].map((m) => m[1]!);
