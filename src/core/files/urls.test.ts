import { describe, expect, it } from 'vitest';
import { fileUrl, imageSrcSet, imageUrl, imageWidthFor, isImageWidth } from './urls';

describe('file and image URLs', () => {
  it('allows only the fixed image widths', () => {
    expect([160, 320, 640, 1024, 1600].every(isImageWidth)).toBe(true);
    expect([0, 100, 321, 2000].some(isImageWidth)).toBe(false);
  });

  it('offers srcset candidates up to the original width only', () => {
    expect(imageSrcSet('f', 1024)).toBe('/img/f/160.webp 160w, /img/f/320.webp 320w, /img/f/640.webp 640w, /img/f/1024.webp 1024w');
    expect(imageSrcSet('f', 100)).toBe('/img/f/160.webp 160w');
    expect(imageUrl('f', 640)).toBe('/img/f/640.webp');
    expect(imageWidthFor(400)).toBe(640);
    expect(imageWidthFor(5000)).toBe(1600);
  });

  it('encodes the file name and marks inline opening', () => {
    expect(fileUrl('id', 'karta katalogowa.pdf', { inline: true })).toBe('/files/id/karta%20katalogowa.pdf?inline=1');
  });
});
