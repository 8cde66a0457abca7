import { describe, expect, it } from 'vitest';
import { isApiErrorBody } from './api';

// The hand-written check that replaced the contracts' ZApiError (zod) in every page's first load.
describe('isApiErrorBody', () => {
  it('accepts the API error shape, with or without field and params', () => {
    expect(isApiErrorBody({ error: { code: 'VALIDATION', message: 'Veuillez remplir' } })).toBe(true);
    expect(isApiErrorBody({ error: { code: 'TEXT_TOO_LONG', message: 'x', field: 'title', params: { max: 100, unit: 'c' } } })).toBe(true);
  });

  it('refuses anything else, so the caller falls back to a generic error', () => {
    for (const payload of [
      undefined,
      null,
      'Internal Server Error',
      { error: 'boom' },
      { error: { code: 42, message: 'x' } },
      { error: { code: 'X' } },
      { error: { code: 'X', message: 'x', field: 3 } },
      { error: { code: 'X', message: 'x', params: { max: true } } },
      { error: { code: 'X', message: 'x', params: null } },
    ]) {
      expect(isApiErrorBody(payload), JSON.stringify(payload)).toBe(false);
    }
  });
});
