import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DuesStatementView,
  formatCentavos,
  manilaDateString,
  type PaymentForm,
  type PaymentFormInput,
  paymentFormSchema,
  statementLabel,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PaymentFields } from '@/components/forms/payment-fields';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DialogCloseButton, DialogFormEnd, DialogPanel } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useDuesAction } from '../api/dues-admin';

/**
 * Record a payment the secretariat received (cash, cheque, deposit…) toward a statement
 * (docs/product-rules.md "Dues"). More than the balance is refused unless confirmed as an
 * overpayment; the server's message says so on the amount.
 */
export function RecordPaymentDialog({
  statement,
  onClose,
  onRecorded,
}: {
  statement: DuesStatementView;
  onClose: () => void;
  onRecorded: (statement: DuesStatementView) => void;
}) {
  const action = useDuesAction();
  const today = manilaDateString();
  const [overpayment, setOverpayment] = useState(false);
  const [birInvoiceNumber, setBirInvoiceNumber] = useState('');
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PaymentFormInput, unknown, PaymentForm>({
    resolver: zodResolver(paymentFormSchema),
    defaultValues: {
      reference: '',
      amount: formatCentavos(statement.balance).replace('₱', ''),
      paid_on: today,
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = handleSubmit((fields) => {
    setFailure(undefined);
    action.mutate(
      {
        kind: 'record',
        statementId: statement.id,
        body: { ...fields, birInvoiceNumber: birInvoiceNumber.trim() || null, overpayment },
      },
      {
        onSuccess: (saved) => onRecorded(saved as DuesStatementView),
        onError: (error) => {
          const messages = serverFieldErrors(error);
          applyServerFieldErrors(messages, setError, ['method', 'reference', 'amount', 'paid_on']);
          if (Object.keys(messages).length === 0) {
            setFailure(error instanceof ApiError ? error.error : 'The payment could not be recorded.');
          }
        },
      },
    );
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !action.isPending && onClose()}>
      <DialogPanel size="wide">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          Record payment
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          {statementLabel(statement)} for {statement.billedName}: balance {formatCentavos(statement.balance)}.
          The member is e-mailed the acknowledgement receipt.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <PaymentFields register={register} errors={errors} maxDate={today} />
          <TextField
            label="BIR invoice number"
            autoComplete="off"
            value={birInvoiceNumber}
            onChange={(event) => setBirInvoiceNumber(event.target.value)}
            description={
              <p className="text-stone-600 text-xs">
                From the association's registered books, when one was issued.
              </p>
            }
          />
          <CheckboxField
            label="Record an amount above the balance as an overpayment"
            checked={overpayment}
            onChange={(event) => setOverpayment(event.target.checked)}
          />
          <DialogFormEnd
            failure={failure}
            pending={action.isPending}
            submitLabel="Record payment"
            pendingLabel="Recording…"
          />
        </form>
        <DialogCloseButton disabled={action.isPending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
