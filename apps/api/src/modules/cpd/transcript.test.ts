import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addDays,
  CPD_MESSAGES,
  type CpdSettingsInput,
  manilaDateString,
  TRANSCRIPT_MESSAGES,
  unitsRequiredFor,
} from '@portal/shared';
import { parse } from 'csv-parse/sync';
import { eq, inArray } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cpdCertificates,
  cpdExternalUnits,
  eventCheckIns,
  eventEvaluationResponses,
  eventRegistrations,
  mailOutbox,
  prcDetails,
} from '../../db/schema';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { multipartBody } from '../../test/multipart';
import { sendTranscriptReminders } from './transcript';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let folder: string;

const SETTINGS: CpdSettingsInput = {
  provider_name: 'Mineral Exploration Association of the Philippines',
  provider_accreditation_number: 'PTR-2025-117',
  provider_accreditation_valid_until: '2028-12-31',
  program_accreditation_number: 'ONE-FOR-ALL',
  participant_units_per_hour: '1',
  speaker_units_per_talk: 3,
  moderator_units: '1.5',
  facilitator_units: '1',
  morning_hours: '3',
  afternoon_hours: '4',
  day_hours: '3',
  signatory_name: 'Engr. Teresa Villanueva',
  signatory_title: 'Chair, CPD Committee',
};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) =>
  context.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const today = () => manilaDateString(new Date());

async function member(licences: object[] = []) {
  const user = await createUser(context.db);
  await context.db.insert(prcDetails).values({
    user_id: user.id,
    prc_name: `Maria Santos ${user.id.slice(0, 4)}`,
    profession: 'Geologist',
    prc_number: '0012345',
  });
  const { cookie } = await signIn(context, user);
  if (licences.length > 0) {
    const saved = await call('PUT', '/api/cpd/licences', cookie, { licences });
    expect(saved.statusCode).toBe(204);
  }
  return { id: user.id, email: user.email, cookie };
}

/** An approved, checked-in registration with its evaluation answered: eligible for a certificate. */
async function attended(eventId: string, userId: string, sessions: ('morning' | 'afternoon')[]) {
  const [registration] = await context.db
    .insert(eventRegistrations)
    .values({ event_id: eventId, user_id: userId, status: 'approved' })
    .returning();
  if (!registration) throw new Error('no registration');
  for (const session of sessions) {
    await context.db
      .insert(eventCheckIns)
      .values({ registration_id: registration.id, day: '2026-10-15', session, checked_in_at: new Date() });
  }
  await context.db
    .insert(eventEvaluationResponses)
    .values({ registration_id: registration.id, event_id: eventId, answers: { overall: 5 } });
  return registration.id;
}

const licence = (profession: string, expiry: string, number = '1234567', registration = '2010-05-01') => ({
  profession,
  licence_number: number,
  registration_date: registration,
  expiry_date: expiry,
});

