import { ERRORS, ZApiError } from '@farha/contracts/errors';
import type { z } from 'zod';
import { api, ApiError, INVALID_RESPONSE, NETWORK_ERROR } from './api';

/**
 * A POST with files: multipart/form-data (files go in the field `attachments`), answered like any API
 * call; without files, an ordinary JSON POST. The browser sets the Content-Type with its boundary; the
 * Origin header covers the server's CSRF check.
 */
export async function postWithFiles<T>(path: string, fields: Record<string, string>, files: File[], schema: z.ZodType<T>): Promise<T> {
  if (files.length === 0) return api.post(path, fields, { schema });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('attachments', file, file.name);
  return postForm(path, form, schema, 'attachments');
}

/** A multipart POST answered like any API call; `fileField` names the field a too-large body is blamed on. */
export async function postForm<T>(path: string, form: FormData, schema: z.ZodType<T>, fileField = 'file'): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, ERRORS.LOGIN_FAILED.fr);
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = ZApiError.safeParse(payload);
    if (parsed.success) throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, parsed.data.error.field, parsed.data.error.params);
    // A body over the server's limit is refused before any route answers.
    if (response.status === 413) throw new ApiError(413, 'FILE_TOO_LARGE', ERRORS.FILE_TOO_LARGE.fr, fileField);
    throw new ApiError(response.status, 'INTERNAL', ERRORS.INTERNAL.fr);
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError(response.status, INVALID_RESPONSE, ERRORS.INTERNAL.fr);
  return parsed.data;
}
