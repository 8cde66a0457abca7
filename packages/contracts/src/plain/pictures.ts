/**
 * The widths a catalogue picture comes in, for an `<img srcSet>`: an uploaded one is resized by the server
 * (`/api/files/:id?w=`, apps/server files/images.ts), a seed one is drawn beside its full size
 * (`/images/boxes/x.webp`, `x.w400.webp`, `x.w800.webp`, apps/server db/seed/images.ts). Anything else is
 * one file.
 */
const UPLOADED_WIDTHS = { box: [400, 800, 1600], landing: [480, 960, 1920] } as const;
const SEED_PICTURE = /^\/images\/(boxes|offers)\/[a-z0-9-]+\.webp$/;
const SEED_WIDTHS = [400, 800, 1600] as const;

export function pictureSrcSet(url: string, kind: keyof typeof UPLOADED_WIDTHS): string | undefined {
  if (url.startsWith('/api/files/') && !url.includes('?')) {
    const [small, medium, full] = UPLOADED_WIDTHS[kind];
    return `${url}?w=${small} ${small}w, ${url}?w=${medium} ${medium}w, ${url} ${full}w`;
  }
  if (SEED_PICTURE.test(url)) {
    const [small, medium, full] = SEED_WIDTHS;
    return `${url.replace(/\.webp$/, `.w${small}.webp`)} ${small}w, ${url.replace(/\.webp$/, `.w${medium}.webp`)} ${medium}w, ${url} ${full}w`;
  }
  return undefined;
}
