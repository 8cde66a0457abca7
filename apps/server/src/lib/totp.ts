import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** RFC 6238 TOTP (HMAC-SHA1, 30-second steps, 6 digits): what authenticator apps compute. */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding (the `secret` of an otpauth:// URI). */
export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('invalid base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new 160-bit secret, base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 HOTP of a counter (RFC 6238: the counter is the time step). */
export function hotp(secret: string, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', base32Decode(secret)).update(message).digest();
  const offset = digest[digest.length - 1]! & 0x0f;
  const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS;
  return String(binary).padStart(DIGITS, '0');
}

export function totpAt(secret: string, at: Date): string {
  return hotp(secret, Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS));
}

/**
 * The time step whose code this is, among the current step and one step before or after (a phone's clock
 * drifts); null when it is none of them. The caller refuses a step already used (RFC 6238 §5.2: replay).
 */
export function matchTotpStep(secret: string, code: string, now: Date): number | null {
  const wanted = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(wanted)) return null;
  const step = Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);
  let matched: number | null = null;
  // Every candidate is compared (no early exit): the time taken does not tell which step matched.
  for (const drift of [-1, 0, 1]) {
    if (timingSafeEqual(Buffer.from(hotp(secret, step + drift)), Buffer.from(wanted))) matched = step + drift;
  }
  return matched;
}

/** Whether the code is the current one (one step of drift either way); see matchTotpStep for replays. */
export function verifyTotp(secret: string, code: string, now: Date): boolean {
  return matchTotpStep(secret, code, now) !== null;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, account: string, issuer = 'Farha'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  return `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${TOTP_STEP_SECONDS}`;
}
