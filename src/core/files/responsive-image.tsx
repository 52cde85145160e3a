import { imageSrcSet, imageUrl, imageWidthFor } from './urls';

export interface StoredImage {
  fileId: string;
  width: number | null;
  height: number | null;
  alt: string;
}

/**
 * A stored image through the resizing route: srcset over the allowed widths, intrinsic size for
 * layout stability, lazy loading unless it is above the fold (`priority`).
 */
export function ResponsiveImage({
  image,
  sizes,
  displayWidth,
  priority = false,
  className,
}: {
  image: StoredImage;
  /** The `sizes` attribute: how wide the image shows at each viewport width. */
  sizes: string;
  /** Typical display width in CSS pixels, for the fallback `src`. */
  displayWidth: number;
  priority?: boolean;
  className?: string;
}) {
  const width = image.width ?? 1600;
  const height = image.height ?? 1200;
  return (
    <img
      src={imageUrl(image.fileId, imageWidthFor(displayWidth))}
      srcSet={imageSrcSet(image.fileId, image.width)}
      sizes={sizes}
      width={width}
      height={height}
      alt={image.alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      className={className}
    />
  );
}
