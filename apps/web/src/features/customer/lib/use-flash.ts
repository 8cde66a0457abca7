import { useCallback, useEffect, useState } from 'react';

/** docs/product/accounts-and-roles.md §12: the profile's success messages vanish after 3 s. */
export const FLASH_MS = 3000;

/** A message shown for a few seconds, then gone. */
export function useFlash(duration = FLASH_MS): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const [shownAt, setShownAt] = useState(0);
  useEffect(() => {
    if (message === null) return;
    const timer = window.setTimeout(() => setMessage(null), duration);
    return () => window.clearTimeout(timer);
  }, [message, shownAt, duration]);
  const show = useCallback((next: string | null) => {
    setMessage(next);
    setShownAt(Date.now());
  }, []);
  return [message, show];
}
