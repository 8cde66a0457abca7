/** 'DZ58 •••• •••• 1234': country and check digits, then only the last four characters. */
export function maskIban(iban: string | null): string | null {
  if (!iban) return null;
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 8) return '•••• ' + compact.slice(-2);
  return `${compact.slice(0, 4)} •••• •••• ${compact.slice(-4)}`;
}
