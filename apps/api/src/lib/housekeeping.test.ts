import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, jobRuns, mailOutbox, newsViews, refreshTokens, sessions } from '../db/schema';
import { createNewsArticle, createUser } from '../test/factories';
import { createTestDatabase } from '../test/helper';
import { maintainEmbeddedDatabase, purgeExpiredRecords } from './housekeeping';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const now = new Date('2026-11-21T00:00:00Z');
const daysFromNow = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('purgeExpiredRecords', () => {
  it('removes what can no longer be used and keeps everything else', async () => {
    const { db } = database;
    const user = await createUser(db, { password: null });
    const [live, expiredLongAgo, revokedLongAgo, revokedYesterday] = await db
      .insert(sessions)
      .values([
        { userId: user.id, expiresAt: daysFromNow(20) },
        { userId: user.id, expiresAt: daysFromNow(-8) },
        { userId: user.id, expiresAt: daysFromNow(20), revokedAt: daysFromNow(-8) },
        { userId: user.id, expiresAt: daysFromNow(20), revokedAt: daysFromNow(-1) },
      ])
      .returning();
    if (!live || !expiredLongAgo || !revokedLongAgo || !revokedYesterday)
      throw new Error('sessions not created');
    await db.insert(refreshTokens).values([
      { sessionId: live.id, tokenHash: randomUUID(), expiresAt: daysFromNow(20), usedAt: daysFromNow(-2) },
      { sessionId: live.id, tokenHash: randomUUID(), expiresAt: daysFromNow(-1) },
      { sessionId: revokedYesterday.id, tokenHash: randomUUID(), expiresAt: daysFromNow(5) },
    ]);
    await db.insert(emailTokens).values([
      { userId: user.id, purpose: 'invitation', tokenHash: randomUUID(), expiresAt: daysFromNow(1) },
      { userId: user.id, purpose: 'confirm_email', tokenHash: randomUUID(), expiresAt: daysFromNow(-8) },
      {
        userId: user.id,
        purpose: 'reset_password',
        tokenHash: randomUUID(),
        expiresAt: daysFromNow(1),
        usedAt: daysFromNow(-8),
      },
    ]);
    const message = { toAddress: 'a@example.com', subject: 'Hi', html: '<p>Hi</p>', text: 'Hi' };
    await db.insert(mailOutbox).values([
      { ...message, status: 'sent', sentAt: daysFromNow(-31) },
      { ...message, status: 'sent', sentAt: daysFromNow(-29) },
      { ...message, status: 'queued' },
    ]);
    // Views of the last two hours still stop a second count; older ones are of no use.
    const article = await createNewsArticle(db);
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    await db.insert(newsViews).values(
      [0, 1, 2, 3, 30].map((hours) => ({
        article_id: article.id,
        viewer_key: 'address:1',
        hour: hoursAgo(hours),
      })),
    );

    // Scheduled runs: one finished 91 days ago goes, one of 89 days ago and one running stay.
    const run = { trigger: 'schedule' as const, scheduledFor: daysFromNow(-100) };
    await db.insert(jobRuns).values([
      { ...run, name: 'old', outcome: 'succeeded', finishedAt: daysFromNow(-91) },
      { ...run, name: 'recent', outcome: 'failed', finishedAt: daysFromNow(-89) },
      { ...run, name: 'running' },
    ]);

    expect(await purgeExpiredRecords(db, now)).toEqual({
      refreshTokens: 1,
      sessions: 2,
      emailTokens: 2,
      mail: 1,
      newsViews: 2,
      jobRuns: 1,
    });
    expect((await db.select().from(jobRuns)).map((row) => row.name).sort()).toEqual(['recent', 'running']);

    const remainingSessions = (await db.select().from(sessions)).map((session) => session.id).sort();
    expect(remainingSessions).toEqual([live.id, revokedYesterday.id].sort());
    expect(await db.select().from(refreshTokens)).toHaveLength(2);
    expect((await db.select().from(emailTokens)).map((token) => token.purpose)).toEqual(['invitation']);
    expect((await db.select().from(mailOutbox)).map((row) => row.status).sort()).toEqual(['queued', 'sent']);
    expect((await db.select().from(newsViews)).map((view) => view.hour.getTime()).sort()).toEqual(
      [hoursAgo(2), hoursAgo(1), hoursAgo(0)].map((hour) => hour.getTime()),
    );

    // Nothing left to do: a second run (another process) removes nothing and fails on nothing.
    expect(await purgeExpiredRecords(db, now)).toEqual({
      refreshTokens: 0,
      sessions: 0,
      emailTokens: 0,
      mail: 0,
      newsViews: 0,
      jobRuns: 0,
    });
  });
});

// The embedded database only: a PostgreSQL server has autovacuum.
describe.runIf(!process.env.TEST_DATABASE_URL)('maintainEmbeddedDatabase', () => {
  it('gives the planner the real size of tables that grew since they were created', async () => {
    const { db } = database;
    const user = await createUser(db, { password: null });
    await db
      .insert(sessions)
      .values(Array.from({ length: 40 }, () => ({ userId: user.id, expiresAt: daysFromNow(20) })));
    const estimate = async () =>
      (
        (await db.execute(sql`select reltuples::int as rows from pg_class where relname = 'sessions'`)) as {
          rows: { rows: number }[];
        }
      ).rows[0]?.rows;
    const rows = (await db.select().from(sessions)).length;
    expect(await estimate()).not.toBe(rows);
    await maintainEmbeddedDatabase(db);
    expect(await estimate()).toBe(rows);
  });
});
