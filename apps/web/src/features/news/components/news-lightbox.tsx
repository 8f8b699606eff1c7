import * as Dialog from '@radix-ui/react-dialog';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useReturnFocus } from '@/components/ui/dialog';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import { wrapIndex } from './news-gallery';
import { NewsImageFallback, unavailableImageLabel } from './news-image-fallback';

type NewsLightboxProps = {
  images: readonly string[];
  title: string;
  /** The shown image, or null when closed. The lightbox has its own index (spec 001 §4). */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
};

/**
 * The full-screen lightbox (spec 001 §2): previous, next and close; Escape closes and the arrow
 * keys move (wrapping). Radix keeps focus inside while it is open; useReturnFocus gives it back
 * to what opened it.
 */
export function NewsLightbox({ images, title, index, onIndexChange, onClose }: NewsLightboxProps) {
  const returnFocus = useReturnFocus();
  const total = images.length;
  const open = index !== null && total > 0;
  const current = open ? wrapIndex(index, total) : 0;
  const move = (step: number) => onIndexChange(wrapIndex(current + step, total));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    }
  };
  const control =
    'inline-flex size-12 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white';
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        {/* Opaque: at 95% the article's text still showed through around the picture. */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950" />
        <Dialog.Content
          {...returnFocus}
          onKeyDown={onKeyDown}
          className="fixed inset-0 z-50 flex flex-col focus:outline-none"
        >
          <div className="flex items-center justify-between gap-4 p-4 text-white">
            {/* Headings take the page's dark ink by default (styles.css): white said here. */}
            <Dialog.Title className="truncate font-semibold text-white">{title}</Dialog.Title>
            <Dialog.Description className="sr-only">
              Image {current + 1} of {total}. Use the left and right arrow keys to move, Escape to close.
            </Dialog.Description>
            <span className="ml-auto shrink-0 whitespace-nowrap text-sm text-white/80 tabular-nums">
              {current + 1} / {total}
            </span>
            <Dialog.Close aria-label="Close" className={control}>
              <X aria-hidden="true" className="size-6" />
            </Dialog.Close>
          </div>
          <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 pb-6 sm:px-20">
            {open && (
              <ImageWithFallback
                key={images[current]}
                src={images[current]}
                alt={`${title}, image ${current + 1} of ${total}`}
                className="max-h-full max-w-full object-contain"
                fallback={
                  <NewsImageFallback
                    className="aspect-[16/9] w-full max-w-3xl rounded-xl"
                    label={unavailableImageLabel(`${title}, image ${current + 1} of ${total}`)}
                  />
                }
              />
            )}
            {total > 1 && (
              <>
                <button
                  type="button"
                  aria-label="Previous image"
                  onClick={() => move(-1)}
                  className={`${control} absolute top-1/2 left-2 -translate-y-1/2 sm:left-4`}
                >
                  <ChevronLeft aria-hidden="true" className="size-7" />
                </button>
                <button
                  type="button"
                  aria-label="Next image"
                  onClick={() => move(1)}
                  className={`${control} absolute top-1/2 right-2 -translate-y-1/2 sm:right-4`}
                >
                  <ChevronRight aria-hidden="true" className="size-7" />
                </button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
