import {
  ADMIN_AUDIT_ACTION_LABELS,
  ADMIN_USER_MESSAGES,
  type AdminAuditEntry,
  type AdminUser,
  type AuditValue,
  formatCentavos,
  formatDate,
  formatDateTime,
  isVotingSuspended,
  MEMBERSHIP_STANDING_LABELS,
  statementLabel,
  VOTING_SUSPENDED_TEXT,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { StatementStatusBadge } from '@/components/dues/statement-parts';
import { DialogCloseButton, DialogPanel } from '@/components/ui/dialog';
import { AdminPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useMayOpen } from '@/lib/staff-access';
import { useUserAudit } from '../api/get-user-audit';
import { useUserMemberships, useUserStatements } from '../api/memberships';
import { USER_TYPE_LABELS } from './user-labels';
import { UserSummary } from './user-summary';

/** Failing to read the history is not in the spec's catalogue: said plainly, like its other load failures. */
export const HISTORY_LOAD_FAILED = 'Failed to load the history. Please try again.';

/** How the history names each recorded field (decision 024). */
const FIELD_LABELS: Record<string, string> = {
  username: 'Username',
  email: 'Email',
  phone: 'Phone',
  facsimile: 'Facsimile',
  address: 'Address',
  type: 'Type',
  status: 'Status',
  emailConfirmedAt: 'E-mail confirmed',
  category: 'Category',
  startsAt: 'Period starts',
  expiresAt: 'Period expires',
  representatives: 'Representatives',
  memberships: 'Memberships',
  reason: 'Reason given',
  event: 'Event',
  check_in_staff: 'Check-in staff of',
};
const DATE_FIELDS = new Set(['emailConfirmedAt', 'startsAt', 'expiresAt']);

function auditText(field: string, value: AuditValue): string {
  if (value === null || value === '') return '—';
  if (DATE_FIELDS.has(field) && typeof value === 'string') return formatDate(value);
  return String(value);
}

/**
 * A user's detail (decision 024): the account, a summary of their memberships and the history of
 * what admins changed on them (the audit log, decision 024), newest first, a page at a time.
 */
export function UserDetailsDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  // The dues screen is the treasurer's and the admin's (decision 060): no link the viewer cannot open.
  const mayOpenDues = useMayOpen('dues');
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPanel size="wide">
        <DialogCloseButton />
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          User Details
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          The account, its memberships and what administrators have changed on it.
        </Dialog.Description>
        <div className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-stone-50 p-3">
          <UserSummary user={user} />
          <StatusBadge tone={toneOfStatus(user.status)}>{user.status}</StatusBadge>
        </div>
        <DetailsSection title="Account">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
            <Fact label="Type">{USER_TYPE_LABELS[user.type]}</Fact>
            <Fact label="Phone">{user.phone || '—'}</Fact>
            <Fact label="Facsimile">{user.facsimile || '—'}</Fact>
            <Fact label="E-mail confirmed">
              {user.email_confirmation ? formatDate(user.email_confirmation) : 'Not yet'}
            </Fact>
            <Fact label="Address" wide>
              {user.address || '—'}
            </Fact>
            <Fact label="Joined">{formatDate(user.created_at)}</Fact>
            <Fact label="Last updated">{formatDate(user.updated_at)}</Fact>
          </dl>
        </DetailsSection>
        <DetailsSection title="Memberships">
          <MembershipsSummary userId={user.id} />
          {user.type === 'company' && isVotingSuspended(user.membership?.standing) && (
            <p className="mt-3 font-medium text-red-700 text-sm">{VOTING_SUSPENDED_TEXT}</p>
          )}
        </DetailsSection>
        <DetailsSection title="Dues">
          <StatementsSummary userId={user.id} />
          {mayOpenDues && (
            <Link
              to={`${paths.adminDues}?userId=${user.id}`}
              className="mt-3 inline-block font-semibold text-brand-700 text-sm underline underline-offset-4 hover:text-brand-800"
            >
              Statements and payments
            </Link>
          )}
        </DetailsSection>
        <DetailsSection title="History">
          <History userId={user.id} />
        </DetailsSection>
      </DialogPanel>
    </Dialog.Root>
  );
}

function DetailsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6">
      <h3 className="mb-3 font-semibold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'col-span-2' : 'min-w-0'}>
      <dt className="text-stone-500">{label}</dt>
      <dd className="break-words text-stone-900">{children}</dd>
    </div>
  );
}

