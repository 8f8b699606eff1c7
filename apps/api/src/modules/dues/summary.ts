import { type DuesSummary, manilaDateString, UNPAID_STATEMENT_STATUSES } from '@portal/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { duesPayments, duesStatements } from '../../db/schema';

/**
 * GET /api/dues/summary: the secretariat's figures, in centavos. Collected counts recorded
 * payments by the date they were paid, in Manila's month and year; outstanding and overdue are
 * the balances of unpaid statements (overdue: past their due date).
 *
 * The totals are PostgreSQL's bigint sums read as JavaScript numbers (exact up to 2^53): a few
 * thousand members' dues pass the 32-bit integer a column holds (₱21.4 million).
 */
export async function duesSummary(db: Db): Promise<DuesSummary> {
  const today = manilaDateString();
  const collected = (from: string) =>
    db
      .select({ total: sql`coalesce(sum(${duesPayments.amountCentavos}), 0)`.mapWith(Number) })
      .from(duesPayments)
      .where(and(eq(duesPayments.status, 'recorded'), gte(duesPayments.paidOn, from)));
  // What the unpaid statements bill, less what was paid towards them: summed once each, not a
  // balance per statement (a subquery for every one of thousands of rows).
  const owed = (overdueOnly: boolean) => {
    const unpaid = and(
      inArray(duesStatements.status, UNPAID_STATEMENT_STATUSES),
      overdueOnly ? lt(duesStatements.dueOn, today) : undefined,
    );
    const paidTowards = db
      .select({ total: sql`coalesce(sum(${duesPayments.amountCentavos}), 0)` })
      .from(duesPayments)
      .innerJoin(duesStatements, eq(duesPayments.statementId, duesStatements.id))
      .where(and(eq(duesPayments.status, 'recorded'), unpaid));
    return db
      .select({
        total: sql`coalesce(sum(${duesStatements.amountCentavos}), 0) - (${paidTowards})`.mapWith(Number),
        count: sql<number>`count(*)::int`,
      })
      .from(duesStatements)
      .where(unpaid);
  };
  const [[month], [year], [outstanding], [overdue], [proofs]] = await Promise.all([
    collected(`${today.slice(0, 7)}-01`),
    collected(`${today.slice(0, 4)}-01-01`),
    owed(false),
    owed(true),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(duesPayments)
      .where(inArray(duesPayments.status, ['submitted', 'held'])),
  ]);
  return {
    collectedThisMonth: month?.total ?? 0,
    collectedThisYear: year?.total ?? 0,
    outstanding: outstanding?.total ?? 0,
    overdue: overdue?.total ?? 0,
    overdueCount: overdue?.count ?? 0,
    proofsToVerify: proofs?.count ?? 0,
  };
}
