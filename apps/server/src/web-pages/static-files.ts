import type { FastifyStaticOptions } from '@fastify/static';
import { REQUEST_ID_HEADER } from '../lib/logging.ts';

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

/**
 * How the built files are served (@fastify/static): hashed bundles pre-compressed at build time (brotli and
 * gzip, see apps/web/vite.config.ts) with a year's immutable caching, an HTML file never cached, any other
 * file a day at most.
 */
export function staticFilesOptions(distDir: string) {
  return {
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
  } satisfies FastifyStaticOptions;
}
