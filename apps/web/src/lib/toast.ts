import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';
import type { toast as sonnerToast } from 'sonner';

/**
 * Toasts (sonner), loaded on first use: sonner and its styles (about 10 KB compressed) are not part of
 * any page's first load. `toast.success(...)` / `.error` / `.info` take sonner's arguments; the first call
 * loads sonner and mounts the app's Toaster (app/app-toaster.tsx), which shows the toasts asked for
 * before it was there (sonner replays the active ones to a new Toaster).
 */
type Sonner = typeof SonnerModule;
type ToastArgs = Parameters<typeof sonnerToast.success>;

let sonner: Promise<Sonner> | null = null;
let toasterWanted = false;
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  sonner ??= import('sonner');
  return sonner;
}

function show(kind: 'success' | 'error' | 'info') {
  return (...args: ToastArgs): void => {
    load().then(
      (module) => module.toast[kind](...args),
      (error: unknown) => console.error('Could not load the notifications', error),
    );
  };
}

export const toast = { success: show('success'), error: show('error'), info: show('info') };

/** True once a toast was asked for: the app then mounts its Toaster. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false, // the server draws no toast
  );
}
