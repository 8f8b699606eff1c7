import type { BoardMember } from '@portal/shared';
import { BoardMemberPhoto } from './board-member-photo';

type BoardMemberCardProps = {
  member: BoardMember;
  onOpen: (member: BoardMember) => void;
  /** Officers' cards are larger. */
  emphasis?: boolean;
};

/** A card of the public board page; the whole card is one button that opens the detail modal. */
export function BoardMemberCard({ member, onOpen, emphasis = false }: BoardMemberCardProps) {
  return (
    <button
      type="button"
      onClick={() => onOpen(member)}
      aria-haspopup="dialog"
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-stone-200 bg-white text-left shadow-sm transition hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-md"
    >
      <BoardMemberPhoto
        member={member}
        sizes={emphasis ? '(min-width: 1024px) 18rem, 50vw' : '(min-width: 1024px) 14rem, 50vw'}
        className="aspect-[4/5] w-full"
      />
      <span className={`flex flex-1 flex-col gap-1 ${emphasis ? 'p-5' : 'p-4'}`}>
        <span className="font-semibold text-accent-700 text-xs uppercase tracking-widest">
          {member.position}
        </span>
        <span
          className={`font-display font-semibold text-stone-900 group-hover:text-brand-800 ${emphasis ? 'text-xl' : 'text-lg'}`}
        >
          {member.name}
        </span>
        {member.title !== member.position && <span className="text-sm text-stone-600">{member.title}</span>}
      </span>
    </button>
  );
}
