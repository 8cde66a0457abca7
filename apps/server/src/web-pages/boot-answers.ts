import type { PagesServer } from './pages-server.ts';

/**
 * API answers a landing page asks for as soon as it runs, sent inside its HTML (`<script type=
 * "application/json" id="farha-boot">`, read by apps/web/src/lib/boot.ts): the phone draws the page once its
 * code has run, without one more round trip on a mobile network. Answers for anonymous visitors only, as
 * the API gives them (the same routes, through `inject`); the homepage's French texts, the one locale the
 * server can expect before the device says otherwise.
 */
export const BOOT_COMMON = ['/api/site', '/api/landing?locale=fr'];
export const BOOT_ANONYMOUS = '/api/auth/me';
/** Answers worth sending: what the API answered (2xx) and "not logged in" (401 of /api/auth/me). */
const BOOT_STATUSES = new Set([200, 401]);

/** An API answer as a page carries it. */
export type ApiAnswer = { status: number; body: unknown };

/** The API's answers to `urls` for an anonymous visitor, as `{ url: { status, body } }`. */
export async function bootAnswers(api: PagesServer['api'], urls: string[]): Promise<Record<string, ApiAnswer>> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      const res = await api(url);
      const isJson = res.headers['content-type']?.toString().includes('application/json') ?? false;
      return BOOT_STATUSES.has(res.statusCode) && isJson ? ([url, { status: res.statusCode, body: res.json<unknown>() }] as const) : null;
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}

/** The API's answer to `GET url` for an anonymous visitor, for the server's rendering. */
export async function anonymousAnswer(api: PagesServer['api'], url: string): Promise<ApiAnswer> {
  const res = await api(url);
  const isJson = res.headers['content-type']?.toString().includes('application/json') ?? false;
  return { status: res.statusCode, body: isJson ? res.json<unknown>() : null };
}