async function sendExternal(cookie: string, fields: Record<string, string>, file: Buffer | null = pdfBytes) {
  const body = await multipartBody(
    {
      profession: 'geologist',
      provider: 'Geological Society of the Philippines',
      programme: 'Annual Geology Convention',
      accreditation_number: 'GSP-2026-001',
      completed_on: '2026-03-10',
      units: '5.5',
      ...fields,
    },
    file ? [{ field: 'certificate', bytes: file, type: 'application/pdf', filename: 'certificate.pdf' }] : [],
  );
  return context.app.inject({
    method: 'POST',
    url: '/api/cpd/external-units',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
}

beforeAll(async () => {
  context = await buildTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  folder = await mkdtemp(join(tmpdir(), 'transcript-'));
  const admin = await createUser(context.db, {
    type: 'admin',
    username: `admin_${randomUUID().slice(0, 6)}`,
  });
  adminCookie = (await signIn(context, admin)).cookie;
});

afterAll(async () => {
  await context?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('PRC licences', () => {
  it('keeps one licence per profession from the list; bad input is 400 with the field’s message', async () => {
    const person = await member();
    const bad = await call('PUT', '/api/cpd/licences', person.cookie, {
      licences: [
        {
          profession: 'astrologer',
          licence_number: '12',
          registration_date: '2010-01-01',
          expiry_date: '2009-01-01',
        },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'licences.0.profession': TRANSCRIPT_MESSAGES.professionInvalid,
      'licences.0.licence_number': CPD_MESSAGES.prcNumberFormat,
    });
    const backwards = await call('PUT', '/api/cpd/licences', person.cookie, {
      licences: [licence('geologist', '2009-01-01')],
    });
    expect(backwards.json().fields).toMatchObject({
      'licences.0.expiry_date': TRANSCRIPT_MESSAGES.expiryBeforeRegistration,
    });
    const twice = await call('PUT', '/api/cpd/licences', person.cookie, {
      licences: [licence('geologist', '2027-01-01'), licence('geologist', '2028-01-01')],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields.licences).toBe(TRANSCRIPT_MESSAGES.professionTwice);
    const ok = await call('PUT', '/api/cpd/licences', person.cookie, {
      licences: [licence('chemist', '2027-08-01', '7654321'), licence('geologist', '2027-01-01')],
    });
    expect(ok.statusCode).toBe(204);
    const read = (await call('GET', '/api/cpd/licences', person.cookie)).json().data.licences;
    expect(read.map((l: { profession: string }) => l.profession)).toEqual(['geologist', 'chemist']);
    expect((await call('GET', '/api/cpd/licences', null)).statusCode).toBe(401);
  });
});

describe('accreditation per profession and the provider’s validity', () => {
  let eventId: string;
  let geologist: Awaited<ReturnType<typeof member>>;
  let miner: Awaited<ReturnType<typeof member>>;
  let chemist: Awaited<ReturnType<typeof member>>;
  let lapsedMetallurgist: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    eventId = (
      await createEvent(context.db, {
        title: 'Epithermal Gold Workshop',
        start_date: '2026-10-15',
        end_date: '2026-10-15',
        certification_provided: true,
      })
    ).id;
    geologist = await member([licence('geologist', '2027-06-30', '1111111')]);
    miner = await member([licence('mining_engineer', '2027-06-30', '2222222')]);
    chemist = await member([licence('chemist', '2027-06-30', '3333333')]);
    lapsedMetallurgist = await member([licence('metallurgical_engineer', '2027-06-30', '4444444')]);
    for (const person of [geologist, miner, chemist, lapsedMetallurgist]) {
      await attended(eventId, person.id, ['morning', 'afternoon']);
    }
  });

  it('saves the accreditations with the settings and reads them back; bad ones are 400', async () => {
    const bad = await call('PUT', `/api/cpd/events/${eventId}/settings`, adminCookie, {
      ...SETTINGS,
      accreditations: [{ profession: 'geologist', number: ' ', units: '1.234' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      'accreditations.0.number': TRANSCRIPT_MESSAGES.accreditationNumberOfProfession,
      'accreditations.0.units': CPD_MESSAGES.unitsNumber('Units'),
    });
    const saved = await call('PUT', `/api/cpd/events/${eventId}/settings`, adminCookie, {
      ...SETTINGS,
      accreditations: [
        { profession: 'mining_engineer', number: 'MIN-2026-0007', units: '7' },
        { profession: 'geologist', number: 'GEO-2026-0042', units: '6' },
        { profession: 'metallurgical_engineer', number: 'MET-2026-0003', units: '7' },
      ],
    });
    expect(saved.statusCode).toBe(204);
    // Left out, the saved accreditations stay.
    expect((await call('PUT', `/api/cpd/events/${eventId}/settings`, adminCookie, SETTINGS)).statusCode).toBe(
      204,
    );
    const event = (await call('GET', `/api/cpd/events/${eventId}`, adminCookie)).json().data;
    expect(event.settings.accreditations).toEqual([
      { profession: 'geologist', number: 'GEO-2026-0042', units: '6' },
      { profession: 'mining_engineer', number: 'MIN-2026-0007', units: '7' },
      { profession: 'metallurgical_engineer', number: 'MET-2026-0003', units: '7' },
    ]);
  });

  it('prints each attendee’s profession’s number; refuses who has none, and a lapsed provider', async () => {
    const providers = await call('PUT', '/api/cpd/provider-accreditations', adminCookie, {
      accreditations: [
        { profession: 'geologist', number: 'PRV-GEO-01', valid_until: addDays(today(), 30) },
        { profession: 'metallurgical_engineer', number: 'PRV-MET-01', valid_until: '2026-09-30' },
      ],
    });
    expect(providers.statusCode).toBe(204);
    const listed = (await call('GET', '/api/cpd/provider-accreditations', adminCookie)).json().data;
    expect(listed[0]).toMatchObject({
      profession: 'geologist',
      days_left: 30,
      warning: TRANSCRIPT_MESSAGES.providerWarning('Geologist', addDays(today(), 30), 30),
    });
    expect(listed[1].warning).toBe(
      TRANSCRIPT_MESSAGES.providerWarning('Metallurgical Engineer', '2026-09-30', listed[1].days_left),
    );

    const issued = await call('POST', `/api/cpd/events/${eventId}/certificates`, adminCookie);
    expect(issued.statusCode).toBe(200);
    const { skipped } = issued.json().data;
    expect(skipped.map((row: { reasons: string[] }) => row.reasons).sort()).toEqual(
      [
        [TRANSCRIPT_MESSAGES.noAccreditationForProfession('Chemist')],
        [TRANSCRIPT_MESSAGES.providerLapsed('Metallurgical Engineer', '2026-09-30')],
      ].sort(),
    );
    const certificates = await context.db
      .select()
      .from(cpdCertificates)
      .where(inArray(cpdCertificates.user_id, [geologist.id, miner.id, chemist.id, lapsedMetallurgist.id]));
    expect(certificates).toHaveLength(2);
    const ofGeologist = certificates.find((c) => c.user_id === geologist.id);
    const ofMiner = certificates.find((c) => c.user_id === miner.id);
    expect(ofGeologist).toMatchObject({
      profession: 'Geologist',
      profession_code: 'geologist',
      prc_number: '1111111',
      program_accreditation_number: 'GEO-2026-0042',
      provider_accreditation_number: 'PRV-GEO-01',
      // 7 hours at 1 unit, capped at the 6 the PRC accredited for geologists.
      units: '6.00',
    });
    expect(ofMiner).toMatchObject({
      profession: 'Mining Engineer',
      prc_number: '2222222',
      program_accreditation_number: 'MIN-2026-0007',
      provider_accreditation_number: 'PTR-2025-117',
      units: '7.00',
    });

    // The PRC report by profession lists the licence numbers in full, one profession at a time.
    const report = await call(
      'GET',
      `/api/cpd/events/${eventId}/prc-report.csv?profession=geologist`,
      adminCookie,
    );
    expect(report.statusCode).toBe(200);
    const rows = parse(report.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        profession: 'Geologist',
        program_accreditation_number: 'GEO-2026-0042',
        prc_number: '1111111',
        units: '6',
      }),
    ]);
    const member = await createUser(context.db);
    expect(
      (await call('GET', `/api/cpd/events/${eventId}/prc-report.csv`, (await signIn(context, member)).cookie))
        .statusCode,
    ).toBe(403);
  });

  it('an event without accreditations refuses to issue after the event’s provider validity', async () => {
    const late = (
      await createEvent(context.db, {
        start_date: '2026-10-20',
        end_date: '2026-10-20',
        certification_provided: true,
      })
    ).id;
    await call('PUT', `/api/cpd/events/${late}/settings`, adminCookie, {
      ...SETTINGS,
      provider_accreditation_valid_until: '2026-10-19',
    });
    const refused = await call('POST', `/api/cpd/events/${late}/certificates`, adminCookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(TRANSCRIPT_MESSAGES.providerLapsedForEvent('2026-10-19'));
  });
});

describe('external units and the transcript', () => {
  let person: Awaited<ReturnType<typeof member>>;
  let entryId: string;
  const expiry = addDays(today(), 120);

  beforeAll(async () => {
    person = await member([
      licence('geologist', expiry, '5555555'),
      licence('chemist', '2025-01-31', '6666666'),
    ]);
  });

  it('refuses bad units, a file that is not a PDF or image, one over 5 MB, and a profession not held', async () => {
    for (const units of ['-1', '1.25', '101', '0', 'abc']) {
      const response = await sendExternal(person.cookie, { units });
      expect(response.statusCode, units).toBe(400);
      expect(response.json().fields.units).toBe(TRANSCRIPT_MESSAGES.unitsInvalid);
    }
    const text = await sendExternal(person.cookie, {}, Buffer.from('just some text, not a certificate'));
    expect(text.statusCode).toBe(400);
    expect(text.json().fields.certificate).toBe(TRANSCRIPT_MESSAGES.certificateType);
    const huge = await sendExternal(
      person.cookie,
      {},
      Buffer.concat([pdfBytes, Buffer.alloc(5 * 1024 * 1024 + 1)]),
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toBe(TRANSCRIPT_MESSAGES.certificateTooLarge);
    const missing = await sendExternal(person.cookie, {}, null);
    expect(missing.json().fields.certificate).toBe(TRANSCRIPT_MESSAGES.certificateRequired);
    const notHeld = await sendExternal(person.cookie, { profession: 'mining_engineer' });
    expect(notHeld.json().fields.profession).toBe(TRANSCRIPT_MESSAGES.professionNotHeld);
    const rows = await context.db
      .select()
      .from(cpdExternalUnits)
      .where(eq(cpdExternalUnits.user_id, person.id));
    expect(rows).toHaveLength(0);
  });

  it('records an entry as pending, its certificate a private file for its owner and the secretariat', async () => {
    const created = await sendExternal(person.cookie, { completed_on: addDays(today(), -20) });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ status: 'pending', units: '5.5', profession: 'geologist' });
    entryId = created.json().data.id;
    const [row] = await context.db.select().from(cpdExternalUnits).where(eq(cpdExternalUnits.id, entryId));
    expect(row?.certificate_file).toMatch(/^private\//);
    const own = await call('GET', `/api/cpd/external-units/${entryId}/certificate`, person.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call('GET', `/api/cpd/external-units/${entryId}/certificate`, adminCookie)).statusCode,
    ).toBe(200);
    const stranger = await member();
    expect(
      (await call('GET', `/api/cpd/external-units/${entryId}/certificate`, stranger.cookie)).statusCode,
    ).toBe(404);
    const key = row?.certificate_file.slice('private/'.length) ?? '';
    expect((await call('GET', `/uploads/${key}`, null)).statusCode).toBe(404);
    // Pending: listed, not counted.
    const transcript = (await call('GET', '/api/cpd/transcript', person.cookie)).json();
    const current = transcript.periods.find(
      (p: { profession: string; current: boolean }) => p.profession === 'geologist' && p.current,
    );
    expect(current).toMatchObject({ external: '0', to: expiry });
    expect(current.entries[0]).toMatchObject({ kind: 'external', status: 'pending', units: '5.5' });
  });

  it('the secretariat approves once; a second approval is 409; the units then count', async () => {
    const stranger = await member();
    expect(
      (await call('POST', `/api/cpd/admin/external-units/${entryId}/approve`, stranger.cookie)).statusCode,
    ).toBe(403);
    const list = await call('GET', '/api/cpd/admin/external-units?status=pending', adminCookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.some((row: { id: string }) => row.id === entryId)).toBe(true);
    const [first, second] = await Promise.all([
      call('POST', `/api/cpd/admin/external-units/${entryId}/approve`, adminCookie),
      call('POST', `/api/cpd/admin/external-units/${entryId}/approve`, adminCookie),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const refusal = first.statusCode === 409 ? first : second;
    expect(refusal.json().error).toBe(TRANSCRIPT_MESSAGES.externalAlreadyDecided);
    const reject = await call('POST', `/api/cpd/admin/external-units/${entryId}/reject`, adminCookie, {
      reason: ' ',
    });
    expect(reject.statusCode).toBe(400);
    expect(reject.json().fields.reason).toBe(TRANSCRIPT_MESSAGES.rejectReasonRequired);

    const transcript = (await call('GET', '/api/cpd/transcript', person.cookie)).json();
    const geology = transcript.periods.filter((p: { profession: string }) => p.profession === 'geologist');
    const chemistry = transcript.periods.filter((p: { profession: string }) => p.profession === 'chemist');
    // Two professions, two transcripts.
    expect(geology.length).toBeGreaterThan(0);
    expect(chemistry.length).toBeGreaterThan(0);
    const required = unitsRequiredFor(Number(expiry.slice(0, 4)));
    expect(geology[0]).toMatchObject({
      current: true,
      lapsed: false,
      required: String(required),
      earned: '0',
      external: '5.5',
      remaining: String(required - 5.5),
    });
    expect(geology[0].entries[0]).toMatchObject({ status: 'approved' });
    // The chemist licence expired in January 2025: the transcript says it lapsed.
    expect(chemistry[0]).toMatchObject({ lapsed: true, to: '2025-01-31', required: '20' });
  });

  it('rejects with a reason the member reads', async () => {
    const created = (
      await sendExternal(person.cookie, {
        programme: 'Unaccredited webinar',
        completed_on: addDays(today(), -10),
      })
    ).json().data;
    const rejected = await call('POST', `/api/cpd/admin/external-units/${created.id}/reject`, adminCookie, {
      reason: 'Not an accredited programme',
    });
    expect(rejected.statusCode).toBe(200);
    const transcript = (await call('GET', '/api/cpd/transcript', person.cookie)).json();
    const entry = transcript.periods[0].entries.find((e: { id: string }) => e.id === created.id);
    expect(entry).toMatchObject({ status: 'rejected', reason: 'Not an accredited programme' });
    expect(transcript.periods[0].external).toBe('5.5');
  });

  it('the transcript PDF: own, staff for anyone, others 403; its QR code verifies it', async () => {
    const own = await call('GET', '/api/cpd/transcript.pdf?profession=geologist', person.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const stranger = await member();
    expect((await call('GET', `/api/cpd/transcript.pdf?user=${person.id}`, stranger.cookie)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/cpd/transcript.pdf?user=${person.id}`, adminCookie)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/cpd/transcript.pdf', stranger.cookie)).statusCode).toBe(404);

    const file = join(folder, 'transcript.pdf');
    await writeFile(file, own.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'CPD transcript',
      'Geologist',
      'Board of Geology',
      '5555555',
      'Annual Geology Convention',
      '5.5',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain('Rejected:');
    execFileSync('pdftoppm', [
      '-png',
      '-r',
      '110',
      '-f',
      '1',
      '-l',
      '1',
      '-singlefile',
      file,
      join(folder, 'transcript'),
    ]);
    const { data, info } = await sharp(await readFile(join(folder, 'transcript.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    const match = /^https:\/\/portal\.example\.org\/cpd\/transcripts\/verify\/([A-Za-z0-9_-]{22})$/.exec(
      decoded?.data ?? '',
    );
    expect(match).not.toBeNull();
    const verified = await call('GET', `/api/cpd/transcripts/verify/${match?.[1]}`, null);
    expect(verified.json().data).toMatchObject({ status: 'valid', profession: 'Geologist', external: '5.5' });
    expect(JSON.stringify(verified.json())).not.toContain('5555555');
    expect((await call('GET', '/api/cpd/transcripts/verify/not-a-code', null)).json().data).toEqual({
      status: 'not_found',
    });
  });

  it('the short-of-units report lists who needs units for a renewal in 6 months', async () => {
    const complete = await member([licence('geologist', addDays(today(), 90), '7777777')]);
    await context.db.insert(cpdExternalUnits).values({
      user_id: complete.id,
      profession: 'geologist',
      provider: 'GSP',
      programme: 'Everything',
      accreditation_number: 'X',
      completed_on: addDays(today(), -5),
      units: '100',
      certificate_file: 'private/none.pdf',
      certificate_type: 'application/pdf',
      status: 'approved',
    });
    const far = await member([licence('geologist', addDays(today(), 400), '8888888')]);
    const report = await call('GET', '/api/cpd/admin/short-of-units.csv', adminCookie);
    expect(report.statusCode).toBe(200);
    const rows = parse(report.body, { bom: true, columns: true }) as Record<string, string>[];
    const emails = rows.map((row) => row.email);
    expect(emails).toContain(person.email);
    expect(emails).not.toContain(complete.email);
    expect(emails).not.toContain(far.email);
    expect(rows.find((row) => row.email === person.email)).toMatchObject({
      profession: 'Geologist',
      external: '5.5',
    });
    expect(report.body).not.toContain('5555555');
  });

  it('reminds 180 and 60 days before expiry when short, once each', async () => {
    const run = (date: string) => sendTranscriptReminders({ db: context.db, config: context.config }, date);
    const mailsTo = async (email: string) =>
      context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    // 120 days before: inside the 180-day step.
    const first = await run(today());
    expect(first.sent.filter((s) => s.email === person.email)).toEqual([
      { email: person.email, profession: 'geologist', days_before: 180 },
    ]);
    expect((await run(today())).sent.filter((s) => s.email === person.email)).toEqual([]);
    const sixtyBefore = addDays(expiry, -60);
    const dry = await sendTranscriptReminders({ db: context.db, config: context.config }, sixtyBefore, {
      dryRun: true,
    });
    expect(dry.sent.some((s) => s.email === person.email && s.days_before === 60)).toBe(true);
    await run(sixtyBefore);
    await run(addDays(sixtyBefore, 1));
    const mails = await mailsTo(person.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      TRANSCRIPT_MESSAGES.reminderSubject(120),
      TRANSCRIPT_MESSAGES.reminderSubject(60),
    ]);
    expect(mails[0]?.text).toContain('https://portal.example.org/profile#cpd-transcript');
  });
});
