// Codes are read by the contracts' normalizeVoucherCode (the QR's `PUBLIC_URL/v/<code>` URL, any case, dashes or spaces).

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
