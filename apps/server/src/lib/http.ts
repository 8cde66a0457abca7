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
