import type { TBasket } from '@farha/contracts/basket';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { basketQueryKey } from './basket';
import { onPageExit, saveLineOnExit } from './basket-lines';

// Issue 34: a line's recipient or message typed in the last 600 ms before the tab closes is not lost: the edit
// waiting for its save is sent when the page goes away, in a request the browser completes after it (keepalive).

afterEach(() => vi.unstubAllGlobals());

describe('saving a line as the page goes away', () => {
  it('sends the waiting fields at once as a keepalive PATCH with the session cookie, and keeps the basket answered', async () => {
    const basket: TBasket = { lines: [], total: 0, count: 0, maxLines: 20 };
    const fetch = vi.fn(async () => new Response(JSON.stringify(basket), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const client = new QueryClient();
    await saveLineOnExit(client, 'line 1', { recipientName: 'Nadia', personalMessage: 'Joyeux anniversaire' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/client/basket/lines/line%201');
    expect(init).toMatchObject({ method: 'PATCH', keepalive: true, credentials: 'same-origin' });
    expect(JSON.parse(init.body as string)).toEqual({ recipientName: 'Nadia', personalMessage: 'Joyeux anniversaire' });
    expect(client.getQueryData(basketQueryKey)).toEqual(basket);
  });

  it('fails with the server’s error code when the edit is refused', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: { code: 'BASKET_LINE_NOT_FOUND', message: 'x' } }), { status: 404, headers: { 'content-type': 'application/json' } }));
    await expect(saveLineOnExit(new QueryClient(), 'gone', { recipientName: 'Nadia' })).rejects.toMatchObject({ status: 404, code: 'BASKET_LINE_NOT_FOUND' });
  });

  it('leaves on pagehide and on the page hidden (another app), not when it comes back; stops listening when done', () => {
    const win = new EventTarget();
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const leave = vi.fn();
    const stop = onPageExit(win, doc, leave);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(leave).not.toHaveBeenCalled();
    doc.visibilityState = 'hidden';
    doc.dispatchEvent(new Event('visibilitychange'));
    win.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledTimes(2);
    stop();
    win.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledTimes(2);
  });
});
