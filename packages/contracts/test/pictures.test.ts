import { describe, expect, it } from 'vitest';
import { pictureSrcSet } from '../src/plain/pictures.ts';

describe('pictureSrcSet', () => {
  it('lists an uploaded picture in the widths the server resized it to', () => {
    expect(pictureSrcSet('/api/files/ab12', 'box')).toBe('/api/files/ab12?w=400 400w, /api/files/ab12?w=800 800w, /api/files/ab12 1600w');
    expect(pictureSrcSet('/api/files/ab12', 'landing')).toBe('/api/files/ab12?w=480 480w, /api/files/ab12?w=960 960w, /api/files/ab12 1920w');
  });

  it('lists a seed picture in the files drawn beside it', () => {
    expect(pictureSrcSet('/images/boxes/parenthese-hammam.webp', 'landing')).toBe(
      '/images/boxes/parenthese-hammam.w400.webp 400w, /images/boxes/parenthese-hammam.w800.webp 800w, /images/boxes/parenthese-hammam.webp 1600w',
    );
  });

  it('leaves any other picture as one file', () => {
    for (const url of ['/images/boxes/old.svg', '/api/files/ab12?w=400', 'https://example.com/a.webp', '/images/partners/x.webp']) {
      expect(pictureSrcSet(url, 'box')).toBeUndefined();
    }
  });
});
