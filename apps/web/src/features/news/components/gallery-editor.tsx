import {
  IMAGE_MAX_BYTES,
  IMAGE_MESSAGES,
  MAX_IMAGES_PER_REQUEST,
  NEWS_FIELD_MESSAGES,
  NEWS_GALLERY_MAX,
  NEWS_MESSAGES,
  newsImageUrlSchema,
} from '@portal/shared';
import { ArrowDown, ArrowUp, ImagePlus, Link2, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { ImageWithFallback } from '@/components/ui/image-with-fallback';
import type { GalleryItem } from '../api/save-news';

export const gallerySrcOf = (item: GalleryItem) =>
  item.kind === 'saved' ? item.src : item.kind === 'url' ? item.url : item.previewUrl;

type GalleryEditorProps = {
  items: readonly GalleryItem[];
  onChange: (items: GalleryItem[]) => void;
  /** A refusal to show as the form's alert ('Please select only image files'). */
  onProblem: (message: string) => void;
};

/**
 * The gallery of the news form (spec 001 §5): several images chosen at once (image files only),
 * image addresses added when not blank after trimming, reordered and removed. The first image is
 * the card image.
 */
export function GalleryEditor({ items, onChange, onProblem }: GalleryEditorProps) {
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = { files: useId(), url: useId(), urlError: useId() };

  const addFiles = (files: FileList | null) => {
    const chosen = [...(files ?? [])];
    if (fileInput.current) fileInput.current.value = '';
    if (chosen.length === 0) return;
    if (chosen.some((file) => !file.type.startsWith('image/'))) {
      onProblem(NEWS_MESSAGES.onlyImages);
      return;
    }
    if (chosen.some((file) => file.size > IMAGE_MAX_BYTES)) {
      onProblem(IMAGE_MESSAGES.tooLarge);
      return;
    }
    // The server refuses a request with more files, or a gallery with more images: say so now,
    // not after the upload, and add none of this choice.
    const waiting = items.filter((item) => item.kind === 'upload').length;
    if (waiting + chosen.length > MAX_IMAGES_PER_REQUEST) {
      onProblem(NEWS_FIELD_MESSAGES.tooManyUploads);
      return;
    }
    if (items.length + chosen.length > NEWS_GALLERY_MAX) {
      onProblem(NEWS_FIELD_MESSAGES.galleryTooLarge);
      return;
    }
    onChange([
      ...items,
      ...chosen.map((file) => ({ kind: 'upload' as const, file, previewUrl: URL.createObjectURL(file) })),
    ]);
  };

  const addUrl = () => {
    const trimmed = url.trim();
    // spec 001 §5: an address is added only if non-blank after trimming.
    if (!trimmed) return;
    const parsed = newsImageUrlSchema.safeParse(trimmed);
    if (!parsed.success) {
      setUrlError(parsed.error.issues[0]?.message);
      return;
    }
    if (items.some((item) => gallerySrcOf(item) === parsed.data)) {
      setUrlError(NEWS_FIELD_MESSAGES.duplicateImage);
      return;
    }
    if (items.length >= NEWS_GALLERY_MAX) {
      setUrlError(NEWS_FIELD_MESSAGES.galleryTooLarge);
      return;
    }
    onChange([...items, { kind: 'url', url: parsed.data }]);
    setUrl('');
    setUrlError(undefined);
  };

  const move = (index: number, step: number) => {
    const next = [...items];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + step, 0, item);
    onChange(next);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="font-medium text-sm text-stone-800">Image gallery</legend>
      <p className="text-stone-600 text-xs">
        The first image is the article's card image. JPEG, PNG, GIF or WebP up to 5 MB; up to{' '}
        {MAX_IMAGES_PER_REQUEST} new images per save.
      </p>
      {items.length > 0 && (
        <ol className="space-y-2" aria-label="Gallery images">
          {items.map((item, index) => {
            const src = gallerySrcOf(item);
            const name =
              item.kind === 'upload' ? item.file.name : item.kind === 'url' ? item.url : `Image ${index + 1}`;
            return (
              <li key={src} className="flex items-center gap-3 rounded-lg border border-stone-200 p-2">
                <ImageWithFallback
                  src={src}
                  alt=""
                  className="size-14 shrink-0 rounded-md object-cover"
                  fallbackClassName="size-14 shrink-0 rounded-md"
                />
                <span className="min-w-0 flex-1 truncate text-sm text-stone-700" title={name}>
                  {index + 1}. {name}
                  {item.kind === 'upload' && <span className="ml-2 text-stone-500 text-xs">(new)</span>}
                </span>
                <span className="flex shrink-0 gap-1">
                  <button
                    type="button"
                    onClick={() => move(index, -1)}
                    disabled={index === 0}
                    aria-label={`Move image ${index + 1} up`}
                    className="inline-flex size-9 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 disabled:opacity-30"
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    onClick={() => move(index, 1)}
                    disabled={index === items.length - 1}
                    aria-label={`Move image ${index + 1} down`}
                    className="inline-flex size-9 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 disabled:opacity-30"
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    onClick={() => onChange(items.filter((_, other) => other !== index))}
                    aria-label={`Remove image ${index + 1}`}
                    className="inline-flex size-9 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)]">
        <label
          htmlFor={ids.files}
          className={`${buttonClasses({ variant: 'secondary', size: 'sm' })} cursor-pointer`}
        >
          <ImagePlus aria-hidden="true" className="size-4" />
          Upload images
        </label>
        <input
          ref={fileInput}
          id={ids.files}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={(event) => addFiles(event.target.files)}
        />
        <div>
          <div className="flex gap-2">
            <label htmlFor={ids.url} className="sr-only">
              Image URL
            </label>
            <input
              id={ids.url}
              type="url"
              value={url}
              placeholder="https://…"
              aria-invalid={urlError ? true : undefined}
              aria-describedby={urlError ? ids.urlError : undefined}
              onChange={(event) => setUrl(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addUrl();
                }
              }}
              className="h-9 min-w-0 flex-1 rounded-lg border border-stone-300 px-3 text-sm focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30"
            />
            <button
              type="button"
              onClick={addUrl}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              <Link2 aria-hidden="true" className="size-4" />
              Add URL
            </button>
          </div>
          {urlError && (
            <p id={ids.urlError} className="mt-1 text-red-700 text-xs">
              {urlError}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
