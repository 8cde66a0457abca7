import { AppError } from '../../lib/errors.ts';
import { pdfIsWhole } from './formats.ts';
import { reencodeImage } from './images.ts';
import { rewritePdf } from './pdf.ts';
import { checkedFile, type CheckedFile, MAX_UPLOAD_BYTES, sniff } from './service.ts';
import { inDecodeSlot } from './slots.ts';

const unreadable = () => new AppError('FILE_UNREADABLE', { field: 'file' });

/**
 * Checks a received file and returns the bytes to store in its place: a picture decoded and re-encoded
 * (images.ts), a PDF parsed and re-saved (pdf.ts). The type and extension follow those bytes, never the
 * client's name or declared type. A wrong type answers 415 as before; a file of an accepted type that is
 * damaged, truncated, too many pixels, or followed by something else (a polyglot) answers 400. Callers
 * check first, outside any transaction, then store the result with storeCheckedFile.
 */
export async function checkUpload(input: { data: Buffer; filename: string; allowed: readonly string[] }): Promise<CheckedFile> {
  const { data, filename, allowed } = input;
  if (data.length === 0) throw new AppError('FILE_EMPTY', { field: 'file' });
  if (data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  if (sniff(data) !== 'application/pdf' || !allowed.includes('application/pdf')) return reencodeImage(data, filename, allowed);
  if (!pdfIsWhole(data)) throw unreadable();
  const pdf = await inDecodeSlot(() => rewritePdf(data));
  if (!pdf.ok || !pdfIsWhole(pdf.data)) throw unreadable();
  return checkedFile(pdf.data, 'application/pdf', filename);
}
