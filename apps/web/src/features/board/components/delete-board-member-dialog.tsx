import { BOARD_MESSAGES, type BoardMember } from '@portal/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteBoardMember } from '../api/delete-board-member';
import { BoardMemberSummary } from './board-member-summary';

type DeleteBoardMemberDialogProps = {
  /** The member to delete; `null` keeps the dialog closed. */
  member: BoardMember | null;
  onClose: () => void;
  /** A short confirmation: 'Ana Cruz has been deleted'. */
  onDeleted: (text: string) => void;
  /** spec 001 §8: 'Failed to delete board member. Please try again.' */
  onFailed: (text: string) => void;
};

/** spec 001 §5: 'Are you sure you want to delete this board member?', with the member shown under it. */
export function DeleteBoardMemberDialog({
  member,
  onClose,
  onDeleted,
  onFailed,
}: DeleteBoardMemberDialogProps) {
  const deleteMember = useDeleteBoardMember();
  const confirm = (doomed: BoardMember) =>
    deleteMember.mutate(doomed.id, {
      onSuccess: () => onDeleted(`${doomed.name} has been deleted`),
      onError: () => onFailed(BOARD_MESSAGES.deleteFailed),
      onSettled: onClose,
    });
  return (
    <ConfirmDialog
      open={member !== null}
      title="Delete Board Member"
      text={BOARD_MESSAGES.deleteConfirm}
      confirmLabel="Delete"
      tone="danger"
      pending={deleteMember.isPending}
      onConfirm={() => member && confirm(member)}
      onCancel={onClose}
    >
      {member && <BoardMemberSummary member={member} />}
    </ConfirmDialog>
  );
}
