import { Eye, EyeOff } from 'lucide-react';
import { type ComponentPropsWithRef, useState } from 'react';
import { controlClasses, type FieldProps, FormField, type FormFieldProps } from './form-field';

type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id' | 'className'> &
  FieldProps &
  Pick<FormFieldProps, 'labelAside'>;

/**
 * A labelled input (text, email, password, number, date…) taking `register()`'s props:
 * `<TextField label="Email" type="email" error={errors.email?.message} {...register('email')} />`.
 * A password field gets a show/hide button, so a long password can be checked before sending.
 */
export function TextField({
  label,
  error,
  description,
  labelAside,
  type = 'text',
  ...inputProps
}: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';
  return (
    <FormField label={label} error={error} description={description} labelAside={labelAside}>
      {(control) => (
        <>
          <input
            {...inputProps}
            {...control}
            type={isPassword && revealed ? 'text' : type}
            className={controlClasses(error, `h-11 ${isPassword ? 'pr-12' : ''}`)}
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
        </>
      )}
    </FormField>
  );
}
