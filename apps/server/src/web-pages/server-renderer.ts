import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterFirstPaint } from './after-first-paint.ts';
import type { ApiAnswer } from './boot-answers.ts';
import { withFontPreloads } from './font-preloads.ts';

export type Locale = 'fr' | 'ar';

/** apps/web/src/entry-server.tsx as built into dist/.ssr/entry-server.mjs (`npm run build`). */
export interface ServerRenderer {
  render: (url: string, locale: Locale, api: (path: string) => Promise<ApiAnswer>) => Promise<{ html: string; state: string } | null>;
}

/** The built renderer, read at the first page drawn (about 100 ms) rather than at every start; null without a build. */
export function lazyRenderer(distDir: string): ServerRenderer | null {
  const entry = path.join(distDir, '.ssr', 'entry-server.mjs');
  if (!fs.existsSync(entry)) return null;
  let loaded: Promise<ServerRenderer> | undefined;
  return {
    render: async (...args) => (await (loaded ??= import(pathToFileURL(entry).href) as Promise<ServerRenderer>)).render(...args),
  };
}

/**
 * The template with the drawn page in `#root`, its data beside it, in its language, direction and fonts
 * (`arabicFonts`: the preloads of Cairo's files, for an Arabic page).
 */
export function withRenderedApp(html: string, locale: Locale, page: { html: string; state: string }, arabicFonts: string): string {
  return withFontPreloads(afterFirstPaint(html), locale === 'ar' ? arabicFonts : '')
    .replace('<html lang="fr" dir="ltr">', locale === 'ar' ? '<html lang="ar" dir="rtl" data-rendered>' : '<html lang="fr" dir="ltr" data-rendered>')
    .replace('<div id="root"></div>', `<div id="root">${page.html}</div>\n    <script type="application/json" id="farha-ssr">${page.state}</script>`);
}
