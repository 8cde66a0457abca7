import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TBoxSummary } from '@farha/contracts/catalog';
import { formatDzd } from '@farha/contracts/money';
import { HOME_FEATURED_BOXES } from '@farha/contracts/plain/catalog';
import { isWebAppPath, WEB_PATHS } from '@farha/contracts/web-paths';
import { SESSION_COOKIE } from '../../modules/accounts/index.ts';
import { findActiveBox, getLanding, listActiveBoxes } from '../../modules/catalog/index.ts';
import { SHARE_IMAGE, shareImageJpeg } from '../../modules/files/index.ts';
import { storefrontVersion } from '../../lib/storefront-version.ts';
import { REQUEST_ID_HEADER } from '../../lib/logging.ts';

const brotliAsync = promisify(zlib.brotliCompress);
const gzipAsync = promisify(zlib.gzip);

/** Vite's content-hashed bundles (dist/assets/…): a new build gives them new names. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(\.(br|gz))?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** What a fingerprinted file (`/assets/name-hash.js`) can do without. */
const ASSET_UNNEEDED_HEADERS = ['etag', 'accept-ranges', REQUEST_ID_HEADER];
/**
 * Security headers (helmet's, app.ts) that only a document uses; a static file keeps `x-content-type-options:
 * nosniff` and `cross-origin-resource-policy`, which do apply to it.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const BOX_PAGE = /^\/box\/([^/]+)\/?$/i;
const DESCRIPTION_LENGTH = 160;
/** The site's picture for shared links (apps/web/public/og-image.png, drawn from apps/web/assets/og-image.svg). */
const SITE_SHARE_IMAGE = '/og-image.png';
const SITE_TITLE = "Farha — Coffrets cadeaux d'expériences en Algérie";
const SITE_DESCRIPTION =
  "Farha : coffrets cadeaux d'expériences en Algérie — bien-être, gastronomie, voyages et loisirs, payables par CIB ou EDAHABIA.";
/** Box pictures drawn as JPEG for shared links, kept in memory (a box's picture changes rarely). */
const SHARE_CACHE_SIZE = 200;
/** Compressed HTML pages kept (the homepage and every box page fit easily). */
const COMPRESSED_CACHE_SIZE = 500;
/** Pages drawn on the server kept (path, query and language); the oldest half goes when full. */
const RENDERED_CACHE_SIZE = 1000;
/**
 * How long a drawn page is kept at most: writes made here drop it at once (lib/storefront-version.ts); this
 * bounds what another server instance's writes, or the passing of time, leave stale (the catalogue's own
 * cache lives as long, modules/catalog/cache.ts).
 */
const RENDERED_TTL_MS = 60_000;
/** The cookie with the visitor's language (apps/web/src/lib/i18n.ts LOCALE_COOKIE). */
const LOCALE_COOKIE = 'farha.locale';

/** apps/web/src/entry-server.tsx as built into dist/.ssr/entry-server.mjs (`npm run build`). */
interface ServerRenderer {
  render: (
    url: string,
    locale: 'fr' | 'ar',
    api: (path: string) => Promise<{ status: number; body: unknown }>,
  ) => Promise<{ html: string; state: string } | null>;
}

/** The built renderer, read at the first page drawn (about 100 ms) rather than at every start; null without a build. */
function lazyRenderer(distDir: string): ServerRenderer | null {
  const entry = path.join(distDir, '.ssr', 'entry-server.mjs');
  if (!fs.existsSync(entry)) return null;
  let loaded: Promise<ServerRenderer> | undefined;
  return {
    render: async (...args) => (await (loaded ??= import(pathToFileURL(entry).href) as Promise<ServerRenderer>)).render(...args),
  };
}

/**
 * A drawn page, the same for every visitor, with its compressed forms once asked for. A visitor without a
 * session gets it with the API's "not logged in" inside (lib/boot.ts): the header shows the sign-in links
 * without one more round trip. Nothing of a session is ever in it.
 */
