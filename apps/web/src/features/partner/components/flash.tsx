import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';

export interface Flash {
  kind: 'success' | 'error';
  text: string;
}

/** docs/product/partners.md §7: the profile's success and error banners disappear after 3 seconds. */
export const FLASH_MS = 3000;

export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback((kind: Flash['kind'], text: string) => {
    window.clearTimeout(timer.current);
    setFlash({ kind, text });
    timer.current = window.setTimeout(() => setFlash(null), FLASH_MS);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { flash, show, clear: () => setFlash(null) };
}

export function FlashBanner({ flash, testId }: { flash: Flash | null; testId?: string }) {
  if (!flash) return null;
  return (
    <Alert variant={flash.kind} data-testid={testId} className="animate-fade-in">
      {flash.text}
    </Alert>
  );
}
