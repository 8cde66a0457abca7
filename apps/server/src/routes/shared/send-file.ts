import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { StoredFile } from '../../modules/files/index.ts';

/**
 * A stored file's bytes as its answer, the one way every route serves an upload: the type it was stored
 * with (the re-encoded bytes', never the uploader's claim), never sniffed as something else, a PDF as a
 * download and a picture inline, under its own name.
 */
export function sendStoredFile(reply: FastifyReply, file: { contentType: string; filename: string }, data: Buffer, cacheControl: string) {
  return reply
    .type(file.contentType)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `${file.contentType === 'application/pdf' ? 'attachment' : 'inline'}; filename="${encodeURIComponent(file.filename)}"`)
    .send(data);
}

/** Streams a private stored file (never cached, never sniffed as something else). */
export async function sendPrivateFile(app: FastifyInstance, reply: FastifyReply, file: StoredFile) {
  const data = await app.storage.read(file.storageKey).catch(() => null);
  if (!data) throw new AppError('KYC_DOCUMENT_NOT_FOUND');
  return sendStoredFile(reply, file, data, 'private, no-store');
}
