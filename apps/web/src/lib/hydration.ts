import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api';

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

/**
 * Lets the browser run what waits (a tap, a paint) before the next step of starting the app: main.tsx splits
 * its start into tasks shorter than a phone's 50 ms budget instead of one long one (issue 34, the storefront's
 * blocking time). A message, not a timer, so that no step waits for a timer's minimum delay.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Called by main.tsx before `hydrateRoot`, and by the root once the hydrated page is on screen. */
export function setHydrating(value: boolean): void {
  hydrating = typeof window === 'undefined' || value;
}

/** The id of the JSON block with the data the server drew the page with (entry-server.tsx writes it). */
export const SSR_STATE_ID = 'farha-ssr';

/** A query's failure as it travels in the page: an ApiError's fields (an Error's message is not enumerable). */
interface SentError {
  name: 'ApiError';
  status: number;
  code: string;
  message: string;
}

/**
 * Whether a page drawn with this failure is the page the browser would draw: a box that does not exist is the
 * box page's « Coffret non trouvé » (status 404), not a page to leave to the browser.
 */
export function isDrawnFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 404;
}

/** The server's side: the failures a page was drawn with, as JSON can carry them. */
export function sendableState(state: DehydratedState): DehydratedState {
  for (const query of state.queries) {
    const { error } = query.state;
    if (error instanceof ApiError) {
      const sent: SentError = { name: 'ApiError', status: error.status, code: error.code, message: error.message };
      (query.state as { error: unknown }).error = sent;
    }
  }
  return state;
}

/** The browser's side: the page's data is fresh as of now, and its failures are ApiErrors again. */
export function receivedState(state: DehydratedState, now: number): DehydratedState {
  for (const query of state.queries) {
    const sent = query.state.error as SentError | null | undefined;
    if (sent?.name === 'ApiError') {
      (query.state as { error: unknown }).error = new ApiError(sent.status, sent.code, sent.message);
      query.state.errorUpdatedAt = now;
    } else query.state.dataUpdatedAt = now;
  }
  return state;
}

const UNTYPED_INPUTS = new Set(['button', 'submit', 'reset', 'image', 'hidden', 'file', 'checkbox', 'radio']);

/**
 * What a visitor typed or ticked in a drawn page before it was hydrated, told to React once it is (the root's
 * effect, app/hydrated.tsx). React keeps such a value in the field but takes it for the value it drew, so the
 * state behind the field stays the server's: a newsletter address typed early would leave « S'inscrire »
 * disabled. Each such field is put back to what was drawn, through the setter React watches, then changed to
 * what was typed as the browser does on input, so that its `onChange` runs.
 */
export function adoptEarlyInput(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      // A radio ticked early is ticked again (the one it replaced follows); one unticked by it has nothing to say.
      if (field.checked === field.defaultChecked || (field.type === 'radio' && !field.checked)) continue;
      field.checked = field.defaultChecked;
      field.click();
    } else if (!(field instanceof HTMLInputElement && UNTYPED_INPUTS.has(field.type)) && field.value !== field.defaultValue) {
      const typed = field.value;
      field.value = field.defaultValue;
      const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
