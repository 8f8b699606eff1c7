import type { Readable } from 'node:stream';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_VALID_MS,
  DEFAULT_DIRECTORY_VISIBILITY,
  dataExportPagePath,
  displayName,
} from '@portal/shared';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { createMemberHistory } from '../../db/member-history';
import {
  dataExports,
  directoryEntries,
  directoryMessages,
  jobRuns,
  mailOutbox,
  prcLicences,
} from '../../db/schema';
import { createStorage } from '../../lib/storage';
import { createMeetingWithRoll, createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { DATA_EXPORTS_JOB, runDataExports } from './export';

let context: Awaited<ReturnType<typeof buildTestApp>>;

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

const inject = (options: InjectOptions) => context.app.inject(options);

/** A member with some history, signed in. */
async function memberWithHistory(counts?: Parameters<typeof createMemberHistory>[2]) {
  const user = await createUser(context.db);
  const name = displayName(user);
  const history = await createMemberHistory(context.db, { id: user.id, email: user.email, name }, counts);
  const { cookie } = await signIn(context, user);
  return { user, name, history, cookie };
}

/** Waits for the export's build (started by the POST, in the background) to end. */
async function settled(id: string) {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const [row] = await context.db.select().from(dataExports).where(eq(dataExports.id, id));
    const running = await context.db
      .select({ id: jobRuns.id })
      .from(jobRuns)
      .where(and(eq(jobRuns.name, DATA_EXPORTS_JOB), eq(jobRuns.outcome, 'running')));
    if (row && row.status !== 'queued' && row.status !== 'running' && running.length === 0) return row;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export did not finish');
}

/** Every entry of a ZIP: name → bytes. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const download = (id: string, cookie?: string) =>
  inject({ method: 'GET', url: `/api/me/data-export/${id}/download`, headers: cookie ? { cookie } : {} });

describe('POST /api/me/data-export and the ZIP', () => {
  it('builds one ZIP with every record of the person and the documents as issued, and e-mails the link', async () => {
    const member = await memberWithHistory({ statements: 2, registrations: 3, certificates: 2 });
    // Someone else's history, which must not appear in the member's export.
    const other = await memberWithHistory({ statements: 1, registrations: 1, certificates: 1 });
    await inject({
      method: 'PUT',
      url: '/api/me/consents/member_directory',
      payload: { given: true },
      headers: { cookie: member.cookie },
    });
    // A directory listing with a message received and one sent, and a place on a meeting's roll.
    const [listing] = await context.db
      .insert(directoryEntries)
      .values({
        userId: member.user.id,
        kind: 'company',
        about: 'Copper in Mindanao',
        visibility: { ...DEFAULT_DIRECTORY_VISIBILITY },
      })
      .returning();
    const [otherListing] = await context.db
      .insert(directoryEntries)
      .values({ userId: other.user.id, kind: 'company', visibility: { ...DEFAULT_DIRECTORY_VISIBILITY } })
      .returning();
    await context.db.insert(directoryMessages).values([
      { entryId: listing?.id as string, senderId: other.user.id, body: 'Do you drill in Surigao?' },
      { entryId: otherListing?.id as string, senderId: member.user.id, body: 'We assay nickel.' },
    ]);
    const { meeting } = await createMeetingWithRoll(context.db, [{ id: member.user.id, name: member.name }]);
    await context.db.insert(prcLicences).values({
      user_id: member.user.id,
      profession: 'geologist',
      licence_number: '0012345',
      registration_date: '2020-05-04',
      expiry_date: '2027-05-04',
    });

    const response = await inject({
      method: 'POST',
      url: '/api/me/data-export',
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(202);
    const { data } = response.json();
    expect(data).toMatchObject({ status: 'queued', finishedAt: null, expiresAt: null });
    const row = await settled(data.id);
    expect(row.status).toBe('ready');
    expect(row.expiresAt?.getTime()).toBe((row.finishedAt?.getTime() ?? 0) + DATA_EXPORT_VALID_MS);

    const latest = await inject({
      method: 'GET',
      url: '/api/me/data-export',
      headers: { cookie: member.cookie },
    });
    expect(latest.json().data).toMatchObject({ id: data.id, status: 'ready', byteSize: row.byteSize });

    // The e-mail: the exact subject, a link to the web page that downloads it.
    const mail = await context.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, member.user.email));
    const sent = mail.filter((message) => message.subject === DATA_EXPORT_MESSAGES.mailSubject);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain(`${context.config.publicUrl}${dataExportPagePath(data.id)}`);

    const zipResponse = await download(data.id, member.cookie);
    expect(zipResponse.statusCode).toBe(200);
    expect(zipResponse.headers['content-type']).toBe('application/zip');
    expect(zipResponse.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(zipResponse.headers['cache-control']).toBe('private, no-store');
    const entries = await unzip(zipResponse.rawPayload);

    const json = JSON.parse(entries.get('data.json')?.toString('utf8') ?? '{}');
    expect(json.profile).toMatchObject({ id: member.user.id, email: member.user.email, name: member.name });
    expect(json.profile.passwordHash).toBeUndefined();
    // Their own PRC number, in full.
    expect(json.profile.prcDetails.prc_number).toBe(member.history.prcNumber);
    expect(json.prcLicences).toMatchObject([{ profession: 'geologist', licence_number: '0012345' }]);
    expect(json.memberships.map((row: { id: string }) => row.id)).toEqual([member.history.membershipId]);
    expect(json.statements.map((row: { number: string }) => row.number)).toEqual(
      member.history.statementNumbers,
    );
    expect(json.payments.map((row: { receiptNumber: string }) => row.receiptNumber)).toEqual(
      member.history.receiptNumbers,
    );
    expect(json.registrations.map((row: { id: string }) => row.id).sort()).toEqual(
      [...member.history.registrationIds].sort(),
    );
    expect(json.checkIns).toHaveLength(3);
    expect(json.certificates.map((row: { number: string }) => row.number)).toEqual(
      member.history.certificateNumbers,
    );
    expect(json.consents.map((row: { purpose: string; given: boolean }) => [row.purpose, row.given])).toEqual(
      [
        ['privacy_notice', true],
        ['announcements_email', true],
        ['member_directory', true],
      ],
    );
    expect(json.sessions.length).toBeGreaterThan(0);
    expect(json.directory.entry).toMatchObject({ id: listing?.id, about: 'Copper in Mindanao' });
    expect(json.directory.messagesReceived.map((row: { body: string }) => row.body)).toEqual([
      'Do you drill in Surigao?',
    ]);
    expect(json.directory.messagesSent.map((row: { body: string }) => row.body)).toEqual([
      'We assay nickel.',
    ]);
    expect(json.meetings.rolls).toMatchObject([{ meetingId: meeting.id, voterName: member.name }]);
    // Nothing of the other person.
    const text = entries.get('data.json')?.toString('utf8') ?? '';
    for (const value of [
      other.user.id,
      other.user.email,
      other.history.prcNumber,
      ...other.history.statementNumbers,
      ...other.history.certificateNumbers,
    ])
      expect(text).not.toContain(value);

    // The documents, real PDFs and a real PNG, one per statement, receipt and certificate.
    const names = [...entries.keys()].sort();
    expect(names).toEqual(
      [
        'data.json',
        'membership-card.png',
        ...member.history.statementNumbers.map((number) => `statements/${number}.pdf`),
        ...member.history.receiptNumbers.map((number) => `receipts/${number}.pdf`),
        ...member.history.certificateNumbers.map((number) => `certificates/${number}.pdf`),
      ].sort(),
    );
    for (const [name, bytes] of entries) {
      if (name.endsWith('.pdf')) expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    expect(entries.get('membership-card.png')?.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('answers the download to its owner only: another account and a guest are refused', async () => {
    const member = await memberWithHistory({ statements: 0, registrations: 0, certificates: 0 });
    const other = await createUser(context.db);
    const { cookie: otherCookie } = await signIn(context, other);
    const { data } = (
      await inject({ method: 'POST', url: '/api/me/data-export', headers: { cookie: member.cookie } })
    ).json();
    await settled(data.id);

    const refused = await download(data.id, otherCookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ error: DATA_EXPORT_MESSAGES.notFound });
    expect((await download(data.id)).statusCode).toBe(401);
    // An admin is not the owner either: the export is the person's alone.
    const admin = await createUser(context.db, { type: 'admin' });
    expect((await download(data.id, (await signIn(context, admin)).cookie)).statusCode).toBe(404);
    // A malformed id is a 400 with the field's message, not a 500.
    const malformed = await download('not-an-id', member.cookie);
    expect(malformed.statusCode).toBe(400);
    expect((await download(data.id, member.cookie)).statusCode).toBe(200);
  });

  it('refuses the link after 7 days (410) and the job removes the ZIP', async () => {
    const member = await memberWithHistory({ statements: 1, registrations: 0, certificates: 0 });
    const { data } = (
      await inject({ method: 'POST', url: '/api/me/data-export', headers: { cookie: member.cookie } })
    ).json();
    const built = await settled(data.id);
    const storage = createStorage(context.config.storage);
    expect(await storage.read(built.fileReference ?? '')).not.toBeNull();

    // Seven days and a second later, as the clock of the run says.
    const later = new Date((built.expiresAt?.getTime() ?? 0) + 1000);
    await context.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, data.id));
    const expired = await download(data.id, member.cookie);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ error: DATA_EXPORT_MESSAGES.expired });
    const latest = await inject({
      method: 'GET',
      url: '/api/me/data-export',
      headers: { cookie: member.cookie },
    });
    expect(latest.json().data.status).toBe('expired');

    const result = await runDataExports({ db: context.db, storage, config: context.config }, later);
    expect(result.removed).toBeGreaterThanOrEqual(1);
    const [row] = await context.db.select().from(dataExports).where(eq(dataExports.id, data.id));
    expect(row).toMatchObject({ status: 'expired', fileReference: null });
    expect(await storage.read(built.fileReference ?? '')).toBeNull();
    expect((await download(data.id, member.cookie)).statusCode).toBe(410);
  });

  it('makes one export of two requests at once, and a new one once that one is done', async () => {
    const user = await createUser(context.db);
    await createMembership(context.db, user.id);
    const { cookie } = await signIn(context, user);
    const [first, second] = await Promise.all([
      inject({ method: 'POST', url: '/api/me/data-export', headers: { cookie } }),
      inject({ method: 'POST', url: '/api/me/data-export', headers: { cookie } }),
    ]);
    expect(first?.statusCode).toBe(202);
    expect(second?.statusCode).toBe(202);
    expect(first?.json().data.id).toBe(second?.json().data.id);
    await settled(first?.json().data.id);
    const rows = await context.db.select().from(dataExports).where(eq(dataExports.userId, user.id));
    expect(rows).toHaveLength(1);

    const again = await inject({ method: 'POST', url: '/api/me/data-export', headers: { cookie } });
    expect(again.json().data.id).not.toBe(first?.json().data.id);
    await settled(again.json().data.id);
  });

  it('records a build that fails, and the person may ask again', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const [row] = await context.db.insert(dataExports).values({ userId: user.id }).returning();
    const real = createStorage(context.config.storage);
    const failing = {
      ...real,
      savePrivateStream: async (body: Readable) => {
        body.resume();
        throw new Error('The disk is full');
      },
    };
    const result = await runDataExports(
      { db: context.db, storage: failing, config: context.config },
      new Date(),
    );
    expect(result.failed).toBeGreaterThanOrEqual(1);
    const [failed] = await context.db
      .select()
      .from(dataExports)
      .where(eq(dataExports.id, row?.id ?? ''));
    expect(failed).toMatchObject({ status: 'failed', error: 'The disk is full', fileReference: null });
    const refused = await download(row?.id ?? '', cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: DATA_EXPORT_MESSAGES.failed });

    const again = await inject({ method: 'POST', url: '/api/me/data-export', headers: { cookie } });
    expect(again.statusCode).toBe(202);
    expect((await settled(again.json().data.id)).status).toBe('ready');
  });

  it('asks a guest to sign in', async () => {
    const response = await inject({ method: 'POST', url: '/api/me/data-export' });
    expect(response.statusCode).toBe(401);
  });
});