function MembershipsSummary({ userId }: { userId: string }) {
  const memberships = useUserMemberships(userId);
  if (memberships.isPending) {
    return (
      <div role="status" aria-label="Loading memberships">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (memberships.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm">
        {ADMIN_USER_MESSAGES.membershipsLoadFailed}
      </p>
    );
  }
  if (memberships.data.length === 0) return <p className="text-sm text-stone-600">No memberships.</p>;
  return (
    <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
      {memberships.data.map((membership) => (
        <li
          key={membership.id}
          className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
        >
          <div>
            <p className="font-medium text-stone-900">{membership.category}</p>
            <p className="text-stone-600">
              {membership.startsAt && membership.paidThrough
                ? `${formatDate(membership.startsAt)} – ${formatDate(membership.paidThrough)}`
                : `Applied ${formatDate(membership.created_at)}`}
            </p>
            {membership.memberNumber && (
              <p className="text-stone-600">
                Member number <span className="font-mono text-stone-900">{membership.memberNumber}</span>
              </p>
            )}
          </div>
          <StatusBadge tone={toneOfStatus(membership.standing)}>
            {MEMBERSHIP_STANDING_LABELS[membership.standing]}
          </StatusBadge>
        </li>
      ))}
    </ul>
  );
}

/** The member's newest statements with what is paid and owed (docs/product-rules.md "Dues"). */
function StatementsSummary({ userId }: { userId: string }) {
  const statements = useUserStatements(userId);
  if (statements.isPending) {
    return (
      <div role="status" aria-label="Loading statements">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (statements.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm">
        The statements could not be loaded.
      </p>
    );
  }
  if (statements.data.statements.length === 0)
    return <p className="text-sm text-stone-600">No statements.</p>;
  return (
    <ul className="divide-y divide-stone-100 rounded-xl border border-stone-200">
      {statements.data.statements.map((statement) => (
        <li
          key={statement.id}
          className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm"
        >
          <div>
            <p className="font-medium text-stone-900">{statementLabel(statement)}</p>
            <p className="text-stone-600">
              {formatCentavos(statement.amount)} · paid {formatCentavos(statement.paid)} · due{' '}
              {formatDate(statement.dueOn)}
            </p>
          </div>
          <StatementStatusBadge statement={statement} />
        </li>
      ))}
    </ul>
  );
}

function History({ userId }: { userId: string }) {
  const [page, setPage] = useState(1);
  const history = useUserAudit(userId, page);
  if (history.isPending) {
    return (
      <div role="status" aria-label="Loading history" className="space-y-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-red-800 text-sm">
        {HISTORY_LOAD_FAILED}
      </p>
    );
  }
  if (history.data.total === 0) {
    return <p className="text-sm text-stone-600">No administrator has changed this account yet.</p>;
  }
  return (
    <>
      <ol aria-label="Changes, newest first" className="space-y-3">
        {history.data.entries.map((entry) => (
          <HistoryEntry key={entry.id} entry={entry} />
        ))}
      </ol>
      <div className="mt-3 flex justify-center">
        <AdminPagination
          label="History pages"
          page={history.data.page}
          totalPages={history.data.totalPages}
          onPageChange={setPage}
        />
      </div>
    </>
  );
}

function HistoryEntry({ entry }: { entry: AdminAuditEntry }) {
  const changes = Object.entries(entry.changes);
  return (
    <li className="rounded-xl border border-stone-200 px-4 py-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium text-stone-900">
          {ADMIN_AUDIT_ACTION_LABELS[entry.action]}
          <span className="font-normal text-stone-600"> by {entry.actor.display_name}</span>
        </p>
        <time dateTime={entry.created_at} className="text-stone-600 text-xs">
          {formatDateTime(entry.created_at)}
        </time>
      </div>
      {changes.length > 0 && (
        <ul className="mt-2 space-y-1 text-stone-700">
          {changes.map(([field, { from, to }]) => (
            <li key={field} className="break-words">
              <span className="text-stone-500">{FIELD_LABELS[field] ?? field}:</span>{' '}
              {from === null ? (
                auditText(field, to)
              ) : (
                <>
                  {auditText(field, from)} <span aria-hidden="true">→</span>{' '}
                  <span className="sr-only">changed to</span> {auditText(field, to)}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
