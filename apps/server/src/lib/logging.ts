import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The header a proxy (or a client) may pass its request id in; Farha echoes the id it used. */
export const REQUEST_ID_HEADER = 'x-request-id';
const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A sane incoming x-request-id is kept (so the proxy's and Farha's lines join up); otherwise a new UUID. */
export function genReqId(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Paths whose segments are secrets (an invitation token, a voucher code used as a bearer) and query
 * parameters that can hold one: logged as `[redacted]`.
 */
const SECRET_SEGMENTS = [/(\/invitations\/)[^/?#]+/g, /(\/public\/vouchers\/)[^/?#]+/g];
const SECRET_PARAMS = /([?&](?:token|code|password|secret|key|signature|email)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  let out = url;
  for (const segment of SECRET_SEGMENTS) out = out.replace(segment, '$1[redacted]');
  return out.replace(SECRET_PARAMS, '$1[redacted]');
}

/**
 * Pino's redaction: whatever a log call passes (a request, a reply, an error with its context, an object
 * holding user input) never carries credentials, cookies, passwords, tokens or card data.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.cardNumber',
  '*.cvv',
  '*.cvc',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'body',
  '*.body',
];

/** Fastify's logger options: JSON lines (pino), request id on each request line, secrets redacted. */
export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
          userAgent: request.headers['user-agent'],
        };
      },
    },
  };
}

/** Every answer says which request id its log lines carry. */
export function echoRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
