import { ERRORS, errorText, type TErrorCode } from '@farha/contracts/plain/errors';

/**
 * A row's problem in the uploader's language (issue 34: an Arabic upload listed « E-mail invalide »): the
 * catalogue's words for its code in the page's language, whatever language the browser asked the server
 * for; the server's own text for a code this web app does not know yet.
 */
export function rowProblemText(problem: { code: string; message: string }, locale: 'fr' | 'ar'): string {
  return Object.hasOwn(ERRORS, problem.code) ? errorText(problem.code as TErrorCode, locale) : problem.message;
}
