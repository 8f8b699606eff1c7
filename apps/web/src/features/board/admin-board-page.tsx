import {
  BOARD_MESSAGES,
  type BoardMember,
  boardDescriptionPreview,
  boardMemberListQuerySchema,
  formatDate,
  PAGE_SIZES,
} from '@portal/shared';
import { ExternalLink, Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { paths } from '@/config/paths';
import { useAdminBoardMembers } from './api/get-board-members';
import { BoardMemberFormDialog } from './components/board-member-form-dialog';
import { BoardMemberModal } from './components/board-member-modal';
import { BoardMemberSummary } from './components/board-member-summary';
import { BoardStatusButton } from './components/board-status-button';
import { DeleteBoardMemberDialog } from './components/delete-board-member-dialog';

/** The admin filter's positions (spec 001 §3: this list spells 'Vice-President'). */
const POSITION_FILTERS = ['President', 'Vice-President', 'Secretary', 'Treasurer', 'Trustee', 'Member'];

/**
 * /admin/board, 'Meet Our Board' (spec 001 §2, §4, §5, §8), and the example of an admin list:
 * the address holds the filters (`useListParams` with the API's own query schema), the table,
 * toolbar and footer come from components/admin-list, and this page says only what is the board's.
 */
export function AdminBoardPage() {
  const list = useListParams(boardMemberListQuerySchema);
  const members = useAdminBoardMembers(list.query);
  // spec 001 §8: a failed load is logged and shows the empty text.
  const page = members.isError ? undefined : members.data;
  useKeepPageInRange(list, page?.pagination);
  useEffect(() => {
    if (members.isError) console.error('Failed to load board members', members.error);
  }, [members.isError, members.error]);

  const notice = useNotice();
  const [previewed, setPreviewed] = useState<BoardMember | null>(null);
  const [editing, setEditing] = useState<BoardMember | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BoardMember | null>(null);

  const columns: Column<BoardMember>[] = [
    {
      header: 'Member',
      className: 'min-w-60',
      phone: 'heading',
      cell: (member) => <BoardMemberSummary member={member} />,
    },
    { header: 'Position', className: 'whitespace-nowrap', cell: (member) => member.position },
    // The description's preview needs room: wide screens only.
    {
      header: 'Description',
      className: 'hidden max-w-xs 2xl:table-cell',
      phone: 'hidden',
      cell: (member) => boardDescriptionPreview(member.description),
    },
    {
      header: 'Since',
      className: 'whitespace-nowrap',
      cell: (member) => formatDate(member.trustee_since) || '—',
    },
    {
      header: 'Order',
      className: 'tabular-nums',
      phone: 'hidden',
      cell: (member) => member.display_order ?? '—',
    },
    {
      header: 'Status',
      cell: (member) => (
        <BoardStatusButton member={member} onToggled={notice.confirm} onFailed={notice.failure} />
      ),
    },
  ];

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
        <ListToolbar columns="sm:grid-cols-[minmax(0,1fr)_12rem_10rem]">
          <SearchField
            label="Search board members"
            placeholder="Search by name, title or description"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          <FilterSelect
            label="Filter by position"
            allLabel="All Positions"
            value={list.query.position}
            onChange={(position) => list.setParams({ position })}
            options={POSITION_FILTERS.map((position) => [position, position])}
          />
          <FilterSelect
            label="Filter by status"
            allLabel="All Status"
            value={list.query.is_active}
            onChange={(is_active) => list.setParams({ is_active })}
            options={[
              ['true', 'Active'],
              ['false', 'Inactive'],
            ]}
          />
        </ListToolbar>
        <DataTable
          label="Board members"
          columns={columns}
          rows={page?.boardMembers}
          rowKey={(member) => member.id}
          isLoading={members.isPending}
          skeletonRows={PAGE_SIZES.adminBoard}
          emptyText={BOARD_MESSAGES.noMembers}
          actions={(member) => (
            <RowActions
              actions={[
                { label: `Preview ${member.name}`, icon: <Eye />, onClick: () => setPreviewed(member) },
                { label: `Edit ${member.name}`, icon: <Pencil />, onClick: () => setEditing(member) },
                {
                  label: `Delete ${member.name}`,
                  icon: <Trash2 />,
                  onClick: () => setDeleting(member),
                  danger: true,
                },
              ]}
            />
          )}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="members"
          label="Board members pages"
          onPageChange={list.setPage}
        />
      </section>

      <BoardMemberModal member={previewed} onClose={() => setPreviewed(null)} />
      {editing !== null && (
        <BoardMemberFormDialog
          member={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            const title = editing === 'new' ? 'Board member added' : 'Board member updated';
            notice.show({ variant: 'success', title, text: `${saved.name} has been saved.` });
            setEditing(null);
          }}
          onFailed={() =>
            notice.failure(editing === 'new' ? BOARD_MESSAGES.createFailed : BOARD_MESSAGES.updateFailed)
          }
        />
      )}
      <DeleteBoardMemberDialog
        member={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={notice.confirm}
        onFailed={notice.failure}
      />
      {notice.element}
    </>
  );
}
