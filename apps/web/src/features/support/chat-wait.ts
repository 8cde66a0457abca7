/**
 * Issue 36: how long a waiting chat has waited, ticking on the desk. The server says `waitSeconds` when the
 * list was read; the page adds the time since then (its own clock only measures that gap).
 */
export function waitedSeconds(waitSecondsAtRead: number, readAt: number, now: number): number {
  return Math.max(0, waitSecondsAtRead + Math.floor(Math.max(0, now - readAt) / 1000));
}

type WaitTexts = (key: 'wait.seconds' | 'wait.minutes' | 'wait.hours', values: { h?: number; m?: number; s?: string | number }) => string;

/** « 42 s », « 2 min 05 s », « 1 h 3 min » (Arabic: « 42 ث », « 2 د 05 ث », « 1 س 3 د »). */
export function formatWait(seconds: number, t: WaitTexts): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return t('wait.hours', { h, m });
  if (m > 0) return t('wait.minutes', { m, s: String(s).padStart(2, '0') });
  return t('wait.seconds', { s });
}

/** A duration of the reports in seconds: « 45 s », « 3 min 20 s », « 1 h 5 min »; null reads as the dash. */
export function formatSecondsOrDash(seconds: number | null, t: WaitTexts, dash: string): string {
  return seconds === null ? dash : formatWait(seconds, t);
}
