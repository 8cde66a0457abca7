/**
 * Web pages: the built web app (apps/web/dist) as the server sends it, apart from the HTTP routes that serve it
 * (routes/public/web-app.ts wires them).
 *
 * - page-answers.ts: a page for a visitor — drawn on the server when it can (ADR 012; server-renderer.ts, the
 *   built apps/web/src/entry-server.tsx), else index.html for the browser to draw, with the API answers the
 *   page starts with (boot-answers.ts), 200 for a page of the app and 404 for an unknown path or box.
 * - page-plan.ts, page-head.ts, page-html.ts, page-paths.ts: what a page carries (status, title, description,
 *   Open Graph and JSON-LD, its largest picture, its modules) and which pages are drawn, listed or private.
 * - page-template.ts, preferences-script.ts, font-preloads.ts, module-preloads.ts, after-first-paint.ts: the
 *   template every page starts from — the preferences script inline (its SHA-256 is the one inline script the
 *   Content-Security-Policy allows, app.ts), the fonts and landing pages' chunks preloaded, a drawn page's
 *   scripts asked for after its first paint (issue 23).
 * - Caches, each in memory and bounded: rendered-cache.ts (drawn pages, by language and URL, dropped on a
 *   storefront write or after a minute), compressed-cache.ts (compressed bodies of the other pages),
 *   share-images.ts (boxes' pictures as JPEG for shared links).
 * - compression.ts: brotli or gzip as the browser takes them, compressed once and off the event loop.
 * - static-files.ts: how the built files are served (immutable hashed bundles, no document-only headers).
 * - search-engines.ts: robots.txt and sitemap.xml.
 *
 * It asks the server for its API answers and pictures through `PagesServer` (pages-server.ts), never through
 * routes/.
 */
export { negotiateEncoding } from './compression.ts';
export { createPageAnswers, type PageAnswer, type PageRequest } from './page-answers.ts';
export type { PagesServer } from './pages-server.ts';
export { inlinePreferences, type InlinePreferences } from './preferences-script.ts';
export { robotsTxt, sitemapXml } from './search-engines.ts';
export { createShareImages, SITE_SHARE_IMAGE } from './share-images.ts';
export { staticFilesOptions } from './static-files.ts';
