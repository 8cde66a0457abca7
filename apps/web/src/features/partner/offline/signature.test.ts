import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { offlineKeyRotationText } from '@farha/contracts/offline';
import { codeHash, trustedKey, verifySnapshot } from './signature';

describe("the phone's checks of a snapshot (issue 26)", () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  const payload = JSON.stringify({ v: 1, kind: 'full', entries: [['abc', 0, 1, 1]] });
  const signature = sign(null, Buffer.from(payload), privateKey).toString('base64');

  it('accepts a payload signed with the server key, and refuses it changed or under another key', async () => {
    expect(await verifySnapshot(raw, payload, signature)).toBe(true);
    expect(await verifySnapshot(raw, payload.replace('"full"', '"delta"'), signature)).toBe(false);
    const other = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    expect(await verifySnapshot(other, payload, signature)).toBe(false);
    expect(await verifySnapshot(raw, payload, 'not a signature')).toBe(false);
  });

  it('hashes a code as the server does (salt, code, 12 bytes of SHA-256, base64url)', async () => {
    const server = createHash('sha256').update('salt-x|FRH-ABCD-EFGH-JKLM').digest().subarray(0, 12).toString('base64url');
    expect(await codeHash('salt-x', 'FRH-ABCD-EFGH-JKLM')).toBe(server);
    expect(await codeHash('salt-y', 'FRH-ABCD-EFGH-JKLM')).not.toBe(server);
  });
});

describe('the key the phone trusts (issue 32)', () => {
  const make = () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(12);
    return { privateKey, keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16), publicKey: raw.toString('base64') };
  };
  const old = make();
  const next = make();
  const served = (key: ReturnType<typeof make>, endorsements: { keyId: string; signature: string }[] = []) => ({ keyId: key.keyId, publicKey: key.publicKey, algorithm: 'Ed25519' as const, endorsements });
  const vouch = (by: ReturnType<typeof make>, key: ReturnType<typeof make>) => ({
    keyId: by.keyId,
    signature: sign(null, Buffer.from(offlineKeyRotationText(key.keyId, key.publicKey)), by.privateKey).toString('base64'),
  });
  const pinnedOld = { keyId: old.keyId, publicKey: old.publicKey };

  it('trusts the first key it meets, then keeps it', async () => {
    expect(await trustedKey(null, served(old), [])).toEqual(pinnedOld);
    expect(await trustedKey(pinnedOld, served(old), [])).toEqual(pinnedOld);
  });

  it('refuses another key unless the pinned one vouches for it or the app ships it', async () => {
    expect(await trustedKey(pinnedOld, served(next), [])).toBeNull();
    expect(await trustedKey(pinnedOld, served(next, [vouch(old, next)]), [])).toEqual({ keyId: next.keyId, publicKey: next.publicKey });
    // A statement signed by any other key under the pinned key's id is worth nothing.
    expect(await trustedKey(pinnedOld, served(next, [{ ...vouch(make(), next), keyId: old.keyId }]), [])).toBeNull();
    // The pinned key vouched for another key, not this one.
    expect(await trustedKey(pinnedOld, served(next, [{ ...vouch(old, make()) }]), [])).toBeNull();
    expect(await trustedKey(pinnedOld, served(next), [next.publicKey])).toEqual({ keyId: next.keyId, publicKey: next.publicKey });
  });

  it('refuses a key whose id is not its own', async () => {
    expect(await trustedKey(null, { ...served(next), keyId: old.keyId }, [])).toBeNull();
  });
});
