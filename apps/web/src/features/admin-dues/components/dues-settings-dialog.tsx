import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DuesSettings,
  type DuesSettingsUpdate,
  duesSettingsUpdateSchema,
  formatCentavos,
  PAYMENT_INSTRUCTIONS_MAX_CHARS,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { DialogCloseButton, DialogFormEnd, DialogPanel } from '@/components/ui/dialog';
import { FileField } from '@/components/ui/file-field';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { applyServerFieldErrors, serverFieldErrors } from '@/lib/form-errors';
import { useSaveDuesSettings } from '../api/dues-admin';

type SettingsInput = z.input<typeof duesSettingsUpdateSchema>;
const pesos = (centavos: number) => formatCentavos(centavos).replace('₱', '');

/**
 * The dues settings (docs/product-rules.md "Dues"): the fee of each category, what statements say
 * about paying (instructions and a QR Ph image) and the association's printed name, address and
 * TIN. New statements use them; issued ones keep their amounts.
 */
export function DuesSettingsDialog({
  settings,
  onClose,
  onSaved,
}: {
  settings: DuesSettings;
  onClose: () => void;
  onSaved: () => void;
}) {
  const save = useSaveDuesSettings();
  const [qrImage, setQrImage] = useState<File | null>(null);
  const [removeQr, setRemoveQr] = useState(false);
  const [qrError, setQrError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors },
  } = useForm<SettingsInput, unknown, DuesSettingsUpdate>({
    resolver: zodResolver(duesSettingsUpdateSchema),
    defaultValues: {
      regularFee: pesos(settings.fees.Regular),
      associateFee: pesos(settings.fees.Associate),
      individualFee: pesos(settings.fees.Individual),
      paymentInstructions: settings.paymentInstructions,
      associationName: settings.associationName,
      associationAddress: settings.associationAddress,
      associationTin: settings.associationTin,
      reminderOffsets: settings.reminderOffsets.join(', '),
      graceDays: String(settings.graceDays),
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // The form sends what was typed (pesos as text); the server reads it with the same schema.
  const onSubmit = handleSubmit(() => {
    setFailure(undefined);
    const fields = getValues();
    save.mutate(
      {
        fields: { ...(fields as Record<string, string>), removeQrImage: removeQr ? 'true' : undefined },
        qrImage,
      },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const messages = serverFieldErrors(error);
          const { qrImage: qrMessage, ...unplaced } = applyServerFieldErrors(
            messages,
            setError,
            Object.keys(fields),
          );
          setQrError(qrMessage);
          if (Object.keys(messages).length === 0 || Object.keys(unplaced).length > 0) {
            setFailure(error instanceof ApiError ? error.error : 'The settings could not be saved.');
          }
        },
      },
    );
  });

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogPanel size="wide">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          Dues settings
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          New statements use these; statements already issued keep their amounts. Honorary members pay
          nothing.
        </Dialog.Description>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
          <fieldset className="grid gap-5 sm:grid-cols-3">
            <legend className="mb-3 font-semibold text-stone-900">Annual fees (₱)</legend>
            <TextField
              label="Regular *"
              inputMode="decimal"
              error={errors.regularFee?.message}
              {...register('regularFee')}
            />
            <TextField
              label="Associate *"
              inputMode="decimal"
              error={errors.associateFee?.message}
              {...register('associateFee')}
            />
            <TextField
              label="Individual *"
              inputMode="decimal"
              error={errors.individualFee?.message}
              {...register('individualFee')}
            />
          </fieldset>
          <fieldset className="grid gap-5 sm:grid-cols-2">
            <legend className="mb-3 font-semibold text-stone-900">Reminders and grace</legend>
            <TextField
              label="Reminder days *"
              description="Days from the due date, separated by commas: negative before it, 0 on it, positive after it."
              error={errors.reminderOffsets?.message}
              {...register('reminderOffsets')}
            />
            <TextField
              label="Grace (days) *"
              inputMode="numeric"
              description="How long after the due date an unpaid member stays overdue before the membership lapses."
              error={errors.graceDays?.message}
              {...register('graceDays')}
            />
          </fieldset>
          <TextAreaField
            label="Payment instructions *"
            rows={5}
            maxLength={PAYMENT_INSTRUCTIONS_MAX_CHARS}
            description="Bank account, GCash and Maya numbers: printed on every statement and shown beside it."
            error={errors.paymentInstructions?.message}
            {...register('paymentInstructions')}
          />
          <div>
            <FileField
              label="QR Ph image"
              accept="image/png,image/jpeg"
              help={
                settings.hasQrImage
                  ? 'A QR image is printed on statements now; choose another to replace it.'
                  : 'A PNG or JPEG printed beside the instructions on statements.'
              }
              error={qrError}
              onChange={(file) => {
                setQrImage(file);
                setQrError(undefined);
              }}
            />
            {settings.hasQrImage && (
              <div className="mt-3">
                <CheckboxField
                  label="Remove the QR image"
                  checked={removeQr}
                  onChange={(event) => setRemoveQr(event.target.checked)}
                />
              </div>
            )}
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Association name *"
              error={errors.associationName?.message}
              {...register('associationName')}
            />
            <TextField
              label="Association TIN *"
              error={errors.associationTin?.message}
              {...register('associationTin')}
            />
          </div>
          <TextField
            label="Association address *"
            error={errors.associationAddress?.message}
            {...register('associationAddress')}
          />
          <DialogFormEnd
            failure={failure}
            pending={save.isPending}
            submitLabel="Save settings"
            pendingLabel="Saving…"
          />
        </form>
        <DialogCloseButton disabled={save.isPending} />
      </DialogPanel>
    </Dialog.Root>
  );
}
