import {
  CONSENT_PURPOSES,
  type ConsentPurpose,
  type ConsentSource,
  CURRENT_NOTICE_VERSION,
  isConsentPurpose,
  type MyConsents,
  type OptionalConsentPurpose,
  PRIVACY_MESSAGES,
} from '@portal/shared';
import { and, desc, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbTransaction } from '../../db/client';
import { consentRecords, consentStates, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';

type Database = Db | DbTransaction;

/**
 * The consent records (docs/product-rules.md "Privacy", docs/decisions/065): a row per change,
 * the latest row per person and purpose being the current state.
 */

/**
 * `"table"."column"` for a column of the outer query. Drizzle writes the columns of a one-table
 * select without their table, and inside these subqueries a bare `"user_id"` would be the consent
 * row's own; so the outer column is named in full, and the consent table gets an alias.
 */
const qualified = (column: AnyPgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

/**
 * SQL: whether `userId`'s latest consent row for `purpose` says given (false when there is none),
 * read from its copy in consent_states (db/schema/privacy.ts): one primary-key row. Announcements
 * select their recipients with it; the mail worker checks the same before sending; a query over
 * many accounts (the directory's search) joins `consentStates` on the same condition instead.
 */
export function consentGiven(userId: AnyPgColumn, purpose: ConsentPurpose): SQL<boolean> {
  return sql<boolean>`coalesce((
    select state.given from consent_states state
    where state.user_id = ${qualified(userId)} and state.purpose = ${purpose}
  ), false)`;
}

/**
 * The join condition of `consentStates` on `userId`'s given consent for `purpose`: what a query
 * over many accounts joins (`innerJoin(consentStates, consentGivenOn(...))`) so the planner can
 * read the states once instead of one subquery per row. Says the same as `consentGiven`.
 */
export const consentGivenOn = (userId: AnyPgColumn, purpose: ConsentPurpose) =>
  and(
    eq(consentStates.userId, userId),
    eq(consentStates.purpose, purpose),
    eq(consentStates.given, true),
  ) as SQL;

/** SQL: the notice version `userId` last accepted, or null. */
export const acceptedNoticeVersionSql = (userId: AnyPgColumn) => sql<string | null>`(
    select latest.notice_version from consent_records latest
    where latest.user_id = ${qualified(userId)} and latest.purpose = 'privacy_notice' and latest.given
    order by latest.seq desc limit 1
  )`;

/**
 * The refusal of a form's notice version: blank is the schema's message; another version than the
 * one in force means the page the person read is out of date (400 on `noticeVersion`). Not sent
 * is no acceptance (the notice strip asks), not a refusal.
 */
export function checkNoticeVersion(version: string | undefined) {
  if (version !== undefined && version !== CURRENT_NOTICE_VERSION)
    throw new AppError(400, PRIVACY_MESSAGES.noticeOutdated, {
      code: 'notice_outdated',
      field: 'noticeVersion',
      fields: { noticeVersion: PRIVACY_MESSAGES.noticeOutdated },
    });
}

type Change = { purpose: ConsentPurpose; given: boolean };

/** Appends consent rows for one person, in the caller's transaction; each names the notice in force. */
export async function recordConsents(db: Database, userId: string, changes: Change[], source: ConsentSource) {
  if (changes.length === 0) return;
  await db.insert(consentRecords).values(
    changes.map((change) => ({
      userId,
      purpose: change.purpose,
      given: change.given,
      noticeVersion: CURRENT_NOTICE_VERSION,
      source,
    })),
  );
}

/**
 * What a registration or a membership application records: the notice accepted when the form sent
 * its version (checked before) and each optional consent ticked that is not already given. A form
 * without the version (a client of the specification's request) accepts nothing: the notice strip
 * asks the person on every page until they do (docs/decisions/065). An unticked box
 * withdraws nothing: withdrawing is the profile's (and the unsubscribe link's) to do, so a renewal
 * form cannot take back a consent by being sent with its boxes empty.
 */
export async function recordFormConsents(
  db: Database,
  userId: string,
  form: { noticeVersion?: string; consents: readonly OptionalConsentPurpose[] },
  source: ConsentSource,
) {
  const current = await currentConsents(db, userId);
  const changes: Change[] =
    form.noticeVersion === undefined ? [] : [{ purpose: 'privacy_notice', given: true }];
  for (const purpose of new Set(form.consents)) {
    if (!current.get(purpose)?.given) changes.push({ purpose, given: true });
  }
  await recordConsents(db, userId, changes, source);
}

/** The latest row of each purpose for one person. */
async function currentConsents(db: Database, userId: string) {
  const rows = await db
    .selectDistinctOn([consentRecords.purpose])
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(consentRecords.purpose, desc(consentRecords.seq));
  return new Map(rows.map((row) => [row.purpose, row]));
}

/** GET /api/me/consents. */
export async function listMyConsents(db: Database, userId: string): Promise<MyConsents> {
  const current = await currentConsents(db, userId);
  const [accepted] = await db
    .select({ version: consentRecords.noticeVersion })
    .from(consentRecords)
    .where(
      and(
        eq(consentRecords.userId, userId),
        eq(consentRecords.purpose, 'privacy_notice'),
        eq(consentRecords.given, true),
      ),
    )
    .orderBy(desc(consentRecords.seq))
    .limit(1);
  return {
    currentNoticeVersion: CURRENT_NOTICE_VERSION,
    acceptedNoticeVersion: accepted?.version ?? null,
    consents: CONSENT_PURPOSES.map((purpose) => {
      const row = current.get(purpose);
      return {
        purpose,
        given: row?.given ?? false,
        noticeVersion: row?.noticeVersion ?? null,
        source: row?.source ?? null,
        recordedAt: row?.createdAt.toISOString() ?? null,
      };
    }),
  };
}

/**
 * PUT /api/me/consents/{purpose}: a new row when the answer changes the state (the same answer
 * again records nothing, so a double click is one change). An unknown purpose is 404. The
 * notice's consent can be given (the current version accepted, what the notice strip does) but
 * not withdrawn here (409): the account is kept under it, and ending it is closing the account.
 */
export async function changeMyConsent(
  db: Db,
  userId: string,
  purpose: string,
  given: boolean,
  source: ConsentSource = 'profile',
): Promise<MyConsents> {
  if (!isConsentPurpose(purpose)) throw notFound(PRIVACY_MESSAGES.unknownPurpose);
  if (purpose === 'privacy_notice' && !given)
    throw new AppError(409, PRIVACY_MESSAGES.noticeNotWithdrawable, { code: 'notice_not_withdrawable' });
  return db.transaction(async (tx) => {
    // One change at a time per person: two requests together each see the other's row.
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!account) throw notFound('User not found');
    const current = (await currentConsents(tx, userId)).get(purpose);
    const unchanged =
      purpose === 'privacy_notice'
        ? current?.given === true && current.noticeVersion === CURRENT_NOTICE_VERSION
        : (current?.given ?? false) === given;
    if (!unchanged)
      await recordConsents(
        tx,
        userId,
        [{ purpose, given }],
        purpose === 'privacy_notice' ? 'notice_update' : source,
      );
    return listMyConsents(tx, userId);
  });
}
