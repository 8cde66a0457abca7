import { isPartnerRole, type TRole } from '@farha/contracts/plain/roles';
import { useSyncExternalStore } from 'react';

/**
 * Issue 36 (docs/product/live-chat.md): « Discuter avec un conseiller » opens the live chat's panel from the
 * customer's, the partner's and the public help centre. The panel is the chat feature's, mounted once by the
 * app shell; pages only ask for it here (features never import one another).
 */
type PanelState = { open: boolean; wanted: boolean };

let state: PanelState = { open: false, wanted: false };
const listeners = new Set<() => void>();

function set(next: Partial<PanelState>) {
  state = { ...state, ...next };
  for (const notify of listeners) notify();
}

/** This browser has a chat under way: after a reload the panel reads it again (GET /api/chat/current). */
export const LIVE_CHAT_RESUME_KEY = 'farha.chat.open';

export function openLiveChat(): void {
  set({ open: true, wanted: true });
}

export function closeLiveChat(): void {
  set({ open: false });
}

/** The panel's code is loaded (`wanted`) once asked for, or when this browser had a chat under way. */
export function wantLiveChat(): void {
  if (!state.wanted) set({ wanted: true });
}

export function useLiveChatPanel(): PanelState {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => state,
    () => state,
  );
}

/** How this browser left its chat under way: the panel open or minimised; null when there is none. */
export function liveChatToResume(): 'open' | 'minimised' | null {
  try {
    const value = typeof localStorage === 'undefined' ? null : localStorage.getItem(LIVE_CHAT_RESUME_KEY);
    return value === 'open' || value === 'minimised' ? value : null;
  } catch {
    return null;
  }
}

export function rememberLiveChat(underWay: 'open' | 'minimised' | null): void {
  try {
    if (underWay) localStorage.setItem(LIVE_CHAT_RESUME_KEY, underWay);
    else localStorage.removeItem(LIVE_CHAT_RESUME_KEY);
  } catch {
    // Private browsing without storage: the chat is found again from the help centre's button.
  }
}

/** Who may chat (docs/product/live-chat.md): a visitor, a customer or a partner's member; back-office roles have the desk. */
export function mayStartLiveChat(role: TRole | null | undefined): boolean {
  return !role || role === 'customer' || isPartnerRole(role);
}