interface RenderedPage {
  status: number;
  html: string;
  anonymousHtml: string;
  version: number;
  at: number;
  /** Its compressed bodies, by session kind and encoding (compressed once, off the event loop). */
  encoded: Map<string, Promise<Buffer>>;
}

/**
 * The page modules of the storefront's landing pages (keys of Vite's build manifest). Their chunks are
 * announced in the HTML (modulepreload), so that the phone downloads them with the app's entry instead of
 * after running it (the router only asks for a page's code once it runs).
 */
const PAGE_MODULES = {
  home: 'src/features/storefront/pages/home-page.tsx',
  catalog: 'src/features/storefront/pages/catalog-page.tsx',
  box: 'src/features/storefront/pages/box-page.tsx',
} as const;

type Manifest = Record<string, { file: string; imports?: string[] }>;

function readManifest(distDir: string): Manifest {
  try {
    return JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/** `<link rel="modulepreload">` for a page module and the chunks it imports, less those index.html loads already. */
function modulePreloads(manifest: Manifest, key: string, template: string): string {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name)) return;
    seen.add(name);
    if (chunk.file.endsWith('.js') && !template.includes(`/${chunk.file}"`)) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(key);
  return files.map((file) => `    <link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />\n`).join('');
}

const MODULE_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*\/?>/g;

/**
 * A drawn page's scripts, asked for once it is on screen (issue 23): its module script and preloads leave the
 * head for a `<meta name="farha-modules">` listing them, the entry first, which public/preferences.js reads
 * after the first paint. Until then a phone's network carries the HTML, the styles and the pictures only.
 */
