import {
  DIRECTORY_HIDE_REASON_MAX,
  DIRECTORY_MESSAGES,
  type DirectoryAdminEntry,
  directoryAdminListQuerySchema,
  formatDate,
  professionLabel,
} from '@portal/shared';
import { BadgeCheck, Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import {
  useAdminDirectory,
  useDirectoryReports,
  useModerateEntry,
  useSetLicenceVerified,
} from './api/directory';
import { kindLabel } from './components/entry-facts';

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';

const columns: Column<DirectoryAdminEntry>[] = [
  {
    header: 'Entry',
    phone: 'heading',
    className: 'min-w-48',
    cell: (entry) => (
      <div>
        <p className="font-semibold text-stone-900">
          {entry.listed && !entry.hiddenAt ? (
            <Link to={paths.directoryEntry(entry.id)} className="hover:underline">
              {entry.name}
            </Link>
          ) : (
            entry.name
          )}
        </p>
        <p className="text-stone-600 text-xs">
          {kindLabel(entry.kind)}
          {entry.profession ? ` · ${professionLabel(entry.profession)}` : ''}
        </p>
      </div>
    ),
  },
  {
    header: 'Status',
    cell: (entry) =>
      entry.hiddenAt ? (
        <div>
          <StatusBadge tone="red" asWritten>
            Hidden
          </StatusBadge>
          <p className="mt-1 text-stone-600 text-xs">{entry.hiddenReason}</p>
        </div>
      ) : (
        <StatusBadge tone={entry.listed ? 'green' : 'gray'} asWritten>
          {entry.listed ? 'Listed' : 'Not listed'}
        </StatusBadge>
      ),
  },
  {
    header: 'Licence',
    cell: (entry) =>
      entry.kind === 'professional'
        ? entry.licenceVerified
          ? DIRECTORY_MESSAGES.licenceVerified
          : 'Not verified'
        : '—',
  },
  { header: 'Reports', cell: (entry) => String(entry.reports) },
  { header: 'Updated', className: 'whitespace-nowrap', cell: (entry) => formatDate(entry.updatedAt) },
];

/**
 * /admin/directory (docs/product-rules.md "Member directory"): every entry with whether it is
 * listed, hide one with a reason or show it again, the licence badge, and the reported messages.
 */
export function AdminDirectoryPage() {
  const list = useListParams(directoryAdminListQuerySchema);
  const entries = useAdminDirectory(list.values);
  const page = entries.isError ? undefined : entries.data;
  useKeepPageInRange(list, page?.pagination);
  const notice = useNotice();
  const moderate = useModerateEntry();
  const licence = useSetLicenceVerified();
  const [hiding, setHiding] = useState<DirectoryAdminEntry | null>(null);
  const [serverError, setServerError] = useState<string | undefined>();

  const act = (promise: Promise<unknown>, done: string) =>
    promise.then(
      () => notice.confirm(done),
      (error: unknown) => notice.failure(failureText(error)),
    );

  return (
    <>
      <AdminPageHeader
        title="Member directory"
        description={
          page
            ? `${page.counts.listed} listed · ${page.counts.hidden} hidden · ${page.counts.notListed} not listed`
            : 'Entries of the member directory, their moderation and licence badges.'
        }
      />
      <section
        aria-label="Directory entries"
        className="rounded-xl border border-stone-200 bg-white shadow-sm"
      >
        <ListToolbar columns="sm:grid-cols-[1fr_12rem]">
          <SearchField
            label="Search entries"
            placeholder="Search by name"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          <FilterSelect
            label="Filter by status"
            value={list.query.status ?? 'all'}
            onChange={(status) => list.setParams({ status })}
            options={[
              ['all', 'All entries'],
              ['listed', 'Listed'],
              ['not_listed', 'Not listed'],
              ['hidden', 'Hidden'],
            ]}
          />
        </ListToolbar>
        <DataTable
          label="Directory entries"
          columns={columns}
          rows={page?.data}
          rowKey={(entry) => entry.id}
          isLoading={entries.isPending}
          skeletonRows={5}
          emptyText={entries.isError ? 'The entries could not be loaded.' : 'No entries to show.'}
          actions={(entry) => (
            <RowActions
              actions={[
                entry.hiddenAt
                  ? {
                      label: `Show again: ${entry.name}`,
                      icon: <Eye />,
                      onClick: () =>
                        act(moderate.mutateAsync({ id: entry.id, hidden: false }), 'Entry shown again.'),
                    }
                  : {
                      label: `Hide: ${entry.name}`,
                      icon: <EyeOff />,
                      onClick: () => setHiding(entry),
                      danger: true,
                    },
                ...(entry.kind === 'professional'
                  ? [
                      {
                        label: `${entry.licenceVerified ? 'Clear licence badge' : 'Mark licence verified'}: ${entry.name}`,
                        icon: <BadgeCheck />,
                        onClick: () =>
                          act(
                            licence.mutateAsync({ id: entry.id, verified: !entry.licenceVerified }),
                            'Licence badge saved.',
                          ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="entries"
          label="Directory pages"
          onPageChange={list.setPage}
        />
      </section>
      <Reports />
      {notice.element}

      {hiding && (
        <ReasonDialog
          title="Hide this entry"
          text={`${hiding.name} is taken out of the directory; the member reads the reason on their listing.`}
          confirmLabel="Hide entry"
          pending={moderate.isPending}
          serverError={serverError}
          requiredMessage={DIRECTORY_MESSAGES.reasonRequired}
          maxLength={DIRECTORY_HIDE_REASON_MAX}
          onCancel={() => {
            setHiding(null);
            setServerError(undefined);
          }}
          onConfirm={(reason) =>
            moderate.mutate(
              { id: hiding.id, hidden: true, reason },
              {
                onSuccess: () => {
                  setHiding(null);
                  notice.confirm('Entry hidden.');
                },
                onError: (error) => setServerError(failureText(error)),
              },
            )
          }
        />
      )}
    </>
  );
}

function Reports() {
  const reports = useDirectoryReports();
  if (!reports.data || reports.data.length === 0) return null;
  return (
    <section
      aria-label="Reported messages"
      className="mt-8 rounded-xl border border-stone-200 bg-white p-6 shadow-sm"
    >
      <h2 className="font-semibold text-lg text-stone-900">Reported messages</h2>
      <ul className="mt-4 space-y-4">
        {reports.data.map((report) => (
          <li key={report.id} className="border-stone-100 border-b pb-4">
            <p className="text-sm text-stone-700">
              From <strong>{report.senderName}</strong> to <strong>{report.entryName}</strong>, reported{' '}
              {formatDate(report.reportedAt)}
              {report.reason ? `: ${report.reason}` : ''}
            </p>
            <p className="mt-2 whitespace-pre-line text-stone-800">{report.body}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
