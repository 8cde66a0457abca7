import { AppError } from '../../lib/errors.ts';

/**
 * Failed-login throttle: after MAX_FAILURES wrong passwords for one address and e-mail within the window,
 * further attempts are refused until it passes. Successful logins do not count. Per process: with N
 * instances an attacker gets at most N × MAX_FAILURES tries a window, still far too few to guess.
 */
export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60_000;

export function createLoginThrottle() {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const key = (ip: string, email: string) => `${ip}|${email.trim().toLowerCase()}`;

  return {
    assertAllowed(ip: string, email: string, now: Date) {
      const entry = failures.get(key(ip, email));
      if (entry && entry.resetAt > now.getTime() && entry.count >= MAX_FAILURES) throw AppError.of(429, 'RATE_LIMITED');
    },
    recordFailure(ip: string, email: string, now: Date) {
      const k = key(ip, email);
      const entry = failures.get(k);
      if (!entry || entry.resetAt <= now.getTime()) failures.set(k, { count: 1, resetAt: now.getTime() + WINDOW_MS });
      else entry.count++;
      if (failures.size > 50_000) {
        for (const [k2, e] of failures) if (e.resetAt <= now.getTime()) failures.delete(k2);
      }
    },
    reset(ip: string, email: string) {
      failures.delete(key(ip, email));
    },
  };
}
