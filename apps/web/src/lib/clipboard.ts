import { useCallback, useEffect, useState } from 'react';

/** docs/product/storefront.md §9: a copy confirmation shows for 2 s. */
export const COPY_CONFIRMATION_MS = 2000;

/** Copies text; on plain-HTTP deployments (no Clipboard API) falls back to the selection-based copy. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** `copied` turns true after a successful copy and back to false after the confirmation delay. */
export function useCopy(onError: () => void): { copied: boolean; copy: (text: string) => Promise<void> } {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(
    async (text: string) => {
      try {
        await copyText(text);
        setCopied(true);
      } catch {
        onError();
      }
    },
    [onError],
  );
  return { copied, copy };
}
