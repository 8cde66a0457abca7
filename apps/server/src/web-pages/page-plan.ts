import { HOME_FEATURED_BOXES } from '@farha/contracts/plain/catalog';
import { PICTURE_SIZES, pictureSrcSet } from '@farha/contracts/plain/pictures';
import { isWebAppPath, WEB_PATHS } from '@farha/contracts/web-paths';
import { findActiveBox, getLanding, listActiveBoxes } from '../modules/catalog/index.ts';
import type { PageModulePreloads } from './module-preloads.ts';
import { boxHead, type PageHead, siteHead } from './page-head.ts';
import { BOX_PAGE, withoutTrailingSlash } from './page-paths.ts';
import type { PagesServer } from './pages-server.ts';

/** What a page is made of besides the template: its status, head, largest picture, modules and API answers. */
export interface PagePlan {
  /** 200 for a page of the app, 404 for an unknown path or box (the app shows its 404 page). */
  status: number;
  head: PageHead | null;
  /** The picture to preload (the page's LCP element), if it has one. */
  preload: PreloadImage | null;
  /** Its modules' preloads (landing pages only). */
  modules: string;
  /** The API answers worth sending inside it besides BOOT_COMMON's. */
  bootUrls: string[];
}

/** A picture to preload, in the widths and sizes its `<img>` asks for, so that the browser fetches one file. */
export interface PreloadImage {
  href: string;
  srcSet?: string;
  sizes?: string;
}

const isImagePath = (value: string) => /^\/[^/]/.test(value) && /\.(svg|png|jpe?g|webp|avif)$/i.test(value);

function preloadOf(url: string | null | undefined, kind: 'box' | 'landing'): PreloadImage | null {
  if (!url || !isImagePath(url)) return null;
  const srcSet = pictureSrcSet(url, kind);
  return srcSet ? { href: url, srcSet, sizes: PICTURE_SIZES[kind] } : { href: url };
}

/** The homepage's LCP picture: the first slide of the hero carousel when it is a picture. */
async function homeHeroImage(server: PagesServer): Promise<PreloadImage | null> {
  try {
    const landing = await getLanding(server.catalog(), 'fr');
    return preloadOf(landing.hero.slides[0]?.background.trim(), 'landing');
  } catch {
    return null;
  }
}

/** The plan of the page at `url` (its path and query, as asked for). */
export async function planPage(server: PagesServer, preloads: PageModulePreloads, url: string): Promise<PagePlan> {
  const [pathname = '/'] = url.split('?');
  let status = isWebAppPath(pathname) ? 200 : 404;
  let head: PageHead | null = null;
  let preload: PreloadImage | null = null;
  const bootUrls: string[] = [];

  const boxMatch = BOX_PAGE.exec(pathname);
  if (boxMatch) {
    let id = '';
    try {
      id = decodeURIComponent(boxMatch[1] ?? '');
    } catch {
      /* a malformed escape is an unknown box */
    }
    const box = id ? await findActiveBox(server.catalog(), id) : null;
    if (box) {
      head = boxHead(server.publicUrl, box);
      preload = preloadOf(box.imageUrl, 'box');
      bootUrls.push(`/api/boxes/${encodeURIComponent(box.id)}`);
    } else status = 404;
  } else if (pathname === WEB_PATHS.home) {
    preload = await homeHeroImage(server);
    bootUrls.push(`/api/boxes?limit=${HOME_FEATURED_BOXES}`);
  } else if (pathname === WEB_PATHS.catalog && !url.includes('?')) {
    // The unfiltered catalogue opens on the most popular box: its picture is the page's largest.
    const [first] = await listActiveBoxes(server.catalog());
    preload = preloadOf(first?.imageUrl, 'box');
    bootUrls.push('/api/boxes');
  }
  const normalized = withoutTrailingSlash(pathname);
  if (!head && status === 200) head = siteHead(server.publicUrl, normalized);
  const modules =
    status !== 200 ? '' : boxMatch ? preloads.box : normalized === WEB_PATHS.catalog ? preloads.catalog : normalized === WEB_PATHS.home ? preloads.home : '';
  return { status, head, preload, modules, bootUrls };
}
