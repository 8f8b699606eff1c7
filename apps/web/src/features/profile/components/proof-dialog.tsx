import { zodResolver } from '@hookform/resolvers/zod';
import {
  DUES_MESSAGES,
  type DuesStatementView,
  formatCentavos,
  manilaDateString,
  type PaymentForm,
  type PaymentFormInput,
  PROOF_MAX_BYTES,
  PROOF_TYPES,
  paymentFormSchema,
  statementLabel,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PaymentFields } from '@/components/forms/payment-fields';
import { DialogCloseButton, DialogFormEnd, DialogPanel } from '@/components/ui/dialog';
import { FileField } from '@/components/ui/file-field';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSubmitProof } from '../api/dues';

/**
 * "Upload proof of payment" for one statement (docs/product-rules.md "Dues"): how it was paid and
 * an image or PDF of the receipt, for the secretariat to verify. The amount starts at the balance.
 */
export function ProofDialog({
  statement,
  onClose,
  onSent,
}: {
  statement: DuesStatementView;
  onClose: () => void;
  onSent: () => void;
}) {
  const submit = useSubmitProof();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const today = manilaDateString();
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

  const pickFile = (picked: File | null) => {
    setFile(picked);
    setFileError(
      picked && !(PROOF_TYPES as readonly string[]).includes(picked.type)
        ? DUES_MESSAGES.proofType
        : picked && picked.size > PROOF_MAX_BYTES
          ? DUES_MESSAGES.proofTooLarge
          : undefined,
    );
  };

  const onSubmit = handleSubmit((fields) => {
    setFailure(undefined);
    if (!file) return setFileError(DUES_MESSAGES.proofRequired);
    if (fileError) return;
    submit.mutate(
      {
        statementId: statement.id,
        fields: { ...fields, reference: fields.reference ?? '' },
        file,
      },
      {
        onSuccess: onSent,
        onError: (error) => {
          const { file: fileMessage, ...unplaced } = applyServerFieldErrors(
            serverFieldErrors(error),
            setError,
            ['method', 'reference', 'amount', 'paid_on'],
          );
          setFileError(fileMessage);
          if (
            !fileMessage &&
            Object.keys(unplaced).length === 0 &&
            Object.keys(serverFieldErrors(error)).length === 0
          ) {
            setFailure(
              error instanceof Error ? error.message : 'The proof could not be sent. Please try again.',
            );
          }
        },
      },
    );
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !submit.isPending && onClose()}>
      <DialogPanel size="wide">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          Upload proof of payment
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          Statement {statementLabel(statement)}: balance {formatCentavos(statement.balance)}. The secretariat
          checks your proof and e-mails your receipt.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <PaymentFields register={register} errors={errors} maxDate={today} />
          <FileField
            label="Proof of payment *"
            accept={PROOF_TYPES.join(',')}
            help="A photo or screenshot (JPEG, PNG, WebP) or a PDF, up to 5 MB."
            error={fileError}
            onChange={pickFile}
          />
          <DialogFormEnd
            failure={failure}
            pending={submit.isPending}
            submitLabel="Send proof"
            pendingLabel="Sending…"
          />
        </form>
        <DialogCloseButton disabled={submit.isPending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
