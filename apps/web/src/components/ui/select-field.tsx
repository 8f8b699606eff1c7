import { ChevronDown } from 'lucide-react';
import type { ComponentPropsWithRef } from 'react';
import { controlClasses, type FieldProps, FormField } from './form-field';

type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id' | 'className'> &
  FieldProps & {
    /** A first, empty choice ('Select a category'); the schema then says a choice is required. */
    placeholder?: string;
  };

/**
 * A labelled native select (the platform's own picker on phones) taking `register()`'s props:
 * `<SelectField label="Category" placeholder="Select a category" error={errors.category?.message}
 * {...register('category')}>{options}</SelectField>`.
 */
export function SelectField({
  label,
  error,
  description,
  placeholder,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FormField label={label} error={error} description={description}>
      {(control) => (
        <>
          <select
            {...selectProps}
            {...control}
            className={controlClasses(error, 'h-11 appearance-none pr-10')}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {children}
          </select>
          <ChevronDown
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 my-auto size-5 text-stone-500"
          />
        </>
      )}
    </FormField>
  );
}
