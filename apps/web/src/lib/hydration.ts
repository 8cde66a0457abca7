/**
 * Whether the app is hydrating a page the server rendered (main.tsx, entry-server.tsx). While it does, what
 * only the browser knows (the saved theme, the scroll position) must not change the first render: it has to
 * draw what the server drew, and takes the device's values in a layout effect right after, before the paint.
 * On the server (no `window`) it is always true: the server draws the defaults.
 */
let hydrating = typeof window === 'undefined';

export function isHydrating(): boolean {
  return hydrating;
}

/** Called by main.tsx before `hydrateRoot`, and by the root once the hydrated page is on screen. */
export function setHydrating(value: boolean): void {
  hydrating = typeof window === 'undefined' || value;
}

/** The id of the JSON block with the data the server drew the page with (entry-server.tsx writes it). */
export const SSR_STATE_ID = 'farha-ssr';
