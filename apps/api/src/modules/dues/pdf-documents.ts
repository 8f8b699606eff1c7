import { buffer } from 'node:stream/consumers';
import { formatDocumentDate, statementItemText, statementLabel, statementStatusText } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type DuesPayment, type DuesStatement, eventRegistrations, events } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import { renderReceiptPdf, renderStatementPdf } from './documents';
import { readDuesSettings } from './settings';
import { readStatementViews } from './statements';

/** The association as its documents name it, from the dues settings. */
async function associationOf(db: Db) {
  const settings = await readDuesSettings(db);
  return {
    settings,
    association: {
      name: settings.associationName,
      address: settings.associationAddress,
      tin: settings.associationTin,
    },
  };
}

const billedTo = (statement: DuesStatement) => ({
  name: statement.billedName,
  tin: statement.billedTin,
  address: statement.billedAddress,
  email: statement.billedEmail,
});

/**
 * What the statement's line covers, in the documents' one date style ('1 January 2026'): the days of
 * the event an event fee pays for (its description already names the event and the tier), else the
 * period of dues.
 */
async function periodOf(db: Db, statement: DuesStatement): Promise<string> {
  if (statement.eventRegistrationId) {
    const [event] = await db
      .select({ start: events.start_date, end: events.end_date })
      .from(eventRegistrations)
      .innerJoin(events, eq(events.id, eventRegistrations.event_id))
      .where(eq(eventRegistrations.id, statement.eventRegistrationId));
    if (event) {
      const start = formatDocumentDate(event.start);
      return event.end && event.end !== event.start ? `${start} to ${formatDocumentDate(event.end)}` : start;
    }
  }
  if (statement.periodFrom && statement.periodTo) {
    return `${formatDocumentDate(statement.periodFrom)} to ${formatDocumentDate(statement.periodTo)}`;
  }
  if (statement.months) return `${statement.months} months from the date of payment`;
  return '—';
}

/** The Statement of Account as it stands now: its payments so far and the balance. */
export async function statementPdf(db: Db, storage: Storage, statement: DuesStatement) {
  // One statement at a time: `db` is often the transaction that queues the mail (decision 080).
  const { settings, association } = await associationOf(db);
  const [view] = await readStatementViews(db, [statement.id]);
  const period = await periodOf(db, statement);
  const qr = settings.qrImagePath ? await storage.read(settings.qrImagePath) : null;
  return renderStatementPdf({
    association,
    number: statementLabel(statement),
    issuedOn: statement.issuedOn,
    dueOn: statement.dueOn,
    status: statementStatusText({ status: statement.status, overdue: view?.overdue ?? false }),
    billedTo: billedTo(statement),
    lines: [
      {
        description: statementItemText(statement),
        period,
        amountCentavos: statement.amountCentavos,
      },
    ],
    totalCentavos: statement.amountCentavos,
    paidCentavos: view?.paid ?? 0,
    balanceCentavos: view?.balance ?? statement.amountCentavos,
    paymentInstructions: settings.paymentInstructions,
    qrImage: qr
      ? { bytes: await buffer(qr.body), type: qr.contentType === 'image/png' ? 'image/png' : 'image/jpeg' }
      : null,
    voidReason: statement.voidReason,
  });
}

/** The Acknowledgement Receipt of a recorded payment. */
export async function receiptPdf(db: Db, statement: DuesStatement, payment: DuesPayment) {
  const { association } = await associationOf(db);
  return renderReceiptPdf({
    association,
    number: payment.receiptNumber ?? '',
    receivedOn: payment.paidOn,
    receivedFrom: billedTo(statement),
    amountCentavos: payment.amountCentavos,
    method: payment.method,
    reference: payment.reference,
    statementNumber: statementLabel(statement),
    birInvoiceNumber: payment.birInvoiceNumber,
  });
}
