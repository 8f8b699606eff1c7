import type { PGlite } from '@electric-sql/pglite';
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { emailTokens, mailOutbox, newsViews, refreshTokens, sessions } from '../db/schema';

const DAY_MS = 86_400_000;

/** How long finished records stay for support questions ("did my e-mail go out?") before removal. */
export const RETENTION_DAYS = { endedSessions: 7, usedEmailTokens: 7, sentMail: 30 } as const;
const PURGE_INTERVAL_MS = 60 * 60 * 1_000;
/**
 * A view's row only stops a second count within its hour (modules/news/service.ts); one older than
 * two hours is of no further use (the extra hour covers servers whose clocks differ a little).
 */
const NEWS_VIEW_RETENTION_MS = 2 * 60 * 60 * 1_000;
const FIRST_PURGE_DELAY_MS = 60 * 1_000;

/**
 * Deletes what can no longer be used: expired refresh tokens (an expired token is refused
 * whatever its history, so reuse detection no longer needs it), sessions that ended a week ago,
 * used or expired e-mail links, mail delivered a month ago, and the news views of past hours. Idempotent, so any number of
 * server processes may run it at the same time.
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
  return {
    refreshTokens: tokens.length,
    sessions: endedSessions.length,
    emailTokens: links.length,
    mail: mail.length,
    newsViews: views.length,
  };
}

/**
 * What autovacuum does on a PostgreSQL server, for the embedded database, which has none (PGlite
 * is one process, with no background workers): reclaims the space of deleted and updated rows (a
 * refresh leaves one behind) and refreshes the statistics the planner chooses its plans by, which
 * would otherwise stay those of the day the tables were created.
 */
export async function maintainEmbeddedDatabase(pglite: PGlite) {
  await pglite.exec('VACUUM (ANALYZE)');
}

/**
 * Runs the purge (and on the embedded database its maintenance) a minute after start and then
 * hourly in every server process (not in tests).
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance, { db, config, pglite }: { db: Db; config: Config; pglite?: PGlite }) => {
    if (config.environment === 'test') return;
    let timer: NodeJS.Timeout | undefined;
    const run = async () => {
      try {
        const removed = await purgeExpiredRecords(db);
        app.log.info({ removed }, 'expired records purged');
        if (pglite) await maintainEmbeddedDatabase(pglite);
      } catch (error) {
        app.log.error({ err: error }, 'housekeeping failed');
      }
      timer = setTimeout(run, PURGE_INTERVAL_MS).unref();
    };
    app.addHook('onReady', async () => {
      timer = setTimeout(run, FIRST_PURGE_DELAY_MS).unref();
    });
    app.addHook('onClose', async () => clearTimeout(timer));
  },
  { name: 'housekeeping' },
);
