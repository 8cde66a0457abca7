import fs from 'node:fs';
import path from 'node:path';

/** Inter's Latin file (apps/web/src/fonts.css), the one font every page writes with (digits and Latin names included). */
export const LATIN_FONT = /^inter-latin-400-900-[\w-]+\.woff2$/;
/** Cairo's Arabic files in the three weights the interface uses (13 KB each): an Arabic page's text. */
export const ARABIC_FONTS = /^cairo-arabic-(400|600|700)-normal-[\w-]+\.woff2$/;

/** The `<link rel="preload">` tags of the built font files whose names match, in name order. */
export function fontPreloads(distDir: string, pattern: RegExp): string {
  const assets = path.join(distDir, 'assets');
  if (!fs.existsSync(assets)) return '';
  return fs
    .readdirSync(assets)
    .filter((name) => pattern.test(name))
    .sort()
    .map((name) => `    <link rel="preload" as="font" type="font/woff2" href="/assets/${name}" crossorigin />\n`)
    .join('');
}

/**
 * The page's fonts asked for with the page, not once the styles are read: their faces are `font-display:
 * optional` (no reflow when one arrives late), so the sooner they come the likelier the first paint uses them.
 * Every page gets Inter's Latin file; an Arabic page Cairo's too, which it would otherwise find only once its
 * text is laid out, too late for its first visit to be drawn in Cairo.
 */
export function withFontPreloads(html: string, preloads: string): string {
  return preloads ? html.replace('</head>', () => `${preloads}  </head>`) : html;
}
