import { useCallback, useState } from 'react';

export interface ScanHistoryEntry {
  code: string;
  ok: boolean;
  /** The offer used (success) or the server's message (failure). */
  label: string;
  customerName?: string;
  amount?: number;
  at: string;
}

/** docs/product/partners.md §10: the scanner lists the last 5 validations of the session. */
export const SCAN_HISTORY_SIZE = 5;

function read(key: string): ScanHistoryEntry[] {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? '[]');
    return Array.isArray(value) ? (value as ScanHistoryEntry[]).slice(0, SCAN_HISTORY_SIZE) : [];
  } catch {
    return [];
  }
}

/** This browser session's scans (sessionStorage: it survives a page change, not the tab's end). */
export function useScanHistory(userId: string) {
  const key = `farha.partner.scans.${userId}`;
  const [entries, setEntries] = useState<ScanHistoryEntry[]>(() => read(key));
  const add = useCallback(
    (entry: ScanHistoryEntry) => {
      setEntries((current) => {
        const next = [entry, ...current].slice(0, SCAN_HISTORY_SIZE);
        try {
          sessionStorage.setItem(key, JSON.stringify(next));
        } catch {
          /* storage full or blocked: the list lasts for this page */
        }
        return next;
      });
    },
    [key],
  );
  return { entries, add };
}
