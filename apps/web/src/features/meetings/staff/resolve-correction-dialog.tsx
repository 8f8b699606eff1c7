import { MEETING_LIMITS, rollCorrectionResolveSchema } from '@portal/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { TextAreaField } from '@/components/ui/text-area-field';

/**
 * Accepting or refusing a member's correction of the roll, with how it was resolved, which is
 * recorded (docs/decisions/071: accepting adds the member who asked to the roll).
 */
export function ResolveCorrectionDialog({
  accept,
  requesterName,
  pending,
  serverError,
  onConfirm,
  onCancel,
}: {
  accept: boolean;
  requesterName: string;
  pending: boolean;
  serverError?: string;
  onConfirm: (resolution: string) => void;
  onCancel: () => void;
}) {
  const [resolution, setResolution] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <ConfirmDialog
      open
      title={accept ? 'Accept the correction' : 'Refuse the correction'}
      text={
        accept
          ? `${requesterName} is added to the roll. Say what was checked.`
          : `${requesterName} stays as the roll has them. Say why.`
      }
      confirmLabel={accept ? 'Accept' : 'Refuse'}
      tone={accept ? 'default' : 'danger'}
      pending={pending}
      onCancel={onCancel}
      onConfirm={() => {
        // The schema the server reads the resolution with, so its message is the same.
        const checked = rollCorrectionResolveSchema.shape.resolution.safeParse(resolution);
        if (!checked.success) return setError(checked.error.issues[0]?.message);
        onConfirm(checked.data);
      }}
    >
      <TextAreaField
        label="Resolution *"
        rows={3}
        maxLength={MEETING_LIMITS.reasonMax}
        value={resolution}
        error={error ?? serverError}
        onChange={(event) => {
          setResolution(event.target.value);
          setError(undefined);
        }}
      />
    </ConfirmDialog>
  );
}
