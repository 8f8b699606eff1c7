import {
  DUES_MESSAGES,
  DUES_REASON_MAX_CHARS,
  DUES_STATEMENT_FILTER_LABELS,
  DUES_STATEMENT_FILTERS,
  DUES_STATEMENT_STATUS_LABELS,
  type DuesPaymentView,
  type DuesStatementView,
  duesStatementListQuerySchema,
  formatCentavos,
  formatCount,
  formatDate,
  PAGE_SIZES,
  statementLabel,
} from '@portal/shared';
import {
  Ban,
  BellRing,
  Download,
  Eye,
  FileSpreadsheet,
  RefreshCw,
  Send,
  Settings,
  Wallet,
} from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type Column, DataTable, RowActions } from '@/components/admin-list/data-table';
import { ListFooter } from '@/components/admin-list/list-footer';
import { FilterSelect, ListToolbar, SearchField } from '@/components/admin-list/list-toolbar';
import { useKeepPageInRange, useListParams } from '@/components/admin-list/use-list-params';
import { useNotice } from '@/components/admin-list/use-notice';
import { StatementStatusBadge } from '@/components/dues/statement-parts';
import { AdminPageHeader } from '@/components/ui/admin-page-header';
import { buttonClasses } from '@/components/ui/button-styles';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { StatusBadge } from '@/components/ui/status-badge';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import {
  useAdminStatements,
  useDuesAction,
  useDuesSettings,
  useDuesSummary,
  useIssueDueStatements,
} from './api/dues-admin';
import { DuesSettingsDialog } from './components/dues-settings-dialog';
import { RecordPaymentDialog } from './components/record-payment-dialog';
import { StatementDetailsDialog } from './components/statement-details-dialog';

const unpaid = (statement: DuesStatementView) =>
  statement.status === 'issued' || statement.status === 'partly_paid';
const refusal = (error: unknown) => (error instanceof ApiError ? error.error : 'Please try again.');

