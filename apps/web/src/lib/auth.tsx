// Types only: every page loads this file and its answers are read without zod (lib/api.ts).
import type { TAuthResponse, TLocale, TLoginRequest, TRegisterRequest, TUser } from '@farha/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { api, ApiError, onSessionExpired } from './api';
import { changeLocale, currentLocale, errorMessage, storedLocale } from './i18n';
import { forgetOfflineSession, offlineSession, rememberOfflineSession } from './offline-session';

export type AuthStatus = 'loading' | 'authenticated' | 'anonymous';

interface AuthContextValue {
  status: AuthStatus;
  user: TUser | null;
  expiresAt: string | null;
  /** Set (to a timestamp) when the session ended on its own; the router then sends the user to /auth. */
  sessionExpiredAt: number | null;
  login: (request: TLoginRequest) => Promise<TUser>;
  register: (request: TRegisterRequest) => Promise<TUser>;
  /**
   * Ends the session on the server, then opens `then` as a new page: nothing of the user's data stays in
   * memory, and no page behind a guard can send the browser elsewhere meanwhile. When the server cannot be
   * reached the user stays logged in and is told why.
   */
  logout: (then: string) => Promise<void>;
  /** Saves the interface language on this device and, when logged in, on the account. */
  setLocale: (locale: TLocale) => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

// setTimeout's delay is a signed 32-bit number: longer waits (a 30-day session) are done in steps.
const MAX_TIMER_DELAY_MS = 2 ** 31 - 1;
// When the server still accepts a session the local clock thinks is over (clock skew), or could not be
// reached, look again after this delay rather than in a tight loop.
const RECHECK_DELAY_MS = 60_000;

async function fetchSession(): Promise<TAuthResponse | null> {
  try {
    return await api.get<TAuthResponse>('/api/auth/me');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) {
      console.warn('Could not check the session', error);
      // No network on a partner page: the partner's last session (issue 26, the offline scanner).
      return offlineSession();
    }
    return null;
  }
}

function saveAccountLocale(locale: TLocale): void {
  api.patch('/api/auth/me', { locale }).catch((error: unknown) => toast.error(errorMessage(error)));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<TAuthResponse | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [sessionExpiredAt, setSessionExpiredAt] = useState<number | null>(null);
  // Read by callbacks that outlive a render (the 401 listener, timers).
  const sessionRef = useRef<TAuthResponse | null>(null);

  const startSession = useCallback((next: TAuthResponse) => {
    // The device's language choice wins; without one, adopt the account's.
    const deviceLocale = storedLocale();
    let user = next.user;
    if (!deviceLocale) changeLocale(user.locale);
    else if (deviceLocale !== user.locale) {
      user = { ...user, locale: deviceLocale };
      saveAccountLocale(deviceLocale);
    }
    const value = { ...next, user };
    rememberOfflineSession(value);
    sessionRef.current = value;
    setSession(value);
    setStatus('authenticated');
  }, []);

  const endSession = useCallback(() => {
    forgetOfflineSession();
    sessionRef.current = null;
    setSession(null);
    setStatus('anonymous');
    queryClient.clear(); // nothing of the previous user's data may outlive the session
  }, [queryClient]);

  const expire = useCallback(() => {
    if (!sessionRef.current) return;
    endSession();
    // The router sends the user to /auth, which shows 'Session expirée. Veuillez vous reconnecter.'
    setSessionExpiredAt(Date.now());
  }, [endSession]);

  useEffect(() => {
    let cancelled = false;
    void fetchSession().then((found) => {
      if (cancelled) return;
      // A transition: every page reads the session, and the redraw it causes right after a drawn page is
      // hydrated yields to the browser instead of holding a phone's main thread for the whole page (issue 34).
      startTransition(() => {
        if (found) startSession(found);
        else setStatus('anonymous');
      });
    });
    return () => {
      cancelled = true;
    };
  }, [startSession]);

  // Any ordinary call answered 401 while logged in: the session ended on the server.
  useEffect(() => onSessionExpired(expire), [expire]);

  // Timer at expiresAt; the server has the last word (it may have extended the session).
  const expiresAt = session?.expiresAt ?? null;
  useEffect(() => {
    if (!expiresAt) return;
    const expiresMs = Date.parse(expiresAt);
    let timer: number | undefined;
    let stopped = false;

    const arm = (delay: number) => {
      window.clearTimeout(timer);
      timer = window.setTimeout(check, Math.min(Math.max(delay, 0), MAX_TIMER_DELAY_MS));
    };
    const check = async () => {
      if (Date.now() < expiresMs) return arm(expiresMs - Date.now());
      try {
        const current = await api.get<TAuthResponse>('/api/auth/me');
        if (stopped) return;
        if (current.expiresAt !== expiresAt) startSession(current);
        else arm(RECHECK_DELAY_MS);
      } catch (error) {
        if (stopped) return;
        if (error instanceof ApiError && error.status === 401) expire();
        else arm(RECHECK_DELAY_MS);
      }
    };
    // Background tabs throttle timers: check again as soon as the page is visible.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() >= expiresMs) void check();
    };

    arm(expiresMs - Date.now());
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [expiresAt, expire, startSession]);

  const login = useCallback(
    async (request: TLoginRequest) => {
      const next = await api.post<TAuthResponse>('/api/auth/login', request);
      queryClient.clear();
      setSessionExpiredAt(null);
      startSession(next);
      return next.user;
    },
    [queryClient, startSession],
  );

  const register = useCallback(
    async (request: TRegisterRequest) => {
      const next = await api.post<TAuthResponse>('/api/auth/register', { ...request, locale: request.locale ?? currentLocale() });
      queryClient.clear();
      setSessionExpiredAt(null);
      startSession(next);
      return next.user;
    },
    [queryClient, startSession],
  );

  const logout = useCallback(async (then: string) => {
    // From now on a 401 of a request still in flight is this logout, not an expired session (which would
    // send the user to /auth instead of the page they asked for).
    const current = sessionRef.current;
    sessionRef.current = null;
    try {
      await api.post('/api/auth/logout', undefined, { ignoreSessionExpiry: true });
    } catch (error) {
      // A 401 means the session was already over on the server: the outcome the user asked for.
      if (!(error instanceof ApiError && error.status === 401)) {
        sessionRef.current = current;
        toast.error(errorMessage(error));
        return;
      }
    }
    forgetOfflineSession();
    // A new page rather than a route change: the route change would race the guards of the page left
    // (they see the session end before the next page is shown, and send the user to /auth).
    window.location.replace(then);
  }, []);

  const setLocale = useCallback((locale: TLocale) => {
    changeLocale(locale);
    const current = sessionRef.current;
    if (current && current.user.locale !== locale) {
      const next = { ...current, user: { ...current.user, locale } };
      sessionRef.current = next;
      setSession(next);
      saveAccountLocale(locale);
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user: session?.user ?? null,
      expiresAt,
      sessionExpiredAt,
      login,
      register,
      logout,
      setLocale,
    }),
    [status, session, expiresAt, sessionExpiredAt, login, register, logout, setLocale],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}

/** Whether someone is signed in; false outside an AuthProvider (a page drawn alone, as in a test). */
export function useSignedIn(): boolean {
  return useContext(AuthContext)?.user != null;
}

/** The logged-in user, for components rendered behind RequireAuth. */
export function useCurrentUser(): TUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser must be used behind RequireAuth');
  return user;
}
