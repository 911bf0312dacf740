import { PLACEHOLDER_IMAGE, isLocalUpload, srcSet, variantUrl } from "~/utils/images";

/**
 * A photo with WebP variants (srcset/sizes), explicit dimensions (no layout
 * shift) and the right loading hints: the first visible image of a page is
 * `priority` (eager, fetchpriority=high); every other one loads lazily.
 */
export function ResponsiveImage({
  src,
  alt,
  sizes,
  priority = false,
  width = 1200,
  height = 900,
  className,
}: {
  src: string | null | undefined;
  alt: string;
  sizes: string;
  priority?: boolean;
  width?: number;
  height?: number;
  className?: string;
}) {
  const url = src || PLACEHOLDER_IMAGE;
  const local = isLocalUpload(url);
  return (
    <img
      src={local ? variantUrl(url, 800) : url}
      srcSet={local ? srcSet(url) : undefined}
      sizes={local ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      decoding={priority ? "sync" : "async"}
      fetchPriority={priority ? "high" : "auto"}
      className={className}
    />
  );
}
