import {
  OFFLINE_BATCH_MAX,
  OFFLINE_SYNC_INTERVAL_MS,
  ZOfflineKey,
  ZOfflineSnapshot,
  ZOfflineSnapshotPayload,
  ZOfflineSubmitResult,
} from '@farha/contracts/offline';
import { normalizeVoucherCode } from '@farha/contracts/plain/vouchers';
import { api, ApiError } from '@/lib/api';
import { decideOffline, scanTime, type OfflineDecision } from './check';
import { keptAfterSync, MAX_KEPT_DELTAS, verifyList, type VerifiedList } from './list';
import { codeHash, trustedKey, verifySnapshot, type PinnedKey } from './signature';
import { offlineDb, type OfflineDb, type OfflineLocal, type OfflineMeta, type QueuedRedemption, type SignedDoc } from './store';

export interface OfflineState {
  online: boolean;
  syncing: boolean;
  meta: OfflineMeta | null;
  /** Newest first: pending ones, then those the server answered. */
  queue: QueuedRedemption[];
  /** The last sync failed: 'signature' (refused list or key), 'network' or 'server'. */
  problem: 'signature' | 'network' | 'server' | null;
  /** The server switched offline acceptance off (offline_mode): the phone holds no list. */
  disabled: boolean;
}

const NO_LOCAL: OfflineLocal = { pinned: null, syncedAt: null, sync: 0, disabled: false };

/**
 * Issue 32: the list as it stands in IndexedDB, every payload checked with the pinned key at this read.
 * Null with `tampered`: payloads are kept but fail their check (changed on the phone).
 */
