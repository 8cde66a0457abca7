/// <reference types="node" />
/**
 * The storefront's public pages drawn on the server (docs/decisions/012-react-and-server-rendering.md):
 * apps/server/src/routes/public/web-app.ts loads this module's build (apps/web/dist/.ssr/entry-server.js)
 * and asks it for a page's HTML. The same routes and components as the browser's (main.tsx hydrates what
 * is drawn here), the data they asked for answered by the API in process, and sent with the page so that
 * hydration asks the API nothing again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { TLocale } from '@farha/contracts/auth';
import { dehydrate, skipToken, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Hydrated } from './app/hydrated';
import { AppProviders, createQueryClient } from './app/providers';
import { routes } from './app/router';
import { setApiTransport } from './lib/api';
import { isDrawnFailure, sendableState } from './lib/hydration';
import { loadAllArabic, setRenderLocale } from './lib/i18n';

/** The API's answer to `GET path` for an anonymous visitor (the server answers it in process). */
export type ApiAnswer = (path: string) => Promise<{ status: number; body: unknown }>;

export interface RenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The data the page was drawn with (TanStack Query's dehydrated cache), as JSON safe inside `<script>`. */
  state: string;
}

/** Renders again while the last render asked for data it did not have (a page's data may depend on other data). */
const MAX_PASSES = 4;

const requestApi = new AsyncLocalStorage<ApiAnswer>();
setApiTransport(async (input) => {
  const answer = requestApi.getStore();
  if (!answer) throw new Error('An API call outside a server render');
  const { status, body } = await answer(String(input));
  const empty = status === 204 || status === 304;
  return new Response(empty ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
});

const handler = createStaticHandler(routes);
const ready = loadAllArabic();

/** Whether a page's query asks for its data (`enabled`); none is observed on the server, so Query's own isDisabled does not tell. */
function isEnabled(query: Query): boolean {
  const { enabled, queryFn } = query.options as { enabled?: boolean | ((q: Query) => boolean); queryFn?: unknown };
  return queryFn !== undefined && queryFn !== skipToken && (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

async function renderNow(url: string, locale: TLocale, api: ApiAnswer): Promise<RenderedPage | null> {
  await ready;
  await setRenderLocale(locale);
  const context = await handler.query(new Request(new URL(url, 'http://farha.invalid')));
  if (context instanceof Response) return null;
  const client = createQueryClient();
  let html = '';
  let failure: unknown = null;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const router = createStaticRouter(handler.dataRoutes, context);
    const { prelude } = await prerender(
      <StrictMode>
        <AppProviders client={client}>
          <Hydrated>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Hydrated>
        </AppProviders>
      </StrictMode>,
      { onError: (error) => void (failure ??= error) },
    );
    // A part that failed would be drawn by the browser instead, unlike the server's: the whole page is then.
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
    html = await new Response(prelude).text();
    const missing = client.getQueryCache().getAll().filter((query) => query.state.status === 'pending' && isEnabled(query));
    if (missing.length === 0) break;
    await requestApi.run(api, () => Promise.all(missing.map((query) => query.fetch().catch(() => undefined))));
  }
  const queries = client.getQueryCache().getAll();
  // A page drawn with a failed or missing answer would be drawn otherwise in the browser: it is left to it,
  // unless the failure is what the page shows (an unknown box's « Coffret non trouvé »), sent with the page.
  const drawnAsIs = (query: Query) => query.state.status === 'success' || isDrawnFailure(query.state.error);
  if (queries.some((query) => !drawnAsIs(query) && isEnabled(query))) return null;
  const dehydrated = dehydrate(client, { shouldDehydrateQuery: drawnAsIs, shouldRedactErrors: () => false });
  const state = JSON.stringify(sendableState(dehydrated)).replace(/</g, '\\u003c');
  client.clear();
  return { html, state };
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * The page at `url` (path and query) in `locale`, for an anonymous visitor; null when it cannot be drawn
 * here (the browser then draws it, as before). One render at a time: the interface language is global.
 */
export function render(url: string, locale: TLocale, api: ApiAnswer): Promise<RenderedPage | null> {
  const run = queue.then(() => renderNow(url, locale, api));
  queue = run.catch(() => undefined);
  return run;
}
