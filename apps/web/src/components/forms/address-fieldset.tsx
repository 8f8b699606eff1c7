import { useFormContext, useFormState } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

/** What a form with an address fieldset holds: the parts `buildAddress` (packages/shared) joins. */
export type AddressFormValues = { houseNo: string; street: string; city: string; postalCode: string };

export const emptyAddress: AddressFormValues = { houseNo: '', street: '', city: '', postalCode: '' };

type AddressFieldsetProps = {
  legend: string;
  /**
   * The address on file, one line the parts cannot be read back from: shown, and kept when the
   * parts are left blank (docs/decisions/023).
   */
  currentAddress?: string | null;
  /**
   * Whose address it is: the signed-in person's own (the browser may fill in theirs) or someone
   * else's, typed by an administrator (it must not).
   */
  owner?: 'self' | 'other';
};

/**
 * The address in its four parts, house no., street, city and postal code (spec 000 §3, spec 001
 * §3), one for every form that takes an address. It edits the parts of the react-hook-form around
 * it (a `FormProvider`), checked by that form's shared Zod schema (`addressPartsSchema`); the form
 * sends them joined with `buildAddress`.
 */
export function AddressFieldset({ legend, currentAddress, owner = 'self' }: AddressFieldsetProps) {
  const { register } = useFormContext<AddressFormValues>();
  const { errors } = useFormState<AddressFormValues>({ name: ['houseNo', 'street', 'city', 'postalCode'] });
  const autoComplete = (token: string) => (owner === 'self' ? token : 'off');
  return (
    <fieldset className="min-w-0">
      <legend className="font-medium text-sm text-stone-800">{legend}</legend>
      {currentAddress && (
        <p className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
          On file: <span className="font-medium text-stone-800">{currentAddress}</span>. Leave these fields
          blank to keep it, or fill them in to replace it.
        </p>
      )}
      <div className="mt-2 grid gap-5 sm:grid-cols-2">
        <TextField
          label="House no."
          autoComplete={autoComplete('address-line1')}
          error={errors.houseNo?.message}
          {...register('houseNo')}
        />
        <TextField
          label="Street"
          autoComplete={autoComplete('address-line2')}
          error={errors.street?.message}
          {...register('street')}
        />
        <TextField
          label="City"
          autoComplete={autoComplete('address-level2')}
          error={errors.city?.message}
          {...register('city')}
        />
        <TextField
          label="Postal code"
          autoComplete={autoComplete('postal-code')}
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
      </div>
    </fieldset>
  );
}
