import { MEETING_LIMITS } from '@portal/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';

/**
 * Validating or rejecting a nomination or a proxy: a confirmation with an optional note, kept with
 * the decision (`nominationValidationSchema` takes it; a rejection's note says why).
 */
export function ValidationDialog({
  title,
  text,
  valid,
  pending,
  onConfirm,
  onCancel,
}: {
  title: string;
  text: string;
  valid: boolean;
  pending: boolean;
  onConfirm: (note: string | null) => void;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  return (
    <ConfirmDialog
      open
      title={title}
      text={text}
      confirmLabel={valid ? 'Validate' : 'Reject'}
      tone={valid ? 'default' : 'danger'}
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => onConfirm(note.trim() || null)}
    >
      <TextAreaField
        label="Note"
        rows={3}
        maxLength={MEETING_LIMITS.reasonMax}
        value={note}
        onChange={(event) => setNote(event.target.value)}
      />
    </ConfirmDialog>
  );
}
