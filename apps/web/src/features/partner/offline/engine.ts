import {
  OFFLINE_BATCH_MAX,
  OFFLINE_SYNC_INTERVAL_MS,
  ZOfflineKey,
  ZOfflineSnapshot,
  ZOfflineSnapshotPayload,
  ZOfflineSubmitResult,
  type TOfflineSnapshotPayload,
} from '@farha/contracts/offline';
import { normalizeVoucherCode } from '@farha/contracts/plain/vouchers';
import { api } from '@/lib/api';
import { decideOffline, type OfflineDecision } from './check';
import { codeHash, verifySnapshot } from './signature';
import { offlineDb, type OfflineMeta, type QueuedRedemption } from './store';

export interface OfflineState {
  online: boolean;
  syncing: boolean;
  meta: OfflineMeta | null;
  /** Newest first: pending ones, then those the server answered. */
  queue: QueuedRedemption[];
  /** The last sync failed: 'signature' (refused list), 'network' or 'server'. */
  problem: 'signature' | 'network' | 'server' | null;
}

type Listener = () => void;

/** The answered entries kept on the phone to show them (the pending ones are always kept). */
const ANSWERED_KEPT = 30;

/**
 * The phone's offline scanner for one signed-in user (issue 26): the signed voucher list in IndexedDB,
 * refreshed every 60 s while online (a delta since the last sync), and the queue of redemptions accepted
 * offline, sent by itself when the network returns and when the page regains focus.
 */
export class OfflineEngine {
  private state: OfflineState = { online: typeof navigator === 'undefined' ? true : navigator.onLine, syncing: false, meta: null, queue: [], problem: null };
  private readonly listeners = new Set<Listener>();
  private running: Promise<void> | null = null;
  private timer: number | undefined;
  private users = 0;
  private readonly loaded: Promise<void>;

  constructor(private readonly userId: string) {
    this.loaded = this.reload();
  }

  getState = (): OfflineState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<OfflineState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private async reload() {
    const db = await offlineDb(this.userId);
    const [meta, queue] = await Promise.all([db.get('meta', 'state'), db.getAll('queue')]);
    queue.sort((a, b) => (a.state === 'pending') !== (b.state === 'pending') ? (a.state === 'pending' ? -1 : 1) : b.scannedAt.localeCompare(a.scannedAt));
    this.set({ meta: meta ?? null, queue });
  }

  /** Starts the timers and listeners (counted: the layout and the scanner may both ask). */
  start(): () => void {
    this.users += 1;
    if (this.users === 1) {
      window.addEventListener('online', this.onOnline);
      window.addEventListener('offline', this.onOffline);
      window.addEventListener('focus', this.onFocus);
      document.addEventListener('visibilitychange', this.onFocus);
      this.timer = window.setInterval(() => void this.sync(), OFFLINE_SYNC_INTERVAL_MS);
      void this.sync();
    }
    return () => {
      this.users -= 1;
      if (this.users > 0) return;
      window.removeEventListener('online', this.onOnline);
      window.removeEventListener('offline', this.onOffline);
      window.removeEventListener('focus', this.onFocus);
      document.removeEventListener('visibilitychange', this.onFocus);
      window.clearInterval(this.timer);
    };
  }

