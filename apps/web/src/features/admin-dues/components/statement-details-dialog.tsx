import {
  DUES_MESSAGES,
  DUES_PAYMENT_STATUS_LABELS,
  type DuesPaymentView,
  type DuesStatementView,
  formatCentavos,
  formatDate,
  formatDateTime,
  statementLabel,
} from '@portal/shared';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Download, FileImage, X } from 'lucide-react';
import {
  StatementAmounts,
  StatementStatusBadge,
  statementPeriodText,
} from '@/components/dues/statement-parts';
import { buttonClasses } from '@/components/ui/button-styles';
import { DialogCloseButton, DialogPanel } from '@/components/ui/dialog';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';
import { downloadWithSession } from '@/lib/download';

/**
 * A statement with its payments: the secretariat opens a member's proof, verifies it (a receipt is
 * issued) or rejects it with a reason, and downloads the documents.
 */
export function StatementDetailsDialog({
  statement,
  pending,
  onVerify,
  onReject,
  onClose,
}: {
  statement: DuesStatementView;
  pending: boolean;
  onVerify: (payment: DuesPaymentView) => void;
  onReject: (payment: DuesPaymentView) => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <DialogPanel size="wide">
        <Dialog.Title className="font-display font-semibold text-2xl text-stone-900">
          {statementLabel(statement)}
        </Dialog.Title>
        <Dialog.Description className="mt-1 text-sm text-stone-600">
          {statement.billedName} · {statement.billedEmail}
        </Dialog.Description>
        <dl className="mt-5 grid grid-cols-2 gap-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-600">Status</dt>
            <dd>
              <StatementStatusBadge statement={statement} />
            </dd>
          </div>
          <div>
            <dt className="text-stone-600">
              {statement.kind === 'event_fee' ? 'Event registration fee' : `${statement.category} membership`}
            </dt>
            <dd className="text-stone-900">{statementPeriodText(statement)}</dd>
          </div>
          <div>
            <dt className="text-stone-600">Issued · due</dt>
            <dd className="text-stone-900">
              {formatDate(statement.issuedOn)} · {formatDate(statement.dueOn)}
            </dd>
          </div>
          <StatementAmounts statement={statement} />
        </dl>
        {statement.voidReason && <p className="mt-4 text-sm text-stone-700">Void: {statement.voidReason}</p>}

        <h3 className="mt-6 font-semibold text-stone-900">Payments</h3>
        {statement.payments.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">No payment yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-200">
            {statement.payments.map((payment) => (
              <li key={payment.id} className="py-3 text-sm">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-stone-900 tabular-nums">
                    {payment.currency === 'PHP'
                      ? formatCentavos(payment.amount)
                      : `${payment.currency ?? 'Currency not reported'} ${(payment.amount / 100).toFixed(2)}`}
                  </span>
                  <span className="text-stone-700">
                    {payment.method}
                    {payment.reference ? ` · ${payment.reference}` : ''} · paid {formatDate(payment.paid_on)}
                  </span>
                  <StatusBadge tone={toneOfStatus(payment.status)}>
                    {DUES_PAYMENT_STATUS_LABELS[payment.status]}
                  </StatusBadge>
                </div>
                {payment.rejectionReason && <p className="mt-1 text-stone-600">{payment.rejectionReason}</p>}
                {payment.currency !== 'PHP' && payment.status === 'held' && (
                  <p className="mt-1 text-red-800">{DUES_MESSAGES.foreignCurrency(payment.currency)}</p>
                )}
                {payment.recordedAt && (
                  <p className="mt-1 text-stone-600">
                    Receipt {payment.receiptNumber}
                    {payment.birInvoiceNumber ? ` · BIR invoice ${payment.birInvoiceNumber}` : ''} · recorded{' '}
                    {formatDateTime(payment.recordedAt)}
                  </p>
                )}
                <div className="mt-2 flex flex-wrap gap-2">
                  {payment.hasProof && (
                    <button
                      type="button"
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      onClick={() => downloadWithSession(`/dues/payments/${payment.id}/proof`)}
                    >
                      <FileImage aria-hidden="true" className="size-4" />
                      View proof
                    </button>
                  )}
                  {payment.receiptNumber && (
                    <button
                      type="button"
                      className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                      onClick={() => downloadWithSession(`/dues/payments/${payment.id}/receipt`)}
                    >
                      <Download aria-hidden="true" className="size-4" />
                      Receipt
                    </button>
                  )}
                  {(payment.status === 'submitted' || payment.status === 'held') && (
                    <>
                      {payment.currency === 'PHP' && (
                        <button
                          type="button"
                          disabled={pending}
                          className={buttonClasses({ variant: 'primary', size: 'sm' })}
                          onClick={() => onVerify(payment)}
                        >
                          <Check aria-hidden="true" className="size-4" />
                          Verify and record
                        </button>
                      )}
                      <button
                        type="button"
                        disabled={pending}
                        className={buttonClasses({ variant: 'danger', size: 'sm' })}
                        onClick={() => onReject(payment)}
                      >
                        <X aria-hidden="true" className="size-4" />
                        Reject
                      </button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        <DialogCloseButton />
      </DialogPanel>
    </Dialog.Root>
  );
}
