import { ImageWithFallback } from './image-with-fallback';
import { InitialsTile } from './initials-tile';

/**
 * A person's or company's picture; without one, or when it fails to load, the initials take its
 * place (spec 000 §8 "Image load errors hide the image").
 */
export function ProfilePicture({
  src,
  name,
  className,
}: {
  src: string | null | undefined;
  name: string;
  className: string;
}) {
  return (
    <ImageWithFallback
      src={src}
      alt=""
      className={`object-cover ${className}`}
      fallback={<InitialsTile name={name} className={className} />}
    />
  );
}
