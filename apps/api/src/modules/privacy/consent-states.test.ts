import { randomUUID } from 'node:crypto';
import { CURRENT_NOTICE_VERSION } from '@portal/shared';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentRecords, consentStates, privacyRequests, users } from '../../db/schema';
import { createStorage } from '../../lib/storage';
import { createMembership, createUser, signIn, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { eraseAccount } from './erasure';
import { applyRetention } from './retention';
import { changeMyConsent, recordFormConsents } from './service';

/**
 * consent_states is a copy of each person's latest consent record per purpose, kept by migration
 * 0052's trigger (db/schema/privacy.ts); `consentGiven` and the directory's search read it. After
 * every kind of write to the records, the copy must equal the latest record (by seq) of every
 * person and purpose, and hold nothing else.
 */

let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const inject = (options: InjectOptions) => context.app.inject(options);
const unique = () => randomUUID().slice(0, 8);

/** The rows where the copy and the history disagree, over every account (none when in step). */
async function disagreements() {
  const { rows } = (await context.db.execute(sql`
    with latest as (
      select distinct on (user_id, purpose) user_id, purpose, given, seq from consent_records
      order by user_id, purpose, seq desc
    )
    select coalesce(l.user_id, s.user_id) as user_id, coalesce(l.purpose, s.purpose) as purpose
    from latest l full join consent_states s on s.user_id = l.user_id and s.purpose = l.purpose
    where s.user_id is null or l.user_id is null or s.given <> l.given or s.seq <> l.seq`)) as {
    rows: { user_id: string; purpose: string }[];
  };
  return rows;
}

const stateOf = async (userId: string) =>
  Object.fromEntries(
    (await context.db.select().from(consentStates).where(eq(consentStates.userId, userId))).map((row) => [
      row.purpose,
      row.given,
    ]),
  );

describe('consent_states follows the consent records', () => {
  it('after a registration, a membership application and the profile’s changes', async () => {
    const id = unique();
    const email = `states-${id}@example.com`;
    const registered = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `states_${id}`,
        email,
        password: TEST_PASSWORD,
        noticeVersion: CURRENT_NOTICE_VERSION,
        consents: ['announcements_email'],
      },
    });
    expect(registered.statusCode).toBe(201);
    const [user] = await context.db.select().from(users).where(eq(users.email, email));
    const userId = user?.id ?? '';
    expect(await stateOf(userId)).toEqual({ privacy_notice: true, announcements_email: true });

    await recordFormConsents(
      context.db,
      userId,
      { noticeVersion: CURRENT_NOTICE_VERSION, consents: ['cpd_prc_report'] },
      'application',
    );
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    for (const given of [true, false, true, false]) {
      const changed = await inject({
        method: 'PUT',
        url: '/api/me/consents/announcements_email',
        headers: { cookie },
        payload: { given },
      });
      expect(changed.statusCode).toBe(200);
    }
    expect(await stateOf(userId)).toMatchObject({ cpd_prc_report: true });
    expect((await stateOf(member.id)).announcements_email).toBe(false);
    expect(await disagreements()).toEqual([]);
  });

  it('after the directory editor lists and unlists, and the unsubscribe link withdraws', async () => {
    const owner = await createUser(context.db, { type: 'company' });
    await createMembership(context.db, owner.id);
    const { cookie } = await signIn(context, owner);
    const listing = (listed: boolean) =>
      inject({
        method: 'PUT',
        url: '/api/me/directory',
        headers: { cookie },
        payload: { listed, about: 'Copper.', commodities: ['copper'], provinces: [], visibility: {} },
      });
    expect((await listing(true)).statusCode).toBe(200);
    expect((await stateOf(owner.id)).member_directory).toBe(true);
    expect((await listing(false)).statusCode).toBe(200);
    expect((await stateOf(owner.id)).member_directory).toBe(false);

    // What the e-mail's unsubscribe link does (announcements/service.ts `unsubscribe`).
    await changeMyConsent(context.db, owner.id, 'announcements_email', false, 'unsubscribe');
    expect((await stateOf(owner.id)).announcements_email).toBe(false);
    expect(await disagreements()).toEqual([]);
  });

  it('after an erasure (the records stay with the placeholder) and retention’s removal of them', async () => {
    const account = await createUser(context.db);
    await context.db.transaction((tx) => eraseAccount(tx, account.id, new Date()));
    expect((await stateOf(account.id)).privacy_notice).toBe(true);
    expect(await disagreements()).toEqual([]);

    const now = new Date();
    const closedAt = new Date(now.getTime() - 4 * 366 * 24 * 3600 * 1000);
    await context.db.insert(privacyRequests).values({
      userId: account.id,
      kind: 'erasure',
      status: 'approved',
      details: 'Please erase my account',
      requestedAt: closedAt,
      dueAt: closedAt,
      resolvedAt: closedAt,
    });
    await applyRetention({ db: context.db, storage: createStorage(context.config.storage) }, now);
    expect(
      await context.db.select().from(consentRecords).where(eq(consentRecords.userId, account.id)),
    ).toEqual([]);
    expect(await stateOf(account.id)).toEqual({});
    expect(await disagreements()).toEqual([]);
  });

  it('deleting the latest record brings back the one before; deleting the account removes its state', async () => {
    const account = await createUser(context.db);
    const record = (given: boolean) =>
      context.db
        .insert(consentRecords)
        .values({ userId: account.id, purpose: 'member_directory', given, source: 'profile' })
        .returning();
    await record(true);
    const [withdrawal] = await record(false);
    expect((await stateOf(account.id)).member_directory).toBe(false);
    await context.db.delete(consentRecords).where(eq(consentRecords.id, withdrawal?.id ?? ''));
    expect((await stateOf(account.id)).member_directory).toBe(true);
    expect(await disagreements()).toEqual([]);

    await context.db.delete(users).where(eq(users.id, account.id));
    expect(await stateOf(account.id)).toEqual({});
    expect(await disagreements()).toEqual([]);
  });

  it('a record with a lower seq committed after a higher one does not replace it (the latest is by seq)', async () => {
    const account = await createUser(context.db);
    const [latest] = await context.db
      .insert(consentRecords)
      .values({ userId: account.id, purpose: 'member_directory', given: true, source: 'profile' })
      .returning();
    // As a transaction that took its seq first and committed second would write it.
    await context.db.insert(consentRecords).values({
      userId: account.id,
      purpose: 'member_directory',
      given: false,
      source: 'profile',
      seq: (latest?.seq ?? 0) - 1_000_000,
    });
    expect((await stateOf(account.id)).member_directory).toBe(true);
    expect(await disagreements()).toEqual([]);
  });
});
