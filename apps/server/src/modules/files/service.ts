import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { storedFiles } from '../../db/schema/index.ts';
import { EXTENSION_OF_TYPE, newStorageKey, type FileStorage } from './storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** Attachments and images are images or PDF, up to 10 MB (docs/product/support.md §3, docs/product/partners.md §4). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const ATTACHMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

/** Purposes whose files anyone may read (catalogue pictures); the others are private. */
export const PUBLIC_PURPOSES = new Set(['offer_image', 'box_image', 'landing_image', 'partner_logo']);

export type FilePurpose = 'offer_image' | 'box_image' | 'landing_image' | 'partner_logo' | 'ticket_attachment' | 'kyc_document' | 'company_document';

// The first bytes tell what a file really is, whatever its name or declared type says.
export function sniff(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

declare const checked: unique symbol;

/**
 * A file whose bytes a checker of uploads.ts or images.ts produced: decoded and re-encoded (pictures) or
 * parsed and re-saved (PDF). Only such a file is ever stored.
 */
export type CheckedFile = { readonly data: Buffer; readonly contentType: string; readonly filename: string; readonly [checked]: true };

/**
 * The name a person sees for an uploaded file (issue 32: names such as `../../x.png`, or with control or
 * direction characters, were kept): the client's last path segment, in NFKC, without its extension, control,
 * format, invisible or separator characters, runs of punctuation and leading dots, at most 100 characters; « fichier »
 * when nothing is left. The extension follows the stored bytes, never the client's name.
 */
export function displayName(clientName: string, contentType: string): string {
  const segment = clientName.normalize('NFKC').split(/[/\\]/).pop() ?? '';
  const base = [...segment.replace(/(\.[\p{L}\p{N}]{1,5})+$/u, '')]
    .map((c) => (/[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u.test(c) ? ' ' : /[\p{L}\p{N}\p{M} ._'’()-]/u.test(c) ? c : '_'))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/([._ -])[._ -]+/g, '$1')
    .replace(/^[._ -]+|[._ -]+$/g, '');
  return `${[...base].slice(0, 100).join('').trim() || 'fichier'}${EXTENSION_OF_TYPE[contentType] ?? ''}`;
}

/** For the checkers only: the bytes they produced, with the type and name that follow those bytes. */
export function checkedFile(data: Buffer, contentType: string, clientName: string): CheckedFile {
  return { data, contentType, filename: displayName(clientName, contentType) } as CheckedFile;
}

/** Stores a checked file and returns its stored_files row. */
export async function storeCheckedFile(
  db: Queryable,
  storage: FileStorage,
  file: CheckedFile,
  input: { purpose: FilePurpose; ownerUserId: string | null; now: Date },
) {
  const key = newStorageKey(input.purpose, file.contentType);
  await storage.put(key, file.data);
  const [row] = await db
    .insert(storedFiles)
    .values({
      storageKey: key,
      filename: file.filename,
      contentType: file.contentType,
      sizeBytes: file.data.length,
      purpose: input.purpose,
      ownerUserId: input.ownerUserId,
      createdAt: input.now,
    })
    .returning();
  return row!;
}

/** A stored file's row (its bytes are in the storage under `storageKey`). */
export type StoredFile = typeof storedFiles.$inferSelect;

export async function findFile(db: Queryable, id: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.id, id)).limit(1);
  return row ?? null;
}

export const fileUrl = (id: string) => `/api/files/${id}`;
