import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { newStorageKey, type FileStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** spec 01 §5 / spec 02 §5: attachments and images are images or PDF, up to 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const ATTACHMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

/** Purposes whose files anyone may read (catalogue pictures); the others are private. */
export const PUBLIC_PURPOSES = new Set(['offer_image', 'box_image', 'landing_image', 'partner_logo']);

export type FilePurpose = 'offer_image' | 'box_image' | 'landing_image' | 'partner_logo' | 'ticket_attachment' | 'kyc_document';

// The first bytes tell what a file really is, whatever its name or declared type says.
export function sniff(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** Stores an upload after checking its real type and size; returns the stored_files row. */
export async function saveUpload(
  db: Queryable,
  storage: FileStorage,
  input: { data: Buffer; filename: string; purpose: FilePurpose; ownerUserId: string | null; allowed: readonly string[]; now: Date },
) {
  if (input.data.length === 0) throw new AppError('FILE_EMPTY', { field: 'file' });
  if (input.data.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', { field: 'file' });
  const type = sniff(input.data);
  if (!type || !input.allowed.includes(type)) {
    const pdfAllowed = input.allowed.includes('application/pdf');
    throw new AppError(pdfAllowed ? 'FILE_TYPE' : 'IMAGE_TYPE', { field: 'file' });
  }
  const key = newStorageKey(input.purpose, type);
  await storage.put(key, input.data);
  const [row] = await db
    .insert(storedFiles)
    .values({
      storageKey: key,
      filename: input.filename.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 120) || 'fichier',
      contentType: type,
      sizeBytes: input.data.length,
      purpose: input.purpose,
      ownerUserId: input.ownerUserId,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

export async function findFile(db: Queryable, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

export const fileUrl = (id: string) => `/api/files/${id}`;