/** The figures over the list, each opening the list it counts. */
function SummaryCards({ onFilter }: { onFilter: (status: string) => void }) {
  const summary = useDuesSummary();
  const data = summary.data;
  const cards = [
    { label: 'Collected this month', value: data && formatCentavos(data.collectedThisMonth), filter: 'paid' },
    { label: 'Collected this year', value: data && formatCentavos(data.collectedThisYear), filter: 'paid' },
    { label: 'Outstanding', value: data && formatCentavos(data.outstanding), filter: 'issued' },
    {
      label: 'Overdue',
      value: data && `${formatCentavos(data.overdue)} (${data.overdueCount})`,
      filter: 'overdue',
    },
    { label: 'Proofs to verify', value: data && String(data.proofsToVerify), filter: 'proof_to_verify' },
  ];
  return (
    <ul className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-5">
      {cards.map((card) => (
        <li key={card.label}>
          <button
            type="button"
            onClick={() => onFilter(card.filter)}
            className="h-full w-full rounded-xl border border-stone-200 bg-white p-4 text-left shadow-sm hover:border-brand-300 hover:bg-brand-50/40"
          >
            <span className="block text-sm text-stone-600">{card.label}</span>
            <span className="mt-1 block font-display font-semibold text-stone-900 text-xl tabular-nums">
              {card.value ?? '…'}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/dues (docs/product-rules.md "Dues"): every statement of account, filtered by status
 * (overdue, proof to verify) and searched by number, member or e-mail; the secretariat records
 * payments, verifies or rejects proofs, voids statements with a reason and issues the semesters
 * due. Built on the admin list kit, as the other lists.
 */
export function AdminDuesPage() {
  const list = useListParams(duesStatementListQuerySchema);
  const statements = useAdminStatements(list.query);
  const page = statements.isError ? undefined : statements.data;
  useKeepPageInRange(list, page?.pagination);
  const action = useDuesAction();
  const notice = useNotice();
  const [viewing, setViewing] = useState<DuesStatementView | null>(null);
  const [recording, setRecording] = useState<DuesStatementView | null>(null);
  const [voiding, setVoiding] = useState<DuesStatementView | null>(null);
  const [rejecting, setRejecting] = useState<DuesPaymentView | null>(null);
  // The open details follow the list: after an action the row's fresh copy is shown.
  const viewed = viewing && (page?.statements.find((row) => row.id === viewing.id) ?? viewing);

  const columns: Column<DuesStatementView>[] = [
    {
      header: 'Statement',
      phone: 'heading',
      className: 'min-w-48',
      cell: (statement) => (
        <div>
          <p className="font-semibold text-stone-900">{statement.billedName}</p>
          <p className="text-sm text-stone-600">
            {statementLabel(statement)} · {statement.category ?? 'Event fee'}
          </p>
        </div>
      ),
    },
    {
      header: 'Amount',
      className: 'whitespace-nowrap tabular-nums',
      cell: (statement) => formatCentavos(statement.amount),
    },
    {
      header: 'Balance',
      className: 'whitespace-nowrap tabular-nums',
      cell: (statement) => formatCentavos(statement.balance),
    },
    { header: 'Due', className: 'whitespace-nowrap', cell: (statement) => formatDate(statement.dueOn) },
    {
      header: 'Status',
      cell: (statement) => (
        <div className="flex flex-wrap gap-1.5">
          <StatementStatusBadge statement={statement} />
          {statement.proofsToVerify > 0 && <StatusBadge tone="yellow">Proof to verify</StatusBadge>}
        </div>
      ),
    },
  ];

  const verify = (payment: DuesPaymentView) =>
    action.mutate(
      { kind: 'verify', paymentId: payment.id },
      {
        onSuccess: () => notice.confirm('The payment is recorded and the receipt e-mailed.'),
        onError: (error) => notice.failure('The payment could not be verified.', refusal(error)),
      },
    );

  const settings = useDuesSettings();
  const [editingSettings, setEditingSettings] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { page: _page, limit: _limit, ...filters } = list.query;
  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadWithSession('/dues/export-csv', filters);
    } catch {
      notice.failure('The export could not be started. Please try again.');
    } finally {
      setExporting(false);
    }
  };
  const issueByHand = (userId: string, months: 6 | 12) =>
    action.mutate(
      { kind: 'issue', userId, months },
      {
        onSuccess: () =>
          notice.confirm('A draft statement is prepared: issue it to number it and send it to the member.'),
        onError: (error) => notice.failure('The statement could not be issued.', refusal(error)),
      },
    );

  const issueDraft = (draft: DuesStatementView) =>
    action.mutate(
      { kind: 'issue-draft', statementId: draft.id },
      {
        onSuccess: (issued) =>
          notice.confirm(`${statementLabel(issued as DuesStatementView)} issued and e-mailed to the member.`),
        onError: (error) => notice.failure('The statement could not be issued.', refusal(error)),
      },
    );

  const issuing = useIssueDueStatements((run) => {
    if (run.outcome !== 'succeeded') {
      notice.failure('The statements could not all be issued.', run.error ?? undefined);
      return;
    }
    const issued = Number(run.summary?.issued ?? 0);
    notice.show({
      variant: 'success',
      title: 'Semester statements',
      text:
        issued === 0
          ? 'No semester statement is due today.'
          : `${issued} statement${issued === 1 ? '' : 's'} issued and e-mailed.`,
    });
  });
  const issueDue = () =>
    issuing.start.mutate(undefined, {
      onError: (error) => notice.failure('The statements could not be issued.', refusal(error)),
    });
  const looked = Number(issuing.progress?.looked ?? 0);
  const of = Number(issuing.progress?.of ?? 0);

  return (
    <>
      <AdminPageHeader
        title="Dues"
        description="Statements of account, payments and receipts. Amounts are in Philippine pesos."
        actions={
          <>
            <button
              type="button"
              onClick={() => setEditingSettings(true)}
              disabled={!settings.data}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <Settings aria-hidden="true" className="size-4" />
              Settings
            </button>
            <Link to={paths.adminDuesReminders} className={buttonClasses({ variant: 'secondary' })}>
              <BellRing aria-hidden="true" className="size-4" />
              Reminders
            </Link>
            <button
              type="button"
              onClick={exportCsv}
              disabled={exporting}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <FileSpreadsheet aria-hidden="true" className="size-4" />
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
            <button
              type="button"
              onClick={issueDue}
              disabled={issuing.running}
              className={buttonClasses({ variant: 'primary' })}
            >
              <RefreshCw aria-hidden="true" className={issuing.running ? 'size-4 animate-spin' : 'size-4'} />
              {issuing.running ? 'Issuing statements…' : 'Issue semester statements due'}
            </button>
          </>
        }
      />
      {issuing.running && (
        <p
          role="status"
          className="mb-6 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-stone-800"
        >
          {of > 0
            ? `Issuing the semester statements due: ${formatCount(looked)} of ${formatCount(of)} memberships looked at. You may leave this page; the server goes on.`
            : 'Issuing the semester statements due…'}
        </p>
      )}
      {list.query.userId && (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm">
          <p className="text-stone-800">
            Showing one member's statements{page?.statements[0] ? `: ${page.statements[0].billedName}` : ''}.
          </p>
          {([12, 6] as const).map((months) => (
            <button
              key={months}
              type="button"
              disabled={action.isPending}
              onClick={() => issueByHand(list.query.userId as string, months)}
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
            >
              Prepare a statement for {months} months
            </button>
          ))}
          <button
            type="button"
            onClick={() => list.setParams({ userId: undefined })}
            className="font-semibold text-brand-700 underline underline-offset-4"
          >
            Show every member
          </button>
        </div>
      )}
      <SummaryCards onFilter={(status) => list.setParams({ status })} />

      <section aria-label="Statements" className="rounded-xl border border-stone-200 bg-white shadow-sm">
        <ListToolbar columns="sm:grid-cols-[minmax(0,1fr)_14rem]">
          <SearchField
            label="Search statements"
            placeholder="Search by number, member or e-mail"
            value={list.query.search}
            onSearch={(search) => list.setParams({ search })}
          />
          <FilterSelect
            label="Filter by status"
            allLabel="All Statements"
            value={list.query.status}
            onChange={(status) => list.setParams({ status })}
            options={DUES_STATEMENT_FILTERS.map((filter) => [filter, DUES_STATEMENT_FILTER_LABELS[filter]])}
          />
        </ListToolbar>
        <DataTable
          label="Statements"
          columns={columns}
          rows={page?.statements}
          rowKey={(statement) => statement.id}
          isLoading={statements.isPending}
          skeletonRows={PAGE_SIZES.adminDues}
          emptyText="No statements match."
          actions={(statement) => (
            <RowActions
              actions={[
                {
                  label: `Details of ${statementLabel(statement)}`,
                  icon: <Eye />,
                  onClick: () => setViewing(statement),
                },
                {
                  label: `Download ${statementLabel(statement)}`,
                  icon: <Download />,
                  onClick: () => downloadWithSession(`/dues/statements/${statement.id}/pdf`),
                },
                ...(statement.status === 'draft'
                  ? [
                      {
                        label: `Issue the draft for ${statement.billedName}`,
                        icon: <Send />,
                        onClick: () => issueDraft(statement),
                      },
                      {
                        label: `Void the draft for ${statement.billedName}`,
                        icon: <Ban />,
                        onClick: () => setVoiding(statement),
                        danger: true,
                      },
                    ]
                  : []),
                ...(unpaid(statement)
                  ? [
                      {
                        label: `Record a payment on ${statementLabel(statement)}`,
                        icon: <Wallet />,
                        onClick: () => setRecording(statement),
                      },
                      {
                        label: `Void ${statementLabel(statement)}`,
                        icon: <Ban />,
                        onClick: () => setVoiding(statement),
                        danger: true,
                      },
                    ]
                  : []),
              ]}
            />
          )}
        />
        <ListFooter
          pagination={page?.pagination}
          noun="statements"
          label="Statements pages"
          onPageChange={list.setPage}
        />
      </section>

      {viewed && (
        <StatementDetailsDialog
          statement={viewed}
          pending={action.isPending}
          onVerify={verify}
          onReject={setRejecting}
          onClose={() => setViewing(null)}
        />
      )}
      {recording && (
        <RecordPaymentDialog
          statement={recording}
          onClose={() => setRecording(null)}
          onRecorded={(saved) => {
            setRecording(null);
            notice.show({
              variant: 'success',
              title: 'Payment recorded',
              text: `${statementLabel(saved)} is ${DUES_STATEMENT_STATUS_LABELS[saved.status].toLowerCase()}; the receipt was e-mailed.`,
            });
          }}
        />
      )}
      {voiding && (
        <ReasonDialog
          title={`Void ${statementLabel(voiding)}`}
          text="A void statement stays on record and cannot be paid. Issue a new one if the member still owes."
          confirmLabel="Void statement"
          pending={action.isPending}
          requiredMessage={DUES_MESSAGES.reasonRequired}
          maxLength={DUES_REASON_MAX_CHARS}
          onCancel={() => setVoiding(null)}
          onConfirm={(reason) =>
            action.mutate(
              { kind: 'void', statementId: voiding.id, reason },
              {
                onSuccess: () => notice.confirm(`${statementLabel(voiding)} is void.`),
                onError: (error) => notice.failure('The statement could not be voided.', refusal(error)),
                onSettled: () => setVoiding(null),
              },
            )
          }
        />
      )}
      {rejecting && (
        <ReasonDialog
          title="Reject proof of payment"
          text="The member is e-mailed the reason and can upload a new proof."
          confirmLabel="Reject proof"
          pending={action.isPending}
          requiredMessage={DUES_MESSAGES.reasonRequired}
          maxLength={DUES_REASON_MAX_CHARS}
          onCancel={() => setRejecting(null)}
          onConfirm={(reason) =>
            action.mutate(
              { kind: 'reject', paymentId: rejecting.id, reason },
              {
                onSuccess: () => notice.confirm('The proof was rejected and the member told why.'),
                onError: (error) => notice.failure('The proof could not be rejected.', refusal(error)),
                onSettled: () => setRejecting(null),
              },
            )
          }
        />
      )}
      {editingSettings && settings.data && (
        <DuesSettingsDialog
          settings={settings.data}
          onClose={() => setEditingSettings(false)}
          onSaved={() => {
            setEditingSettings(false);
            notice.confirm('The dues settings are saved.');
          }}
        />
      )}
      {notice.element}
    </>
  );
}
