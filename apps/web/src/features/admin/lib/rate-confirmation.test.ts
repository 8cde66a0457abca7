import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api';
import { asksRateConfirmation } from './rate-confirmation';

describe('a rate far from the one in force (issue 34)', () => {
  it('asks for confirmation on RATE_CONFIRM_REQUIRED only', () => {
    expect(asksRateConfirmation(new ApiError(409, 'RATE_CONFIRM_REQUIRED', 'Le nouveau taux…', 'rate', { current: '150,00', proposed: '1 500,00' }))).toBe(true);
    expect(asksRateConfirmation(new ApiError(400, 'RATE_INVALID', 'Taux invalide', 'rate'))).toBe(false);
    expect(asksRateConfirmation(new Error('RATE_CONFIRM_REQUIRED'))).toBe(false);
  });
});
