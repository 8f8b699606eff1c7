import { statementLabel } from '@portal/shared';
import type { Config } from '../../config';
import type { DbTransaction } from '../../db/client';
import type { DuesPayment, DuesStatement, MailAttachment } from '../../db/schema';
import { createStorage, type Storage } from '../../lib/storage';
import { receiptPdf, statementPdf } from './pdf-documents';

/**
 * The storage of a configuration, made once: a statement's PDF reads the payment QR image from it,
 * and a semester run attaches thousands of statements.
 */
const storages = new WeakMap<Config['storage'], Storage>();
function storageOf(config: Pick<Config, 'storage'>): Storage {
  let storage = storages.get(config.storage);
  if (!storage) {
    storage = createStorage(config.storage);
    storages.set(config.storage, storage);
  }
  return storage;
}

const pdfAttachment = (filename: string, bytes: Uint8Array): MailAttachment => ({
  filename: `${filename}.pdf`,
  contentType: 'application/pdf',
  content: Buffer.from(bytes).toString('base64'),
  encoding: 'base64',
});

/**
 * The Statement of Account as a PDF for its e-mail (docs/product-rules.md "Dues"), built in the
 * transaction that queues the mail, so it prints the statement as that transaction sees it.
 */
export async function statementAttachment(
  tx: DbTransaction,
  config: Pick<Config, 'storage'>,
  statement: DuesStatement,
): Promise<MailAttachment> {
  return pdfAttachment(statementLabel(statement), await statementPdf(tx, storageOf(config), statement));
}

/** The Acknowledgement Receipt of a recorded payment as a PDF for its e-mail. */
export async function receiptAttachment(
  tx: DbTransaction,
  statement: DuesStatement,
  payment: DuesPayment,
): Promise<MailAttachment> {
  return pdfAttachment(payment.receiptNumber ?? 'receipt', await receiptPdf(tx, statement, payment));
}
