import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveChatToResume, mayStartLiveChat, rememberLiveChat } from './live-chat';

describe('who is offered the live chat', () => {
  it('is a visitor, a customer or a partner’s member; the back office has the desk', () => {
    expect([null, undefined, 'customer', 'partner_owner', 'partner_staff'].map((role) => mayStartLiveChat(role as never))).toEqual([true, true, true, true, true]);
    expect((['support', 'superadmin', 'finance', 'catalog_admin', 'company_admin', 'company_buyer'] as const).map((role) => mayStartLiveChat(role))).toEqual([false, false, false, false, false, false]);
  });
});

describe('a chat under way, remembered for the next page load', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps whether the panel was open or minimised, and forgets an ended chat', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
    expect(liveChatToResume()).toBeNull();
    rememberLiveChat('open');
    expect(liveChatToResume()).toBe('open');
    rememberLiveChat('minimised');
    expect(liveChatToResume()).toBe('minimised');
    rememberLiveChat(null);
    expect(liveChatToResume()).toBeNull();
    store.set('farha.chat.open', 'something else');
    expect(liveChatToResume()).toBeNull();
  });

  it('reads nothing where there is no storage', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(liveChatToResume()).toBeNull();
    expect(() => rememberLiveChat('open')).not.toThrow();
  });
});
