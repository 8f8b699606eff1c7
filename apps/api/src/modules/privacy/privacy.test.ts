import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CURRENT_NOTICE_VERSION, PRIVACY_MESSAGES, PRIVACY_NOTICE } from '@portal/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/migrate';
import { consentRecords, mailOutbox, users } from '../../db/schema';
import type { MailTransport, OutgoingMail } from '../../lib/mail/transport';
import { startMailWorker } from '../../lib/mail/worker';
import { createMembership, createNewsArticle, createUser, signIn, TEST_PASSWORD } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';

let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const inject = (options: InjectOptions) => context.app.inject(options);
const unique = () => randomUUID().slice(0, 8);

/** One person's consent rows, oldest first, as [purpose, given, source]. */
async function historyOf(userId: string) {
  const rows = await context.db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.seq));
  return rows.map((row) => [row.purpose, row.given, row.source]);
}

const putConsent = (cookie: string | undefined, purpose: string, payload: unknown) =>
  inject({
    method: 'PUT',
    url: `/api/me/consents/${purpose}`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });

describe('GET /api/privacy/notice', () => {
  it('answers the version in force and its date, to anyone', async () => {
    const response = await inject({ method: 'GET', url: '/api/privacy/notice' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      version: PRIVACY_NOTICE.version,
      publishedOn: PRIVACY_NOTICE.publishedOn,
    });
  });
});

describe('registration records consent', () => {
  const account = () => {
    const id = unique();
    return { username: `reg_${id}`, email: `reg-${id}@example.com`, password: TEST_PASSWORD };
  };
  const register = (payload: Record<string, unknown>) =>
    inject({ method: 'POST', url: '/api/auth/register', payload });
  const userByEmail = async (email: string) =>
    (await context.db.select().from(users).where(eq(users.email, email)))[0];

  it('refuses a blank notice with the field’s message and creates nothing; without one, the account has not accepted it', async () => {
    const body = account();
    for (const noticeVersion of ['', '   ']) {
      const response = await register({ ...body, noticeVersion });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        field: 'noticeVersion',
        error: PRIVACY_MESSAGES.noticeRequired,
      });
    }
    expect(await userByEmail(body.email)).toBeUndefined();
    // The specification's register request, without the field: the account is made, no notice is
    // recorded as accepted, and its pages ask for it (decision 065).
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const user = await userByEmail(body.email);
    expect(user).toBeDefined();
    expect(await historyOf(user?.id as string)).toEqual([]);
  });

  it('refuses a version that is not the one in force (the page read was out of date)', async () => {
    const body = account();
    const response = await register({ ...body, noticeVersion: '0.9' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'noticeVersion', error: PRIVACY_MESSAGES.noticeOutdated });
    expect(await userByEmail(body.email)).toBeUndefined();
  });

  it('refuses an unknown optional consent', async () => {
    const response = await register({
      ...account(),
      noticeVersion: CURRENT_NOTICE_VERSION,
      consents: ['sell_my_data'],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('consents.0');
  });

  it('records the notice and each ticked consent, with the version and the source; unticked ones stay not given', async () => {
    const body = account();
    const response = await register({
      ...body,
      noticeVersion: CURRENT_NOTICE_VERSION,
      consents: ['announcements_email'],
    });
    expect(response.statusCode).toBe(201);
    const user = await userByEmail(body.email);
    expect(await historyOf(user?.id ?? '')).toEqual([
      ['privacy_notice', true, 'registration'],
      ['announcements_email', true, 'registration'],
    ]);
    const rows = await context.db
      .select()
      .from(consentRecords)
      .where(eq(consentRecords.userId, user?.id ?? ''));
    expect(rows.every((row) => row.noticeVersion === CURRENT_NOTICE_VERSION)).toBe(true);
  });
});

