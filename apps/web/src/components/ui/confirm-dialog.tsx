import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { buttonClasses } from './button-styles';
import { DialogPanel } from './dialog';

type ConfirmDialogProps = {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Destructive actions (delete, disable) get a red confirm button. */
  tone?: 'default' | 'danger';
  /** Disables both buttons while the confirmed action runs. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the action is about, under the text: the person or record to delete, say. */
  children?: ReactNode;
};

/**
 * The confirmation prompt of spec 000 §8 (delete user, disable, discard changes, …). Escape,
 * a click outside and Cancel all cancel; focus starts on Cancel so Enter never destroys by accident.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'default',
  pending = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogPanel role="alertdialog">
        <Dialog.Title className="font-display font-semibold text-stone-900 text-xl">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-stone-600 leading-relaxed">{text}</Dialog.Description>
        {children && <div className="mt-4">{children}</div>}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Dialog.Close
            // Radix focuses the first focusable element, which is this one.
            className={buttonClasses({ variant: 'secondary' })}
            disabled={pending}
          >
            {cancelLabel}
          </Dialog.Close>
          <button
            type="button"
            className={buttonClasses({ variant: tone === 'danger' ? 'danger' : 'primary' })}
            disabled={pending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}
