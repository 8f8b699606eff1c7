import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { TextAreaField } from './text-area-field';

/**
 * A decision that needs its reason written down (voiding a statement, rejecting a proof or an
 * application): the reason is required, kept with the record and, for a rejection, e-mailed to
 * the member. `requiredMessage` and `maxLength` are those of the call's schema.
 */
export function ReasonDialog({
  title,
  text,
  confirmLabel,
  pending,
  serverError,
  requiredMessage,
  maxLength,
  onConfirm,
  onCancel,
  children,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  pending: boolean;
  /** The server's refusal of the reason, shown under it. */
  serverError?: string;
  requiredMessage: string;
  maxLength: number;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** What is decided, above the reason: the applications to reject, say. */
  children?: ReactNode;
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
        if (!reason.trim()) return setError(requiredMessage);
        onConfirm(reason.trim());
      }}
    >
      {children}
      <TextAreaField
        label="Reason *"
        rows={3}
        maxLength={maxLength}
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
