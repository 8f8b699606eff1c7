import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailTokens, jobRuns, mailOutbox, newsViews, refreshTokens, sessions } from '../db/schema';

const DAY_MS = 86_400_000;

/** How long finished records stay for support questions ("did my e-mail go out?") before removal. */
/** Finished runs of scheduled jobs stay 90 days: the dues' catch-up looks back 31. */
export const RETENTION_DAYS = { endedSessions: 7, usedEmailTokens: 7, sentMail: 30, jobRuns: 90 } as const;
/**
 * A view's row only stops a second count within its hour (modules/news/service.ts); one older than
 * two hours is of no further use (the extra hour covers servers whose clocks differ a little).
 */
const NEWS_VIEW_RETENTION_MS = 2 * 60 * 60 * 1_000;

/**
 * Deletes what can no longer be used: expired refresh tokens (an expired token is refused
 * whatever its history, so reuse detection no longer needs it), sessions that ended a week ago,
 * used or expired e-mail links, mail delivered a month ago, the news views of past hours and the
 * records of scheduled runs finished 90 days ago. Idempotent; the job runner runs it hourly
 * (modules/jobs).
 */
export async function purgeExpiredRecords(db: Db, now = new Date()) {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const endedBefore = daysAgo(RETENTION_DAYS.endedSessions);
  // One after the other: the session delete cascades to refresh tokens, and two statements locking
  // the same token rows in different orders could deadlock each other on PostgreSQL.
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, now))
    .returning({ id: refreshTokens.id });
  const endedSessions = await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.expiresAt, endedBefore),
        and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, endedBefore)),
      ),
    )
    .returning({ id: sessions.id });
  const links = await db
    .delete(emailTokens)
    .where(
      or(
        lt(emailTokens.expiresAt, daysAgo(RETENTION_DAYS.usedEmailTokens)),
        lt(emailTokens.usedAt, daysAgo(RETENTION_DAYS.usedEmailTokens)),
      ),
    )
    .returning({ id: emailTokens.id });
  const mail = await db
    .delete(mailOutbox)
    .where(lt(mailOutbox.sentAt, daysAgo(RETENTION_DAYS.sentMail)))
    .returning({ id: mailOutbox.id });
  const views = await db
    .delete(newsViews)
    .where(lt(newsViews.hour, new Date(now.getTime() - NEWS_VIEW_RETENTION_MS)))
    .returning({ hour: newsViews.hour });
  const runs = await db
    .delete(jobRuns)
    .where(lt(jobRuns.finishedAt, daysAgo(RETENTION_DAYS.jobRuns)))
    .returning({ id: jobRuns.id });
  return {
    refreshTokens: tokens.length,
    sessions: endedSessions.length,
    emailTokens: links.length,
    mail: mail.length,
    newsViews: views.length,
    jobRuns: runs.length,
  };
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has none (PGlite
 * is one process, with no background workers): reclaims the space of deleted and updated rows (a
 * refresh leaves one behind) and refreshes the statistics the planner chooses its plans by, which
 * would otherwise stay those of the day the tables were created.
 */
export async function maintainEmbeddedDatabase(db: Db) {
  await db.execute(sql`VACUUM (ANALYZE)`);
}
