import { DUES_MESSAGES, DUES_REASON_MAX_CHARS } from '@portal/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';

/**
 * A decision that needs its reason written down (voiding a statement, rejecting a proof): the
 * reason is required, kept with the record and, for a rejection, e-mailed to the member.
 */
export function ReasonDialog({
  title,
  text,
  confirmLabel,
  pending,
  serverError,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal of the reason, shown under it. */
  serverError?: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ConfirmDialog
      open
      title={title}
      text={text}
      confirmLabel={confirmLabel}
      tone="danger"
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => {
        if (!reason.trim()) return setError(DUES_MESSAGES.reasonRequired);
        onConfirm(reason.trim());
      }}
    >
      <TextAreaField
        label="Reason *"
        rows={3}
        maxLength={DUES_REASON_MAX_CHARS}
        value={reason}
        error={error ?? serverError}
        onChange={(event) => {
          setReason(event.target.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
