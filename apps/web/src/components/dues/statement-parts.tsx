import { type DuesStatementView, formatCentavos, formatDate, statementStatusText } from '@portal/shared';
import { StatusBadge, toneOfStatus } from '@/components/ui/status-badge';

/**
 * The pieces every screen shows of a statement of account (the member's Dues, the secretariat's
 * list and details, a user's details), written once (docs/product-rules.md "Dues").
 */

/**
 * What the statement covers: its dates, a new member's 12 months from the payment, or an event
 * fee's event and tier.
 */
export const statementPeriodText = (statement: DuesStatementView) =>
  statement.description
    ? statement.description
    : statement.periodFrom && statement.periodTo
      ? `${formatDate(statement.periodFrom)} – ${formatDate(statement.periodTo)}`
      : `${statement.months} months from the date of payment`;

/** Its status, red when it is overdue. */
export function StatementStatusBadge({ statement }: { statement: DuesStatementView }) {
  return (
    <StatusBadge tone={statement.overdue ? 'red' : toneOfStatus(statement.status)}>
      {statementStatusText(statement)}
    </StatusBadge>
  );
}

/** Amount, paid and balance, as terms of the description list around them. */
export function StatementAmounts({ statement }: { statement: DuesStatementView }) {
  const figures = [
    ['Amount', statement.amount, true],
    ['Paid', statement.paid, false],
    ['Balance', statement.balance, true],
  ] as const;
  return (
    <>
      {figures.map(([label, centavos, strong]) => (
        <div key={label}>
          <dt className="text-stone-600">{label}</dt>
          <dd className={`text-stone-900 tabular-nums ${strong ? 'font-semibold' : ''}`}>
            {formatCentavos(centavos)}
          </dd>
        </div>
      ))}
    </>
  );
}
