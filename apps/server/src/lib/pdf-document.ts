import { bidiText, hasArabic, registerArabicFonts } from './pdf-bidi.ts';

/**
 * A Farha document (A4 with 48 pt margins unless told otherwise, e.g. the A6 card in a delivered box; Cairo
 * registered for Arabic) and its bytes, which arrive once the caller has drawn it and called `pdf.end()`.
 */
export async function farhaPdf({ title, lang, size = 'A4', margin = 48 }: { title: string; lang?: string; size?: 'A4' | 'A6'; margin?: number }): Promise<{ pdf: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  // pdfkit (and its fonts) is loaded with the first document, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({ size, margin, ...(lang ? { lang } : {}), info: { Title: title, Author: 'Farha' } });
  registerArabicFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}

/** The colours of Farha's one-page documents (a voucher, a gift card). */
export const PDF_COLOURS = { terracotta: '#b4532a', ink: '#2b211c', muted: '#6b5d55' } as const;

export type ParagraphStyle = { size: number; bold?: boolean; italic?: boolean; color?: string; x?: number; y?: number; width?: number };

/**
 * The writer of a one-page document (a voucher's, a gift card's): `say` writes one paragraph, in Helvetica for
 * French, in Cairo right to left for Arabic (or Arabic words in a French page), and answers where it ended;
 * `header` draws the terracotta band with « Farha » and the document's kind.
 */
export function pageWriter(pdf: PDFKit.PDFDocument, ar: boolean, margin = 48) {
  const left = margin;
  const width = pdf.page.width - 2 * margin;
  const dir = ar ? 'rtl' : 'ltr';
  const say = (text: string, style: ParagraphStyle): number => {
    const x = style.x ?? left;
    const w = style.width ?? width;
    const color = style.color ?? PDF_COLOURS.ink;
    if (ar || hasArabic(text)) return bidiText(pdf, text, { x, y: style.y, width: w, dir, size: style.size, bold: style.bold, color });
    pdf
      .font(style.bold ? 'Helvetica-Bold' : style.italic ? 'Helvetica-Oblique' : 'Helvetica')
      .fontSize(style.size)
      .fillColor(color);
    pdf.text(text, x, style.y ?? pdf.y, { width: w });
    return pdf.y;
  };
  const header = (kind: string) => {
    pdf.rect(0, 0, pdf.page.width, 110).fill(PDF_COLOURS.terracotta);
    say(ar ? 'فرحة Farha' : 'Farha', { size: 30, bold: true, color: '#ffffff', y: ar ? 26 : 34 });
    say(kind, { size: 12, color: '#ffffff', y: 72 });
  };
  return { left, width, dir, say, header };
}
