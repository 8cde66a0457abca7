import type { TUser } from '@farha/contracts/auth';

/** docs/product/storefront.md §2: the first name, or the part of the e-mail before the @. */
export function displayName(user: Pick<TUser, 'firstName' | 'email'>): string {
  return user.firstName.trim() || user.email.split('@')[0] || user.email;
}

export function initialOf(user: Pick<TUser, 'firstName' | 'email'>): string {
  return displayName(user).charAt(0).toUpperCase();
}
