import { ERRORS, errorText, type TErrorCode, type TErrorParams } from '@farha/contracts/errors';

export type TErrorBody = { error: { code: TErrorCode; message: string; field?: string; params?: TErrorParams } };
export type AppErrorOptions = {
  /** The input the error is about (`email`, `items.0.name`), for the form to show it there. */
  field?: string | undefined;
  /** Values of the message's `{name}` placeholders. */
  params?: TErrorParams;
  /** Only where one code answers two statuses; the catalogue's status otherwise. */
  status?: number;
};

/**
 * An error the client should see, built from a code of the catalogue (ADR 006): the HTTP status and the
 * spec's French message come from there, so a server file never words an error itself.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: TErrorCode;
  readonly field: string | undefined;
  readonly params: TErrorParams | undefined;

  constructor(code: TErrorCode, options: AppErrorOptions = {}) {
    super(errorText(code, 'fr', options.params));
    this.status = options.status ?? ERRORS[code].status;
    this.code = code;
    this.field = options.field;
    this.params = options.params;
  }

  toJSON(): TErrorBody {
    return errorBody(this.code, { field: this.field, params: this.params });
  }
}

/** The `{ error: … }` answer for a code, for replies that are not thrown. */
export function errorBody(code: TErrorCode, options: Omit<AppErrorOptions, 'status'> = {}): TErrorBody {
  const { field, params } = options;
  return { error: { code, message: errorText(code, 'fr', params), ...(field ? { field } : {}), ...(params ? { params } : {}) } };
}

export const notFound = (code: TErrorCode = 'NOT_FOUND') => new AppError(code);
export const forbidden = () => new AppError('FORBIDDEN');
export const unauthenticated = () => new AppError('UNAUTHENTICATED');
