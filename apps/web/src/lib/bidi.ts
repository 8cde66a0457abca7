/** Wraps a left-to-right value (e-mail, code, IBAN) put into a sentence, so that Arabic text around it stays in order. */
export function isolate(value: string): string {
  return `\u2068${value}\u2069`;
}
