import {
  type AdminPrivacyRequest,
  CORRECTION_FIELD_LABELS,
  formatDate,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_MESSAGES,
  PRIVACY_REQUEST_STATUS_LABELS,
  PRIVACY_REQUEST_TEXT_MAX_CHARS,
  PRIVACY_REQUESTS_PAGE_SIZE,
  privacyRequestListQuerySchema,
} from '@portal/shared';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { TextAreaField } from '@/components/ui/text-area-field';
import { ApiError } from '@/lib/api-client';
import { useAnswerPrivacyRequest, usePrivacyRequests } from './api/privacy-requests';

const M = PRIVACY_REQUEST_MESSAGES;

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.error : 'Something went wrong. Please try again.';

const statusTone = { open: 'yellow', approved: 'green', resolved: 'green', rejected: 'gray' } as const;

const columns: Column<AdminPrivacyRequest>[] = [
  {
    header: 'Member',
    phone: 'heading',
    className: 'min-w-48',
    cell: (request) => (
      <div>
        <p className="font-semibold text-stone-900">{request.user.displayName}</p>
        <p className="text-stone-600 text-xs">{PRIVACY_REQUEST_KIND_LABELS[request.kind]}</p>
      </div>
    ),
  },
  {
    header: 'Request',
    className: 'max-w-md',
    cell: (request) => (
      <div className="space-y-1">
        {request.field && (
          <p className="font-medium text-stone-800">{CORRECTION_FIELD_LABELS[request.field]}</p>
        )}
        <p className="line-clamp-3 whitespace-pre-line text-stone-700">{request.details}</p>
        {request.answer && <p className="text-stone-500 text-xs">Answer: {request.answer}</p>}
      </div>
    ),
  },
  { header: 'Requested', className: 'whitespace-nowrap', cell: (request) => formatDate(request.requestedAt) },
  {
    header: 'Answer by',
    className: 'whitespace-nowrap',
    cell: (request) =>
      request.overdue ? (
        <span className="font-semibold text-red-700">
          {formatDate(request.dueOn)}{' '}
          <StatusBadge tone="red" asWritten>
            {M.overdue}
          </StatusBadge>
        </span>
      ) : (
        formatDate(request.dueOn)
      ),
  },
  {
    header: 'Status',
    cell: (request) => (
      <StatusBadge tone={statusTone[request.status]} asWritten>
        {PRIVACY_REQUEST_STATUS_LABELS[request.status]}
      </StatusBadge>
    ),
  },
];

/**
 * /admin/privacy-requests (docs/product-rules.md "Privacy", docs/decisions/068): members' erasure
 * and correction requests, open ones by deadline first with the overdue marked; approve (an
 * erasure is erased at once, after "Confirm it's you") or refuse with a reason.
 */
export function PrivacyRequestsPage() {
  const list = useListParams(privacyRequestListQuerySchema);
  const requests = usePrivacyRequests(list.values);
  const page = requests.isError ? undefined : requests.data;
  useKeepPageInRange(list, page?.pagination);
  const notice = useNotice();
  const answer = useAnswerPrivacyRequest();
  const [approving, setApproving] = useState<AdminPrivacyRequest | null>(null);
  const [rejecting, setRejecting] = useState<AdminPrivacyRequest | null>(null);
  const [resolution, setResolution] = useState('');
  const [serverError, setServerError] = useState<string | undefined>();

  const close = () => {
    setApproving(null);
    setRejecting(null);
    setResolution('');
    setServerError(undefined);
    answer.reset();
  };
  const send = (request: AdminPrivacyRequest, decision: 'approve' | 'reject', text?: string) =>
    answer.mutate(
      { id: request.id, decision, text },
      {
        onSuccess: () => {
          close();
          notice.confirm(M.answered);
        },
        onError: (error) => setServerError(failureText(error)),
      },
    );

  return (
    <>
      <AdminPageHeader
        title={M.listTitle}
        description="Members’ requests to delete their account or correct their data. The Data Privacy Act asks for an answer within 30 days."
      />
      <section aria-label={M.listTitle} className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <ListToolbar columns="sm:grid-cols-[12rem_14rem]">
          <FilterSelect
            label="Filter by status"
            value={list.query.status ?? 'open'}
            onChange={(status) => list.setParams({ status })}
            options={[
              ['open', 'Open'],
              ['all', 'All requests'],
            ]}
          />
          <FilterSelect
            label="Filter by kind"
            allLabel="All kinds"
            value={list.query.kind}
            onChange={(kind) => list.setParams({ kind })}
            options={PRIVACY_REQUEST_KINDS.map((kind) => [kind, PRIVACY_REQUEST_KIND_LABELS[kind]])}
          />
        </ListToolbar>
        <DataTable
          label={M.listTitle}
          columns={columns}
          rows={page?.data}
          rowKey={(request) => request.id}
          isLoading={requests.isPending}
          skeletonRows={PRIVACY_REQUESTS_PAGE_SIZE}
          emptyText={requests.isError ? 'The requests could not be loaded.' : 'No requests to show.'}
          actions={(request) =>
            request.status === 'open' ? (
              <RowActions
                actions={[
                  {
                    label: `${request.kind === 'erasure' ? M.approveErasure : M.resolveCorrection}: ${request.user.displayName}`,
                    icon: <Check />,
                    onClick: () => setApproving(request),
                    danger: request.kind === 'erasure',
                  },
                  {
                    label: `${M.reject}: ${request.user.displayName}`,
                    icon: <X />,
                    onClick: () => setRejecting(request),
                  },
                ]}
              />
            ) : null
          }
        />
        <ListFooter
          pagination={page?.pagination}
          noun="requests"
          label="Privacy request pages"
          onPageChange={list.setPage}
        />
      </section>

      {approving && (
        <ConfirmDialog
          open
          title={approving.kind === 'erasure' ? M.approveErasure : M.resolveCorrection}
          text={
            approving.kind === 'erasure'
              ? M.approveErasureConfirm
              : 'Make the change in the admin screens first; the member is told it is done.'
          }
          confirmLabel={approving.kind === 'erasure' ? M.approveErasure : M.resolveCorrection}
          tone={approving.kind === 'erasure' ? 'danger' : 'default'}
          pending={answer.isPending}
          onCancel={close}
          onConfirm={() => send(approving, 'approve', resolution.trim() || undefined)}
        >
          <p className="font-semibold text-stone-900">{approving.user.displayName}</p>
          <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{approving.details}</p>
          <div className="mt-4">
            <TextAreaField
              label={`${M.answerLabel} (optional, e-mailed to the member)`}
              rows={2}
              maxLength={PRIVACY_REQUEST_TEXT_MAX_CHARS}
              value={resolution}
              error={serverError}
              onChange={(event) => setResolution(event.target.value)}
            />
          </div>
        </ConfirmDialog>
      )}
      {rejecting && (
        <ReasonDialog
          title={`${M.reject}: ${PRIVACY_REQUEST_KIND_LABELS[rejecting.kind]}`}
          text="The reason is e-mailed to the member."
          confirmLabel={M.reject}
          pending={answer.isPending}
          serverError={serverError}
          requiredMessage={M.rejectReasonRequired}
          maxLength={PRIVACY_REQUEST_TEXT_MAX_CHARS}
          onCancel={close}
          onConfirm={(reason) => send(rejecting, 'reject', reason)}
        >
          <p className="font-semibold text-stone-900">{rejecting.user.displayName}</p>
        </ReasonDialog>
      )}
      {notice.element}
    </>
  );
}
