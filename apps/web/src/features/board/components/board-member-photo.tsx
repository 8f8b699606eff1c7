import { type BoardMember, imageSrcSet } from '@portal/shared';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { InitialsTile } from '@/components/ui/initials-tile';

type BoardMemberPhotoProps = {
  member: Pick<BoardMember, 'name' | 'image_path' | 'image_variants'>;
  /** The `sizes` attribute: how wide the photo is shown, so the browser picks the right file. */
  sizes: string;
  className?: string;
  /** Photos below the fold load when they come near. */
  loading?: 'lazy' | 'eager';
};

/**
 * A member's portrait from its stored sizes. Without one, or when it fails to load, their
 * initials in the same place (spec 001 §2, §8 ask for a fallback; the same tile on the public
 * card, in the detail dialog and in the admin table looks intended, a 'No Image' box did not).
 */
export function BoardMemberPhoto({ member, sizes, className = '', loading = 'lazy' }: BoardMemberPhotoProps) {
  return (
    <ImageWithFallback
      src={member.image_path}
      srcSet={member.image_variants.length > 0 ? imageSrcSet(member.image_variants) : undefined}
      sizes={sizes}
      alt={`Portrait of ${member.name}`}
      loading={loading}
      decoding="async"
      className={`object-cover ${className}`}
      fallback={<InitialsTile name={member.name} className={className} />}
    />
  );
}
