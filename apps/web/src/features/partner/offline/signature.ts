import { OFFLINE_HASH_BYTES, offlineHashInput } from '@farha/contracts/offline';

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
