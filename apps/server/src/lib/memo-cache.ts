import { createHash } from 'node:crypto';

/** Entries kept per cache (distinct keys); beyond it the map starts over. */
const MAX_ENTRIES = 1000;

type Entry<T> = { value: Promise<T>; expiresAt: number };

/**
 * A small in-process cache of computed values: one load at a time per key, failures not kept, entries
 * dropped after `ttlMs` or as soon as `generation()` changes (the owner bumps it on writes).
 */
export class MemoCache {
  private seen: number;
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(
    private readonly ttlMs: number,
    private readonly generation: () => number = () => 0,
  ) {
    this.seen = generation();
  }

  private sync(): void {
    const current = this.generation();
    if (this.seen !== current) {
      this.entries.clear();
      this.seen = current;
    }
  }

  /**
   * Replaces a held value by one derived from it (keeping its expiry), so that a write can update a
   * computed value in place instead of dropping it; nothing happens when no fresh value is held.
   */
  update<T>(key: string, derive: (current: Promise<T>) => Promise<T>, nowMs: number = Date.now()): boolean {
    this.sync();
    const found = this.entries.get(key);
    if (!found || found.expiresAt <= nowMs) return false;
    const value = derive(found.value as Promise<T>);
    this.entries.set(key, { value, expiresAt: found.expiresAt });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return true;
  }

  /** Drops every entry whose key `keep` refuses. */
  retain(keep: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (!keep(key)) this.entries.delete(key);
  }

  get<T>(key: string, load: () => Promise<T>, nowMs: number = Date.now()): Promise<T> {
    this.sync();
    const found = this.entries.get(key);
    if (found && found.expiresAt > nowMs) return found.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const value = load();
    this.entries.set(key, { value, expiresAt: nowMs + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** The value kept for `key` (loaded or loading), if any and not expired; never loads. */
  peek<T>(key: string, nowMs: number = Date.now()): Promise<T> | undefined {
    if (this.seen !== this.generation()) return undefined;
    const found = this.entries.get(key);
    return found && found.expiresAt > nowMs ? (found.value as Promise<T>) : undefined;
  }

  /** Replaces the value kept for `key`, keeping its expiry (an in-place update of a cached value). */
  replace<T>(key: string, value: Promise<T>): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.set(key, { value, expiresAt: found.expiresAt });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
  }

  /** Drops the entries whose key matches (the others stay). */
  drop(matches: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (matches(key)) this.entries.delete(key);
  }
}

/** A JSON answer computed once: its UTF-8 bytes (sent as they are) and a strong ETag of the content. */
export type SerializedBody = { body: Buffer; etag: string };

export function serialize(value: unknown): SerializedBody {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
  return { body, etag };
}
