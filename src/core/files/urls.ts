// URLs of stored files and images; no server code, so pages and the client bundle can use them.

/** The only widths the image route renders (each is cached on disk once made). */
export const IMAGE_WIDTHS = [160, 320, 640, 1024, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** The download route of a stored file; `inline` opens a PDF in the browser instead of saving it. */
export function fileUrl(fileId: string, filename: string, opts: { inline?: boolean } = {}): string {
  return `/files/${fileId}/${encodeURIComponent(filename)}${opts.inline ? '?inline=1' : ''}`;
}

/** A stored image resized to one of IMAGE_WIDTHS, as WebP. */
export function imageUrl(fileId: string, width: ImageWidth): string {
  return `/img/${fileId}/${width}.webp`;
}

/**
 * The srcset of a stored image: every allowed width up to the original's (a narrower original is
 * never enlarged, so larger candidates would only repeat it).
 */
export function imageSrcSet(fileId: string, originalWidth?: number | null): string {
  const max = originalWidth ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  const widths = IMAGE_WIDTHS.filter((w, i) => w <= max || i === 0);
  return widths.map((w) => `${imageUrl(fileId, w)} ${w}w`).join(', ');
}

/** The smallest allowed width at least `wanted` pixels wide (the largest when none is). */
export function imageWidthFor(wanted: number): ImageWidth {
  return IMAGE_WIDTHS.find((w) => w >= wanted) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}
