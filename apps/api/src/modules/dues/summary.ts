import { type DuesSummary, manilaDateString } from '@portal/shared';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { duesPayments, duesStatements } from '../../db/schema';
import { qualifiedColumn } from '../../lib/sql';
import { paidOf } from './statements';

/**
 * GET /api/dues/summary: the secretariat's figures, in centavos. Collected counts recorded
 * payments by the date they were paid, in Manila's month and year; outstanding and overdue are
 * the balances of unpaid statements (overdue: past their due date).
 */
export async function duesSummary(db: Db): Promise<DuesSummary> {
  const today = manilaDateString();
  const balance = sql<number>`${duesStatements.amountCentavos} - ${paidOf(qualifiedColumn(duesStatements.id))}`;
  const collected = (from: string) =>
    db
      .select({ total: sql<number>`coalesce(sum(${duesPayments.amountCentavos}), 0)::int` })
      .from(duesPayments)
      .where(and(eq(duesPayments.status, 'recorded'), gte(duesPayments.paidOn, from)));
  const owed = (overdueOnly: boolean) =>
    db
      .select({ total: sql<number>`coalesce(sum(${balance}), 0)::int`, count: sql<number>`count(*)::int` })
      .from(duesStatements)
      .where(
        and(
          inArray(duesStatements.status, ['issued', 'partly_paid']),
          overdueOnly ? lt(duesStatements.dueOn, today) : undefined,
        ),
      );
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
