import { DELAYS_MS, type NewsLikeAction } from '@portal/shared';
import { Heart } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

type LikeButtonProps = {
  likes: number;
  isLiked: boolean;
  /** Sends the like; resolves or rejects when the request has ended. */
  onToggle: (action: NewsLikeAction) => Promise<unknown>;
};

/**
 * The like button with its count (spec 001 §2, §4): disabled from the click until 300 ms after
 * the request has ended, so a double click never sends a like and its undo. The count and the
 * flag change at once (the caller's optimistic update) and come back on failure.
 */
export function LikeButton({ likes, isLiked, onToggle }: LikeButtonProps) {
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const toggle = () => {
    if (locked) return;
    setLocked(true);
    const unlock = () => {
      timer.current = setTimeout(() => setLocked(false), DELAYS_MS.likeLock);
    };
    onToggle(isLiked ? 'unlike' : 'like').then(unlock, unlock);
  };

  return (
    <button
      type="button"
      onClick={toggle}
      disabled={locked}
      aria-pressed={isLiked}
      aria-label={`${isLiked ? 'Unlike' : 'Like'} this article (${likes} ${likes === 1 ? 'like' : 'likes'})`}
      className={`inline-flex items-center gap-2 rounded-full border px-4 py-2 font-semibold text-sm transition-colors disabled:cursor-wait disabled:opacity-70 ${
        isLiked
          ? 'border-rose-200 bg-rose-50 text-rose-700 hover:bg-rose-100'
          : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-50'
      }`}
    >
      <Heart aria-hidden="true" className={`size-4 ${isLiked ? 'fill-current' : ''}`} />
      <span className="tabular-nums">{likes}</span>
    </button>
  );
}
