import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorText, parseErrorKey, type TErrorCode } from '@farha/contracts/errors';
import { AppError, errorBody } from './errors.ts';
import { noteServerError } from './logging.ts';
import { databaseUnreachable } from '../db/client.ts';

/**
 * A failed schema check as a catalogue error, always a 400: the schemas carry `zodError(code, params)`
 * keys, read back here (ADR 006). zod's own English defaults (a constraint without a message of ours)
 * answer VALIDATION_FIELD with the field's name.
 */
export function validationError(message: string | undefined, field: string): AppError {
  const parsed = parseErrorKey(message ?? '');
  if (parsed) return new AppError(parsed.code, { status: 400, field, ...(parsed.params ? { params: parsed.params } : {}) });
  return new AppError('VALIDATION_FIELD', { field, params: { field } });
}

/** @fastify/multipart's own errors (`FST_…` codes), as the catalogue's. */
const MULTIPART_ERRORS: Record<string, TErrorCode> = {
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_FILES_LIMIT: 'TOO_MANY_FILES',
  FST_PARTS_LIMIT: 'FORM_UNREADABLE',
  FST_FIELDS_LIMIT: 'FORM_UNREADABLE',
  FST_PROTO_VIOLATION: 'FORM_UNREADABLE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'FORM_UNREADABLE',
  FST_INVALID_JSON_FIELD_ERROR: 'FORM_UNREADABLE',
  FST_MP_PREMATURE_CLOSE: 'FORM_UNREADABLE',
};
/**
 * What the multipart parser (busboy, under @fastify/multipart) throws, as plain errors without a status, at
 * a Content-Type without boundary or a body cut short: "Multipart: Boundary not found", "Unexpected end of
 * multipart data", "file terminated early due to unexpected end of multipart data".
 */
const UNREADABLE_MULTIPART = /boundary not found|boundary required|unexpected end of multipart data/i;

/**
 * An error met while reading a multipart/form-data body, as the catalogue error the client should see, or
 * null. Here rather than in each upload route, so that every multipart route, present or future, answers a
 * form it cannot read with a 4xx (FORM_UNREADABLE is a 400) instead of a 500.
 */
export function multipartError(error: { code?: string; message?: string }, request: FastifyRequest): AppError | null {
  const code = error.code ? MULTIPART_ERRORS[error.code] : undefined;
  if (code) return new AppError(code);
  if (request.isMultipart() && UNREADABLE_MULTIPART.test(error.message ?? '')) return new AppError('FORM_UNREADABLE');
  return null;
}

/**
 * The one file of a multipart request (a picture upload): its bytes and name. No file is the caller's
 * `missing` error, a file over the size limit FILE_TOO_LARGE, a form that cannot be read the catalogue's.
 */
export async function readSingleFile(request: FastifyRequest, missing: () => AppError): Promise<{ data: Buffer; filename: string }> {
  if (!request.isMultipart()) throw missing();
  try {
    const part = await request.file();
    if (!part) throw missing();
    return { data: await part.toBuffer(), filename: part.filename };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'file' });
    throw multipartError(error as Error, request) ?? missing();
  }
}

/**
 * One file and one text field (e.g. a document's `type`) of a multipart form, in any order; the first file
 * counts. No file is the caller's `missing` error, a file over `maxBytes` FILE_TOO_LARGE.
 */
export async function readFileWithField(
  request: FastifyRequest,
  field: string,
  maxBytes: number,
  missing: () => AppError,
): Promise<{ value: string | undefined; file: { data: Buffer; filename: string } }> {
  if (!request.isMultipart()) throw missing();
  let value: string | undefined;
  let file: { data: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        file ??= { data, filename: part.filename };
      } else if (part.fieldname === field) {
        value = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FILE_TOO_LARGE', { field: 'file' });
    throw multipartError(error as Error, request) ?? missing();
  }
  if (!file) throw missing();
  return { value, file };
}

/**
 * One file and some text fields of a multipart form (a courier's statement with its reference and date), in any
 * order; the first file counts, fields not named are ignored. No file is the caller's `missing` error, a file
 * over `maxBytes` the caller's `tooLarge`.
 */
export async function readFileWithFields<K extends string>(
  request: FastifyRequest,
  fields: readonly K[],
  maxBytes: number,
  errors: { missing: () => AppError; tooLarge: () => AppError },
): Promise<{ values: Partial<Record<K, string>>; file: { data: Buffer; filename: string } }> {
  if (!request.isMultipart()) throw errors.missing();
  const values: Partial<Record<K, string>> = {};
  let file: { data: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        file ??= { data, filename: part.filename };
      } else if ((fields as readonly string[]).includes(part.fieldname)) {
        values[part.fieldname as K] = String(part.value);
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw errors.tooLarge();
    throw multipartError(error as Error, request) ?? errors.missing();
  }
  if (!file || file.data.length === 0) throw errors.missing();
  return { values, file };
}

