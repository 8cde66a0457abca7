import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, otpauthUri, totpAt, verifyTotp } from '../../src/lib/totp.ts';

// RFC 6238 appendix B (SHA-1): the secret is the ASCII "12345678901234567890"; the RFC prints 8 digits,
// authenticator apps show the last 6.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('computes the RFC test vectors', () => {
    for (const [seconds, eight] of RFC_VECTORS) expect(totpAt(RFC_SECRET, new Date(seconds * 1000))).toBe(eight.slice(2));
  });

  it('computes the RFC 4226 HOTP vectors', () => {
    expect([0, 1, 2, 9].map((c) => hotp(RFC_SECRET, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('round-trips base32', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
  });

  it('accepts one step of drift either way, and nothing further or malformed', () => {
    const now = new Date(1_800_000_000_000);
    const code = (offsetSeconds: number) => totpAt(RFC_SECRET, new Date(now.getTime() + offsetSeconds * 1000));
    expect(verifyTotp(RFC_SECRET, code(0), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, code(-30), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, code(30), now)).toBe(true);
    expect(verifyTotp(RFC_SECRET, code(-90), now)).toBe(false);
    expect(verifyTotp(RFC_SECRET, 'abcdef', now)).toBe(false);
    expect(verifyTotp(RFC_SECRET, '12345', now)).toBe(false);
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('ABC', 'admin@farha.dz')).toBe('otpauth://totp/Farha%3Aadmin%40farha.dz?secret=ABC&issuer=Farha&algorithm=SHA1&digits=6&period=30');
  });
});
