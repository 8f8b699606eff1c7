import { type MeetingStatus, mayOpen, type VotingState } from '@portal/shared';
import type { ReactNode } from 'react';
import { StatusBadge, type StatusTone } from '@/components/ui/status-badge';
import { ApiError } from '@/lib/api-client';
import { useStaffRoles } from '@/lib/staff-access';

const STATUS: Record<MeetingStatus, { label: string; tone: StatusTone }> = {
  draft: { label: 'Notice not sent', tone: 'yellow' },
  noticed: { label: 'Notice sent', tone: 'blue' },
  certified: { label: 'Results certified', tone: 'green' },
};
const VOTING: Record<VotingState, { label: string; tone: StatusTone }> = {
  not_open: { label: 'Voting not open', tone: 'gray' },
  open: { label: 'Voting open', tone: 'green' },
  closed: { label: 'Voting closed', tone: 'red' },
};

export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  return (
    <StatusBadge tone={STATUS[status].tone} asWritten>
      {STATUS[status].label}
    </StatusBadge>
  );
}

export function VotingStateBadge({ state }: { state: VotingState }) {
  return (
    <StatusBadge tone={VOTING[state].tone} asWritten>
      {VOTING[state].label}
    </StatusBadge>
  );
}

/**
 * What the viewer's roles let them do at a meeting (STAFF_AREAS, decision 060): `run` the
 * secretariat's steps, `elect` the election committee's, and `seeTally` read the results before
 * certification, which the server leaves to the committee alone (docs/decisions/071). The
 * server refuses the rest; the screen only leaves out what would be refused.
 */
export function useMeetingPowers() {
  const roles = useStaffRoles();
  return {
    run: mayOpen(roles, 'meetingsRun'),
    elect: mayOpen(roles, 'meetingsElection'),
    seeTally: roles.includes('election_committee'),
    admin: roles.includes('admin'),
  };
}
export type MeetingPowers = ReturnType<typeof useMeetingPowers>;

/** A titled card of the meeting's page. */
export function Panel({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = `meeting-${title.toLowerCase().replaceAll(/[^a-z]+/g, '-')}`;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={id} className="font-display font-semibold text-stone-900 text-xl">
            {title}
          </h2>
          {description && <div className="mt-1 text-sm text-stone-600">{description}</div>}
        </div>
        {actions && <div className="flex shrink-0 flex-wrap gap-3">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** Label and value pairs, two columns from `sm` up. */
export function Facts({ items }: { items: readonly [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
      {items.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="min-w-0 break-words text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The server's reason for refusing a step, for the failure notice's second line. */
export const reasonOf = (error: unknown) => (error instanceof ApiError ? error.error : undefined);

/** A quiet line saying why a control is not offered. */
export function Hint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-stone-600">{children}</p>;
}
