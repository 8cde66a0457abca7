import { afterEach, describe, expect, it, vi } from 'vitest';

/** A page whose HTML carries `answers` in the boot block, as the server writes it. */
async function pageWith(answers: string | null) {
  vi.resetModules();
  vi.stubGlobal('document', {
    getElementById: (id: string) => (id === 'farha-boot' && answers !== null ? { textContent: answers } : null),
  });
  return import('./boot');
}

afterEach(() => vi.unstubAllGlobals());

describe('takeBootAnswer', () => {
  it("answers a call with the server's answer once; the next call of the same path goes to the network", async () => {
    const { takeBootAnswer } = await pageWith(JSON.stringify({ '/api/boxes': { status: 200, body: { boxes: [1] } } }));
    expect(takeBootAnswer('/api/boxes', 500)).toEqual({ status: 200, body: { boxes: [1] } });
    expect(takeBootAnswer('/api/boxes', 600)).toBeUndefined();
    expect(takeBootAnswer('/api/site', 600)).toBeUndefined();
  });

  it('keeps "not logged in" as the API answered it', async () => {
    const { takeBootAnswer } = await pageWith(JSON.stringify({ '/api/auth/me': { status: 401, body: { error: { code: 'UNAUTHENTICATED', message: 'x' } } } }));
    expect(takeBootAnswer('/api/auth/me', 10)?.status).toBe(401);
  });

  it('does not serve an answer more than a minute old: the page has been open long enough for it to change', async () => {
    const { takeBootAnswer } = await pageWith(JSON.stringify({ '/api/boxes': { status: 200, body: {} } }));
    expect(takeBootAnswer('/api/boxes', 60_001)).toBeUndefined();
  });

  it('sends every call to the network when the page has no block or an unreadable one', async () => {
    expect((await pageWith(null)).takeBootAnswer('/api/boxes', 0)).toBeUndefined();
    expect((await pageWith('{"/api/boxes": ')).takeBootAnswer('/api/boxes', 0)).toBeUndefined();
    expect((await pageWith('{"/api/boxes": {"body": 1}}')).takeBootAnswer('/api/boxes', 0)).toBeUndefined();
  });
});
