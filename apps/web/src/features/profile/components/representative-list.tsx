import { type Representative, VOTING_SUSPENDED_TEXT } from '@portal/shared';
import { ProfilePicture } from '@/components/ui/profile-picture';

export const representativeName = (rep: Pick<Representative, 'firstName' | 'lastName'>) =>
  `${rep.firstName} ${rep.lastName}`.trim();

function RepresentativeCard({ rep, suspended = false }: { rep: Representative; suspended?: boolean }) {
  const name = representativeName(rep);
  return (
    <li className="flex items-center gap-4 rounded-xl border border-stone-200 p-4">
      <ProfilePicture src={rep.avatarUrl} name={name} className="size-14 shrink-0 rounded-full" />
      <div className="min-w-0">
        <p className="font-semibold text-stone-900 [overflow-wrap:anywhere]">{name}</p>
        {rep.preferredName && <p className="text-sm text-stone-600">“{rep.preferredName}”</p>}
        {rep.position && <p className="text-sm text-stone-700">{rep.position}</p>}
        {rep.email && <p className="text-sm text-stone-600 [overflow-wrap:anywhere]">{rep.email}</p>}
        {suspended && <p className="mt-1 font-medium text-red-700 text-sm">{VOTING_SUSPENDED_TEXT}</p>}
      </div>
    </li>
  );
}

/**
 * The company's representatives: the voting one, then everyone else under "Other", non-voting and
 * those without a type together (docs/product-rules.md "Representatives"); the voting one's vote
 * suspended while the company's dues are unpaid.
 */
export function RepresentativeList({
  representatives,
  votingSuspended = false,
}: {
  representatives: Representative[];
  /** The company's dues are unpaid (docs/product-rules.md "Dues"): its vote waits for them. */
  votingSuspended?: boolean;
}) {
  const groups = [
    { title: 'Voting', reps: representatives.filter((rep) => rep.type === 'voting') },
    { title: 'Other', reps: representatives.filter((rep) => rep.type !== 'voting') },
  ].filter((group) => group.reps.length > 0);
  if (groups.length === 0) return <p className="text-stone-600">No representatives yet.</p>;
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <div key={group.title}>
          <h3 className="mb-3 font-semibold text-sm text-stone-600 uppercase tracking-wider">
            {group.title}
          </h3>
          <ul className="grid gap-3 sm:grid-cols-2">
            {group.reps.map((rep) => (
              <RepresentativeCard
                key={rep.id}
                rep={rep}
                suspended={votingSuspended && rep.type === 'voting'}
              />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
