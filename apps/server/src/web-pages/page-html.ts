import { escapeHtml, scriptJson } from './html.ts';
import type { PageHead } from './page-head.ts';
import type { PreloadImage } from './page-plan.ts';

/**
 * A page's HTML from the template: the API's answers it starts with (`farha-boot`), its modules' preloads,
 * its own head, and its largest picture asked for with it.
 */
export function pageHtml(
  template: string,
  head: PageHead | null,
  preloadImage: PreloadImage | null,
  modules: string,
  boot: Record<string, unknown> | null,
): string {
  let html = template;
  if (boot && Object.keys(boot).length > 0) {
    html = html.replace('</head>', `    <script type="application/json" id="farha-boot">${scriptJson(boot)}</script>\n  </head>`);
  }
  if (modules) html = html.replace('</head>', `${modules}  </head>`);
  if (head) {
    html = html
      .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(head.title)}</title>`)
      .replace(/<meta\s+name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(head.description)}" />`)
      .replace(/\s*<meta\s+(property="og:|name="twitter:)[^>]*>/g, '');
    html = html.replace('</head>', `    <link rel="canonical" href="${escapeHtml(head.canonical)}" />\n${head.extra}  </head>`);
  }
  if (preloadImage) {
    // The page's largest picture (its LCP element) starts loading with the HTML, not after the scripts.
    // In the widths its <img> offers: the browser fetches the one file the picture will show.
    const widths = preloadImage.srcSet ? ` imagesrcset="${escapeHtml(preloadImage.srcSet)}" imagesizes="${escapeHtml(preloadImage.sizes ?? '100vw')}"` : '';
    html = html.replace(
      '</head>',
      `    <link rel="preload" as="image" href="${escapeHtml(preloadImage.href)}"${widths} fetchpriority="high" />\n  </head>`,
    );
  }
  return html;
}
