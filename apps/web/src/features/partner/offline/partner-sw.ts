/// <reference lib="webworker" />
/**
 * The partner portal's service worker (issue 26), built by vite-plugin-pwa (injectManifest) into
 * /partner-sw.js and registered with the scope /partenaire/ only: no storefront, customer or back-office
 * page is ever under its control. It keeps the app's code (the list vite-plugin-pwa writes into
 * `sw.__WB_MANIFEST`) and the portal's page, so that the portal and its scanner open without a network.
 * It never stores an API answer: the scanner keeps its own signed voucher list in IndexedDB.
 */
const sw = globalThis as unknown as ServiceWorkerGlobalScope;
// The literal `self.__WB_MANIFEST` is where vite-plugin-pwa writes the list of the build's files.
const manifest = (self as unknown as { __WB_MANIFEST: { url: string; revision: string | null }[] }).__WB_MANIFEST;

const SCOPE = '/partenaire/';
/** The page every partner address serves (the app's shell): kept under one key, refreshed at each visit. */
const SHELL_URL = '/partenaire/scanner';
const SHELL_CACHE = 'farha-partner-shell';
const ASSET_CACHE = 'farha-partner-assets';

const precache = manifest.map((entry) => ({
  url: new URL(entry.url, sw.location.origin).href,
  key: new URL(entry.url, sw.location.origin).href + (entry.revision ? `?__rev=${entry.revision}` : ''),
}));
const precacheKeys = new Set(precache.map((entry) => entry.key));
const keyOf = new Map(precache.map((entry) => [entry.url, entry.key]));

sw.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSET_CACHE);
      const missing = [];
      for (const entry of precache) if (!(await assets.match(entry.key))) missing.push(entry);
      await Promise.all(
        missing.map(async (entry) => {
          const response = await fetch(entry.url, { cache: 'no-cache' });
          if (response.ok) await assets.put(entry.key, response);
        }),
      );
      const shell = await fetch(SHELL_URL, { credentials: 'same-origin', cache: 'no-cache' });
      if (shell.ok) await (await caches.open(SHELL_CACHE)).put(SHELL_URL, shell);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      // Files of an older build go: only the current list stays.
      const assets = await caches.open(ASSET_CACHE);
      for (const request of await assets.keys()) if (!precacheKeys.has(request.url)) await assets.delete(request);
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin) return;
  // API answers, payments and uploads: always the network, never stored here.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/pay/')) return;

  if (request.mode === 'navigate') {
    if (!url.pathname.startsWith(SCOPE)) return;
    event.respondWith(portalPage(request));
    return;
  }
  const key = keyOf.get(url.href);
  if (key) event.respondWith(asset(request, key));
});

/** The network's page when it answers (kept as the shell), else the last one kept. */
async function portalPage(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && response.headers.get('content-type')?.includes('text/html')) {
      await (await caches.open(SHELL_CACHE)).put(SHELL_URL, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
}

async function asset(request: Request, key: string): Promise<Response> {
  const assets = await caches.open(ASSET_CACHE);
  const kept = await assets.match(key);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await assets.put(key, response.clone());
  return response;
}