/** docs/product/errors.md §3: every failure as `{ error: { code, message } }`, never a bare 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.toJSON());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
      const failure = validationError(issue.message, field);
      return reply.status(failure.status).send(failure.toJSON());
    }
    const unreadable = multipartError(error, request);
    if (unreadable) return reply.status(unreadable.status).send(unreadable.toJSON());
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message: errorText('BAD_REQUEST') } });
    }
    // Logged once, with the request's access line (lib/logging.ts).
    noteServerError(request, error);
    // Issue 39: the database gone (a restart, a failover) is not a bug of the request: 503 and when to come
    // back, as readiness says meanwhile; a gateway's webhook is retried either way.
    if (databaseUnreachable(error)) return reply.status(503).header('retry-after', '5').send(new AppError('DATABASE_UNAVAILABLE').toJSON());
    return reply.status(500).send(errorBody('INTERNAL'));
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/**
 * CSRF: a state-changing browser request must come from our own origin. Browsers always send Origin
 * (or at least Referer) on such requests; non-browser clients send neither and are not a CSRF vector.
 */
export function isCrossSiteRequest(request: FastifyRequest, publicUrl: string): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer as string | undefined);
  if (!origin) return false;
  const own = new Set([new URL(publicUrl).origin]);
  const host = request.headers.host;
  if (host) {
    own.add(originOf(`http://${host}`) ?? '');
    own.add(originOf(`https://${host}`) ?? '');
  }
  return !own.has(origin);
}

/** The path (`body.items.0.name`) of the first string holding a NUL byte, or null. Keys count too. */
export function nulBytePath(value: unknown, at: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const here = `${at}.${key}`;
    if (key.includes('\u0000')) return here;
    const found = nulBytePath(item, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL refuses a NUL byte in text ("invalid byte sequence"): one in a path parameter, the query or
 * a JSON body is bad input, answered 400 before any handler runs, never a 500.
 */
export function rejectNulBytes(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field =
      nulBytePath(request.params, 'params') ?? nulBytePath(request.query, 'query') ?? nulBytePath(request.body, 'body');
    if (field) throw new AppError('BAD_REQUEST', { field: field.replace(/^(params|query|body)\./, '') });
  });
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'via'];

/** The port a URL (or `protocol//host`) names, its scheme's default when absent. */
function portOf(url: URL): number {
  return Number(url.port || (url.protocol === 'https:' ? 443 : 80));
}

/**
 * The PUBLIC_URL address a page request that reached this server under another host name of it should go
 * to (e.g. `127.0.0.1:3000` when PUBLIC_URL is `http://localhost:3000`), or null to serve it as it is.
 * Cookies are per host name: a session made on another name than PUBLIC_URL's is lost when the payment
 * gateway sends the buyer back to PUBLIC_URL. Only page loads (GET/HEAD outside /api) are redirected, so a
 * visitor is moved before a session is made, and only when it is safe:
 * - never behind a proxy (TRUST_PROXY set, or forwarding headers present): the proxy owns host names, and
 *   one that rewrites Host would loop;
 * - only when both PUBLIC_URL and the request name this server's own port (a browser connected straight to
 *   it; PUBLIC_URL on another port means something else fronts it);
 * - never from a non-loopback name to a loopback PUBLIC_URL: a phone on the LAN would be sent to itself.
 * The target is PUBLIC_URL's origin plus the path: never a host the client chose.
 */
export function canonicalHostRedirect(
  request: FastifyRequest,
  config: { publicUrl: string; port: number; trustProxy: boolean | number | string[] },
): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/metrics')) return null;
  const { trustProxy } = config;
  if (trustProxy === true || (typeof trustProxy === 'number' && trustProxy > 0) || (Array.isArray(trustProxy) && trustProxy.length > 0)) return null;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return null;
  const target = new URL(config.publicUrl);
  if (portOf(target) !== config.port) return null;
  let arrived: URL;
  try {
    arrived = new URL(`${target.protocol}//${request.headers.host ?? ''}`);
  } catch {
    return null;
  }
  if (!arrived.hostname || portOf(arrived) !== config.port) return null;
  if (arrived.hostname.toLowerCase() === target.hostname.toLowerCase()) return null;
  if (LOOPBACK.test(target.hostname) && !LOOPBACK.test(arrived.hostname)) return null;
  return `${target.origin}${request.url}`;
}
