import {
  ADMIN_USER_MESSAGES,
  type AdminUser,
  adminUserListQuerySchema,
  DEBOUNCE_MS,
  isSitePath,
  PAGE_SIZES,
  USER_STATUSES,
  USER_TYPES,
} from '@portal/shared';
import { BadgeCheck, Download, Pencil, Power, PowerOff, Trash2, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { buildApiUrl } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useDeleteUser, useToggleUserStatus } from './api/change-user';
import { useAdminUsers } from './api/get-users';
import { MembershipsDialog } from './components/memberships-dialog';
import { UserFormDialog } from './components/user-form-dialog';
import { failureText, USER_STATUS_LABELS, USER_TYPE_LABELS } from './components/user-labels';
import { UserSummary } from './components/user-summary';

/** The table's orders (spec 000 §2: by username, type or status; newest first by default). */
const SORTS = [
  ['username:asc', 'Username A–Z'],
  ['username:desc', 'Username Z–A'],
  ['type:asc', 'Type'],
  ['status:asc', 'Status'],
  ['created_at:asc', 'Oldest first'],
] as const;

/** The dashboard's membership links (decision 014), named in the filter when one is set. */
const MEMBERSHIP_FILTERS = [
  ['pending', 'Pending applications'],
  ['active', 'Active members'],
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
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [reviewing, setReviewing] = useState<AdminUser | null>(null);
  const [toggling, setToggling] = useState<AdminUser | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  const toggleStatus = useToggleUserStatus();
  const deleteUser = useDeleteUser();

  const sortValue =
    list.query.sortBy && list.query.sortBy !== 'created_at'
      ? `${list.query.sortBy}:${list.query.sortOrder ?? 'asc'}`
      : list.query.sortOrder === 'asc'
        ? 'created_at:asc'
        : undefined;

  const columns: Column<AdminUser>[] = [
    { header: 'User', className: 'min-w-64', phone: 'heading', cell: (user) => <UserSummary user={user} /> },
    { header: 'Type', cell: (user) => USER_TYPE_LABELS[user.type] },
    {
      header: 'Status',
      cell: (user) => <StatusBadge tone={toneOfStatus(user.status)}>{user.status}</StatusBadge>,
    },
    {
      header: 'Membership',
      className: 'lg:whitespace-nowrap',
      cell: (user) =>
        user.membership ? (
          // Wraps on phones, where the row's buttons sit beside these lines.
          <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
            <StatusBadge tone={toneOfStatus(user.membership.standing)}>
              {user.membership.standing}
            </StatusBadge>
            <span className="text-stone-600">{user.membership.category}</span>
          </span>
        ) : (
          <span className="text-stone-500">None</span>
        ),
    },
    {
      header: 'Joined',
      className: 'hidden whitespace-nowrap lg:table-cell',
      phone: 'hidden',
      cell: (user) => formatDate(user.created_at),
    },
  ];

  const confirmToggle = (user: AdminUser) =>
    toggleStatus.mutate(user.id, {
      onSuccess: (updated) =>
        notice.confirm(
          updated.status === 'active' ? ADMIN_USER_MESSAGES.enabled : ADMIN_USER_MESSAGES.disabled,
        ),
      onError: (error) => notice.failure(failureText(error, ADMIN_USER_MESSAGES.statusFailed)),
      onSettled: () => setToggling(null),
    });
  const confirmDelete = (user: AdminUser) =>
    deleteUser.mutate(user.id, {
      onSuccess: () => notice.confirm(ADMIN_USER_MESSAGES.deleted),
      onError: (error) => notice.failure(failureText(error, ADMIN_USER_MESSAGES.deleteFailed)),
      onSettled: () => setDeleting(null),
    });
  const enabling = toggling?.status === 'inactive';
  const { page: _page, limit: _limit, sortBy: _sortBy, sortOrder: _sortOrder, ...filters } = list.query;
  const exportHref = buildApiUrl('/users/admin/export-csv', filters);

  return (
    <>
      <AdminPageHeader
        title="Users"
        description="Members, applicants and administrators: find a person, review a membership, enable or disable an account."
        actions={
          <>
            {/* The list as it is filtered now; the server streams it (any number of rows). */}
            <a href={exportHref} download className={buttonClasses({ variant: 'secondary' })}>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
            {/* Shown once the create page is served (SITE_ROUTES): no link to a missing page. */}
            {isSitePath(paths.adminUsersCreate) && (
              <Link to={paths.adminUsersCreate} className={buttonClasses({ variant: 'primary' })}>
                <UserPlus aria-hidden="true" className="size-4" />
                Create User
              </Link>
            )}
          </>
        }
      />

      <section aria-label="Users" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <ListToolbar columns="sm:grid-cols-2 xl:grid-cols-[minmax(0,1fr)_9rem_9rem_12rem_11rem]">
          <SearchField
            label="Search users"
            placeholder="Search by username or email"
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
            options={USER_STATUSES.map((status) => [status, USER_STATUS_LABELS[status]])}
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
        {list.query.category && (
          <p className="flex items-center gap-3 border-stone-200 border-b px-4 py-2 text-sm text-stone-700">
            Category: {list.query.category}
            <button
              type="button"
              className="font-medium text-brand-700 hover:underline"
              onClick={() => list.setParams({ category: undefined })}
            >
              Clear
            </button>
          </p>
        )}
        <DataTable
          label="Users"
          columns={columns}
          rows={page?.users}
          rowKey={(user) => user.id}
          isLoading={users.isPending}
          skeletonRows={PAGE_SIZES.adminUsers}
          emptyText={ADMIN_USER_MESSAGES.noUsers}
          actions={(user) => (
            <RowActions
              actions={[
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
                    },
                {
                  label: `Delete ${user.username}`,
                  icon: <Trash2 />,
                  onClick: () => setDeleting(user),
                  danger: true,
                },
              ]}
            />
          )}
        />
        <ListFooter pagination={page} noun="users" label="Users pages" onPageChange={list.setPage} />
      </section>

      {editing && (
        <UserFormDialog
          user={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notice.confirm(ADMIN_USER_MESSAGES.updated);
          }}
          onFailed={(error) => notice.failure(failureText(error, ADMIN_USER_MESSAGES.updateFailed))}
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
