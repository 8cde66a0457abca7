import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_MESSAGES } from '@farha/contracts/errors';
import { AppError } from './errors.ts';

const FRENCH_MESSAGES = new Set<string>(Object.values(ERROR_MESSAGES));
// zod's own English defaults are replaced; a message we wrote (French) is kept.
const ZOD_DEFAULT = /^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/;

/** architecture.md "Errors": every failure as `{ error: { code, message } }`, never a bare 500. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return reply.status(error.status).send(error.toJSON());
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!;
      const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
      const raw = issue.message ?? '';
      const message =
        FRENCH_MESSAGES.has(raw) || (raw && !ZOD_DEFAULT.test(raw)) ? raw : `${ERROR_MESSAGES.VALIDATION} (${field})`;
      return reply.status(400).send({ error: { code: 'VALIDATION', message, field } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message: ERROR_MESSAGES.BAD_REQUEST } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: ERROR_MESSAGES.INTERNAL } });
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
    if (field) throw AppError.of(400, 'BAD_REQUEST', field.replace(/^(params|query|body)\./, ''));
  });
}