function afterFirstPaint(html: string): string {
  const entry = MODULE_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  const files = [entry, ...preloads].map(escapeHtml).join(' ');
  return html
    .replace(MODULE_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', `    <meta name="farha-modules" content="${files}" />\n  </head>`);
}

const PREFERENCES_TAG = '<script src="/preferences.js"></script>';

/**
 * public/preferences.js (the saved theme and language before the first paint, and the drawn pages' scripts
 * after it) written into the page rather than fetched: a script in the head stops the page until it arrives,
 * one more round trip on a phone's network before anything shows (issue 23). Its whole-line comments are
 * left out; the Content-Security-Policy allows it by its SHA-256 (app.ts), and no other inline script.
 */
export function inlinePreferences(distDir: string): { script: string; hash: string } | null {
  const file = path.join(distDir, 'preferences.js');
  if (!fs.existsSync(file)) return null;
  const script = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');
  return { script, hash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` };
}

/** Inter's Latin file (apps/web/src/fonts.css), the one font every page writes with (digits and Latin names included). */
const LATIN_FONT = /^inter-latin-400-900-[\w-]+\.woff2$/;
/** Cairo's Arabic files in the three weights the interface uses (13 KB each): an Arabic page's text. */
const ARABIC_FONTS = /^cairo-arabic-(400|600|700)-normal-[\w-]+\.woff2$/;

/** The `<link rel="preload">` tags of the built font files whose names match, in name order. */
function fontPreloads(distDir: string, pattern: RegExp): string {
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
function withFontPreloads(html: string, preloads: string): string {
  return preloads ? html.replace('</head>', () => `${preloads}  </head>`) : html;
}

/** Pages a search engine should not index: accounts, back offices, payment and personal pages. */
const PRIVATE_PREFIXES = [
  '/api/',
  '/pay/',
  `${WEB_PATHS.client.root}/`,
  `${WEB_PATHS.partner.root}/`,
  `${WEB_PATHS.admin.root}/`,
  `${WEB_PATHS.supportPortal.root}/`,
  WEB_PATHS.checkout,
  WEB_PATHS.success,
  WEB_PATHS.auth,
  WEB_PATHS.invitation,
  WEB_PATHS.profile,
  '/v/',
  '/demo/',
];
/** Public pages listed in the sitemap besides the boxes. */
const PUBLIC_PAGES = [WEB_PATHS.home, WEB_PATHS.catalog, WEB_PATHS.howItWorks, WEB_PATHS.partners, WEB_PATHS.help];
const RENDERED_PAGES = new Set<string>(PUBLIC_PAGES);

/**
 * Whether the server draws the page (ADR 012): the public pages, a box's page and the 404 page outside the
 * signed-in areas; not the landing editor's preview, which shows a staff member's draft.
 */
function isRenderedPage(pathname: string, search: string): boolean {
  if (/(^|&)preview=/.test(search)) return false;
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (RENDERED_PAGES.has(normalized) || BOX_PAGE.test(pathname)) return true;
  const inPrivateArea = PRIVATE_PREFIXES.some((prefix) => (prefix.endsWith('/') ? pathname.startsWith(prefix) : normalized === prefix));
  return !isWebAppPath(pathname) && !inPrivateArea;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON inside <script>: no `</script>` nor `<!--` can end or change the block. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Where a box's picture for shared links is: changes with the picture, so a new picture is fetched anew. */
function shareImagePath(box: TBoxSummary): string {
  const version = createHash('sha1').update(box.imageUrl ?? '').digest('hex').slice(0, 8);
  return `/og/box/${encodeURIComponent(box.id)}.jpg?v=${version}`;
}

function shareImageMeta(url: string, alt: string, type = 'image/jpeg'): [string, string, string][] {
  return [
    ['property', 'og:image', url],
    ['property', 'og:image:type', type],
    ['property', 'og:image:width', String(SHARE_IMAGE.width)],
    ['property', 'og:image:height', String(SHARE_IMAGE.height)],
    ['property', 'og:image:alt', alt],
  ];
}

const metaTags = (meta: [string, string, string][]) =>
  meta.map(([attribute, name, content]) => `    <meta ${attribute}="${name}" content="${escapeHtml(content)}" />\n`).join('');

function shorten(text: string, max: number): string {
  // Runs of spaces and line breaks become one space; the no-break space inside prices stays.
  const flat = text.replace(/[^\S\u00a0]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

const isImagePath = (value: string) => /^\/[^/]/.test(value) && /\.(svg|png|jpe?g|webp|avif)$/i.test(value);

/** The encoding of the answer: brotli, else gzip, else none (an explicit `;q=0` refuses one). */
function negotiateEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * API answers a landing page asks for as soon as it runs, sent inside its HTML (`<script type=
 * "application/json" id="farha-boot">`, read by apps/web/src/lib/boot.ts): the phone draws the page once its
 * code has run, without one more round trip on a mobile network. Answers for anonymous visitors only, as
 * the API gives them (the same routes, through `inject`); the homepage's French texts, the one locale the
 * server can expect before the device says otherwise.
 */
const BOOT_COMMON = ['/api/site', '/api/landing?locale=fr'];
const BOOT_ANONYMOUS = '/api/auth/me';
/** Answers worth sending: what the API answered (2xx) and "not logged in" (401 of /api/auth/me). */
const BOOT_STATUSES = new Set([200, 401]);

interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** Open Graph, Twitter card and other head elements, already HTML. */
  extra: string;
}

/**
 * The built web app behind the API: hashed bundles pre-compressed at build time (brotli and gzip, see
 * apps/web/vite.config.ts) with a year's immutable caching; index.html never cached, sent for every page
 * of the app (HTTP 200) and for unknown paths (HTTP 404, the app shows its 404 page); box pages carry
 * their own title, description, Open Graph and Twitter tags and schema.org JSON-LD; robots.txt and
 * sitemap.xml for search engines.
 */
export async function webAppRoutes(
  app: FastifyInstance,
  options: { distDir: string; preferences: ReturnType<typeof inlinePreferences> },
): Promise<{ sendPage: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> }> {
  // The same script the Content-Security-Policy allows by its hash (app.ts).
  const { distDir, preferences } = options;
  const { publicUrl } = app.config;
  // Its comments are for the developers who read index.html, not for every visitor's phone.
  const indexHtml = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8').replace(/\n?\s*<!--[\s\S]*?-->/g, '');
  const template = withFontPreloads(
    preferences ? indexHtml.replace(PREFERENCES_TAG, () => `<script>${preferences.script}</script>`) : indexHtml,
    fontPreloads(distDir, LATIN_FONT),
  );
  const arabicFonts = fontPreloads(distDir, ARABIC_FONTS);
  const manifest = readManifest(distDir);
  const renderer = lazyRenderer(distDir);
  const preloads = {
    home: modulePreloads(manifest, PAGE_MODULES.home, template),
    catalog: modulePreloads(manifest, PAGE_MODULES.catalog, template),
    box: modulePreloads(manifest, PAGE_MODULES.box, template),
  };
  const ctx = () => ({ db: app.db, now: app.clock.now() });

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    preCompressed: true,
    // The ETag alone revalidates an unhashed file; Last-Modified would repeat it on every file sent.
    lastModified: false,
    setHeaders: (reply, file) => {
      const isHtml = /\.html(\.(br|gz))?$/.test(file);
      if (HASHED_ASSET.test(file)) {
        reply.header('cache-control', IMMUTABLE);
        // Never asked for again (its name changes with its content), so nothing to revalidate or resume; its
        // request id helps no one read a log. On a phone's first visit every header line is sent once per file.
        for (const name of ASSET_UNNEEDED_HEADERS) reply.removeHeader(name);
      } else if (isHtml) reply.header('cache-control', 'no-cache');
      // favicon.svg, preferences.js: unhashed names, so a day at most.
      else reply.header('cache-control', 'public, max-age=86400');
      // A script, a style sheet or a font is no document: the document's policies (CSP, framing, referrer…)
      // do not apply to it, and repeated on each of twenty files they were 23 KB of a first visit (issue 23).
      if (!isHtml) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name); // set by helmet on the raw response
    },
  });

  app.get('/robots.txt', async (_request, reply) => {
    const lines = ['User-agent: *', 'Allow: /', ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const boxes = await listActiveBoxes(ctx());
    const urls = [
      ...PUBLIC_PAGES.map((page) => `${publicUrl}${page === '/' ? '/' : page}`),
      ...boxes.map((box) => `${publicUrl}/box/${encodeURIComponent(box.id)}`),
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map((url) => `  <url><loc>${escapeHtml(url)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body);
  });

  /**
   * A page is sent many times for each time it is drawn or its boot answers change: compressed once, harder
   * (brotli 10: 8 % fewer bytes than 9 for the homepage, about 25 ms), in zlib's thread pool rather than on the
   * event loop.
   */
  const compress = (html: string, encoding: 'br' | 'gzip'): Promise<Buffer> =>
    encoding === 'br'
      ? brotliAsync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })
      : gzipAsync(html, { level: 9 });
  const compressed = new Map<string, Promise<Buffer>>();
  function encode(html: string, encoding: 'br' | 'gzip'): Promise<Buffer> {
    const key = `${encoding}:${html}`;
    let body = compressed.get(key);
    if (!body) {
      body = compress(html, encoding);
      if (compressed.size >= COMPRESSED_CACHE_SIZE) compressed.clear();
      compressed.set(key, body);
    }
    return body;
  }

  /** The API's answers to `urls` for an anonymous visitor, as `{ url: { status, body } }`. */
  async function bootAnswers(urls: string[]): Promise<Record<string, { status: number; body: unknown }>> {
    const answers = await Promise.all(
      urls.map(async (url) => {
        const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
        const isJson = res.headers['content-type']?.toString().includes('application/json') ?? false;
        return BOOT_STATUSES.has(res.statusCode) && isJson ? ([url, { status: res.statusCode, body: res.json<unknown>() }] as const) : null;
      }),
    );
    return Object.fromEntries(answers.filter((answer) => answer !== null));
  }

  function render(head: PageHead | null, preloadImage: string | null, modules: string, boot: Record<string, unknown> | null): string {
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
      html = html.replace('</head>', `    <link rel="preload" as="image" href="${escapeHtml(preloadImage)}" fetchpriority="high" />\n  </head>`);
    }
    return html;
  }

  function boxHead(box: TBoxSummary): PageHead {
    const url = `${publicUrl}/box/${encodeURIComponent(box.id)}`;
    const price = formatDzd(box.price, 'fr');
    const title = `${box.name} — ${price} | Farha`;
    const description = shorten(`${box.name}, coffret cadeau à ${price}. ${box.description}`, DESCRIPTION_LENGTH);
    const image = box.imageUrl ? (box.imageUrl.startsWith('/') ? `${publicUrl}${box.imageUrl}` : box.imageUrl) : null;
    // Shared links show a JPEG (WhatsApp and Facebook show neither WebP nor SVG); without a picture, the site's.
    const shareImage = box.imageUrl?.startsWith('/') ? `${publicUrl}${shareImagePath(box)}` : `${publicUrl}${SITE_SHARE_IMAGE}`;
    const meta: [string, string, string][] = [
      ['property', 'og:site_name', 'Farha'],
      ['property', 'og:type', 'product'],
      ['property', 'og:locale', 'fr_DZ'],
      ['property', 'og:locale:alternate', 'ar_DZ'],
      ['property', 'og:url', url],
      ['property', 'og:title', `${box.name} — ${price}`],
      ['property', 'og:description', description],
      ...shareImageMeta(shareImage, box.name),
      ['property', 'product:price:amount', String(box.price)],
      ['property', 'product:price:currency', 'DZD'],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', `${box.name} — ${price}`],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', shareImage],
    ];
    const product = {
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': url,
      name: box.name,
      description: box.description,
      sku: box.id,
      category: box.category,
      brand: { '@type': 'Brand', name: 'Farha' },
      ...(image ? { image } : {}),
      ...(box.rating !== null && box.reviewCount > 0
        ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: box.rating, reviewCount: box.reviewCount, bestRating: 5, worstRating: 1 } }
        : {}),
      offers: {
        '@type': 'Offer',
        url,
        price: box.price,
        priceCurrency: 'DZD',
        availability: 'https://schema.org/InStock',
        seller: { '@type': 'Organization', name: 'Farha' },
      },
    };
    const extra =
      metaTags(meta) +
      `    <script type="application/ld+json">${scriptJson(product)}</script>\n`;
    return { title, description, canonical: url, extra };
  }

  /** The tags of a page without its own (home, catalogue…): the site's title, description and picture. */
  function siteHead(pathname: string): PageHead {
    const url = `${publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
    const meta: [string, string, string][] = [
      ['property', 'og:site_name', 'Farha'],
      ['property', 'og:type', 'website'],
      ['property', 'og:locale', 'fr_DZ'],
      ['property', 'og:locale:alternate', 'ar_DZ'],
      ['property', 'og:url', url],
      ['property', 'og:title', SITE_TITLE],
      ['property', 'og:description', SITE_DESCRIPTION],
      ...shareImageMeta(`${publicUrl}${SITE_SHARE_IMAGE}`, 'Farha', 'image/png'),
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', SITE_TITLE],
      ['name', 'twitter:description', SITE_DESCRIPTION],
      ['name', 'twitter:image', `${publicUrl}${SITE_SHARE_IMAGE}`],
    ];
    return { title: SITE_TITLE, description: SITE_DESCRIPTION, canonical: url, extra: metaTags(meta) };
  }

  /** `GET /og/box/:id.jpg`: the box's picture as a shared link shows it (see shareImageJpeg). */
  const shareCache = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>('/og/box/:file', async (request, reply) => {
    const id = /^(.+)\.jpg$/.exec(request.params.file)?.[1];
    const box = id ? await findActiveBox(ctx(), id) : null;
    if (!box?.imageUrl?.startsWith('/')) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
    const key = `${box.id}:${box.imageUrl}`;
    let jpeg = shareCache.get(key);
    if (!jpeg) {
      // The picture as the browser gets it: an uploaded file (/api/files/…) or a demo picture (/images/…).
      const source = await app.inject({ method: 'GET', url: box.imageUrl });
      if (source.statusCode !== 200) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      try {
        jpeg = await shareImageJpeg(source.rawPayload);
      } catch (error) {
        request.log.warn({ err: error, boxId: box.id }, 'box picture could not be drawn for shared links');
        return reply.redirect(SITE_SHARE_IMAGE, 302);
      }
      if (shareCache.size >= SHARE_CACHE_SIZE) shareCache.clear();
      shareCache.set(key, jpeg);
    }
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(jpeg);
  });

  /** The homepage's LCP picture: the first slide of the hero carousel when it is a picture. */
  async function homeHeroImage(): Promise<string | null> {
    try {
      const landing = await getLanding(ctx(), 'fr');
      const background = landing.hero.slides[0]?.background.trim() ?? '';
      return isImagePath(background) ? background : null;
    } catch {
      return null;
    }
  }

  /** The API's answer to `GET path` for an anonymous visitor, for the server's rendering. */
  async function anonymousAnswer(url: string): Promise<{ status: number; body: unknown }> {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    const isJson = res.headers['content-type']?.toString().includes('application/json') ?? false;
    return { status: res.statusCode, body: isJson ? res.json<unknown>() : null };
  }

  /**
   * Pages drawn on the server, by language and URL. They are the same for every visitor (drawn for an
   * anonymous one: a signed-in visitor's own state comes after hydration), so one answer serves all.
   */
  const rendered = new Map<string, RenderedPage>();
  const drawings = new Map<string, Promise<RenderedPage | null>>();
  function keep(key: string, page: RenderedPage): void {
    if (rendered.size >= RENDERED_CACHE_SIZE) {
      for (const old of [...rendered.keys()].slice(0, RENDERED_CACHE_SIZE / 2)) rendered.delete(old);
    }
    rendered.set(key, page);
  }
  function sendRendered(request: FastifyRequest, reply: FastifyReply, page: RenderedPage): FastifyReply | Promise<FastifyReply> {
    const anonymous = !request.cookies[SESSION_COOKIE];
    const html = anonymous ? page.anonymousHtml : page.html;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    // The language and session cookies choose the page: no shared cache may mix them.
    reply.status(page.status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie');
    if (!encoding) return reply.send(html);
    const key = `${anonymous ? 'anonymous' : 'session'} ${encoding}`;
    let body = page.encoded.get(key);
    if (!body) page.encoded.set(key, (body = compress(html, encoding)));
    return body.then((bytes) => reply.header('content-encoding', encoding).send(bytes));
  }

  /** The template with the drawn page in `#root`, its data beside it, in its language, direction and fonts. */
  function withRenderedApp(html: string, locale: 'fr' | 'ar', page: { html: string; state: string }): string {
    return withFontPreloads(afterFirstPaint(html), locale === 'ar' ? arabicFonts : '')
      .replace('<html lang="fr" dir="ltr">', locale === 'ar' ? '<html lang="ar" dir="rtl" data-rendered>' : '<html lang="fr" dir="ltr" data-rendered>')
      .replace('<div id="root"></div>', `<div id="root">${page.html}</div>\n    <script type="application/json" id="farha-ssr">${page.state}</script>`);
  }

  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const [pathname = '/', search = ''] = request.url.split('?');
    const renderable = renderer !== null && isRenderedPage(pathname, search);
    const locale = request.cookies[LOCALE_COOKIE] === 'ar' ? 'ar' : 'fr';
    const renderKey = `${locale} ${request.url}`;
    if (renderable) {
      const hit = rendered.get(renderKey);
      if (hit && hit.version === storefrontVersion() && performance.now() - hit.at < RENDERED_TTL_MS) return sendRendered(request, reply, hit);
    }
    let status = isWebAppPath(pathname) ? 200 : 404;
    let head: PageHead | null = null;
    let preload: string | null = null;
    const bootUrls: string[] = [];

    const boxMatch = BOX_PAGE.exec(pathname);
    if (boxMatch) {
      let id = '';
      try {
        id = decodeURIComponent(boxMatch[1] ?? '');
      } catch {
        /* a malformed escape is an unknown box */
      }
      const box = id ? await findActiveBox(ctx(), id) : null;
      if (box) {
        head = boxHead(box);
        preload = box.imageUrl && isImagePath(box.imageUrl) ? box.imageUrl : null;
        bootUrls.push(`/api/boxes/${encodeURIComponent(box.id)}`);
      } else status = 404;
    } else if (pathname === WEB_PATHS.home) {
      preload = await homeHeroImage();
      bootUrls.push(`/api/boxes?limit=${HOME_FEATURED_BOXES}`);
    } else if (pathname === WEB_PATHS.catalog && !request.url.includes('?')) {
      // The unfiltered catalogue opens on the most popular box: its picture is the page's largest.
      const [first] = await listActiveBoxes(ctx());
      preload = first?.imageUrl && isImagePath(first.imageUrl) ? first.imageUrl : null;
      bootUrls.push('/api/boxes');
    }
    const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    if (!head && status === 200) head = siteHead(normalized);
    const modules =
      status !== 200 ? '' : boxMatch ? preloads.box : normalized === WEB_PATHS.catalog ? preloads.catalog : normalized === WEB_PATHS.home ? preloads.home : '';

    if (renderable) {
      // Visitors asking for a page being drawn wait for that drawing rather than start their own.
      let drawing = drawings.get(renderKey);
      if (!drawing) {
        const version = storefrontVersion();
        drawing = (async () => {
          const page = await renderer.render(request.url, locale, anonymousAnswer);
          if (!page) return null;
          const html = withRenderedApp(render(head, preload, modules, null), locale, page);
          const anonymousHtml = withRenderedApp(render(head, preload, modules, await bootAnswers([BOOT_ANONYMOUS])), locale, page);
          const drawn: RenderedPage = { status, html, anonymousHtml, version, at: performance.now(), encoded: new Map() };
          keep(renderKey, drawn);
          return drawn;
        })()
          .catch((error: unknown) => {
            // The browser draws the page then, as it did before the server could.
            request.log.error({ err: error }, 'server rendering failed');
            return null;
          })
          .finally(() => drawings.delete(renderKey));
        drawings.set(renderKey, drawing);
      }
      const drawn = await drawing;
      if (drawn) return sendRendered(request, reply, drawn);
    }

    let boot: Record<string, unknown> | null = null;
    if (status === 200 && bootUrls.length > 0) {
      // A visitor with a session gets its own answer to /api/auth/me from the API, never one in a page.
      const anonymous = !request.cookies[SESSION_COOKIE];
      boot = await bootAnswers([...BOOT_COMMON, ...bootUrls, ...(anonymous ? [BOOT_ANONYMOUS] : [])]);
    }

    const html = render(head, preload, modules, boot);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    // With answers inside, the page differs with and without a session: no shared cache may mix the two.
    const vary = boot ? 'accept-encoding, cookie' : 'accept-encoding';
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', vary);
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await encode(html, encoding));
  }

  return { sendPage };
}
