import { ImageOff } from 'lucide-react';
import { type ImgHTMLAttributes, type ReactNode, useCallback, useState } from 'react';

type ImageWithFallbackProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & {
  src: string | null | undefined;
  /**
   * What shows when there is no image or it fails to load: `null` hides the image (spec 000 §8
   * "Image load errors hide the image"); omitted, a neutral box of the same size is shown.
   */
  fallback?: ReactNode;
  /** Classes of the default fallback box, usually the image's own size classes. */
  fallbackClassName?: string;
};

export function ImageWithFallback({
  src,
  alt = '',
  fallback,
  fallbackClassName = '',
  className = '',
  onError,
  ...props
}: ImageWithFallbackProps) {
  // Remember which source failed, so a new src gets a fresh attempt.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  // A page rendered on the server (docs/decisions/035) shows its images before React is there to
  // hear their error event: one that has already failed is caught when React takes the element.
  const catchEarlyFailure = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0 && src) setFailedSrc(src);
    },
    [src],
  );

  if (!src || failedSrc === src) {
    if (fallback !== undefined) return <>{fallback}</>;
    const box = `flex items-center justify-center bg-gradient-to-br from-brand-100 to-brand-200 text-brand-500 ${fallbackClassName}`;
    const icon = <ImageOff aria-hidden="true" className="size-8 opacity-70" strokeWidth={1.5} />;
    // A described image keeps its description; a decorative one stays silent.
    return alt ? (
      <div role="img" aria-label={alt} className={box}>
        {icon}
      </div>
    ) : (
      <div aria-hidden="true" className={box}>
        {icon}
      </div>
    );
  }

  return (
    <img
      ref={catchEarlyFailure}
      src={src}
      alt={alt}
      className={className}
      onError={(event) => {
        setFailedSrc(src);
        onError?.(event);
      }}
      {...props}
    />
  );
}
