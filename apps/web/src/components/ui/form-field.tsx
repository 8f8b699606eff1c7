import { CircleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';

/**
 * What every form field takes besides its control's own props. Forms use react-hook-form with the
 * shared Zod schema (`zodResolver(schema)`) and its default modes: no message before the first
 * submit, then every keystroke re-validates, and a refused submit focuses the first invalid field
 * (which is why each field passes `ref` from `register()` on to its control).
 */
export type FieldProps = {
  label: string;
  /** The field's message, e.g. `formState.errors.email?.message`; marks the control invalid. */
  error?: string;
  /** Shown under the control and read with it (a hint, a strength meter). */
  description?: ReactNode;
};

/** The attributes that tie a control to its label, error and description. */
export type ControlAttributes = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** The look of text-like controls (input, textarea, select), red while the field is in error. */
export function controlClasses(error: string | undefined, className = '') {
  // A read-only input (the membership form's username and e-mail) looks set, not waiting for typing.
  return `w-full rounded-lg border bg-white px-3.5 text-base text-stone-900 transition-colors placeholder:text-stone-400 focus:outline-2 focus:outline-offset-0 [&[readonly]]:bg-stone-100 [&[readonly]]:text-stone-700 ${
    error
      ? 'border-red-600 focus:outline-red-600/30'
      : 'border-stone-300 hover:border-stone-400 focus:border-brand-500 focus:outline-brand-500/30'
  } ${className}`;
}

/** Ids for a control and its messages; the error comes first in what a screen reader reads. */
export function useFieldIds({ error, description }: Pick<FieldProps, 'error' | 'description'>) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [error ? errorId : null, description ? descriptionId : null].filter(Boolean).join(' ');
  const control: ControlAttributes = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return { control, errorId, descriptionId };
}

/** The error line and the description under a control. */
export function FieldMessages({
  error,
  errorId,
  description,
  descriptionId,
}: Pick<FieldProps, 'error' | 'description'> & { errorId: string; descriptionId: string }) {
  return (
    <>
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
    </>
  );
}

export type FormFieldProps = FieldProps & {
  /** Something beside the label, e.g. the 'Forgot password?' link. */
  labelAside?: ReactNode;
  /** Renders the control with the attributes that label and describe it. */
  children: (control: ControlAttributes) => ReactNode;
};

/**
 * A label above a control, the field's error and its description below: the frame of every
 * text-like field. A new kind of control (a file picker, say) renders itself inside it.
 */
export function FormField({ label, error, description, labelAside, children }: FormFieldProps) {
  const { control, errorId, descriptionId } = useFieldIds({ error, description });
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4">
        <label htmlFor={control.id} className="font-medium text-sm text-stone-800">
          {label}
        </label>
        {labelAside}
      </div>
      <div className="relative mt-1.5">{children(control)}</div>
      <FieldMessages
        error={error}
        errorId={errorId}
        description={description}
        descriptionId={descriptionId}
      />
    </div>
  );
}
