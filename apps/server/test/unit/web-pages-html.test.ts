import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterFirstPaint } from '../../src/web-pages/after-first-paint.ts';
import { fontPreloads, LATIN_FONT, ARABIC_FONTS } from '../../src/web-pages/font-preloads.ts';
import { pageModulePreloads } from '../../src/web-pages/module-preloads.ts';
import { pageHtml } from '../../src/web-pages/page-html.ts';
import { isRenderedPage } from '../../src/web-pages/page-paths.ts';
import { readPageTemplate } from '../../src/web-pages/page-template.ts';
import { inlinePreferences } from '../../src/web-pages/preferences-script.ts';
import { robotsTxt, sitemapXml } from '../../src/web-pages/search-engines.ts';

const INDEX_HTML = `<!doctype html>
<html lang="fr" dir="ltr">
  <head>
    <!-- for the developers -->
    <meta name="description" content="Farha" />
    <meta property="og:title" content="Farha" />
    <title>Farha</title>
    <script src="/preferences.js"></script>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-Ef56Gh78.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let distDir: string;
beforeAll(() => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'farha-web-pages-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(distDir, 'preferences.js'), '// The saved theme.\ndocument.documentElement.dataset.theme = "dark";\n  // indented comment\n');
  fs.mkdirSync(path.join(distDir, 'assets'));
  for (const name of ['inter-latin-400-900-normal-Xy12Zw34.woff2', 'cairo-arabic-700-normal-Ab12Cd34.woff2', 'cairo-arabic-400-normal-Ef56Gh78.woff2', 'cairo-arabic-500-normal-Ij90Kl12.woff2']) {
    fs.writeFileSync(path.join(distDir, 'assets', name), '');
  }
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/features/storefront/pages/home-page.tsx': { file: 'assets/home-page-Aa11Bb22.js', imports: ['_shared', '_vendor'] },
      _shared: { file: 'assets/shared-Cc33Dd44.js', imports: ['_vendor', 'src/features/storefront/pages/home-page.tsx'] },
      _vendor: { file: 'assets/vendor-Ef56Gh78.js' },
      'src/features/storefront/pages/box-page.tsx': { file: 'assets/box-page-Ee55Ff66.css' },
    }),
  );
});
afterAll(() => fs.rmSync(distDir, { recursive: true, force: true }));

describe('the pages template', () => {
  it('inlines preferences.js without its comment lines, with the SHA-256 the CSP allows', () => {
    const preferences = inlinePreferences(distDir);
    expect(preferences?.script).toBe('document.documentElement.dataset.theme = "dark";\n');
    expect(preferences?.hash).toBe(`'sha256-${createHash('sha256').update(preferences?.script ?? '').digest('base64')}'`);
    expect(inlinePreferences(path.join(distDir, 'missing'))).toBeNull();

    const template = readPageTemplate(distDir, preferences);
    expect(template).not.toContain('<!--');
    expect(template).toContain(`<script>${preferences?.script}</script>`);
    expect(template).not.toContain('src="/preferences.js"');
    expect(template).toContain(
      '    <link rel="preload" as="font" type="font/woff2" href="/assets/inter-latin-400-900-normal-Xy12Zw34.woff2" crossorigin />\n  </head>',
    );
    expect(readPageTemplate(distDir, null)).toContain('<script src="/preferences.js"></script>');
  });

  it("preloads Cairo's three weights in name order, and nothing without built assets", () => {
    expect(fontPreloads(distDir, ARABIC_FONTS).match(/href="[^"]+"/g)).toEqual([
      'href="/assets/cairo-arabic-400-normal-Ef56Gh78.woff2"',
      'href="/assets/cairo-arabic-700-normal-Ab12Cd34.woff2"',
    ]);
    expect(fontPreloads(path.join(distDir, 'missing'), LATIN_FONT)).toBe('');
  });

  it("announces a landing page's chunks once each, less those index.html loads and other than scripts", () => {
    const preloads = pageModulePreloads(distDir, readPageTemplate(distDir, null));
    expect(preloads.home).toBe(
      '    <link rel="modulepreload" crossorigin href="/assets/home-page-Aa11Bb22.js" />\n' +
        '    <link rel="modulepreload" crossorigin href="/assets/shared-Cc33Dd44.js" />\n',
    );
    expect(preloads.box).toBe('');
    expect(preloads.catalog).toBe('');
    expect(pageModulePreloads(path.join(distDir, 'missing'), '')).toEqual({ home: '', catalog: '', box: '' });
  });

  it("moves a drawn page's scripts to a farha-modules list read after the first paint", () => {
    const html = afterFirstPaint(INDEX_HTML);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<meta name="farha-modules" content="/assets/index-Ab12Cd34.js /assets/vendor-Ef56Gh78.js" />\n  </head>');
    expect(afterFirstPaint('<head></head>')).toBe('<head></head>');
  });
});

describe("a page's HTML", () => {
  it('writes the boot answers safely, the head in place of the template one, and the LCP picture preload', () => {
    const html = pageHtml(
      INDEX_HTML,
      { title: 'Coffret <Spa>', description: 'Un "bon" moment', canonical: 'https://farha.dz/box/1', extra: '    <meta property="og:title" content="Spa" />\n' },
      { href: '/images/boxes/spa.webp', srcSet: '/images/boxes/spa.w400.webp 400w, /images/boxes/spa.webp 1600w', sizes: '100vw' },
      '    <link rel="modulepreload" crossorigin href="/assets/box.js" />\n',
      { '/api/site': { status: 200, body: { text: '</script><!--' } } },
    );
    expect(html).toContain('<title>Coffret &lt;Spa&gt;</title>');
    expect(html).toContain('<meta name="description" content="Un &quot;bon&quot; moment" />');
    expect(html.match(/og:title/g)).toHaveLength(1);
    expect(html).toContain('<script type="application/json" id="farha-boot">{"/api/site":{"status":200,"body":{"text":"\\u003c/script>\\u003c!--"}}}</script>');
    expect(html).toContain('<link rel="canonical" href="https://farha.dz/box/1" />');
    // The widths of its <img>: the browser fetches the one file the picture shows, not the full size as well.
    expect(html).toContain(
      '<link rel="preload" as="image" href="/images/boxes/spa.webp" imagesrcset="/images/boxes/spa.w400.webp 400w, /images/boxes/spa.webp 1600w" imagesizes="100vw" fetchpriority="high" />\n  </head>',
    );
    expect(pageHtml(INDEX_HTML, null, { href: '/images/logo.svg' }, '', null)).toContain('<link rel="preload" as="image" href="/images/logo.svg" fetchpriority="high" />');
    expect(html.indexOf('farha-boot')).toBeLessThan(html.indexOf('/assets/box.js'));
    expect(pageHtml(INDEX_HTML, null, null, '', {})).toBe(INDEX_HTML);
  });
});

describe('which pages the server draws, and what search engines see', () => {
  it('draws the public pages, box pages and unknown paths, not the signed-in areas nor the preview', () => {
    for (const page of ['/', '/catalog', '/catalog/', '/box/abc', '/nope']) expect(isRenderedPage(page, ''), page).toBe(true);
    expect(isRenderedPage('/', 'preview=1')).toBe(false);
    expect(isRenderedPage('/', 'a=1&preview=1')).toBe(false);
    for (const page of ['/client/orders', '/checkout', '/api/x', '/pay/1']) expect(isRenderedPage(page, ''), page).toBe(false);
  });

  it('lists the private prefixes in robots.txt and the public pages and boxes in the sitemap', () => {
    const robots = robotsTxt('https://farha.dz');
    expect(robots).toMatch(/^User-agent: \*\nAllow: \/\nDisallow: \/api\/\n/);
    expect(robots.endsWith('\n\nSitemap: https://farha.dz/sitemap.xml\n')).toBe(true);
    const sitemap = sitemapXml('https://farha.dz', [{ id: 'a&b' } as never]);
    expect(sitemap).toContain('  <url><loc>https://farha.dz/</loc></url>');
    expect(sitemap).toContain('  <url><loc>https://farha.dz/box/a%26b</loc></url>');
  });
});
