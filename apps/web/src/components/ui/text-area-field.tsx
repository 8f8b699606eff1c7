import type { ComponentPropsWithRef } from 'react';
import { controlClasses, type FieldProps, FormField } from './form-field';

type TextAreaFieldProps = Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className'> & FieldProps;

/**
 * A labelled multi-line text box taking `register()`'s props:
 * `<TextAreaField label="About" error={errors.about?.message} {...register('about')} />`.
 */
export function TextAreaField({ label, error, description, rows = 4, ...textAreaProps }: TextAreaFieldProps) {
  return (
    <FormField label={label} error={error} description={description}>
      {(control) => (
        <textarea
          {...textAreaProps}
          {...control}
          rows={rows}
          className={controlClasses(error, 'block resize-y py-2.5 leading-relaxed')}
        />
      )}
    </FormField>
  );
}