async function readList(db: OfflineDb): Promise<{ local: OfflineLocal; list: VerifiedList | null; tampered: boolean }> {
  const [local = NO_LOCAL, docs] = await Promise.all([db.get('meta', 'local'), db.getAll('signed')]);
  if (!local.pinned || !local.syncedAt || docs.length === 0) return { local, list: null, tampered: false };
  const list = await verifyList(docs, local.pinned, local.syncedAt);
  return { local, list, tampered: list === null };
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
  private state: OfflineState = { online: typeof navigator === 'undefined' ? true : navigator.onLine, syncing: false, meta: null, queue: [], problem: null, disabled: false };
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
    const [{ local, list, tampered }, queue] = await Promise.all([readList(db), db.getAll('queue')]);
    queue.sort((a, b) => (a.state === 'pending') !== (b.state === 'pending') ? (a.state === 'pending' ? -1 : 1) : b.scannedAt.localeCompare(a.scannedAt));
    this.set({ meta: list?.meta ?? null, queue, disabled: local.disabled, ...(tampered ? { problem: 'signature' as const } : {}) });
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

  /**
   * Fetches a delta (or the full list, page by page) and keeps the signed payloads as received. Issue 32:
   * each is checked with the key the phone pinned at its first sync; a new key is taken only when the
   * pinned one vouches for it or the app ships it (signature.ts, trustedKey), and then the list is fetched
   * whole again under it.
   */
  private async refresh() {
    const db = await offlineDb(this.userId);
    const { local, list } = await readList(db);
    let key: PinnedKey | null = local.pinned;
    const held = await db.getAll('signed');
    let delta = list && held.length < MAX_KEPT_DELTAS ? `since=${encodeURIComponent(list.meta.cursor)}&scope=${encodeURIComponent(list.meta.scope)}` : '';
    let after: string | null = null;
    let received: SignedDoc[] = [];
    let kind: 'full' | 'delta' = 'full';
    let seq = Math.max(0, ...held.map((doc) => doc.seq)) + 1;
    for (;;) {
      const query = after ? `after=${after}` : delta;
      let signed;
      try {
        signed = await api.get(`/api/partner/offline/snapshot${query ? `?${query}` : ''}`, { schema: ZOfflineSnapshot });
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'OFFLINE_DISABLED')) throw error;
        // Switched off on the server: the list goes, nothing more is accepted offline (the queue stays).
        const tx = db.transaction(['signed', 'meta'], 'readwrite');
        void tx.objectStore('signed').clear();
        void tx.objectStore('meta').put({ ...local, pinned: key, disabled: true }, 'local');
        await tx.done;
        return;
      }
      if (!key || key.keyId !== signed.keyId) {
        const next = await trustedKey(key, await api.get('/api/partner/offline/key', { schema: ZOfflineKey }));
        if (!next || next.keyId !== signed.keyId) throw new SignatureRefused();
        const changed = key !== null;
        key = next;
        await db.put('meta', { ...local, pinned: key }, 'local');
        // What the phone holds was signed by the old key: the whole list again, under the new one.
        if (changed && (delta || after)) {
          delta = '';
          after = null;
          received = [];
          continue;
        }
      }
      if (!(await verifySnapshot(key.publicKey, signed.payload, signed.signature))) throw new SignatureRefused();
      const payload = ZOfflineSnapshotPayload.parse(JSON.parse(signed.payload));
      if (received.length === 0) kind = payload.kind;
      received.push({ seq: seq++, sync: local.sync + 1, payload: signed.payload, signature: signed.signature, keyId: signed.keyId });
      after = payload.kind === 'full' ? payload.next : null;
      if (!after) break;
    }
    if (received.length === 0 || !key) return;
    const kept = keptAfterSync(await db.getAll('signed'), received, kind);
    const tx = db.transaction(['signed', 'meta'], 'readwrite');
    const store = tx.objectStore('signed');
    void store.clear();
    for (const doc of kept) void store.put(doc);
    void tx.objectStore('meta').put({ pinned: key, syncedAt: new Date().toISOString(), sync: local.sync + 1, disabled: false }, 'local');
    await tx.done;
  }

  /** Sends the pending redemptions, OFFLINE_BATCH_MAX at a time, and keeps each answer. */
  private async flush() {
    const db = await offlineDb(this.userId);
    const pending = (await db.getAll('queue')).filter((entry) => entry.state === 'pending').sort((a, b) => a.scannedAt.localeCompare(b.scannedAt));
    for (let i = 0; i < pending.length; i += OFFLINE_BATCH_MAX) {
      const batch = pending.slice(i, i + OFFLINE_BATCH_MAX);
      const { outcomes } = await api.post(
        '/api/partner/offline/redemptions',
        { redemptions: batch.map(({ code, nonce, offerId, scannedAt, snapshotId }) => ({ code, nonce, offerId, scannedAt, snapshotId })) },
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
    // Keep the last answered entries only (and those of the current snapshot: they count against its limits).
    const current = (await readList(db)).list?.meta.snapshotId;
    const answered = (await db.getAll('queue'))
      .filter((entry) => entry.state !== 'pending' && !(current && entry.snapshotId === current))
      .sort((a, b) => (b.answeredAt ?? '').localeCompare(a.answeredAt ?? ''));
    for (const old of answered.slice(ANSWERED_KEPT)) await db.delete('queue', old.nonce);
  }

  /**
   * The offline answer to a scan (the same checks as the server's), on the signed list as read now from
   * IndexedDB and checked with the pinned key (issue 32): a list changed on the phone accepts nothing.
   */
  async check(typed: string, offerId?: string): Promise<OfflineDecision & { code: string | null }> {
    await this.loaded;
    const db = await offlineDb(this.userId);
    const code = normalizeVoucherCode(typed);
    const { local, list, tampered } = await readList(db);
    if (tampered) this.set({ problem: 'signature' });
    if (local.disabled) return { ok: false, reason: 'offlineDisabled', code };
    const meta = list?.meta ?? null;
    const voucher = list && code ? list.entries.get(await codeHash(list.meta.salt, code)) : undefined;
    const queue = await db.getAll('queue');
    return { ...decideOffline({ meta, voucher, code, offerId, queue, now: new Date() }), code };
  }

  /**
   * Keeps a redemption accepted offline until the server answers it (IndexedDB: survives a closed phone),
   * with the snapshot it was checked against and the scan's time as the server reckons it (check.ts).
   */
  async enqueue(entry: Omit<QueuedRedemption, 'state' | 'snapshotId' | 'scannedAt'>): Promise<QueuedRedemption> {
    const db = await offlineDb(this.userId);
    const meta = (await readList(db)).list?.meta;
    const now = new Date();
    const queued: QueuedRedemption = {
      ...entry,
      scannedAt: (meta ? scanTime(meta, now) : now).toISOString(),
      ...(meta ? { snapshotId: meta.snapshotId } : {}),
      state: 'pending',
    };
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
