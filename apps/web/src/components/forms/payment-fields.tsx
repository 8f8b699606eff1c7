import { DUES_PAYMENT_METHODS, type PaymentFormInput } from '@portal/shared';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';

/**
 * The fields of a payment, written once for the member's proof and the admin's record
 * (docs/product-rules.md "Dues"): method, reference, amount in pesos and the date paid.
 */
export function PaymentFields({
  register,
  errors,
  maxDate,
}: {
  register: UseFormRegister<PaymentFormInput>;
  errors: FieldErrors<PaymentFormInput>;
  /** Today in Manila: a payment is never dated in the future. */
  maxDate: string;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        label="Payment method *"
        placeholder="Select a method"
        error={errors.method?.message}
        {...register('method')}
      >
        {DUES_PAYMENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {method}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Reference"
        autoComplete="off"
        description={<p className="text-stone-600 text-xs">The transfer, deposit or cheque number.</p>}
        error={errors.reference?.message}
        {...register('reference')}
      />
      <TextField
        label="Amount (₱) *"
        inputMode="decimal"
        autoComplete="off"
        error={errors.amount?.message}
        {...register('amount')}
      />
      <TextField
        label="Date paid *"
        type="date"
        max={maxDate}
        error={errors.paid_on?.message}
        {...register('paid_on')}
      />
    </div>
  );
}
