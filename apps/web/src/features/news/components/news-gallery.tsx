import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { NewsImageFallback, unavailableImageLabel } from './news-image-fallback';

/** The next index, wrapping at both ends (spec 001 §4 "Gallery"). */
export const wrapIndex = (index: number, total: number) => (total === 0 ? 0 : (index + total) % total);

type NewsGalleryProps = {
  images: readonly string[];
  /** The article's title, for the images' descriptions. */
  title: string;
  index: number;
  onIndexChange: (index: number) => void;
  /** Opens the full-screen lightbox at the current image; absent in the admin preview. */
  onOpen?: () => void;
};

/**
 * The article's gallery (spec 001 §2): the selected image, previous and next (wrapping), the
 * counter 'n / total', and a placeholder for a broken or missing image.
 */
export function NewsGallery({ images, title, index, onIndexChange, onOpen }: NewsGalleryProps) {
  const total = images.length;
  const current = images[wrapIndex(index, total)];
  const alt = total > 1 ? `${title}, image ${wrapIndex(index, total) + 1} of ${total}` : title;
  const navButton =
    'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-800 shadow-md ring-1 ring-stone-900/10 hover:bg-white';
  return (
    <div className="relative overflow-hidden rounded-2xl bg-stone-100">
      <ImageWithFallback
        key={current}
        src={current}
        alt={alt}
        className="aspect-[16/9] w-full object-cover"
        fallback={<NewsImageFallback className="aspect-[16/9] w-full" label={unavailableImageLabel(alt)} />}
      />
      {total > 1 && (
        <>
          <button
            type="button"
            aria-label="Previous image"
            onClick={() => onIndexChange(wrapIndex(index - 1, total))}
            className={`${navButton} left-3`}
          >
            <ChevronLeft aria-hidden="true" className="size-5" />
          </button>
          <button
            type="button"
            aria-label="Next image"
            onClick={() => onIndexChange(wrapIndex(index + 1, total))}
            className={`${navButton} right-3`}
          >
            <ChevronRight aria-hidden="true" className="size-5" />
          </button>
          <p className="absolute bottom-3 left-3 rounded-full bg-stone-950/70 px-3 py-1 font-medium text-sm text-white tabular-nums">
            {wrapIndex(index, total) + 1} / {total}
          </p>
        </>
      )}
      {onOpen && total > 0 && (
        <button
          type="button"
          onClick={onOpen}
          aria-label="View full screen"
          className="absolute right-3 bottom-3 inline-flex size-10 items-center justify-center rounded-full bg-stone-950/70 text-white hover:bg-stone-950/85"
        >
          <Expand aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
