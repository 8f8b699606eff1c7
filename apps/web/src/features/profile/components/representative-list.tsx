import { companyVotingLine, isVotingSuspended, type Representative } from '@portal/shared';
import { ProfilePicture } from '@/components/ui/profile-picture';

export const representativeName = (rep: Pick<Representative, 'firstName' | 'lastName'>) =>
  `${rep.firstName} ${rep.lastName}`.trim();

function RepresentativeCard({ rep }: { rep: Representative }) {
  const name = representativeName(rep);
  return (
    <li className="flex items-center gap-4 rounded-xl border border-stone-200 p-4">
      <ProfilePicture src={rep.avatarUrl} name={name} className="size-14 shrink-0 rounded-full" />
      <div className="min-w-0">
        <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{name}</p>
        {rep.preferredName && <p className="text-sm text-stone-600">“{rep.preferredName}”</p>}
        {rep.position && <p className="text-sm text-stone-700">{rep.position}</p>}
        {rep.email && <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{rep.email}</p>}
      </div>
    </li>
  );
}

/**
 * The company's representatives: a line on its voting rights (who votes, or why it cannot), the
 * voting one, then everyone else under "Other", non-voting and those without a type together
 * (docs/product-rules.md "Representatives").
 */
export function RepresentativeList({
  representatives,
  standing,
}: {
  representatives: Representative[];
  /** The standing of the company's newest membership: its vote waits for the dues (docs/product-rules.md "Dues"). */
  standing?: string;
}) {
  const voting = representatives.find((rep) => rep.type === 'voting');
  const votingLine = companyVotingLine(standing, voting ? representativeName(voting) : null);
  const groups = [
    { title: 'Voting', reps: representatives.filter((rep) => rep.type === 'voting') },
    { title: 'Other', reps: representatives.filter((rep) => rep.type !== 'voting') },
  ].filter((group) => group.reps.length > 0);
  if (groups.length === 0) return <p className="text-stone-600">No representatives yet.</p>;
  return (
    <div className="space-y-6">
      {votingLine && (
        <p
          className={`rounded-lg px-4 py-3 font-medium text-sm ${
            isVotingSuspended(standing) ? 'bg-red-50 text-red-800' : 'bg-stone-50 text-stone-800'
          }`}
        >
          {votingLine}
        </p>
      )}
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="mb-3 font-semibold text-sm text-stone-600 uppercase tracking-wider">
            {group.title}
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.reps.map((rep) => (
              <RepresentativeCard key={rep.id} rep={rep} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
