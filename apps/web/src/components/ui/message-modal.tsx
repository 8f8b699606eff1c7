import * as Dialog from '@radix-ui/react-dialog';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { buttonClasses } from './button-styles';
import { DialogPanel } from './dialog';

type MessageModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  variant: 'success' | 'error';
};

/** spec 000 §2 "Message modal": a title, text, a success or error icon and an 'Okay' button. */
export function MessageModal({ open, onClose, title, text, variant }: MessageModalProps) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert;
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogPanel className="text-center" role="alertdialog">
        <div
          className={`mx-auto flex size-14 items-center justify-center rounded-full ${
            variant === 'success' ? 'bg-brand-50 text-brand-600' : 'bg-red-50 text-red-600'
          }`}
        >
          <Icon aria-hidden="true" className="size-8" strokeWidth={1.75} />
        </div>
        <Dialog.Title className="mt-5 font-display font-semibold text-stone-900 text-xl">
          {title}
        </Dialog.Title>
        <Dialog.Description className="mt-2 text-stone-600 leading-relaxed">{text}</Dialog.Description>
        <Dialog.Close className={buttonClasses({ variant: 'primary', className: 'mt-6 w-full' })}>
          Okay
        </Dialog.Close>
      </DialogPanel>
    </Dialog.Root>
  );
}
