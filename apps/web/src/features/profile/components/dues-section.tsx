import {
  DUES_PAYMENT_STATUS_LABELS,
  type DuesStatementView,
  formatCentavos,
  formatDate,
  statementItemText,
  statementLabel,
} from '@portal/shared';
import { CreditCard, Download, Upload } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  StatementAmounts,
  StatementStatusBadge,
  statementPeriodText,
} from '@/components/dues/statement-parts';
import { buttonClasses } from '@/components/ui/button-styles';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { ApiError } from '@/lib/api-client';
import { downloadWithSession } from '@/lib/download';
import { useConfirmReturnedPayment, useOwnStatements, useStartCheckout } from '../api/dues';
import { ProofDialog } from './proof-dialog';

const linkButton =
  'inline-flex items-center gap-1.5 font-semibold text-brand-700 text-sm underline underline-offset-4 hover:text-brand-800';

function StatementCard({
  statement,
  onUpload,
  onPayOnline,
  paying,
}: {
  statement: DuesStatementView;
  onUpload: () => void;
  /** Offered when a payment gateway is configured. */
  onPayOnline?: () => void;
  paying: boolean;
}) {
  const unpaid = statement.status === 'issued' || statement.status === 'partly_paid';
  const waiting = statement.payments.some((payment) => payment.status === 'submitted');
  return (
    <li className="py-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-stone-900">
            {statement.kind === 'event_fee' ? 'Event registration fee' : statementItemText(statement)}
          </p>
          <p className="text-sm text-stone-600">
            <span className="whitespace-nowrap">{statementLabel(statement)}</span> ·{' '}
            {statementPeriodText(statement)}
          </p>
        </div>
        <StatementStatusBadge statement={statement} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <StatementAmounts statement={statement} />
        <div>
          <dt className="text-stone-600">Due</dt>
          <dd className={statement.overdue ? 'font-semibold text-red-700' : 'text-stone-900'}>
            {formatDate(statement.dueOn)}
          </dd>
        </div>
      </dl>
      {statement.voidReason && <p className="mt-2 text-sm text-stone-600">Void: {statement.voidReason}</p>}
      {statement.payments.length > 0 && (
        <ul className="mt-3 space-y-1.5 text-sm">
          {statement.payments.map((payment) => (
            <li key={payment.id} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="text-stone-800">
                {formatCentavos(payment.amount)} by {payment.method} on {formatDate(payment.paid_on)}
              </span>
              <StatusBadge tone={toneOfStatus(payment.status)}>
                {DUES_PAYMENT_STATUS_LABELS[payment.status]}
              </StatusBadge>
              {payment.rejectionReason && <span className="text-stone-600">{payment.rejectionReason}</span>}
              {payment.receiptNumber && (
                <button
                  type="button"
                  className={linkButton}
                  onClick={() => downloadWithSession(`/dues/payments/${payment.id}/receipt`)}
                >
                  <Download aria-hidden="true" className="size-4" />
                  Receipt {payment.receiptNumber}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonClasses({ variant: 'secondary' })}
          onClick={() => downloadWithSession(`/dues/statements/${statement.id}/pdf`)}
        >
          <Download aria-hidden="true" className="size-4" />
          Statement (PDF)
        </button>
        {unpaid && onPayOnline && (
          <button
            type="button"
            disabled={paying}
            className={buttonClasses({ variant: 'primary' })}
            onClick={onPayOnline}
          >
            <CreditCard aria-hidden="true" className="size-4" />
            {paying ? 'Opening the payment page…' : `Pay ${formatCentavos(statement.balance)} online`}
          </button>
        )}
        {unpaid && (
          <button
            type="button"
            className={buttonClasses({ variant: onPayOnline ? 'secondary' : 'primary' })}
            onClick={onUpload}
          >
            <Upload aria-hidden="true" className="size-4" />
            {waiting ? 'Upload another proof' : 'Upload proof of payment'}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The member's Dues (docs/product-rules.md "Dues"): every statement with what is owed and by when,
 * how to pay, the proof upload, and the statement and receipts to download.
 */
export function DuesSection({
  onProofSent,
  onFailed,
}: {
  onProofSent: () => void;
  onFailed: (text: string) => void;
}) {
  const statements = useOwnStatements();
  const startCheckout = useStartCheckout();
  const [uploading, setUploading] = useState<DuesStatementView | null>(null);
  const [searchParams] = useSearchParams();
  const returnedFromPayment = searchParams.get('payment') === 'done';
  const paymentConfirmed = useConfirmReturnedPayment(returnedFromPayment);
  if (statements.isPending) return <p className="text-stone-600">Loading your statements…</p>;
  if (statements.isError) return <p className="text-stone-600">Your statements could not be loaded.</p>;
  const { statements: list, paymentInstructions, onlinePayment } = statements.data;
  if (list.length === 0) {
    return (
      <p className="text-stone-600">
        No statements yet. Your first one is issued when your membership is approved.
      </p>
    );
  }
  const owing = list.some((statement) => statement.status === 'issued' || statement.status === 'partly_paid');
  return (
    <div>
      {returnedFromPayment && (
        <p role="status" className="mb-4 rounded-xl bg-brand-50 p-4 text-brand-900 text-sm">
          {paymentConfirmed
            ? 'Thank you. Your payment is recorded; your receipt is below and in your e-mail.'
            : 'Thank you. Your payment is being confirmed with the payment provider; your receipt appears here and in your e-mail once it is.'}
        </p>
      )}
      {owing && (
        <div className="mb-2 rounded-xl border border-accent-200 bg-accent-50 p-4 text-sm">
          <p className="font-semibold text-stone-900">How to pay</p>
          <p className="mt-1 whitespace-pre-line text-stone-800">{paymentInstructions}</p>
          <p className="mt-2 text-stone-700">
            Quote the statement number, then upload your proof of payment below; the secretariat e-mails your
            receipt once it is verified.
          </p>
        </div>
      )}
      <ul className="divide-y divide-stone-200">
        {list.map((statement) => (
          <StatementCard
            key={statement.id}
            statement={statement}
            onUpload={() => setUploading(statement)}
            paying={startCheckout.isPending && startCheckout.variables === statement.id}
            onPayOnline={
              onlinePayment
                ? () =>
                    startCheckout.mutate(statement.id, {
                      onError: (error) =>
                        onFailed(
                          error instanceof ApiError ? error.error : 'The payment page could not be opened.',
                        ),
                    })
                : undefined
            }
          />
        ))}
      </ul>
      {uploading && (
        <ProofDialog
          statement={uploading}
          onClose={() => setUploading(null)}
          onSent={() => {
            setUploading(null);
            onProofSent();
          }}
        />
      )}
    </div>
  );
}
