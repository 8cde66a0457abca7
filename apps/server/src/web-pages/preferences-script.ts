import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** How index.html asks for public/preferences.js; the page carries the script itself instead. */
const PREFERENCES_TAG = '<script src="/preferences.js"></script>';

/** The inline preferences script and its Content-Security-Policy source (`'sha256-…'`). */
export type InlinePreferences = { script: string; hash: string };

/**
 * public/preferences.js (the saved theme and language before the first paint, and the drawn pages' scripts
 * after it) written into the page rather than fetched: a script in the head stops the page until it arrives,
 * one more round trip on a phone's network before anything shows (issue 23). Its whole-line comments are
 * left out; the Content-Security-Policy allows it by its SHA-256 (app.ts), and no other inline script.
 */
export function inlinePreferences(distDir: string): InlinePreferences | null {
  const file = path.join(distDir, 'preferences.js');
  if (!fs.existsSync(file)) return null;
  const script = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  return { script, hash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` };
}

/** index.html with the script in place of its `<script src="/preferences.js">` (the same the CSP allows by its hash). */
export function withInlinePreferences(html: string, preferences: InlinePreferences | null): string {
  return preferences ? html.replace(PREFERENCES_TAG, () => `<script>${preferences.script}</script>`) : html;
}
