import { storefrontVersion } from '../lib/storefront-version.ts';
import { type BodyEncoding, encodeHtml } from './compression.ts';

/** Pages drawn on the server kept (path, query and language); the oldest half goes when full. */
const RENDERED_CACHE_SIZE = 1000;
/**
 * How long a drawn page is kept at most: writes made here drop it at once (lib/storefront-version.ts); this
 * bounds what another server instance's writes, or the passing of time, leave stale (the catalogue's own
 * cache lives as long, modules/catalog/cache.ts).
 */
const RENDERED_TTL_MS = 60_000;

/**
 * A drawn page, the same for every visitor, with its compressed forms once asked for. A visitor without a
 * session gets it with the API's "not logged in" inside (lib/boot.ts): the header shows the sign-in links
 * without one more round trip. Nothing of a session is ever in it.
 */
export interface RenderedPage {
  status: number;
  html: string;
  anonymousHtml: string;
  version: number;
  at: number;
  /**
   * Its bodies as sent, by session kind and encoding: compressed once, off the event loop, or as they are for
   * a client that takes no compression (`identity`), encoded once. Made when first asked for.
   */
  encoded: Map<string, Promise<Buffer>>;
}

/** A drawn page's body for a visitor with or without a session, made once per kind and encoding. */
export function renderedBody(page: RenderedPage, anonymous: boolean, encoding: BodyEncoding): Promise<Buffer> {
  const html = anonymous ? page.anonymousHtml : page.html;
  const key = `${anonymous ? 'anonymous' : 'session'} ${encoding}`;
  let body = page.encoded.get(key);
  if (!body) page.encoded.set(key, (body = encodeHtml(html, encoding)));
  return body;
}

/**
 * Pages drawn on the server, by language and URL. They are the same for every visitor (drawn for an
 * anonymous one: a signed-in visitor's own state comes after hydration), so one answer serves all.
 */
export function createRenderedCache() {
  const rendered = new Map<string, RenderedPage>();
  const drawings = new Map<string, Promise<RenderedPage | null>>();
  return {
    /** The page kept under `key`, unless the storefront changed since it was drawn or it is too old. */
    fresh(key: string): RenderedPage | undefined {
      const hit = rendered.get(key);
      return hit && hit.version === storefrontVersion() && performance.now() - hit.at < RENDERED_TTL_MS ? hit : undefined;
    },
    keep(key: string, page: RenderedPage): void {
      if (rendered.size >= RENDERED_CACHE_SIZE) {
        for (const old of [...rendered.keys()].slice(0, RENDERED_CACHE_SIZE / 2)) rendered.delete(old);
      }
      rendered.set(key, page);
    },
    /** Visitors asking for a page being drawn wait for that drawing rather than start their own. */
    drawing(key: string, draw: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> {
      let drawing = drawings.get(key);
      if (!drawing) {
        drawing = draw().finally(() => drawings.delete(key));
        drawings.set(key, drawing);
      }
      return drawing;
    },
  };
}
