import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TICKET_ATTACHMENT_MAX_FILES } from '@farha/contracts/support';
import { AppError } from '../../lib/errors.ts';
import { validationError } from '../../lib/http.ts';
import { type UploadedFile } from '../../modules/support/index.ts';

/** Fields and files of a JSON or multipart/form-data request (files under any field name). */
export async function readForm(request: FastifyRequest): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? (body as Record<string, unknown>) : {}, files: [] };
  }
  const fields: Record<string, unknown> = {};
  const files: UploadedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A browser sends an empty part for a file input left empty.
        if (data.length > 0 || part.filename) files.push({ data, filename: part.filename || 'fichier' });
        if (files.length > TICKET_ATTACHMENT_MAX_FILES) throw new AppError('TOO_MANY_FILES', { field: 'attachments' });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'attachments' });
    if (code === 'FST_FILES_LIMIT') throw new AppError('TOO_MANY_FILES', { field: 'attachments' });
    throw error;
  }
  return { fields, files };
}

/** The route's own validation (multipart bodies skip the schema), with the same error shape. */
export function parseFields<T extends z.ZodType>(schema: T, fields: Record<string, unknown>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw validationError(issue.message, issue.path.join('.') || 'body');
}
