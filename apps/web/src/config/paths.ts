import { isAdminRole, isCompanyRole, isPartnerRole, type TRole } from '@farha/contracts/plain/roles';
import { WEB_PATHS } from '@farha/contracts/web-paths';

/** Every route path of the web app: one table shared with the server (packages/contracts/src/web-paths.ts). */
export const paths = WEB_PATHS;

export const to = {
  box: (id: string) => `/box/${encodeURIComponent(id)}`,
  catalogSearch: (query: string) => `${paths.catalog}?${new URLSearchParams({ q: query })}`,
  register: `${paths.auth}?mode=register`,
  /** The checkout of a box (it reads `?box=`, so a reload keeps the box). */
  checkout: (boxId: string) => `${paths.checkout}?${new URLSearchParams({ box: boxId })}`,
  publicVoucher: (code: string) => `/v/${encodeURIComponent(code)}`,
};

/** docs/product/storefront.md §2: the profile page of each role (/profile redirects there). */
export function profilePathFor(role: TRole): string {
  if (role === 'customer') return paths.client.profile;
  if (isPartnerRole(role)) return paths.partner.profile;
  if (role === 'support') return paths.supportPortal.profile;
  if (isCompanyRole(role)) return paths.company.account;
  return isAdminRole(role) ? paths.admin.profile : paths.home;
}

/** Navigation state given to /auth: where to return after login, and why the user was sent there. */
export interface AuthRedirectState {
  from?: { pathname: string; search: string; hash: string };
  reason?: 'session-expired';
}
