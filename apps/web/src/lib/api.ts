import type { TApiError } from '@farha/contracts/errors';
import type { z } from 'zod';
import { takeBootAnswer } from './boot';
import { loadErrorCatalogue } from './error-catalogue';

/** An error answered by the API (`{ error: { code, message, field? } }`) or met on the way to it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** Values of the message's `{name}` placeholders (error catalogue). */
    readonly params?: Readonly<Record<string, string | number>>,
  ) {
    super(message);
  }
}

/** Client-side codes, for failures that never got an answer from the server. */
export const NETWORK_ERROR = 'NETWORK_ERROR';
export const INVALID_RESPONSE = 'INVALID_RESPONSE';

/**
 * Whether an error answer has the API's shape (docs/product/errors.md §3). Checked by hand rather than with
 * the contracts' ZApiError: every page loads this file, and zod stays out of the storefront's first load.
 */
export function isApiErrorBody(payload: unknown): payload is TApiError {
  if (typeof payload !== 'object' || payload === null) return false;
  const error = (payload as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, field, params } = error as Record<string, unknown>;
  if (typeof code !== 'string' || typeof message !== 'string') return false;
  if (field !== undefined && typeof field !== 'string') return false;
  if (params === undefined) return true;
  return (
    typeof params === 'object' &&
    params !== null &&
    Object.values(params).every((value) => typeof value === 'string' || typeof value === 'number')
  );
}

type FallbackCode = 'LOGIN_FAILED' | 'UNAUTHENTICATED' | 'INTERNAL';

/**
 * The error to throw, once the error catalogue is loaded (lib/error-catalogue.ts): the page that catches
 * it renders its text synchronously. `fallback` is the catalogue message of an answer without one.
 */
async function failure(status: number, code: string, fallback: FallbackCode, body?: TApiError['error']): Promise<ApiError> {
  const catalogue = await loadErrorCatalogue().catch(() => null);
  if (body) return new ApiError(status, body.code, body.message, body.field, body.params);
  return new ApiError(status, code, catalogue?.ERRORS[fallback].fr ?? '');
}

type SessionExpiredListener = () => void;
let sessionExpiredListener: SessionExpiredListener | null = null;

/**
 * The auth provider registers here to hear about a 401 answered to an ordinary call: the session
 * ended on the server (expired or revoked) while the page still believed the user was logged in.
 */
export function onSessionExpired(listener: SessionExpiredListener): () => void {
  sessionExpiredListener = listener;
  return () => {
    if (sessionExpiredListener === listener) sessionExpiredListener = null;
  };
}

// A 401 from these calls is an ordinary answer ("not logged in", "wrong password"), not an expiry.
const AUTH_PROBES = new Set(['/api/auth/me', '/api/auth/login']);

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * Validates the JSON answer; a mismatch is an `INVALID_RESPONSE` error. The storefront's first load
   * (shell, homepage, catalogue, box page) passes none and trusts the types: its pages would otherwise
   * download zod (docs/decisions/008-storefront-without-zod.md).
   */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Do not start the session-expired flow on a 401 (used by logout). */
  ignoreSessionExpiry?: boolean;
}

/** How a call reaches the API: the browser's fetch; the server's rendering (entry-server.tsx) answers in process. */
let transport: typeof fetch = (input, init) => fetch(input, init);

/** Replaces how calls reach the API (server-side rendering only). */
export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, signal, ignoreSessionExpiry = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  const boot = method === 'GET' ? takeBootAnswer(path) : undefined;
  let response: Response;
  try {
    response = boot
      ? new Response(JSON.stringify(boot.body), { status: boot.status, headers: { 'content-type': 'application/json' } })
      : await transport(path, {
          method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
          credentials: 'same-origin',
          signal,
        });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // docs/product/errors.md §3: a failure to reach the server reads 'Erreur de connexion. Veuillez réessayer.'
    throw await failure(0, NETWORK_ERROR, 'LOGIN_FAILED');
  }

  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const payload: unknown = isJson ? await response.json().catch(() => undefined) : undefined;

  if (!response.ok) {
    const pathname = path.split('?')[0] ?? path;
    const fallback = response.status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL';
    const body = isApiErrorBody(payload) ? payload.error : undefined;
    // "Not logged in" on every anonymous visit is an answer, not an error shown: no catalogue for it.
    if (response.status === 401 && pathname === '/api/auth/me') {
      throw new ApiError(401, body?.code ?? fallback, body?.message ?? '', body?.field, body?.params);
    }
    const error = await failure(response.status, fallback, fallback, body);
    if (response.status === 401 && !ignoreSessionExpiry && !AUTH_PROBES.has(pathname)) {
      sessionExpiredListener?.();
    }
    throw error;
  }

  if (response.status === 204) return undefined as T;
  if (!isJson) throw await failure(response.status, INVALID_RESPONSE, 'INTERNAL');
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw await failure(response.status, INVALID_RESPONSE, 'INTERNAL');
  return parsed.data;
}

type Options<T> = Omit<RequestOptions<T>, 'method' | 'body'>;

export const api = {
  get: <T = unknown>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Options<T>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Options<T>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
