import type { TBoxSummary } from '@farha/contracts/catalog';
import { escapeHtml } from './html.ts';
import { PRIVATE_PREFIXES, PUBLIC_PAGES } from './page-paths.ts';

/** robots.txt: every page but the private ones, and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''];
  return lines.join('\n');
}

/** sitemap.xml: the public pages and every box on sale. */
export function sitemapXml(publicUrl: string, boxes: TBoxSummary[]): string {
  const urls = [
    ...PUBLIC_PAGES.map((page) => `${publicUrl}${page === '/' ? '/' : page}`),
    ...boxes.map((box) => `${publicUrl}/box/${encodeURIComponent(box.id)}`),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
}
