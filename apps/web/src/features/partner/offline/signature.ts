import { OFFLINE_HASH_BYTES, offlineHashInput, offlineKeyRotationText, type TOfflineKey } from '@farha/contracts/offline';

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

function base64url(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Whether `payload` is what the server signed (Ed25519, WebCrypto): the phone never holds the signing key. */
export async function verifySnapshot(publicKey: string, payload: string, signature: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', bytesOf(publicKey), { name: 'Ed25519' }, false, ['verify']);
    return await crypto.subtle.verify({ name: 'Ed25519' }, key, bytesOf(signature), new TextEncoder().encode(payload));
  } catch {
    return false;
  }
}

/** The hash the snapshot lists for a normalised code (packages/contracts/src/offline.ts). */
export async function codeHash(salt: string, normalizedCode: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(offlineHashInput(salt, normalizedCode)));
  return base64url(new Uint8Array(digest).subarray(0, OFFLINE_HASH_BYTES));
}

/** The key the phone trusts (issue 32): pinned in IndexedDB at its first sync. */
export interface PinnedKey {
  keyId: string;
  publicKey: string;
}

/** The keys this build of the app trusts whatever the phone pinned: VITE_OFFLINE_TRUSTED_KEYS, comma-separated. */
export const SHIPPED_KEYS: readonly string[] = ((import.meta.env.VITE_OFFLINE_TRUSTED_KEYS as string | undefined) ?? '')
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);

/** A key's id as the server gives it: the first 16 hex digits of the SHA-256 of its raw bytes. */
async function keyIdOf(publicKey: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytesOf(publicKey)));
  return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Issue 32, ADR 014: which key the phone may check snapshots with, given the one it pinned and the one the
 * server serves now. The first key is trusted as served (and pinned); after that only the pinned key, a
 * key shipped with the app, or a key the pinned one vouches for (its rotation statement, signed by the
 * pinned key, in `endorsements`). Null: refused — the phone keeps its list until it ages out.
 */
export async function trustedKey(pinned: PinnedKey | null, served: TOfflineKey, shipped: readonly string[] = SHIPPED_KEYS): Promise<PinnedKey | null> {
  let valid = false;
  try {
    valid = served.algorithm === 'Ed25519' && (await keyIdOf(served.publicKey)) === served.keyId;
  } catch {
    valid = false;
  }
  if (!valid) return null;
  const next = { keyId: served.keyId, publicKey: served.publicKey };
  if (!pinned || pinned.publicKey === served.publicKey || shipped.includes(served.publicKey)) return next;
  const endorsement = served.endorsements.find((e) => e.keyId === pinned.keyId);
  if (endorsement && (await verifySnapshot(pinned.publicKey, offlineKeyRotationText(served.keyId, served.publicKey), endorsement.signature))) return next;
  return null;
}
