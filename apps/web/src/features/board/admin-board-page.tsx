import {
  BOARD_MESSAGES,
  type BoardMember,
  boardDescriptionPreview,
  DEBOUNCE_MS,
  PAGE_SIZES,
  showingText,
} from '@portal/shared';
import { ExternalLink, Eye, Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { MessageModal } from '@/components/ui/message-modal';
import { AdminPagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeleteBoardMember } from './api/delete-board-member';
import { type AdminBoardFilters, useAdminBoardMembers } from './api/get-board-members';
import { useToggleBoardMemberStatus } from './api/save-board-member';
import { BoardMemberFormDialog } from './components/board-member-form-dialog';
import { BoardMemberModal } from './components/board-member-modal';
import { BoardMemberPhoto } from './components/board-member-photo';

/** The admin filter's positions (spec 001 §3: this list spells 'Vice-President'). */
const POSITION_FILTERS = ['President', 'Vice-President', 'Secretary', 'Treasurer', 'Trustee', 'Member'];

const TABLE_COLUMNS: readonly { label: string; className?: string }[] = [
  { label: 'Member' },
  { label: 'Position' },
  // The preview needs room: shown on wide screens only.
  { label: 'Description', className: 'hidden xl:table-cell' },
  { label: 'Since' },
  { label: 'Order' },
  { label: 'Status' },
  { label: 'Actions', className: 'text-right' },
];

/** The filters live in the address, so a dashboard link or a reload opens the same view. */
function useBoardFilters() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const isActive = params.get('is_active');
  const filters: AdminBoardFilters = {
    page,
    search: params.get('search') ?? undefined,
    position: params.get('position') ?? undefined,
    is_active: isActive === 'true' ? true : isActive === 'false' ? false : undefined,
  };
  /** Changes some filters; any change but the page itself goes back to page 1. */
  const update = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filters, params, update };
}

type Notice = { variant: 'success' | 'error'; title: string; text: string };
const failureNotice = (text: string): Notice => ({ variant: 'error', title: 'Something went wrong', text });

/**
 * /admin/board, 'Meet Our Board' (spec 001 §2, §4, §5, §8): the board table with a debounced
 * search, position and status filters and paging; preview, add, edit and delete; the status
 * badge toggles `is_active`. A failed list load is logged and shows 'No board members found'.
 */
