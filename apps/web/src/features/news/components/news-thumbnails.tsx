import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { NewsImageFallback } from './news-image-fallback';

/** 'Image Gallery (n)' (spec 001 §2): shown with more than one image; a thumbnail selects its image. */
export function NewsThumbnails({
  images,
  selected,
  onSelect,
}: {
  images: readonly string[];
  selected: number;
  onSelect: (index: number) => void;
}) {
  if (images.length <= 1) return null;
  return (
    <section aria-labelledby="image-gallery-heading" className="mt-12">
      <h2 id="image-gallery-heading" className="font-display font-semibold text-2xl text-stone-900">
        Image Gallery ({images.length})
      </h2>
      {/* Four across on phones too: three left a lone fourth image on a row of its own. */}
      <ul className="mt-4 grid grid-cols-4 gap-2 sm:gap-3">
        {images.map((image, index) => (
          <li key={image}>
            <button
              type="button"
              onClick={() => onSelect(index)}
              aria-label={`Show image ${index + 1}`}
              aria-current={index === selected ? 'true' : undefined}
              className={`block w-full overflow-hidden rounded-lg ring-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
                index === selected ? 'ring-2 ring-brand-600' : 'opacity-80 hover:opacity-100'
              }`}
            >
              <ImageWithFallback
                src={image}
                alt=""
                loading="lazy"
                className="aspect-square w-full object-cover"
                fallback={<NewsImageFallback className="aspect-square w-full [&>span]:size-10" />}
              />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
