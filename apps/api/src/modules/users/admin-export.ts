// The users CSV export: the admin table's filtered list, streamed.
import { pipeline, Readable } from 'node:stream';
import { type AdminUserListQuery, displayName } from '@portal/shared';
import { stringify } from 'csv-stringify';
import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type User, users } from '../../db/schema';
import { CSV_CELL_OPTIONS } from '../../lib/csv';
import { toAdminMembership } from '../membership-standing';
import { newestMembershipsByUser, userFilters } from './admin-list';

/**
 * The CSV's columns: the member by username and by the name they go by (decision 056), their
 * contact and billing details and their newest membership.
 */
const CSV_COLUMNS = [
  'username',
  'display_name',
  'email',
  'type',
  'status',
  'phone',
  'facsimile',
  'address',
  'tin',
  'billing_email',
  'membership_category',
  'membership_status',
  'membership_starts_at',
  'membership_expires_at',
  'created_at',
] as const;
type CsvRecord = Record<(typeof CSV_COLUMNS)[number], string | null | undefined>;
const EXPORT_BATCH = 1_000;

/**
 * GET /api/users/admin/export-csv: the filtered list (the table's search and filters, newest
 * first), as a CSV stream: users are read 1,000 at a time, each batch found after the last one's
 * (created_at, id), so 100,000 rows never sit in memory and no batch re-reads the rows before it.
 * A failure part way destroys the stream, which ends the response.
 */
export function exportUsersCsv(
  db: Db,
  query: Omit<AdminUserListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
  now = new Date(),
): Readable {
  return pipeline(
    Readable.from(userCsvRecords(db, query, now)),
    stringify({ ...CSV_CELL_OPTIONS, header: true, columns: [...CSV_COLUMNS] }),
    // The error, if any, also destroys the stream returned, which the reply reports.
    () => {},
  );
}

async function* userCsvRecords(
  db: Db,
  query: Omit<AdminUserListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
  now: Date,
): AsyncGenerator<CsvRecord> {
  const filters = userFilters(db, query, now);
  let after: { createdAt: Date; id: string } | undefined;
  while (true) {
    const page = await db
      .select()
      .from(users)
      .where(
        and(
          ...filters,
          after ? sql`(${users.createdAt}, ${users.id}) < (${after.createdAt}, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(EXPORT_BATCH);
    if (page.length === 0) return;
    const newest = await newestMembershipsByUser(db, page);
    for (const user of page) {
      const membership = newest.get(user.id);
      yield {
        username: user.username,
        display_name: displayName(user),
        email: user.email,
        type: user.type,
        status: user.status,
        phone: user.phone,
        facsimile: user.facsimile,
        address: user.address,
        tin: user.tin,
        billing_email: user.billingEmail,
        membership_category: membership?.category,
        membership_status: membership ? toAdminMembership(membership, now).standing : null,
        membership_starts_at: membership?.startsAt?.toISOString(),
        membership_expires_at: membership?.expiresAt?.toISOString(),
        created_at: user.createdAt.toISOString(),
      };
    }
    const last = page.at(-1) as User;
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < EXPORT_BATCH) return;
  }
}
