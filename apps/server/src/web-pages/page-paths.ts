import { isWebAppPath, WEB_PATHS } from '@farha/contracts/web-paths';

/** A box's page, `/box/:id`. */
export const BOX_PAGE = /^\/box\/([^/]+)\/?$/i;

/** Pages a search engine should not index: accounts, back offices, payment and personal pages. */
export const PRIVATE_PREFIXES = [
  '/api/',
  '/pay/',
  `${WEB_PATHS.client.root}/`,
  `${WEB_PATHS.partner.root}/`,
  `${WEB_PATHS.admin.root}/`,
  `${WEB_PATHS.supportPortal.root}/`,
  WEB_PATHS.checkout,
  WEB_PATHS.basket,
  WEB_PATHS.success,
  WEB_PATHS.auth,
  WEB_PATHS.invitation,
  WEB_PATHS.profile,
  '/v/',
  '/demo/',
  // A group gift's page (issue 37): its link is a secret shared by its organiser, never a page to find.
  '/cagnotte/',
  // Issue 38: a buyer's order, its cash confirmation and its parcel.
  '/commande/',
];
/** Public pages listed in the sitemap besides the boxes. */
export const PUBLIC_PAGES = [WEB_PATHS.home, WEB_PATHS.catalog, WEB_PATHS.howItWorks, WEB_PATHS.partners, WEB_PATHS.help];
const RENDERED_PAGES = new Set<string>(PUBLIC_PAGES);

/** The path without its trailing slashes (`/` stays `/`). */
export const withoutTrailingSlash = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * Whether the server draws the page (ADR 012): the public pages, a box's page and the 404 page outside the
 * signed-in areas; not the landing editor's preview, which shows a staff member's draft.
 */
export function isRenderedPage(pathname: string, search: string): boolean {
  if (/(^|&)preview=/.test(search)) return false;
  const normalized = withoutTrailingSlash(pathname);
  if (RENDERED_PAGES.has(normalized) || BOX_PAGE.test(pathname)) return true;
  const inPrivateArea = PRIVATE_PREFIXES.some((prefix) => (prefix.endsWith('/') ? pathname.startsWith(prefix) : normalized === prefix));
  return !isWebAppPath(pathname) && !inPrivateArea;
}
