import { IMAGE_MESSAGES, IMAGE_SIGNATURE_BYTES, imageFileProblem, imageTypeOfBytes } from '@portal/shared';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { buttonClasses } from './button-styles';
import { FormField } from './form-field';
import { ImageWithFallback } from './image-with-fallback';

type ImageFieldProps = {
  label: string;
  /** The picture already stored, shown until another is chosen. */
  currentImageUrl?: string | null;
  /** A file chosen before this field was shown (a form step left and opened again). */
  initialFile?: File | null;
  /** Called with a file that passed the browser-side checks, or null when the choice is cleared. */
  onChange: (file: File | null) => void;
  /**
   * Offers 'Remove image' for a stored picture: called with true when the user removes it and
   * false when they undo that. Without it, the stored picture can only be replaced.
   */
  onRemoveChange?: (remove: boolean) => void;
  /**
   * Told of a file refused when it is chosen, besides the message under the field (the
   * representatives editor turns it into its notice); `unreadable` when its bytes could not be read
   * or, for a file claiming a type we take, are not a picture.
   */
  onRefuse?: (refusal: { message: string; unreadable: boolean }) => void;
  /** A message from the server about the upload. */
  error?: string;
  description?: string;
};

function readFirstBytes(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, IMAGE_SIGNATURE_BYTES));
  });
}

/** A URL that shows `file` while it is chosen, released when it no longer is. */
export function useObjectUrl(file: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

const kilobytes = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * An image picker (spec 000 §5, §9): JPEG, PNG, GIF or WebP of at most 5 MB, checked when the file
 * is chosen (its claimed type, its size, then its first bytes, so a renamed document is refused
 * at once) with the server's own messages; the server checks the whole file again. It says what
 * the picture will be on save: the current one, the new file (by name), or none.
 */
export function ImageField({
  label,
  currentImageUrl,
  initialFile = null,
  onChange,
  onRemoveChange,
  onRefuse,
  error,
  description,
}: ImageFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState<File | null>(initialFile);
  const chosenPreview = useObjectUrl(chosen);
  const [removed, setRemoved] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Only the latest choice counts when two are checked at once.
  const latestChoice = useRef(0);

  const clearChoice = () => {
    if (input.current) input.current.value = '';
    setChosen(null);
    onChange(null);
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const choice = ++latestChoice.current;
    const file = event.target.files?.[0] ?? null;
    let refusal = file ? imageFileProblem(file) : null;
    let unreadable = false;
    setProblem(refusal);
    if (file && !refusal) {
      const bytes = await readFirstBytes(file).catch(() => null);
      if (choice !== latestChoice.current) return;
      // A file named as a picture whose bytes are none (a text file renamed .png) could not be
      // processed, like one that could not be read (spec 000 §8 'Image Processing Error').
      unreadable = bytes === null || !imageTypeOfBytes(bytes);
      refusal =
        bytes === null
          ? IMAGE_MESSAGES.unreadable
          : imageTypeOfBytes(bytes)
            ? null
            : IMAGE_MESSAGES.wrongType;
      setProblem(refusal);
    }
    if (refusal) onRefuse?.({ message: refusal, unreadable });
    if (!file || refusal) {
      // A refused file must not stay selected: clearing lets the same file be picked again.
      clearChoice();
      return;
    }
    setChosen(file);
    onChange(file);
  };

  const setRemovedTo = (remove: boolean) => {
    setRemoved(remove);
    onRemoveChange?.(remove);
  };

  const current = removed ? null : (currentImageUrl ?? null);
  const shown = chosen ? chosenPreview : current;
  const status = chosen
    ? `New image: ${chosen.name} (${kilobytes(chosen.size)})`
    : current
      ? 'Current image'
      : removed
        ? 'The current image will be removed when you save.'
        : 'No image';

  return (
    <FormField
      label={label}
      error={problem ?? error}
      description={description && <p className="text-stone-600 text-xs">{description}</p>}
    >
      {(control) => (
        <div className="flex items-center gap-4">
          <ImageWithFallback
            src={shown}
            alt=""
            className="size-20 shrink-0 rounded-lg border border-stone-200 object-cover"
            fallback={
              <div className="flex size-20 shrink-0 items-center justify-center rounded-lg border border-stone-300 border-dashed bg-stone-50 text-stone-400">
                <ImagePlus aria-hidden="true" className="size-6" />
              </div>
            }
          />
          <div className="min-w-0 flex-1 space-y-2">
            <p className="text-sm text-stone-700 [overflow-wrap:anywhere]" aria-live="polite">
              {status}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <input
                {...control}
                ref={input}
                type="file"
                accept="image/*"
                onChange={choose}
                className="peer sr-only"
              />
              {/* The native input's own text ('No file chosen') would contradict the status above. */}
              <label
                htmlFor={control.id}
                aria-hidden="true"
                className={buttonClasses({
                  variant: 'secondary',
                  size: 'sm',
                  className:
                    'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500 peer-focus-visible:outline-offset-2',
                })}
              >
                {chosen || current ? 'Replace image' : 'Choose image'}
              </label>
              {chosen && (
                <button
                  type="button"
                  onClick={clearChoice}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  {currentImageUrl && !removed ? 'Keep current image' : 'Clear'}
                </button>
              )}
              {!chosen && onRemoveChange && currentImageUrl && (
                <button
                  type="button"
                  onClick={() => setRemovedTo(!removed)}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  {removed ? 'Keep image' : 'Remove image'}
                </button>
              )}
            </div>
          </div>
        </div>
      )}
    </FormField>
  );
}
