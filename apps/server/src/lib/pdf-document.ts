import { registerArabicFonts } from './pdf-bidi.ts';

/**
 * An A4 Farha document (48 pt margins, Cairo registered for Arabic) and its bytes, which arrive once the
 * caller has drawn it and called `pdf.end()`.
 */
export async function farhaPdf({ title, lang }: { title: string; lang?: string }): Promise<{ pdf: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  // pdfkit (and its fonts) is loaded with the first document, not at start-up.
  const { default: PDFDocument } = await import('pdfkit');
  const pdf = new PDFDocument({ size: 'A4', margin: 48, ...(lang ? { lang } : {}), info: { Title: title, Author: 'Farha' } });
  registerArabicFonts(pdf);
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, bytes };
}
