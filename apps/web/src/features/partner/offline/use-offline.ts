import { useEffect, useSyncExternalStore } from 'react';
import { offlineEngine, type OfflineEngine, type OfflineState } from './engine';

/** The offline scanner of the signed-in user: its state, kept in sync while a page shows it. */
export function useOffline(userId: string): { engine: OfflineEngine; state: OfflineState } {
  const engine = offlineEngine(userId);
  useEffect(() => engine.start(), [engine]);
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  return { engine, state };
}
