import type { TAuthResponse } from '@farha/contracts/auth';
import { isPartnerRole } from '@farha/contracts/plain/roles';

/**
 * Issue 26: the partner portal opens without a network. The last session of a partner user is kept on
 * the device, and used only when the server cannot be reached from a /partenaire/ page; the server still
 * checks the session cookie on every call once the network returns. Any other role keeps nothing here.
 */
const KEY = 'farha.partner.offline-session';
const PORTAL = '/partenaire/';

export function rememberOfflineSession(session: TAuthResponse): void {
  try {
    if (isPartnerRole(session.user.role)) localStorage.setItem(KEY, JSON.stringify(session));
    else localStorage.removeItem(KEY);
  } catch {
    // Private browsing without storage: the portal simply needs the network.
  }
}

export function offlineSession(): TAuthResponse | null {
  if (!window.location.pathname.startsWith(PORTAL)) return null;
  try {
    const stored = localStorage.getItem(KEY);
    return stored ? (JSON.parse(stored) as TAuthResponse) : null;
  } catch {
    return null;
  }
}

/** Forgets the partner's offline copies (session, membership): logout or an ended session. */
export function forgetOfflineSession(): void {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith('farha.partner.offline-')) localStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}

/** A value the portal reads while offline (e.g. the membership), kept with the session and forgotten with it. */
export function keepOffline(name: string, value: unknown): void {
  try {
    localStorage.setItem(`farha.partner.offline-${name}`, JSON.stringify(value));
  } catch {
    // nothing kept
  }
}

export function readOffline<T>(name: string): T | null {
  try {
    const stored = localStorage.getItem(`farha.partner.offline-${name}`);
    return stored ? (JSON.parse(stored) as T) : null;
  } catch {
    return null;
  }
}
