import type { BoardMember } from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { DialogPanel } from '@/components/ui/dialog';
import { BoardMemberDetails } from './board-member-details';

/**
 * The detail modal of the public page and the admin preview (spec 001 §2, §4): open while a
 * member is selected; closing clears the selection. Escape, the close button and a click outside
 * close it, and focus returns to the card or button that opened it.
 */
export function BoardMemberModal({ member, onClose }: { member: BoardMember | null; onClose: () => void }) {
  return (
    <Dialog.Root open={member !== null} onOpenChange={(open) => !open && onClose()}>
      {member && (
        <DialogPanel size="wide">
          <Dialog.Description className="sr-only">
            {member.position} of the board of trustees
          </Dialog.Description>
          <BoardMemberDetails
            member={member}
            nameHeading={
              <Dialog.Title className="mt-1 font-display font-semibold text-2xl text-stone-900">
                {member.name}
              </Dialog.Title>
            }
          />
          <Dialog.Close
            aria-label="Close"
            className="absolute top-3 right-3 inline-flex size-10 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-800"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </DialogPanel>
      )}
    </Dialog.Root>
  );
}
