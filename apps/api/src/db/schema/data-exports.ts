import { DATA_EXPORT_STATUSES, type DataExportStatus } from '@portal/shared';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkIn } from './columns';
import { users } from './users';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A person's "Download my data" (docs/product-rules.md "Privacy", docs/decisions/067): asked
 * (`queued`), claimed by the `privacy-exports` job (`running`, with a lease), built into one ZIP
 * kept as a private file (`ready` until `expires_at`), or `failed` with its error; once expired
 * the job removes the file (`expired`). At most one queued or running export per person, held by
 * the database (the partial unique index), so two requests at once make one.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Cascade: an export is only the person's, and goes with a deleted account (docs/decisions/020).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<DataExportStatus>().notNull().default('queued'),
    requestedAt: timestampTz('requested_at').notNull().defaultNow(),
    startedAt: timestampTz('started_at'),
    /** A running export whose lease lapsed (its process died) is claimed again. */
    lockedUntil: timestampTz('locked_until'),
    finishedAt: timestampTz('finished_at'),
    /** The ZIP as a private file (`private/<uuid>.zip`, lib/storage.ts); null until built and once removed. */
    fileReference: text('file_reference'),
    byteSize: bigint('byte_size', { mode: 'number' }),
    expiresAt: timestampTz('expires_at'),
    error: text('error'),
  },
  (t) => [
    checkIn('data_exports_status_check', t.status, DATA_EXPORT_STATUSES),
    uniqueIndex('data_exports_one_in_progress_per_user')
      .on(t.userId)
      .where(sql`status in ('queued', 'running')`),
    index('data_exports_user_requested_idx').on(t.userId, t.requestedAt),
    index('data_exports_status_idx').on(t.status),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
