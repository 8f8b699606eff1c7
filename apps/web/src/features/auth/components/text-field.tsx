import { CircleAlert, Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithoutRef, type ReactNode, useId, useState } from 'react';

type TextFieldProps = Omit<ComponentPropsWithoutRef<'input'>, 'id' | 'className' | 'onChange'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string;
  /** Shown under the input and read with it (a strength meter, a hint). */
  description?: ReactNode;
  /** Something beside the label, e.g. the 'Forgot password?' link. */
  labelAside?: ReactNode;
};

/**
 * A labelled input with its error read by screen readers (aria-invalid + aria-describedby). A
 * password field gets a show/hide button, so a long password can be checked before sending.
 */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  description,
  labelAside,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');

  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={id} className="font-medium text-sm text-stone-800">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">
        <input
          {...inputProps}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`h-11 w-full rounded-lg border bg-white px-3.5 text-base text-stone-900 transition-colors placeholder:text-stone-400 focus:outline-2 focus:outline-offset-0 ${
            isPassword ? 'pr-12' : ''
          } ${
            error
              ? 'border-red-600 focus:outline-red-600/30'
              : 'border-stone-300 hover:border-stone-400 focus:border-brand-500 focus:outline-brand-500/30'
          }`}
        />
        {isPassword && (
          <button
            type="button"
            onClick={() => setRevealed((shown) => !shown)}
            aria-label={revealed ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
            aria-pressed={revealed}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-stone-500 hover:text-stone-800"
          >
            {revealed ? (
              <EyeOff aria-hidden="true" className="size-5" />
            ) : (
              <Eye aria-hidden="true" className="size-5" />
            )}
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-red-700 text-sm">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      )}
      {description && (
        <div id={descriptionId} className="mt-2">
          {description}
        </div>
      )}
    </div>
  );
}
