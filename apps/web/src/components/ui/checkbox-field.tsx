import type { ComponentPropsWithRef } from 'react';
import { FieldMessages, type FieldProps, useFieldIds } from './form-field';

type CheckboxFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'type'> & FieldProps;

/**
 * A checkbox with its label beside it, taking `register()`'s props (the value is a boolean):
 * `<CheckboxField label="Published" error={errors.isPublished?.message} {...register('isPublished')} />`.
 */
export function CheckboxField({ label, error, description, ...inputProps }: CheckboxFieldProps) {
  const { control, errorId, descriptionId } = useFieldIds({ error, description });
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...inputProps}
          {...control}
          type="checkbox"
          className={`mt-0.5 size-5 shrink-0 accent-brand-700 ${error ? 'outline-2 outline-offset-2 outline-red-600' : ''}`}
        />
        <label htmlFor={control.id} className="font-medium text-sm text-stone-800">
          {label}
        </label>
      </div>
      <div className="pl-8">
        <FieldMessages
          error={error}
          errorId={errorId}
          description={description}
          descriptionId={descriptionId}
        />
      </div>
    </div>
  );
}
