/**
 * CSV for French spreadsheets: UTF-8 with a byte-order mark (so accents survive Excel), `;` between
 * fields (the comma is the French decimal separator), CRLF line ends, quotes where needed.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(cell).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

type Cells = readonly (string | number | null | undefined)[];

/**
 * The same CSV as toCsv, produced batch by batch (exports of any size in bounded memory): the header first,
 * then each batch of rows as the source yields it.
 */
export async function* csvChunks(header: readonly string[], batches: AsyncIterable<readonly Cells[]>): AsyncGenerator<string> {
  yield `\uFEFF${header.map(cell).join(';')}\r\n`;
  for await (const rows of batches) {
    if (rows.length > 0) yield rows.map((row) => `${row.map(cell).join(';')}\r\n`).join('');
  }
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  // A text cell starting like a formula is neutralised (CSV injection: names come from customers).
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Content-Disposition for a download, with an ASCII fallback and the UTF-8 name. */
export function attachment(filename: string): string {
  const ascii = filename.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
