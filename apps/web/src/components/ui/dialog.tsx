import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ComponentPropsWithoutRef, type ReactNode, useRef } from 'react';
import { buttonClasses } from './button-styles';

/**
 * Focus goes back to whatever opened a dialog. Radix only returns it to a `Dialog.Trigger`; our
 * dialogs are mostly opened from state (a header button, a failed request), so the element that
 * had focus when the dialog opened is remembered and refocused on close.
 */
export function useReturnFocus({ focusOnOpen }: { focusOnOpen?: () => HTMLElement | null } = {}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      // Radix fires this before it moves focus, so activeElement is still the opener.
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const target = focusOnOpen?.();
      if (target) {
        event.preventDefault();
        target.focus();
      }
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      opener.current?.focus();
    },
  };
}

const panelSizes = {
  /** Messages and confirmations. */
  narrow: 'max-w-md',
  /** Forms and details: taller than a phone screen may be, so they scroll inside. */
  wide: 'max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto',
} as const;

/**
 * The look of every centred modal. Radix supplies the behaviour (focus trap, Escape, labelling
 * by Dialog.Title); callers render Title and Description inside.
 */
export function DialogPanel({
  children,
  size = 'narrow',
  className = '',
  ...props
}: ComponentPropsWithoutRef<typeof Dialog.Content> & {
  children: ReactNode;
  size?: keyof typeof panelSizes;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]" />
      <Dialog.Content
        className={`fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] ${panelSizes[size]} -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-2xl focus:outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out] sm:p-8 ${className}`}
        {...returnFocus}
        {...props}
      >
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}

/**
 * The buttons under a wide dialog's form. It stays at the bottom of the panel while the form
 * scrolls under it, so on a phone the main button is reachable without scrolling past the form.
 */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    // The negative offsets and margins reach over the panel's padding: sticky keeps to the padding's edge.
    <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 grid grid-cols-2 gap-3 border-stone-200 border-t bg-white px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:flex sm:justify-end sm:px-8 sm:py-5">
      {children}
    </div>
  );
}

/**
 * A dialog form's end: the failure no field took, then Cancel and the submit button, which reads
 * `pendingLabel` while the form is being sent.
 */
export function DialogFormEnd({
  failure,
  pending,
  submitLabel,
  pendingLabel,
}: {
  failure?: string;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
}) {
  return (
    <>
      {failure && (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm">
          {failure}
        </p>
      )}
      <DialogFooter>
        <Dialog.Close className={buttonClasses({ variant: 'secondary' })} disabled={pending}>
          Cancel
        </Dialog.Close>
        <button type="submit" className={buttonClasses({ variant: 'primary' })} disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </DialogFooter>
    </>
  );
}

/** The round × in the top corner of a dialog panel. */
export function DialogCloseButton({ disabled = false }: { disabled?: boolean }) {
  return (
    <Dialog.Close
      aria-label="Close"
      disabled={disabled}
      className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
    >
      <X aria-hidden="true" className="size-5" />
    </Dialog.Close>
  );
}
