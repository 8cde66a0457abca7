import { ERROR_MESSAGES, type TErrorCode } from '@farha/contracts/errors';

/** An error the client should see: HTTP status, stable code and the spec's French message. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = field;
  }

  static of(status: number, code: TErrorCode, field?: string): AppError {
    return new AppError(status, code, ERROR_MESSAGES[code], field);
  }

  toJSON(): { error: { code: string; message: string; field?: string } } {
    return { error: { code: this.code, message: this.message, ...(this.field ? { field: this.field } : {}) } };
  }
}

export const notFound = (code = 'NOT_FOUND', message: string = ERROR_MESSAGES.NOT_FOUND) =>
  new AppError(404, code, message);
export const forbidden = () => AppError.of(403, 'FORBIDDEN');
export const unauthenticated = () => AppError.of(401, 'UNAUTHENTICATED');
