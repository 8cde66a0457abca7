import type { TBoxSummary } from '@farha/contracts/catalog';
import { formatDzd } from '@farha/contracts/money';
import { SHARE_IMAGE } from '../modules/files/index.ts';
import { escapeHtml, scriptJson } from './html.ts';
import { SITE_SHARE_IMAGE, shareImagePath } from './share-images.ts';

const DESCRIPTION_LENGTH = 160;
const SITE_TITLE = "Farha — Coffrets cadeaux d'expériences en Algérie";
const SITE_DESCRIPTION =
  "Farha : coffrets cadeaux d'expériences en Algérie — bien-être, gastronomie, voyages et loisirs, payables par CIB ou EDAHABIA.";

/** A page's own head: what replaces index.html's title, description and sharing tags. */
export interface PageHead {
  title: string;
  description: string;
  canonical: string;
  /** Open Graph, Twitter card and other head elements, already HTML. */
  extra: string;
}

function shareImageMeta(url: string, alt: string, type = 'image/jpeg'): [string, string, string][] {
  return [
    ['property', 'og:image', url],
    ['property', 'og:image:type', type],
    ['property', 'og:image:width', String(SHARE_IMAGE.width)],
    ['property', 'og:image:height', String(SHARE_IMAGE.height)],
    ['property', 'og:image:alt', alt],
  ];
}

const metaTags = (meta: [string, string, string][]) =>
  meta.map(([attribute, name, content]) => `    <meta ${attribute}="${name}" content="${escapeHtml(content)}" />\n`).join('');

function shorten(text: string, max: number): string {
  // Runs of spaces and line breaks become one space; the no-break space inside prices stays.
  const flat = text.replace(/[^\S\u00a0]+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/** A box page's head: its title, description, Open Graph and Twitter tags and schema.org JSON-LD. */
export function boxHead(publicUrl: string, box: TBoxSummary): PageHead {
  const url = `${publicUrl}/box/${encodeURIComponent(box.id)}`;
  const price = formatDzd(box.price, 'fr');
  const title = `${box.name} — ${price} | Farha`;
  const description = shorten(`${box.name}, coffret cadeau à ${price}. ${box.description}`, DESCRIPTION_LENGTH);
  const image = box.imageUrl ? (box.imageUrl.startsWith('/') ? `${publicUrl}${box.imageUrl}` : box.imageUrl) : null;
  // Shared links show a JPEG (WhatsApp and Facebook show neither WebP nor SVG); without a picture, the site's.
  const shareImage = box.imageUrl?.startsWith('/') ? `${publicUrl}${shareImagePath(box)}` : `${publicUrl}${SITE_SHARE_IMAGE}`;
  const meta: [string, string, string][] = [
    ['property', 'og:site_name', 'Farha'],
    ['property', 'og:type', 'product'],
    ['property', 'og:locale', 'fr_DZ'],
    ['property', 'og:locale:alternate', 'ar_DZ'],
    ['property', 'og:url', url],
    ['property', 'og:title', `${box.name} — ${price}`],
    ['property', 'og:description', description],
    ...shareImageMeta(shareImage, box.name),
    ['property', 'product:price:amount', String(box.price)],
    ['property', 'product:price:currency', 'DZD'],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', `${box.name} — ${price}`],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', shareImage],
  ];
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: box.name,
    description: box.description,
    sku: box.id,
    category: box.category,
    brand: { '@type': 'Brand', name: 'Farha' },
    ...(image ? { image } : {}),
    ...(box.rating !== null && box.reviewCount > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: box.rating, reviewCount: box.reviewCount, bestRating: 5, worstRating: 1 } }
      : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: box.price,
      priceCurrency: 'DZD',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Organization', name: 'Farha' },
    },
  };
  const extra =
    metaTags(meta) +
    `    <script type="application/ld+json">${scriptJson(product)}</script>\n`;
  return { title, description, canonical: url, extra };
}

/** The tags of a page without its own (home, catalogue…): the site's title, description and picture. */
export function siteHead(publicUrl: string, pathname: string): PageHead {
  const url = `${publicUrl}${pathname === '/' ? '/' : pathname.replace(/\/+$/, '')}`;
  const meta: [string, string, string][] = [
    ['property', 'og:site_name', 'Farha'],
    ['property', 'og:type', 'website'],
    ['property', 'og:locale', 'fr_DZ'],
    ['property', 'og:locale:alternate', 'ar_DZ'],
    ['property', 'og:url', url],
    ['property', 'og:title', SITE_TITLE],
    ['property', 'og:description', SITE_DESCRIPTION],
    ...shareImageMeta(`${publicUrl}${SITE_SHARE_IMAGE}`, 'Farha', 'image/png'),
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', SITE_TITLE],
    ['name', 'twitter:description', SITE_DESCRIPTION],
    ['name', 'twitter:image', `${publicUrl}${SITE_SHARE_IMAGE}`],
  ];
  return { title: SITE_TITLE, description: SITE_DESCRIPTION, canonical: url, extra: metaTags(meta) };
}
