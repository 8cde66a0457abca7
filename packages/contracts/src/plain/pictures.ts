/**
 * The widths a catalogue picture comes in, for an `<img srcSet>` and the page's preload. An uploaded one is
 * resized by the server to these widths (`/api/files/:id?w=`, apps/server files/images.ts); a seed one is
 * drawn at the box widths beside its full size (`/images/boxes/x.webp`, `x.w400.webp`, `x.w800.webp`,
 * apps/server db/seed/images.ts). Anything else is one file.
 */
export const PICTURE_WIDTHS = {
  // Box and offer cards (≈ 300–400 css px, ×2 screens), the box page, the catalogue admin's thumbnails.
  box: { full: 1600, widths: [400, 800] },
  // Hero backgrounds, testimonial avatars and partner logos of the homepage.
  landing: { full: 1920, widths: [480, 960] },
} as const;

/** The `sizes` that go with them: a card in the catalogue's grid, a hero across the screen. */
export const PICTURE_SIZES = {
  box: '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  landing: '100vw',
} as const;

type PictureKind = keyof typeof PICTURE_WIDTHS;

const SEED_PICTURE = /^\/images\/(boxes|offers)\/[a-z0-9-]+\.webp$/;

/** A seed picture at a smaller width, the file beside it: `/images/boxes/x.webp` → `/images/boxes/x.w400.webp`. */
export const seedPictureAt = (url: string, width: number) => url.replace(/\.webp$/, `.w${width}.webp`);

export function pictureSrcSet(url: string, kind: PictureKind): string | undefined {
  if (url.startsWith('/api/files/') && !url.includes('?')) {
    const { full, widths } = PICTURE_WIDTHS[kind];
    return [...widths.map((w) => `${url}?w=${w} ${w}w`), `${url} ${full}w`].join(', ');
  }
  if (SEED_PICTURE.test(url)) {
    const { full, widths } = PICTURE_WIDTHS.box;
    return [...widths.map((w) => `${seedPictureAt(url, w)} ${w}w`), `${url} ${full}w`].join(', ');
  }
  return undefined;
}
