import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { cachedSettings } from './service.ts';

/**
 * The setting security.password_min_length (docs/product/accounts-and-roles.md §8), for every password a person chooses: registration,
 * partner registration, invitations, password change and reset. 400 naming the length.
 */
export async function assertPasswordLength(db: Queryable, password: string, field = 'password'): Promise<void> {
  const { password_min_length: min } = await cachedSettings(db, 'security');
  if (password.length < min) throw new AppError('PASSWORD_TOO_SHORT', { field, params: { min } });
}
