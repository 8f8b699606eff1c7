import { useId } from 'react';

/**
 * A labelled file picker for a document rather than a picture (a proof of payment, a QR image
 * printed as it is): the browser's own control, its help under it, or the refusal in its place.
 * Pictures the server re-encodes use ImageField, with its preview.
 */
export function FileField({
  label,
  accept,
  help,
  error,
  onChange,
}: {
  label: string;
  accept: string;
  help: string;
  error?: string;
  onChange: (file: File | null) => void;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-medium text-sm text-stone-800">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full text-sm text-stone-700 file:mr-4 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:py-2.5 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
      />
      <p id={`${id}-help`} className={`mt-1.5 text-xs ${error ? 'text-red-700' : 'text-stone-600'}`}>
        {error ?? help}
      </p>
    </div>
  );
}
