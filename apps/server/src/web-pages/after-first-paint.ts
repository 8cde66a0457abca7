import { escapeHtml } from './html.ts';

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g;

/**
 * A drawn page's scripts, asked for once it is on screen (issue 23): its module script and preloads leave the
 * head for a `<meta name="farha-modules">` listing them, the entry first, which public/preferences.js reads
 * after the first paint. Until then a phone's network carries the HTML, the styles and the pictures only.
 */
export function afterFirstPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const files = [entry, ...preloads].map(escapeHtml).join(' ');
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `    <meta name="farha-modules" content="${files}" />\n  </head>`);
}
