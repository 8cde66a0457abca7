import { AppError } from '../../lib/errors.ts';

/**
 * Failed-login throttle. Wrong passwords are counted within a window for three keys, and an attempt is
 * refused while any of them is over its limit:
 * - one address and one e-mail: MAX_FAILURES (the ordinary typo budget);
 * - one account from any address: MAX_ACCOUNT_FAILURES (guessing one password from many addresses);
 * - one address for any account: MAX_ADDRESS_FAILURES (one client trying many accounts).
 * Successful logins do not count and clear the address-and-e-mail count. Per process: with N instances an
 * attacker gets at most N times these tries a window, still far too few to guess.
 */
export const MAX_FAILURES = 10;
export const MAX_ACCOUNT_FAILURES = 30;
export const MAX_ADDRESS_FAILURES = 50;
export const WINDOW_MS = 15 * 60_000;

export function createLoginThrottle() {
  const failures = new Map<string, { count: number; resetAt: number }>();
  const account = (email: string) => email.trim().toLowerCase();
  const keys = (ip: string, email: string): [string, number][] => [
    [`pair|${ip}|${account(email)}`, MAX_FAILURES],
    [`account|${account(email)}`, MAX_ACCOUNT_FAILURES],
    [`address|${ip}`, MAX_ADDRESS_FAILURES],
  ];

  return {
    assertAllowed(ip: string, email: string, now: Date) {
      for (const [k, max] of keys(ip, email)) {
        const entry = failures.get(k);
        if (entry && entry.resetAt > now.getTime() && entry.count >= max) throw new AppError('RATE_LIMITED');
      }
    },
    recordFailure(ip: string, email: string, now: Date) {
      for (const [k] of keys(ip, email)) {
        const entry = failures.get(k);
        if (!entry || entry.resetAt <= now.getTime()) failures.set(k, { count: 1, resetAt: now.getTime() + WINDOW_MS });
        else entry.count++;
      }
      if (failures.size > 50_000) {
        for (const [k2, e] of failures) if (e.resetAt <= now.getTime()) failures.delete(k2);
      }
    },
    reset(ip: string, email: string) {
      failures.delete(keys(ip, email)[0]![0]);
    },
  };
}
