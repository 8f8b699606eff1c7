import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  APPLICATION_REJECTION_REASON_MAX_CHARS,
  APPLICATION_REVIEW_MESSAGES,
  type ApplicationDecision,
  adminUserListQuerySchema,
  DEBOUNCE_MS,
  formatDate,
  isSitePath,
  MEMBERSHIP_STANDING_LABELS,
  PAGE_SIZES,
  STAFF_ROLE_LABELS,
  USER_STATUS_FILTERS,
  USER_TYPES,
} from '@portal/shared';
import {
  BadgeCheck,
  Check,
  ClipboardCheck,
  Download,
  Eye,
  Pencil,
  Power,
  PowerOff,
  Trash2,
  UserPlus,
  X,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, type RowAction, RowActions } from '@/components/admin-list/data-table';
import { ListFilterNote } from '@/components/admin-list/list-filter-note';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { SelectionBar } from '@/components/admin-list/selection-bar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { useRowSelection } from '@/components/admin-list/use-row-selection';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { useSessionUser } from '@/lib/session-store';
import { useMayOpen } from '@/lib/staff-access';
import { useDecideApplications } from './api/applications';
import { useDeleteUser, useToggleUserStatus } from './api/change-user';
import { downloadUsersCsv } from './api/export-users';
import { useAdminUsers } from './api/get-users';
import { ApplicationReviewDialog, summarizeDecisions } from './components/application-review-dialog';
import { MembershipsDialog } from './components/memberships-dialog';
import { UserDetailsDialog } from './components/user-details-dialog';
import { UserFormDialog } from './components/user-form-dialog';
import { refusalReason, USER_STATUS_LABELS, USER_TYPE_LABELS } from './components/user-labels';
import { UserSummary } from './components/user-summary';

/** The table's orders (spec 000 §2: by username, type or status, each both ways; newest first by default). */
const SORTS = [
  ['username:asc', 'Username A–Z'],
  ['username:desc', 'Username Z–A'],
  ['type:asc', 'Type A–Z'],
  ['type:desc', 'Type Z–A'],
  ['status:asc', 'Status A–Z'],
  ['status:desc', 'Status Z–A'],
  ['created_at:asc', 'Oldest first'],
] as const;

/** Not a spec message: the export could not start (the session could not be renewed, the server was not reached). */
export const EXPORT_FAILED = 'The export could not be started. Please try again.';

/** The dashboard's membership links (decision 014), named in the filter when one is set. */
const MEMBERSHIP_FILTERS = [
  ['pending', 'Pending applications'],
  ['awaiting_payment', 'Members awaiting payment'],
  ['active', 'Active members'],
  ['overdue', 'Members with overdue dues'],
  ['lapsed', 'Lapsed members'],
  ['expired', 'Expired members'],
  ['rejected', 'Rejected applications'],
] as const;

/**
 * /admin/users (spec 000 §2, §7, §8): find a person, fix their details, enable or disable them,
 * delete them, and review their memberships. The address holds search, filters, sort and page, so
 * the dashboard's figures open it already filtered (`?membership=pending`, `?status=inactive`).
 */
