import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../modules/accounts/index.ts';
import { listActiveBoxes } from '../../modules/catalog/index.ts';
import { createPageAnswers, createShareImages, inlinePreferences, negotiateEncoding, type PagesServer, robotsTxt, SITE_SHARE_IMAGE, sitemapXml, staticFilesOptions } from '../../web-pages/index.ts';

/** The cookie with the visitor's language (apps/web/src/lib/i18n.ts LOCALE_COOKIE). */
const LOCALE_COOKIE = 'farha.locale';

/** public/preferences.js as the pages carry it, and its hash for the Content-Security-Policy (app.ts). */
export { inlinePreferences };

/**
 * The built web app behind the API (web-pages/): its files, robots.txt, sitemap.xml, the boxes' pictures
 * for shared links, and `sendPage` for every other GET (app.ts's not-found handler): the page of the app,
 * drawn on the server when it can, 200 for a page of the app and 404 for an unknown path.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  options: { distDir: string; preferences: ReturnType<typeof inlinePreferences> },
): Promise<{ sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> }> {
  const { publicUrl } = app.config;
  const server: PagesServer = {
    publicUrl,
    catalog: () => ({ db: app.db, now: app.clock.now() }),
    api: (url) => app.inject({ method: 'GET', url, headers: { accept: 'application/json' } }),
    file: (url) => app.inject({ method: 'GET', url }),
  };
  // The same preferences script the Content-Security-Policy allows by its hash (app.ts).
  const pages = createPageAnswers(server, options);
  const shareImages = createShareImages(server);

  await app.register(fastifyStatic, staticFilesOptions(options.distDir));

  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', async (_request, reply) => {
    const body = sitemapXml(publicUrl, await listActiveBoxes(server.catalog()));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  /** `GET /og/box/:id.jpg`: the box's picture as a shared link shows it (web-pages/share-images.ts). */
  app.get<{ Params: { file: string } }>('/og/box/:file', async (request, reply) => {
    const image = await shareImages.forFile(request.params.file);
    if ('missing' in image) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    if ('undrawable' in image) {
      request.log.warn({ err: image.undrawable, boxId: image.boxId }, 'box picture could not be drawn for shared links');
      return reply.redirect(SITE_SHARE_IMAGE, 302);
    }
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(image.jpeg);
  });

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const page = await pages.answer({
      url: request.url,
      locale: request.cookies[LOCALE_COOKIE] === 'ar' ? 'ar' : 'fr',
      anonymous: !request.cookies[SESSION_COOKIE],
      encoding: negotiateEncoding(request.headers['accept-encoding']),
      log: request.log,
    });
    reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', page.vary);
    // The body kept with the page (web-pages/rendered-cache.ts, compressed-cache.ts): compressed, or as it is
    // for a client that takes no compression, made once rather than for every request (issue 34).
    const bytes = await page.body;
    if (page.encoding) reply.header('content-encoding', page.encoding);
    return reply.send(bytes);
  }

  return { sendPage };
}
