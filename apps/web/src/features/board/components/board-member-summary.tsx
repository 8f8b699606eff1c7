import type { BoardMember } from '@portal/shared';
import { BoardMemberPhoto } from './board-member-photo';

/** A member in one line: the round photo (or initials), the name and the title. */
export function BoardMemberSummary({ member }: { member: BoardMember }) {
  return (
    <div className="flex items-center gap-3">
      <BoardMemberPhoto member={member} sizes="2.5rem" className="size-10 shrink-0 rounded-full" />
      <div className="min-w-0">
        <p className="font-semibold text-stone-900">{member.name}</p>
        <p className="text-sm text-stone-600">{member.title}</p>
      </div>
    </div>
  );
}