export function AdminUsersPage() {
  const list = useListParams(adminUserListQuerySchema);
  const users = useAdminUsers(list.query);
  const page = users.isError ? undefined : users.data;
  useKeepPageInRange(list, page);
  useEffect(() => {
    if (users.isError) console.error('Failed to load users', users.error);
  }, [users.isError, users.error]);

  const notice = useNotice();
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [reviewing, setReviewing] = useState<AdminUser | null>(null);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const [reviewingApplication, setReviewingApplication] = useState<string | null>(null);
  // Rows are selected on the pending filter only, to approve or reject them together
  // (docs/product-rules.md "Reviewing applications").
  const mayReviewMemberships = useMayOpen('memberships');
  const choosing = list.query.membership === 'pending' && mayReviewMemberships;
  const { selection, selectedRows, clear } = useRowSelection({
    rows: page?.users,
    rowKey: userKey,
    rowLabel: (user) => `Select ${user.username}`,
  });
  const [bulkDeciding, setBulkDeciding] = useState<ApplicationDecision | null>(null);
  const decide = useDecideApplications();
  const pendingIds = selectedRows.flatMap((user) =>
    user.membership?.status === 'pending' ? [user.membership.id] : [],
  );
  const decideSelected = (status: ApplicationDecision, reason?: string) =>
    decide.mutate(
      { ids: pendingIds, status, reason },
      {
        onSuccess: (results) => {
          const summary = summarizeDecisions(results, status);
          clear();
          if (summary.complete) notice.confirm(summary.text);
          else
            notice.show({
              variant: 'error',
              title: 'Not every application was decided',
              text: summary.text,
              detail: summary.detail,
            });
        },
        onError: (error) => notice.failure(APPLICATION_REVIEW_MESSAGES.failed, refusalReason(error)),
        onSettled: () => setBulkDeciding(null),
      },
    );
  const toggleStatus = useToggleUserStatus();
  const deleteUser = useDeleteUser();
  // The server refuses an admin's own disabling or deleting (docs/product-rules.md "Identity and
  // roles"): the row says so instead of offering it.
  const signedInId = useSessionUser()?.id;
  // A treasurer reads the list and a user's details; changing accounts and memberships is the
  // secretariat's (STAFF_AREAS, decision 060): those buttons are not offered to them.
  const mayChangeUsers = useMayOpen('users');
  const ownAccountReason = (user: AdminUser) =>
    user.id === signedInId ? ADMIN_USER_MESSAGES.notYourself : undefined;

  const userChanges = (user: AdminUser): RowAction[] => [
    { label: `Edit ${user.username}`, icon: <Pencil />, onClick: () => setEditing(user) },
    {
      label: `Memberships of ${user.username}`,
      icon: <BadgeCheck />,
      onClick: () => setReviewing(user),
    },
    user.status === 'inactive'
      ? { label: `Enable ${user.username}`, icon: <Power />, onClick: () => setToggling(user) }
      : {
          label: `Disable ${user.username}`,
          icon: <PowerOff />,
          onClick: () => setToggling(user),
          disabledReason: ownAccountReason(user),
        },
    {
      label: `Delete ${user.username}`,
      icon: <Trash2 />,
      onClick: () => setDeleting(user),
      danger: true,
      disabledReason: ownAccountReason(user),
    },
  ];

  const sortValue =
    list.query.sortBy && list.query.sortBy !== 'created_at'
      ? `${list.query.sortBy}:${list.query.sortOrder ?? 'asc'}`
      : list.query.sortOrder === 'asc'
        ? 'created_at:asc'
        : undefined;

  const columns: Column<AdminUser>[] = [
    {
      header: 'User',
      className: 'min-w-56',
      phone: 'heading',
      sortBy: 'username',
      cell: (user) => <UserSummary user={user} />,
    },
    {
      header: 'Type',
      sortBy: 'type',
      // A staff account says which roles it holds (decision 060).
      cell: (user) =>
        user.roles.length > 0 ? (
          <span className="inline-flex flex-wrap items-center gap-1">
            {user.roles.map((role) => (
              <StatusBadge key={role} tone="blue" asWritten>
                {STAFF_ROLE_LABELS[role]}
              </StatusBadge>
            ))}
          </span>
        ) : (
          USER_TYPE_LABELS[user.type]
        ),
    },
    {
      header: 'Status',
      sortBy: 'status',
      cell: (user) => <StatusBadge tone={toneOfStatus(user.status)}>{user.status}</StatusBadge>,
    },
    {
      header: 'Membership',
      cell: (user) =>
        user.membership ? (
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge tone={toneOfStatus(user.membership.standing)}>
              {MEMBERSHIP_STANDING_LABELS[user.membership.standing]}
            </StatusBadge>
            <span className="text-stone-600">{user.membership.category}</span>
            {user.membership.status === 'pending' && mayReviewMemberships && (
              <ReviewButton
                username={user.username}
                onClick={() => user.membership && setReviewingApplication(user.membership.id)}
              />
            )}
          </span>
        ) : (
          <span className="text-stone-500">None</span>
        ),
    },
    {
      header: 'Joined',
      // From 1536 px: with the sidebar, 1280 px holds the other columns and the actions.
      className: 'hidden whitespace-nowrap 2xl:table-cell',
      phone: 'hidden',
      sortBy: 'created_at',
      cell: (user) => formatDate(user.created_at),
    },
  ];

  const confirmToggle = (user: AdminUser) =>
    toggleStatus.mutate(user.id, {
      onSuccess: (updated) =>
        notice.confirm(
          // Enabled is active, or pending again for an account never confirmed.
          updated.status === 'inactive' ? ADMIN_USER_MESSAGES.disabled : ADMIN_USER_MESSAGES.enabled,
        ),
      onError: (error) => notice.failure(ADMIN_USER_MESSAGES.statusFailed, refusalReason(error)),
      onSettled: () => setToggling(null),
    });
  const confirmDelete = (user: AdminUser) =>
    deleteUser.mutate(user.id, {
      onSuccess: () => notice.confirm(ADMIN_USER_MESSAGES.deleted),
      onError: (error) => notice.failure(ADMIN_USER_MESSAGES.deleteFailed, refusalReason(error)),
      onSettled: () => setDeleting(null),
    });
  const enabling = toggling?.status === 'inactive';
  const { page: _page, limit: _limit, sortBy: _sortBy, sortOrder: _sortOrder, ...filters } = list.query;
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadUsersCsv(filters);
    } catch (error) {
      console.error('The users export could not start', error);
      notice.failure(EXPORT_FAILED);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <AdminPageHeader
        title="Users"
        description="Members, applicants and administrators: find a person, review a membership, enable or disable an account."
        actions={
          <>
            {/* The list as it is filtered now; the server streams it (any number of rows). */}
            <button
              type="button"
              onClick={() => void exportCsv()}
              disabled={exporting}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </button>
            {/* Shown once the create page is served (SITE_ROUTES): no link to a missing page. */}
            {isSitePath(paths.adminUsersCreate) && mayChangeUsers && (
              <Link to={paths.adminUsersCreate} className={buttonClasses({ variant: 'primary' })}>
                <UserPlus aria-hidden="true" className="size-4" />
                Create User
              </Link>
            )}
          </>
        }
      />

      <section aria-label="Users" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <ListToolbar columns="sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_9rem_9rem_9rem_12rem_11rem]">
          <SearchField
            label="Search users"
            placeholder="Search by name or email"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
            debounceMs={DEBOUNCE_MS.adminUsers}
          />
          <FilterSelect
            label="Filter by type"
            allLabel="All Types"
            value={list.query.type}
            onChange={(type) => list.setParams({ type })}
            options={USER_TYPES.map((type) => [type, USER_TYPE_LABELS[type]])}
          />
          <FilterSelect
            label="Filter by status"
            allLabel="All"
            value={list.query.status}
            onChange={(status) => list.setParams({ status })}
            options={USER_STATUS_FILTERS.map((status) => [status, USER_STATUS_LABELS[status]])}
          />
          <FilterSelect
            label="Filter by name"
            allLabel="Any name"
            value={list.query.name}
            onChange={(name) => list.setParams({ name })}
            options={[['missing', 'Name missing']]}
          />
          <FilterSelect
            label="Filter by membership"
            allLabel="Any membership"
            value={list.query.membership}
            onChange={(membership) => list.setParams({ membership, category: undefined })}
            options={MEMBERSHIP_FILTERS}
          />
          <FilterSelect
            label="Sort by"
            allLabel="Newest first"
            value={sortValue}
            onChange={(value) => {
              const [sortBy, sortOrder] = value ? value.split(':') : [undefined, undefined];
              list.setParams({ sortBy, sortOrder });
            }}
            options={SORTS}
          />
        </ListToolbar>
        {list.query.id && (
          <ListFilterNote
            text="Showing one account, from the dashboard."
            onClear={() => list.setParams({ id: undefined })}
          />
        )}
        {list.query.category && (
          <ListFilterNote
            text={`Category: ${list.query.category}`}
            clearLabel="Clear"
            onClear={() => list.setParams({ category: undefined })}
          />
        )}
        {choosing && (
          <SelectionBar count={pendingIds.length} onClear={clear}>
            <button
              type="button"
              onClick={() => setBulkDeciding('approved')}
              className={buttonClasses({ variant: 'primary', size: 'sm' })}
            >
              <Check aria-hidden="true" className="size-4" />
              Approve {pendingIds.length}
            </button>
            <button
              type="button"
              onClick={() => setBulkDeciding('rejected')}
              className={buttonClasses({ variant: 'danger', size: 'sm' })}
            >
              <X aria-hidden="true" className="size-4" />
              Reject {pendingIds.length}
            </button>
          </SelectionBar>
        )}
        <DataTable
          label="Users"
          columns={columns}
          rows={page?.users}
          rowKey={userKey}
          selection={choosing ? selection : undefined}
          isLoading={users.isPending}
          skeletonRows={PAGE_SIZES.adminUsers}
          sort={{
            by: list.values.sortBy,
            order: list.values.sortOrder,
            onSort: (sortBy, sortOrder) => list.setParams({ sortBy, sortOrder }),
          }}
          emptyText={ADMIN_USER_MESSAGES.noUsers}
          actions={(user) => (
            <RowActions
              actions={[
                { label: `Details of ${user.username}`, icon: <Eye />, onClick: () => setViewing(user) },
                ...(mayChangeUsers ? userChanges(user) : []),
              ]}
            />
          )}
        />
        <ListFooter pagination={page} noun="users" label="Users pages" onPageChange={list.setPage} />
      </section>

      {reviewingApplication && (
        <ApplicationReviewDialog
          membershipId={reviewingApplication}
          onClose={() => setReviewingApplication(null)}
          onDecided={notice.confirm}
          onFailed={notice.failure}
        />
      )}
      <ConfirmDialog
        open={bulkDeciding === 'approved'}
        title={`Approve ${applicationCount(pendingIds.length)}`}
        text="Each applicant is billed for their first 12 months and e-mailed what to pay (an Honorary member is active at once)."
        confirmLabel={`Approve ${pendingIds.length}`}
        pending={decide.isPending}
        onConfirm={() => decideSelected('approved')}
        onCancel={() => setBulkDeciding(null)}
      >
        <SelectedApplicants users={selectedRows} />
      </ConfirmDialog>
      {bulkDeciding === 'rejected' && (
        <ReasonDialog
          title={`Reject ${applicationCount(pendingIds.length)}`}
          text="Each applicant is e-mailed this reason. It is kept in their account's history."
          confirmLabel={`Reject ${pendingIds.length}`}
          pending={decide.isPending}
          requiredMessage={APPLICATION_REVIEW_MESSAGES.reasonRequired}
          maxLength={APPLICATION_REJECTION_REASON_MAX_CHARS}
          onConfirm={(reason) => decideSelected('rejected', reason)}
          onCancel={() => setBulkDeciding(null)}
        >
          <SelectedApplicants users={selectedRows} />
        </ReasonDialog>
      )}
      {viewing && <UserDetailsDialog user={viewing} onClose={() => setViewing(null)} />}
      {editing && (
        <UserFormDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notice.confirm(ADMIN_USER_MESSAGES.updated);
          }}
          onFailed={(error) => notice.failure(ADMIN_USER_MESSAGES.updateFailed, refusalReason(error))}
        />
      )}
      {reviewing && (
        <MembershipsDialog
          user={reviewing}
          onClose={() => setReviewing(null)}
          onConfirmed={notice.confirm}
          onFailed={notice.failure}
        />
      )}
      <ConfirmDialog
        open={toggling !== null}
        title={enabling ? 'Enable User' : 'Disable User'}
        text={
          enabling
            ? 'Are you sure you want to enable this user? They will be able to log in again.'
            : 'Are you sure you want to disable this user? They are signed out at once and cannot log in until enabled again.'
        }
        confirmLabel={enabling ? 'Enable' : 'Disable'}
        tone={enabling ? 'default' : 'danger'}
        pending={toggleStatus.isPending}
        onConfirm={() => toggling && confirmToggle(toggling)}
        onCancel={() => setToggling(null)}
      >
        {toggling && <UserSummary user={toggling} />}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete User"
        text="Are you sure you want to delete this user? Their memberships, representatives, registrations and pictures are deleted with them. This action cannot be undone."
        confirmLabel="Delete"
        tone="danger"
        pending={deleteUser.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting && <UserSummary user={deleting} />}
      </ConfirmDialog>
      {notice.element}
    </>
  );
}

const userKey = (user: AdminUser) => user.id;
const applicationCount = (n: number) => `${n} application${n === 1 ? '' : 's'}`;

/** Opens the Review application panel from the membership column of a pending row. */
function ReviewButton({ username, onClick }: { username: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={`Review application of ${username}`}
      className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold text-brand-800 text-xs underline-offset-4 hover:bg-brand-50 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <ClipboardCheck aria-hidden="true" className="size-3.5" />
      Review
    </button>
  );
}

/** Who a bulk decision reaches, named in its confirmation. */
function SelectedApplicants({ users }: { users: readonly AdminUser[] }) {
  return (
    <ul className="mb-4 max-h-40 space-y-1 overflow-y-auto text-sm text-stone-700">
      {users.map((user) => (
        <li key={user.id}>
          <span className="font-medium text-stone-900">{user.username}</span> · {user.membership?.category}
        </li>
      ))}
    </ul>
  );
}
