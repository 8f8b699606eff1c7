import { type BoardMember, boardSinceLabel, formatDate } from '@portal/shared';
import { BoardMemberPhoto } from './board-member-photo';

/**
 * The detail of one member (spec 001 §2 "Board of trustees"): position, name, the title when it
 * differs from the position, 'Trustee Since' or '{position} Since', and 'About'. Shown in the
 * public modal and in the admin preview. The caller supplies the heading element for the name
 * (a dialog title), so this piece stays free of dialog code.
 */
export function BoardMemberDetails({
  member,
  nameHeading,
}: {
  member: BoardMember;
  nameHeading: React.ReactNode;
}) {
  return (
    <div className="grid gap-6 sm:grid-cols-[12rem_minmax(0,1fr)]">
      <BoardMemberPhoto
        member={member}
        sizes="12rem"
        loading="eager"
        className="aspect-[4/5] w-40 rounded-xl sm:w-48"
      />
      <div className="min-w-0">
        <p className="font-semibold text-accent-700 text-xs uppercase tracking-widest">{member.position}</p>
        {nameHeading}
        {member.title !== member.position && <p className="mt-1 text-stone-600">{member.title}</p>}
        {member.trustee_since && (
          <p className="mt-4 text-sm">
            <span className="font-semibold text-stone-900">{boardSinceLabel(member.position)}</span>{' '}
            <span className="text-stone-700">{formatDate(member.trustee_since)}</span>
          </p>
        )}
        {member.description && (
          <div className="mt-5 border-stone-200 border-t pt-4">
            <h3 className="font-semibold text-sm text-stone-900">About</h3>
            <p className="mt-2 whitespace-pre-line text-sm text-stone-700 leading-relaxed">
              {member.description}
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
