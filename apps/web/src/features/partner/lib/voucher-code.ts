/**
 * architecture.md "Voucher code": the QR encodes `PUBLIC_URL/v/<code>`; the scanner reads the code out
 * of that URL. A bare code (a QR printed by hand, a typed code) passes as it is. The server accepts any
 * case, with or without dashes or spaces.
 */
export function codeFromScan(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const fromUrl = /\/v\/([^/?#\s]+)/i.exec(trimmed);
  let raw = trimmed;
  if (fromUrl?.[1]) {
    try {
      raw = decodeURIComponent(fromUrl[1]);
    } catch {
      raw = fromUrl[1];
    }
  } else if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) {
    return null; // another URL (a website, a Wi-Fi QR): not a voucher
  }
  const code = raw.toUpperCase().replace(/[\s-]+/g, '');
  return /^[A-Z0-9]{4,40}$/.test(code) ? displayCode(code) : null;
}

/** `FRH-XXXX-XXXX-XXXX` for a complete Farha code, else the characters as they are (upper case). */
export function displayCode(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]+/g, '');
  if (/^FRH[A-Z0-9]{12}$/.test(compact)) {
    return `FRH-${compact.slice(3, 7)}-${compact.slice(7, 11)}-${compact.slice(11)}`;
  }
  return input.toUpperCase();
}

/** The manual entry: upper case as typed; letters, digits, dashes and spaces only. */
export function cleanTypedCode(input: string): string {
  return input.toUpperCase().replace(/[^A-Z0-9\s-]/g, '').slice(0, 40);
}

/**
 * A request id for one scan submission (the server answers a retried id with its first answer).
 * crypto.randomUUID exists only on secure pages; a counter phone on the shop's network may not be one.
 */
export function newNonce(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