  private onOnline = () => {
    this.set({ online: true });
    void this.sync();
  };
  private onOffline = () => this.set({ online: false });
  private onFocus = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) void this.sync();
  };

  /** Sends the queue, then refreshes the list; one run at a time. */
  sync(): Promise<void> {
    if (!navigator.onLine) {
      this.set({ online: false });
      return Promise.resolve();
    }
    this.running ??= (async () => {
      this.set({ syncing: true, online: true });
      try {
        await this.loaded;
        await this.flush();
        await this.refresh();
        this.set({ problem: null });
      } catch (error) {
        this.set({ problem: error instanceof SignatureRefused ? 'signature' : navigator.onLine ? 'server' : 'network' });
      } finally {
        this.running = null;
        this.set({ syncing: false });
        await this.reload();
      }
    })();
    return this.running;
  }

  private async refresh() {
    const db = await offlineDb(this.userId);
    let meta = (await db.get('meta', 'state')) ?? null;
    let key = meta ? { keyId: meta.keyId, publicKey: meta.publicKey } : null;
    const delta = meta ? `since=${encodeURIComponent(meta.cursor)}&scope=${encodeURIComponent(meta.scope)}` : '';
    let after: string | null = null;
    let first: TOfflineSnapshotPayload | null = null;
    do {
      const query = after ? `after=${after}` : delta;
      const signed = await api.get(`/api/partner/offline/snapshot${query ? `?${query}` : ''}`, { schema: ZOfflineSnapshot });
      // A new key (first sync, or the server's seed changed): the phone asks for it.
      if (!key || key.keyId !== signed.keyId) key = await api.get('/api/partner/offline/key', { schema: ZOfflineKey });
      if (!(await verifySnapshot(key.publicKey, signed.payload, signed.signature))) throw new SignatureRefused();
      const payload = ZOfflineSnapshotPayload.parse(JSON.parse(signed.payload));
      first ??= payload;
      const tx = db.transaction('vouchers', 'readwrite');
      if (payload.kind === 'full' && !after) await tx.store.clear();
      for (const [h, b, e, s] of payload.entries) void tx.store.put({ h, b, e, s });
      await tx.done;
      after = payload.kind === 'full' ? payload.next : null;
    } while (after);
    if (!first) return;
    meta = {
      partnerId: first.partnerId,
      salt: first.salt,
      scope: first.scope,
      // The first page's cursor: a change made while the pages came is in the next delta.
      cursor: first.cursor,
      generatedAt: first.generatedAt,
      syncedAt: new Date().toISOString(),
      boxes: first.boxes,
      limits: first.limits,
      keyId: key!.keyId,
      publicKey: key!.publicKey,
    };
    await db.put('meta', meta, 'state');
  }

  /** Sends the pending redemptions, OFFLINE_BATCH_MAX at a time, and keeps each answer. */
  private async flush() {
    const db = await offlineDb(this.userId);
    const pending = (await db.getAll('queue')).filter((entry) => entry.state === 'pending').sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
    for (let i = 0; i < pending.length; i += OFFLINE_BATCH_MAX) {
      const batch = pending.slice(i, i + OFFLINE_BATCH_MAX);
      const { outcomes } = await api.post(
        '/api/partner/offline/redemptions',
        { redemptions: batch.map(({ code, nonce, offerId, scannedAt, snapshotAt }) => ({ code, nonce, offerId, scannedAt, snapshotAt })) },
        { schema: ZOfflineSubmitResult },
      );
      const answeredAt = new Date().toISOString();
      const tx = db.transaction('queue', 'readwrite');
      for (const outcome of outcomes) {
        const entry = batch.find((e) => e.nonce === outcome.nonce);
        if (!entry || outcome.outcome === 'retry') continue;
        void tx.store.put({ ...entry, state: outcome.outcome, result: outcome.result, error: outcome.error, answeredAt });
      }
      await tx.done;
    }
    // Keep the last answered entries only.
    const answered = (await db.getAll('queue')).filter((entry) => entry.state !== 'pending').sort((a, b) => (b.answeredAt ?? '').localeCompare(a.answeredAt ?? ''));
    for (const old of answered.slice(ANSWERED_KEPT)) await db.delete('queue', old.nonce);
  }

  /** The offline answer to a scan (the same checks as the server's, on the signed list). */
  async check(typed: string, offerId?: string): Promise<OfflineDecision & { code: string | null }> {
    await this.loaded;
    const db = await offlineDb(this.userId);
    const code = normalizeVoucherCode(typed);
    const meta = (await db.get('meta', 'state')) ?? null;
    const voucher = meta && code ? await db.get('vouchers', await codeHash(meta.salt, code)) : undefined;
    const queue = await db.getAll('queue');
    return { ...decideOffline({ meta, voucher, code, offerId, queue, now: new Date() }), code };
  }

  /** Keeps a redemption accepted offline until the server answers it (IndexedDB: survives a closed phone). */
  async enqueue(entry: Omit<QueuedRedemption, 'state' | 'snapshotAt'>): Promise<QueuedRedemption> {
    const db = await offlineDb(this.userId);
    const meta = await db.get('meta', 'state');
    const queued: QueuedRedemption = { ...entry, snapshotAt: meta?.generatedAt ?? entry.scannedAt, state: 'pending' };
    await db.put('queue', queued);
    await this.reload();
    return queued;
  }
}

class SignatureRefused extends Error {}

const engines = new Map<string, OfflineEngine>();

export function offlineEngine(userId: string): OfflineEngine {
  let engine = engines.get(userId);
  if (!engine) engines.set(userId, (engine = new OfflineEngine(userId)));
  return engine;
}
