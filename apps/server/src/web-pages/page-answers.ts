import type { FastifyBaseLogger } from 'fastify';
import { storefrontVersion } from '../lib/storefront-version.ts';
import { anonymousAnswer, BOOT_ANONYMOUS, BOOT_COMMON, bootAnswers } from './boot-answers.ts';
import { createCompressedCache } from './compressed-cache.ts';
import type { HtmlEncoding } from './compression.ts';
import { ARABIC_FONTS, fontPreloads } from './font-preloads.ts';
import { pageModulePreloads } from './module-preloads.ts';
import { pageHtml } from './page-html.ts';
import { isRenderedPage } from './page-paths.ts';
import { planPage } from './page-plan.ts';
import { readPageTemplate } from './page-template.ts';
import type { PagesServer } from './pages-server.ts';
import type { InlinePreferences } from './preferences-script.ts';
import { createRenderedCache, type RenderedPage, renderedBody } from './rendered-cache.ts';
import { lazyRenderer, type Locale, withRenderedApp } from './server-renderer.ts';

/** A visitor's request for a page, as the pages need it. */
export interface PageRequest {
  /** Its path and query. */
  url: string;
  /** The visitor's language (its cookie), French without one. */
  locale: Locale;
  /** Whether it comes without a session cookie. */
  anonymous: boolean;
  /** The compression its browser takes. */
  encoding: HtmlEncoding | null;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** A page to send: `text/html`, never cached without asking again (`no-cache`). */
export interface PageAnswer {
  status: number;
  /** What chooses the page besides its URL: with a session or not, and language, no shared cache may mix them. */
  vary: string;
  /** The page's HTML. */
  html: string;
  /** The compression of `body` (`content-encoding`), none when the browser takes none. */
  encoding: HtmlEncoding | null;
  /** The bytes to send: compressed as the browser takes it, or the HTML's UTF-8; kept with the page. */
  body: Promise<Buffer>;
}

/**
 * The pages of the web app: index.html for every page of the app (HTTP 200) and unknown paths (HTTP 404, the
 * app shows its 404 page), drawn on the server when it can (ADR 012), with the head, preloads and API answers
 * of each landing page.
 */
export function createPageAnswers(server: PagesServer, options: { distDir: string; preferences: InlinePreferences | null }) {
  const { distDir, preferences } = options;
  const template = readPageTemplate(distDir, preferences);
  const arabicFonts = fontPreloads(distDir, ARABIC_FONTS);
  const renderer = lazyRenderer(distDir);
  const preloads = pageModulePreloads(distDir, template);
  const rendered = createRenderedCache();
  const encode = createCompressedCache();

  function renderedAnswer(request: PageRequest, page: RenderedPage): PageAnswer {
    const html = request.anonymous ? page.anonymousHtml : page.html;
    // The language and session cookies choose the page: no shared cache may mix them.
    const body = renderedBody(page, request.anonymous, request.encoding ?? 'identity');
    return { status: page.status, vary: 'accept-encoding, cookie', html, encoding: request.encoding, body };
  }

  async function answer(request: PageRequest): Promise<PageAnswer> {
    const [pathname = '/', search = ''] = request.url.split('?');
    const renderable = renderer !== null && isRenderedPage(pathname, search);
    const { locale } = request;
    const renderKey = `${locale} ${request.url}`;
    if (renderable) {
      const hit = rendered.fresh(renderKey);
      if (hit) return renderedAnswer(request, hit);
    }
    const { status, head, preload, modules, bootUrls } = await planPage(server, preloads, request.url);

    if (renderable) {
      const drawn = await rendered.drawing(renderKey, () => {
        const version = storefrontVersion();
        return (async () => {
          const page = await renderer.render(request.url, locale, (url) => anonymousAnswer(server.api, url));
          if (!page) return null;
          const html = withRenderedApp(pageHtml(template, head, preload, modules, null), locale, page, arabicFonts);
          const boot = await bootAnswers(server.api, [BOOT_ANONYMOUS]);
          const anonymousHtml = withRenderedApp(pageHtml(template, head, preload, modules, boot), locale, page, arabicFonts);
          const drawnPage: RenderedPage = { status, html, anonymousHtml, version, at: performance.now(), encoded: new Map() };
          rendered.keep(renderKey, drawnPage);
          return drawnPage;
        })().catch((error: unknown) => {
          // The browser draws the page then, as it did before the server could.
          request.log.error({ err: error }, 'server rendering failed');
          return null;
        });
      });
      if (drawn) return renderedAnswer(request, drawn);
    }

    let boot: Record<string, unknown> | null = null;
    if (status === 200 && bootUrls.length > 0) {
      // A visitor with a session gets its own answer to /api/auth/me from the API, never one in a page.
      boot = await bootAnswers(server.api, [...BOOT_COMMON, ...bootUrls, ...(request.anonymous ? [BOOT_ANONYMOUS] : [])]);
    }
    const html = pageHtml(template, head, preload, modules, boot);
    // With answers inside, the page differs with and without a session: no shared cache may mix the two.
    const vary = boot ? 'accept-encoding, cookie' : 'accept-encoding';
    return { status, vary, html, encoding: request.encoding, body: encode(html, request.encoding ?? 'identity') };
  }

  return { answer };
}
