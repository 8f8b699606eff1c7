import { ProfilePicture } from '@/components/ui/profile-picture';

/**
 * A candidate's photo beside their statement (decision 071, "a candidate's photo"): small, so that
 * on a phone the choices stay on screen; the initials when there is none or it does not load.
 * Decorative: the name is always written beside it.
 */
export function CandidatePhoto({
  src,
  name,
  size = 'sm',
}: {
  src: string | null;
  name: string;
  /** `sm` on the ballot's rows, `md` on a nomination's card. */
  size?: 'sm' | 'md';
}) {
  return (
    <ProfilePicture
      // The stored 400-pixel size: plenty for a thumbnail, a fraction of the full picture's bytes.
      src={src && `${src}${src.includes('?') ? '&' : '?'}width=400`}
      name={name}
      className={`shrink-0 rounded-full border border-stone-200 ${size === 'sm' ? 'size-11 sm:size-12' : 'size-14 sm:size-16'}`}
    />
  );
}