export function AdminBoardPage() {
  const { filters, params, update } = useBoardFilters();
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText.trim(), DEBOUNCE_MS.default);
  const list = useAdminBoardMembers(filters);
  const toggleStatus = useToggleBoardMemberStatus();
  const deleteMember = useDeleteBoardMember();

  const [previewed, setPreviewed] = useState<BoardMember | null>(null);
  const [editing, setEditing] = useState<BoardMember | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BoardMember | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text changes the filter.
  useEffect(() => {
    if (debouncedSearch !== (filters.search ?? '')) update({ search: debouncedSearch || undefined });
  }, [debouncedSearch]);

  useEffect(() => {
    if (list.isError) console.error('Failed to load board members', list.error);
  }, [list.isError, list.error]);

  const data = list.isError ? undefined : list.data;
  const members = data?.boardMembers ?? [];
  const pagination = data?.pagination;

  // A delete that empties the last page moves back to the page that is now last.
  useEffect(() => {
    if (pagination && filters.page > pagination.totalPages) update({ page: String(pagination.totalPages) });
  }, [pagination, filters.page, update]);

  const toggle = (member: BoardMember) =>
    toggleStatus.mutate(member, {
      onError: () => setNotice(failureNotice(BOARD_MESSAGES.statusFailed)),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    deleteMember.mutate(deleting.id, {
      onSuccess: () => setDeleting(null),
      onError: () => {
        setDeleting(null);
        setNotice(failureNotice(BOARD_MESSAGES.deleteFailed));
      },
    });
  };

  const rowActions = (member: BoardMember) => (
    <div className="flex items-center justify-end gap-1">
      <IconButton label={`Preview ${member.name}`} onClick={() => setPreviewed(member)}>
        <Eye aria-hidden="true" className="size-4" />
      </IconButton>
      <IconButton label={`Edit ${member.name}`} onClick={() => setEditing(member)}>
        <Pencil aria-hidden="true" className="size-4" />
      </IconButton>
      <IconButton label={`Delete ${member.name}`} onClick={() => setDeleting(member)} danger>
        <Trash2 aria-hidden="true" className="size-4" />
      </IconButton>
    </div>
  );

  const statusButton = (member: BoardMember) => (
    <button
      type="button"
      onClick={() => toggle(member)}
      disabled={toggleStatus.isPending && toggleStatus.variables?.id === member.id}
      aria-label={`${member.name}: ${member.is_active ? 'Active' : 'Inactive'}. Change status`}
      title="Click to change status"
      className="rounded-full disabled:opacity-50"
    >
      <StatusBadge tone={member.is_active ? 'green' : 'gray'}>
        {member.is_active ? 'Active' : 'Inactive'}
      </StatusBadge>
    </button>
  );

  return (
    <>
      <AdminPageHeader
        title="Meet Our Board"
        description="The board of trustees as the public page shows it: officers, trustees and members."
        actions={
          <>
            <Link
              to={paths.boardOfTrustees}
              target="_blank"
              rel="noopener"
              className={buttonClasses({ variant: 'secondary' })}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              Preview Page
            </Link>
            <button
              type="button"
              onClick={() => setEditing('new')}
              className={buttonClasses({ variant: 'primary' })}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add Member
            </button>
          </>
        }
      />

      <section aria-label="Board members" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <div className="grid gap-3 border-stone-200 border-b p-4 sm:grid-cols-[minmax(0,1fr)_12rem_10rem]">
          <label className="relative block">
            <span className="sr-only">Search board members</span>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-3 my-auto size-4 text-stone-400"
            />
            <input
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              placeholder="Search by name, title or description"
              className="h-10 w-full rounded-lg border border-stone-300 bg-white pr-3 pl-9 text-sm hover:border-stone-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30"
            />
          </label>
          <FilterSelect
            label="Filter by position"
            value={params.get('position') ?? ''}
            onChange={(value) => update({ position: value || undefined })}
            options={[
              ['', 'All Positions'],
              ...POSITION_FILTERS.map((position) => [position, position] as const),
            ]}
          />
          <FilterSelect
            label="Filter by status"
            value={params.get('is_active') ?? ''}
            onChange={(value) => update({ is_active: value || undefined })}
            options={[
              ['', 'All Status'],
              ['true', 'Active'],
              ['false', 'Inactive'],
            ]}
          />
        </div>

        {list.isPending ? (
          <TableSkeleton />
        ) : members.length === 0 ? (
          <p className="px-6 py-14 text-center text-stone-600">{BOARD_MESSAGES.noMembers}</p>
        ) : (
          <>
            {/* Phones: one card per member. */}
            <ul className="divide-y divide-stone-100 md:hidden">
              {members.map((member) => (
                <li key={member.id} className="flex gap-3 p-4">
                  <BoardMemberPhoto member={member} sizes="3rem" className="size-12 shrink-0 rounded-full" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold text-stone-900">{member.name}</p>
                    <p className="truncate text-sm text-stone-600">
                      {member.position} · {member.title}
                    </p>
                    <div className="mt-2 flex items-center justify-between gap-2">
                      {statusButton(member)}
                      {rowActions(member)}
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            {/* From md up: the table. */}
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="border-stone-200 border-b bg-stone-50 text-stone-600 text-xs uppercase tracking-wide">
                  <tr>
                    {TABLE_COLUMNS.map((column) => (
                      <th
                        key={column.label}
                        scope="col"
                        className={`px-4 py-3 font-semibold ${column.className ?? ''}`}
                      >
                        {column.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {members.map((member) => (
                    <tr key={member.id} className="hover:bg-stone-50/60">
                      <td className="px-4 py-3">
                        <div className="flex items-center gap-3">
                          <BoardMemberPhoto
                            member={member}
                            sizes="2.5rem"
                            className="size-10 shrink-0 rounded-full"
                          />
                          <div className="min-w-0">
                            <p className="font-semibold text-stone-900">{member.name}</p>
                            <p className="text-stone-600">{member.title}</p>
                          </div>
                        </div>
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-stone-700">{member.position}</td>
                      <td className="hidden max-w-xs px-4 py-3 text-stone-600 xl:table-cell">
                        {boardDescriptionPreview(member.description)}
                      </td>
                      <td className="whitespace-nowrap px-4 py-3 text-stone-700">
                        {formatDate(member.trustee_since) || '—'}
                      </td>
                      <td className="px-4 py-3 text-stone-700 tabular-nums">{member.display_order ?? '—'}</td>
                      <td className="px-4 py-3">{statusButton(member)}</td>
                      <td className="px-4 py-3">{rowActions(member)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}

        {pagination && members.length > 0 && (
          <div className="flex flex-col items-center justify-between gap-3 border-stone-200 border-t px-4 py-3 sm:flex-row">
            <p className="text-sm text-stone-600">
              {showingText({
                page: pagination.page,
                limit: PAGE_SIZES.adminBoard,
                total: pagination.total,
                noun: 'members',
              })}
            </p>
            <AdminPagination
              label="Board members pages"
              page={pagination.page}
              totalPages={pagination.totalPages}
              onPageChange={(page) => update({ page: String(page) })}
            />
          </div>
        )}
      </section>

      <BoardMemberModal member={previewed} onClose={() => setPreviewed(null)} />
      {editing !== null && (
        <BoardMemberFormDialog
          member={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setNotice({
              variant: 'success',
              title: editing === 'new' ? 'Board member added' : 'Board member updated',
              text: `${saved.name} has been saved.`,
            });
            setEditing(null);
          }}
          onFailed={() =>
            setNotice(
              failureNotice(editing === 'new' ? BOARD_MESSAGES.createFailed : BOARD_MESSAGES.updateFailed),
            )
          }
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Board Member"
        text={BOARD_MESSAGES.deleteConfirm}
        confirmLabel="Delete"
        tone="danger"
        pending={deleteMember.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      <MessageModal
        open={notice !== null}
        variant={notice?.variant ?? 'success'}
        title={notice?.title ?? ''}
        text={notice?.text ?? ''}
        onClose={() => setNotice(null)}
      />
    </>
  );
}

function IconButton({
  label,
  onClick,
  danger = false,
  children,
}: {
  label: string;
  onClick: () => void;
  danger?: boolean;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={`inline-flex size-9 items-center justify-center rounded-lg transition-colors ${
        danger ? 'text-red-700 hover:bg-red-50' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'
      }`}
    >
      {children}
    </button>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <label className="block">
      <span className="sr-only">{label}</span>
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm hover:border-stone-400 focus:border-brand-500 focus:outline-2 focus:outline-brand-500/30"
      >
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </label>
  );
}

function TableSkeleton() {
  return (
    <div role="status" aria-label="Loading board members" className="space-y-3 p-4">
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders with no identity of their own.
        <Skeleton key={index} className="h-12 w-full" />
      ))}
    </div>
  );
}
