import * as Dialog from '@radix-ui/react-dialog';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from './button-styles';
import { DialogPanel } from './dialog';

type MessageModalProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  /** A second, smaller line under the text: why the server refused, when it said so. */
  detail?: string;
  variant: 'success' | 'error';
  /** A way forward beside 'Okay', such as 'Log in' for a guest refused a members' file. */
  action?: { label: string; to: string };
};

/**
 * spec 000 §2 "Message modal": a title, text, a success or error icon and an 'Okay' button, and
 * where the message has one, a link that acts on it.
 */
export function MessageModal({ open, onClose, title, text, detail, variant, action }: MessageModalProps) {
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
        {/* One description, so a screen reader reads the detail with the text. */}
        <Dialog.Description asChild>
          <div className="mt-2 space-y-2 leading-relaxed">
            <p className="text-stone-600">{text}</p>
            {detail && <p className="text-sm text-stone-500">{detail}</p>}
          </div>
        </Dialog.Description>
        <div className={action ? 'mt-6 grid gap-3 sm:grid-cols-2' : 'mt-6'}>
          {action && (
            <Link to={action.to} className={buttonClasses({ variant: 'accent', className: 'w-full' })}>
              {action.label}
            </Link>
          )}
          <Dialog.Close
            className={buttonClasses({ variant: action ? 'secondary' : 'primary', className: 'w-full' })}
          >
            Okay
          </Dialog.Close>
        </div>
      </DialogPanel>
    </Dialog.Root>
  );
}
