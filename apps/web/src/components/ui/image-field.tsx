import { imageFileProblem } from '@portal/shared';
import { ImagePlus } from 'lucide-react';
import { type ChangeEvent, useEffect, useState } from 'react';
import { FormField } from './form-field';
import { ImageWithFallback } from './image-with-fallback';

type ImageFieldProps = {
  label: string;
  /** The picture already stored, shown until another is chosen. */
  currentImageUrl?: string | null;
  /** Called with a file that passed the browser-side checks, or null when the choice is cleared. */
  onChange: (file: File | null) => void;
  /** A message from the server about the upload. */
  error?: string;
  description?: string;
};

/**
 * An image picker (spec 000 §5, §9): image files only and at most 5 MB, checked here with the
 * server's own messages before anything is sent (the server checks the bytes again). Shows the
 * chosen or current picture.
 */
export function ImageField({ label, currentImageUrl, onChange, error, description }: ImageFieldProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const refusal = file ? imageFileProblem(file) : null;
    setProblem(refusal);
    if (!file || refusal) {
      // A refused file must not stay selected: clearing lets the same file be picked again.
      event.target.value = '';
      setPreview(null);
      onChange(null);
      return;
    }
    setPreview(URL.createObjectURL(file));
    onChange(file);
  };

  const shown = preview ?? currentImageUrl ?? null;
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
          <input
            {...control}
            type="file"
            accept="image/*"
            onChange={choose}
            className="block w-full min-w-0 text-sm text-stone-700 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3.5 file:py-2 file:font-semibold file:text-sm file:text-stone-800 hover:file:bg-stone-50"
          />
        </div>
      )}
    </FormField>
  );
}
