import { createHash, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeHash, verifySnapshot } from './signature';

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
