/**
 * A counter of the writes that change what the storefront's public pages show: the catalogue (boxes,
 * offers, partners, reviews), the landing page and the settings. The server's cache of rendered pages
 * (web-pages/rendered-cache.ts) keeps a page only while the counter has not moved since it was drawn.
 * Called by the modules' own cache invalidations, so that a write that refreshes them refreshes the pages.
 */
let version = 0;

export function storefrontChanged(): void {
  version += 1;
}

export function storefrontVersion(): number {
  return version;
}
