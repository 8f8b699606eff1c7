import { BOARD_MESSAGES, type BoardMember } from '@portal/shared';
import { StatusBadge } from '@/components/ui/status-badge';
import { useToggleBoardMemberStatus } from '../api/save-board-member';

type BoardStatusButtonProps = {
  member: BoardMember;
  /** A short confirmation: 'Ana Cruz is now inactive'. */
  onToggled: (text: string) => void;
  /** spec 001 §8: 'Failed to update member status. Please try again.' */
  onFailed: (text: string) => void;
};

/**
 * The status badge of the admin table, a button that toggles `is_active` (spec 001 §4). Its name
 * and tooltip say what a click will do, since a badge does not look like a button.
 */
export function BoardStatusButton({ member, onToggled, onFailed }: BoardStatusButtonProps) {
  const toggle = useToggleBoardMemberStatus();
  const [status, action] = member.is_active ? ['Active', 'deactivate'] : ['Inactive', 'activate'];
  const label = `${member.name}: ${status} — click to ${action}`;
  return (
    <button
      type="button"
      onClick={() =>
        toggle.mutate(member, {
          onSuccess: (updated) =>
            onToggled(`${updated.name} is now ${updated.is_active ? 'active' : 'inactive'}`),
          onError: () => onFailed(BOARD_MESSAGES.statusFailed),
        })
      }
      disabled={toggle.isPending}
      aria-label={label}
      title={`Click to ${action}`}
      className="cursor-pointer rounded-full transition-opacity hover:opacity-80 disabled:opacity-50"
    >
      <StatusBadge tone={member.is_active ? 'green' : 'gray'}>{status}</StatusBadge>
    </button>
  );
}
