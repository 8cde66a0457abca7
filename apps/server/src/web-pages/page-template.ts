import fs from 'node:fs';
import path from 'node:path';
import { fontPreloads, LATIN_FONT, withFontPreloads } from './font-preloads.ts';
import { type InlinePreferences, withInlinePreferences } from './preferences-script.ts';

/**
 * The built index.html every page starts from: without its comments (they are for the developers who read
 * index.html, not for every visitor's phone), with the preferences script inline and Inter's Latin font
 * preloaded.
 */
export function readPageTemplate(distDir: string, preferences: InlinePreferences | null): string {
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8').replace(/\n?\s*<!--[\s\S]*?-->/g, '');
  return withFontPreloads(withInlinePreferences(indexHtml, preferences), fontPreloads(distDir, LATIN_FONT));
}
