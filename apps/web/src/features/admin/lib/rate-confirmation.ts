import { ApiError } from '@/lib/api';

/**
 * Issue 34: the server refused a rate too far from the one in force until finance confirms it; the rates page
 * then shows the warning and a « Confirmer » button that sends the same rate again with `confirm: true`.
 */
export function asksRateConfirmation(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'RATE_CONFIRM_REQUIRED';
}
