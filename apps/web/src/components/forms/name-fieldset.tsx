import { useFormContext, useFormState } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

/** What a form that names an account holds (docs/product-rules.md "Names"). */
export type NameFormValues = {
  firstName: string;
  middleName: string;
  lastName: string;
  suffix: string;
  registeredName: string;
  tradeName: string;
};

export const EMPTY_NAME_VALUES: NameFormValues = {
  firstName: '',
  middleName: '',
  lastName: '',
  suffix: '',
  registeredName: '',
  tradeName: '',
};

/** A form's name values from an account (blank for null). */
export function nameValuesOf(account: { [Key in keyof NameFormValues]?: string | null }): NameFormValues {
  return {
    firstName: account.firstName ?? '',
    middleName: account.middleName ?? '',
    lastName: account.lastName ?? '',
    suffix: account.suffix ?? '',
    registeredName: account.registeredName ?? '',
    tradeName: account.tradeName ?? '',
  };
}

/**
 * The name the account goes by, printed on its card, receipts and certificates (decision 056):
 * one fieldset for every form that names an account (the membership form, the profile, admin create
 * and edit). A person gives first and last name (middle name and suffix optional), a company its
 * registered name (trade name optional). It edits the react-hook-form around it (a
 * `FormProvider`), checked by that form's shared schema (`accountNameFields`).
 */
export function NameFieldset({ company }: { company: boolean }) {
  const { register } = useFormContext<NameFormValues>();
  const { errors } = useFormState<NameFormValues>({
    name: ['firstName', 'middleName', 'lastName', 'suffix', 'registeredName', 'tradeName'],
  });
  return (
    // As BillingFieldset: the legend and its line above the grid.
    <fieldset className="min-w-0">
      <legend className="font-medium text-sm text-stone-800">Name</legend>
      <p className="mt-1 text-sm text-stone-600">
        Printed on the membership card, receipts and certificates.
      </p>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        {company ? (
          <>
            <TextField
              label="Registered company name"
              autoComplete="organization"
              error={errors.registeredName?.message}
              {...register('registeredName')}
            />
            <TextField
              label="Trade name (optional)"
              error={errors.tradeName?.message}
              {...register('tradeName')}
            />
          </>
        ) : (
          <>
            <TextField
              label="First name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextField
              label="Middle name (optional)"
              autoComplete="additional-name"
              error={errors.middleName?.message}
              {...register('middleName')}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <TextField
              label="Suffix (optional)"
              autoComplete="honorific-suffix"
              placeholder="Jr., III"
              error={errors.suffix?.message}
              {...register('suffix')}
            />
          </>
        )}
      </div>
    </fieldset>
  );
}
