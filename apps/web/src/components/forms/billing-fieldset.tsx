import { useFormContext, useFormState } from 'react-hook-form';
import { TextField } from '@/components/ui/text-field';

/** What a form with billing details holds (docs/product-rules.md "Dues"). */
export type BillingFormValues = {
  tin: string;
  billingAddress: string;
  billingEmail: string;
};

/**
 * Who statements of account bill, one fieldset for every form that takes it (the membership form,
 * the profile): a company's billing address and e-mail, and anyone's TIN, beside the name
 * (`NameFieldset`, docs/product-rules.md "Names"). It
 * edits the react-hook-form around it (a `FormProvider`), checked by that form's shared schema
 * (`billingFields`).
 */
export function BillingFieldset({ company }: { company: boolean }) {
  const { register } = useFormContext<BillingFormValues>();
  const { errors } = useFormState<BillingFormValues>({
    name: ['tin', 'billingAddress', 'billingEmail'],
  });
  return (
    // The legend and its line sit above the grid: a legend is no grid item, so a line pulled up
    // towards it inside the grid overlapped it.
    <fieldset className="min-w-0">
      <legend className="font-medium text-sm text-stone-800">Billing details</legend>
      <p className="mt-1 text-sm text-stone-600">
        What statements of account and receipts print. Blank fields use the name, address and e-mail above.
      </p>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <TextField
          label="TIN"
          inputMode="numeric"
          placeholder="123-456-789-000"
          error={errors.tin?.message}
          {...register('tin')}
        />
        {company && (
          <>
            <TextField
              label="Billing address"
              error={errors.billingAddress?.message}
              {...register('billingAddress')}
            />
            <TextField
              label="Billing e-mail"
              type="email"
              description={
                <p className="text-stone-600 text-xs">Statements and receipts are sent here too.</p>
              }
              error={errors.billingEmail?.message}
              {...register('billingEmail')}
            />
          </>
        )}
      </div>
    </fieldset>
  );
}