describe('GET and PUT /api/me/consents', () => {
  it('asks for a session', async () => {
    expect((await inject({ method: 'GET', url: '/api/me/consents' })).statusCode).toBe(401);
    expect((await putConsent(undefined, 'announcements_email', { given: false })).statusCode).toBe(401);
  });

  it('answers each purpose’s current state and the notice version accepted', async () => {
    const member = await createUser(context.db, { receivesAnnouncements: false });
    const { cookie } = await signIn(context, member);
    const response = await inject({ method: 'GET', url: '/api/me/consents', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.currentNoticeVersion).toBe(CURRENT_NOTICE_VERSION);
    expect(data.acceptedNoticeVersion).toBe(CURRENT_NOTICE_VERSION);
    expect(
      data.consents.map((consent: { purpose: string; given: boolean }) => [consent.purpose, consent.given]),
    ).toEqual([
      ['privacy_notice', true],
      ['announcements_email', false],
      ['member_directory', false],
      ['cpd_prc_report', false],
    ]);
    expect(data.consents[3]).toMatchObject({ source: null, recordedAt: null, noticeVersion: null });
  });

  it('gives and withdraws with a new row per change, the same answer twice being one change', async () => {
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    const give = await putConsent(cookie, 'member_directory', { given: true });
    expect(give.statusCode).toBe(200);
    expect(give.json().data.consents[2]).toMatchObject({
      purpose: 'member_directory',
      given: true,
      source: 'profile',
    });
    expect((await putConsent(cookie, 'member_directory', { given: true })).statusCode).toBe(200);
    expect((await putConsent(cookie, 'member_directory', { given: false })).statusCode).toBe(200);
    expect((await putConsent(cookie, 'announcements_email', { given: false })).statusCode).toBe(200);
    expect(await historyOf(member.id)).toEqual([
      ['privacy_notice', true, 'registration'],
      ['announcements_email', true, 'registration'],
      ['member_directory', true, 'profile'],
      ['member_directory', false, 'profile'],
      ['announcements_email', false, 'profile'],
    ]);
    const profile = await inject({ method: 'GET', url: '/api/users/', headers: { cookie } });
    expect(profile.json().data.receivesAnnouncements).toBe(false);
  });

  it('two changes at once are both recorded in order, never a lost update (PostgreSQL races)', async () => {
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    const answers = await Promise.all([
      putConsent(cookie, 'cpd_prc_report', { given: true }),
      putConsent(cookie, 'cpd_prc_report', { given: true }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const cpd = (await historyOf(member.id)).filter(([purpose]) => purpose === 'cpd_prc_report');
    expect(cpd).toEqual([['cpd_prc_report', true, 'profile']]);
  });

  it('an unknown purpose is 404, a bad body 400 with the field’s message, and nothing is recorded', async () => {
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    const unknown = await putConsent(cookie, 'sell_my_data', { given: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PRIVACY_MESSAGES.unknownPurpose);
    for (const payload of [{ given: 'yes' }, {}, { given: true, extra: 1 }]) {
      const bad = await putConsent(cookie, 'member_directory', payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await putConsent(cookie, 'member_directory', { given: 'yes' })).json()).toMatchObject({
      field: 'given',
      error: PRIVACY_MESSAGES.givenInvalid,
    });
    expect(await historyOf(member.id)).toHaveLength(2);
  });

  it('the notice cannot be withdrawn there (409, with what to do instead)', async () => {
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    const response = await putConsent(cookie, 'privacy_notice', { given: false });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: PRIVACY_MESSAGES.noticeNotWithdrawable,
      code: 'notice_not_withdrawable',
    });
    expect(await historyOf(member.id)).toHaveLength(2);
  });

  it('a member who has not accepted the notice in force is told so by the session, and accepting records it once', async () => {
    const member = await createUser(context.db, { acceptedNotice: false });
    const { cookie } = await signIn(context, member);
    const before = await inject({ method: 'GET', url: '/api/users/', headers: { cookie } });
    expect(before.json().data.acceptedCurrentNotice).toBe(false);
    const accept = await putConsent(cookie, 'privacy_notice', { given: true });
    expect(accept.statusCode).toBe(200);
    expect(accept.json().data.acceptedNoticeVersion).toBe(CURRENT_NOTICE_VERSION);
    await putConsent(cookie, 'privacy_notice', { given: true });
    const after = await inject({ method: 'GET', url: '/api/users/', headers: { cookie } });
    expect(after.json().data.acceptedCurrentNotice).toBe(true);
    expect((await historyOf(member.id)).filter(([purpose]) => purpose === 'privacy_notice')).toEqual([
      ['privacy_notice', true, 'notice_update'],
    ]);
  });

  it('an older version accepted is not the current one', async () => {
    const member = await createUser(context.db, { acceptedNotice: false });
    await context.db.insert(consentRecords).values({
      userId: member.id,
      purpose: 'privacy_notice',
      given: true,
      noticeVersion: '0.1',
      source: 'registration',
    });
    const { cookie } = await signIn(context, member);
    const profile = await inject({ method: 'GET', url: '/api/users/', headers: { cookie } });
    expect(profile.json().data.acceptedCurrentNotice).toBe(false);
  });
});

describe('the membership application records consent', () => {
  const individual = (extra: Record<string, string> = {}) => ({
    type: 'individual',
    firstName: 'Maria Clara',
    lastName: 'Santos',
    membershipData: JSON.stringify({ category: 'Individual' }),
    ...extra,
  });
  async function submit(userId: string, cookie: string, fields: Record<string, string>) {
    const { payload, headers } = await multipartBody(fields);
    return inject({
      method: 'PUT',
      url: `/api/users/filled-form/${userId}`,
      payload,
      headers: { ...headers, cookie },
    });
  }

  it('refuses an outdated notice and changes nothing; a form without one is taken, the notice not accepted', async () => {
    const user = await createUser(context.db, { type: 'user', isNew: true, acceptedNotice: false });
    const { cookie } = await signIn(context, user);
    const outdated = await submit(user.id, cookie, individual({ noticeVersion: '0.1' }));
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json()).toMatchObject({ field: 'noticeVersion', error: PRIVACY_MESSAGES.noticeOutdated });
    const [after] = await context.db.select().from(users).where(eq(users.id, user.id));
    expect(after?.isNew).toBe(true);
    const withoutNotice = await submit(user.id, cookie, individual());
    expect(withoutNotice.statusCode).toBe(200);
    const profile = await inject({ method: 'GET', url: '/api/users/', headers: { cookie } });
    expect(profile.json().data.acceptedCurrentNotice).toBe(false);
  });

  it('records the notice and the ticked consents with the source; an unticked box withdraws nothing', async () => {
    const user = await createUser(context.db, { type: 'user', isNew: true });
    const { cookie } = await signIn(context, user);
    const response = await submit(
      user.id,
      cookie,
      individual({
        noticeVersion: CURRENT_NOTICE_VERSION,
        'consents[0]': 'cpd_prc_report',
        'consents[1]': 'announcements_email',
      }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.profile.acceptedCurrentNotice).toBe(true);
    expect(await historyOf(user.id)).toEqual([
      ['privacy_notice', true, 'registration'],
      ['announcements_email', true, 'registration'],
      ['privacy_notice', true, 'application'],
      // announcements_email was given already: no second row.
      ['cpd_prc_report', true, 'application'],
    ]);
  });
});

describe('announcements read the consent records', () => {
  it('a consent withdrawn while an announcement is being sent stops the messages not yet sent', async () => {
    const people = await Promise.all([0, 1, 2].map(() => createUser(context.db)));
    for (const person of people) await createMembership(context.db, person.id);
    const admin = await createUser(context.db, { type: 'admin' });
    const adminCookie = (await signIn(context, admin)).cookie;
    const article = await createNewsArticle(context.db, { status: 'published' });
    const announced = await inject({
      method: 'POST',
      url: '/api/announcements',
      payload: { item_type: 'news', item_id: article.id, audience: 'members', idempotency_key: randomUUID() },
      headers: { cookie: adminCookie },
    });
    expect(announced.statusCode).toBe(201);
    const rows = await context.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${`%${article.title}`}`);
    const mine = rows.filter((row) => people.some((person) => person.email === row.toAddress));
    expect(mine).toHaveLength(3);
    expect(mine.every((row) => row.consentPurpose === 'announcements_email')).toBe(true);

    // The mailing is paced: while it goes out, one reader withdraws on the profile.
    const leaver = people[2] as (typeof people)[number];
    const { cookie } = await signIn(context, leaver);
    expect((await putConsent(cookie, 'announcements_email', { given: false })).statusCode).toBe(200);

    const delivered: OutgoingMail[] = [];
    const transport: MailTransport = {
      describe: 'recording',
      async send(message) {
        delivered.push(message);
      },
    };
    const worker = startMailWorker({
      db: context.db,
      transport,
      from: 'test@example.org',
      logger: { info() {}, warn() {}, error() {} },
    });
    try {
      await context.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(
          inArray(
            mailOutbox.id,
            mine.map((row) => row.id),
          ),
        );
      await worker.drain();
    } finally {
      await worker.stop();
    }
    const after = await context.db
      .select({ to: mailOutbox.toAddress, status: mailOutbox.status })
      .from(mailOutbox)
      .where(
        inArray(
          mailOutbox.id,
          mine.map((row) => row.id),
        ),
      );
    const statusOf = (email: string) => after.find((row) => row.to === email)?.status;
    expect(statusOf(leaver.email)).toBe('withdrawn');
    expect(statusOf(people[0]?.email ?? '')).toBe('sent');
    expect(statusOf(people[1]?.email ?? '')).toBe('sent');
    expect(delivered.map((mail) => mail.to)).not.toContain(leaver.email);
  });
});

describe('the migration carries the announcement choice over', () => {
  it('turns the old column into a consent row per account, so nobody who opted out is mailed', async () => {
    const file = await readFile(join(migrationsFolder, '0037_consent_records.sql'), 'utf8');
    const handWritten = file.slice(file.indexOf('-- hand-written:'));
    const statement = handWritten
      .split('\n')
      .filter((line) => !line.startsWith('--'))
      .join('\n')
      .trim();
    const optedIn = await createUser(context.db);
    const optedOut = await createUser(context.db);
    // The database as it was before: the column, and no consent rows yet (for these two).
    await context.db.transaction(async (tx) => {
      await tx.execute(
        sql`alter table users add column receives_announcements boolean not null default true`,
      );
      await tx.delete(consentRecords).where(inArray(consentRecords.userId, [optedIn.id, optedOut.id]));
      await tx.execute(sql`update users set receives_announcements = false where id = ${optedOut.id}`);
      // The file's statement, as written, for this file's two accounts only (other files' rows stay).
      const forTheseTwo = statement.replace(
        /ORDER BY/i,
        `WHERE "id" in ('${optedIn.id}', '${optedOut.id}') ORDER BY`,
      );
      await tx.execute(sql.raw(forTheseTwo));
      await tx.execute(sql`alter table users drop column receives_announcements`);
    });
    expect(await historyOf(optedIn.id)).toEqual([['announcements_email', true, 'migration']]);
    expect(await historyOf(optedOut.id)).toEqual([['announcements_email', false, 'migration']]);
    const rows = await context.db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.userId, optedOut.id)));
    expect(rows[0]?.noticeVersion).toBeNull();
  });
});
