import { type DuesStatementListQuery, formatTwoDecimals, statementStatusText } from '@portal/shared';
import { stringify } from 'csv-stringify/sync';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { duesStatements } from '../../db/schema';
import { CSV_CELL_OPTIONS } from '../../lib/csv';
import type { Viewer } from '../../plugins/access';
import { readStatementViews, statementFilters } from './statements';

const COLUMNS = [
  'number',
  'issued_on',
  'due_on',
  'billed_to',
  'email',
  'category',
  'period_from',
  'period_to',
  'amount',
  'paid',
  'balance',
  'status',
  'receipts',
  'void_reason',
] as const;

/**
 * GET /api/dues/export-csv: the statements the admin list shows (its filters and search), newest
 * first, one line each with its amounts in pesos and its receipts, for the bookkeeper. The
 * association's statements number in the thousands at most: read and written whole.
 */
export async function exportStatementsCsv(
  db: Db,
  viewer: Viewer,
  query: Omit<DuesStatementListQuery, 'page' | 'limit'>,
): Promise<string> {
  const ids = await db
    .select({ id: duesStatements.id })
    .from(duesStatements)
    .where(statementFilters(viewer, query))
    .orderBy(desc(duesStatements.createdAt), desc(duesStatements.id));
  const statements = await readStatementViews(
    db,
    ids.map((row) => row.id),
  );
  const records = statements.map((statement) => ({
    number: statement.number ?? 'Draft',
    issued_on: statement.issuedOn,
    due_on: statement.dueOn,
    billed_to: statement.billedName,
    email: statement.billedEmail,
    category: statement.category,
    period_from: statement.periodFrom,
    period_to: statement.periodTo,
    amount: formatTwoDecimals(statement.amount),
    paid: formatTwoDecimals(statement.paid),
    balance: formatTwoDecimals(statement.balance),
    status: statementStatusText(statement),
    receipts: statement.payments
      .filter((payment) => payment.receiptNumber)
      .map(
        (payment) =>
          `${payment.receiptNumber} ${formatTwoDecimals(payment.amount)} ${payment.method} ${payment.paid_on}${payment.birInvoiceNumber ? ` BIR ${payment.birInvoiceNumber}` : ''}`,
      )
      .join('; '),
    void_reason: statement.voidReason,
  }));
  return stringify(records, { header: true, columns: [...COLUMNS], ...CSV_CELL_OPTIONS });
}
