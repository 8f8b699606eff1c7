import { type BoardMember, imageSrcSet } from '@portal/shared';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';

type BoardMemberPhotoProps = {
  member: Pick<BoardMember, 'name' | 'image_path' | 'image_variants'>;
  /** The `sizes` attribute: how wide the photo is shown, so the browser picks the right file. */
  sizes: string;
  className?: string;
  /** Photos below the fold load when they come near. */
  loading?: 'lazy' | 'eager';
};

/** A member's portrait from its stored sizes, or the spec's 'No Image' box (spec 001 §2, §8). */
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
      fallback={
        <div
          className={`flex items-center justify-center bg-gradient-to-br from-stone-100 to-stone-200 font-medium text-sm text-stone-600 ${className}`}
        >
          No Image
        </div>
      }
    />
  );
}
