import { formatDateTime } from '@portal/shared';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useMeetingOutcomes } from './api/meeting-after';

/**
 * Above the board admin's table (docs/decisions/078): each certified election not yet applied to
 * the board, or whose officers are not recorded, with the way to its panel. Nothing otherwise.
 */
export function BoardElectionNotice() {
  const outcomes = useMeetingOutcomes();
  const waiting = (outcomes.data ?? []).filter((outcome) => !outcome.applied || !outcome.officersRecorded);
  if (waiting.length === 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {waiting.map((outcome) => (
        <div
          key={outcome.meetingId}
          className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="text-amber-950">
            <strong className="font-semibold">{outcome.title}</strong>:{' '}
            {outcome.applied
              ? 'the election is applied; record the officers the trustees elected.'
              : outcome.canApply
                ? 'the certified election is ready to update the board of trustees.'
                : `the election can update the board once the challenge window ends (${formatDateTime(outcome.challengeEndsAt)}).`}
          </p>
          <Link
            to={paths.adminMeetingAfter(outcome.meetingId)}
            className={buttonClasses({ variant: outcome.canApply ? 'primary' : 'secondary', size: 'sm' })}
          >
            {outcome.applied ? 'Record the officers' : 'Apply the election'}
          </Link>
        </div>
      ))}
    </div>
  );
}
