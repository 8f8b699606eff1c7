import type { DuesPaymentView } from '@portal/shared';
import type { DuesPayment } from '../../db/schema';

/** A payment as the API answers it: the proof's storage path stays on the server. */
export function toPaymentView(payment: DuesPayment): DuesPaymentView {
  return {
    id: payment.id,
    statementId: payment.statementId,
    status: payment.status,
    method: payment.method,
    reference: payment.reference,
    amount: payment.amountCentavos,
    currency: payment.currency,
    paid_on: payment.paidOn,
    receiptNumber: payment.receiptNumber,
    birInvoiceNumber: payment.birInvoiceNumber,
    hasProof: payment.proofPath !== null,
    rejectionReason: payment.rejectionReason,
    recordedAt: payment.recordedAt?.toISOString() ?? null,
    created_at: payment.createdAt.toISOString(),
  };
}
