import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CPD_MESSAGES, type CpdSettingsInput, DEFAULT_EVALUATION_QUESTIONS } from '@portal/shared';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpdCertificates, eventCheckIns, eventRegistrations, mailOutbox, prcDetails } from '../../db/schema';
import { createEvent, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let eventId: string;
let folder: string;

export const SETTINGS: CpdSettingsInput = {
  provider_name: 'Mineral Exploration Association of the Philippines',
  provider_accreditation_number: 'PTR-2025-117',
  provider_accreditation_valid_until: '2028-12-31',
  program_accreditation_number: 'GEO-2026-0042',
  participant_units_per_hour: '0.5',
  speaker_units_per_talk: 3,
  moderator_units: '1.5',
  facilitator_units: '1',
  morning_hours: '3.5',
  afternoon_hours: '4',
  day_hours: '3',
  signatory_name: 'Engr. Teresa Villanueva',
  signatory_title: 'Chair, CPD Committee',
};

type Person = { id: string; email: string; cookie: string; registrationId: string };

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | null, payload?: object) =>
  context.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function attendee(
  checkIns: { day: string; session: 'morning' | 'afternoon' | 'day' }[],
  { prc = true, status = 'approved' as 'approved' | 'pending', event = eventId } = {},
): Promise<Person> {
  const user = await createUser(context.db);
  const [registration] = await context.db
    .insert(eventRegistrations)
    .values({ event_id: event, user_id: user.id, status })
    .returning();
  if (!registration) throw new Error('no registration');
  for (const checkIn of checkIns) {
    await context.db
      .insert(eventCheckIns)
      .values({ registration_id: registration.id, ...checkIn, checked_in_at: new Date() });
  }
  if (prc) {
    await context.db.insert(prcDetails).values({
      user_id: user.id,
      prc_name: `Ana Reyes ${user.id.slice(0, 4)}`,
      profession: 'Geologist',
      prc_number: '0012345',
    });
  }
  return {
    id: user.id,
    email: user.email,
    cookie: (await signIn(context, user)).cookie,
    registrationId: registration.id,
  };
}

const ratings = { objectives: 5, content: 4, speakers: 5, venue: 3, overall: 4 };
const evaluate = (person: Person, answers: Record<string, unknown> = ratings, event = eventId) =>
  call('POST', `/api/cpd/events/${event}/evaluation`, person.cookie, { answers });
const issue = (event = eventId) => call('POST', `/api/cpd/events/${event}/certificates`, adminCookie);

beforeAll(async () => {
  context = await buildTestApp({ PUBLIC_URL: 'https://portal.example.org' });
  folder = await mkdtemp(join(tmpdir(), 'cpd-'));
  const admin = await createUser(context.db, {
    type: 'admin',
    username: `admin_${randomUUID().slice(0, 6)}`,
  });
  adminCookie = (await signIn(context, admin)).cookie;
  eventId = (
    await createEvent(context.db, {
      title: 'Porphyry Copper Field Course',
      start_date: '2026-10-15',
      end_date: '2026-10-16',
      location_name: 'Baguio Convention Center',
      city: 'Baguio',
      certification_provided: true,
    })
  ).id;
  expect((await call('PUT', `/api/cpd/events/${eventId}/settings`, adminCookie, SETTINGS)).statusCode).toBe(
    204,
  );
});

afterAll(async () => {
  await context?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('CPD settings', () => {
  it('refuses bad values with the field’s message, and non-admins', async () => {
    const bad = await call('PUT', `/api/cpd/events/${eventId}/settings`, adminCookie, {
      ...SETTINGS,
      participant_units_per_hour: '1.234',
      provider_name: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      provider_name: CPD_MESSAGES.providerNameRequired,
      participant_units_per_hour: CPD_MESSAGES.unitsNumber('Participant units per hour'),
    });
    const member = await createUser(context.db);
    const { cookie } = await signIn(context, member);
    expect((await call('PUT', `/api/cpd/events/${eventId}/settings`, cookie, SETTINGS)).statusCode).toBe(403);
    expect((await call('GET', `/api/cpd/events/${eventId}`, cookie)).statusCode).toBe(403);
    const plain = await createEvent(context.db);
    const refused = await call('PUT', `/api/cpd/events/${plain.id}/settings`, adminCookie, SETTINGS);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CPD_MESSAGES.notCertified);
  });
});

describe('PRC details', () => {
  it('are private, 7 digits, and start from the professional tier’s number', async () => {
    const user = await createUser(context.db);
    const { cookie } = await signIn(context, user);
    const event = await createEvent(context.db);
    await context.db
      .insert(eventRegistrations)
      .values({ event_id: event.id, user_id: user.id, status: 'approved', prc_number: '7654321' });
    const empty = await call('GET', '/api/cpd/prc-details', cookie);
    expect(empty.json().data).toEqual({ details: null, suggested_prc_number: '7654321' });
    for (const prc_number of ['123456', '12345678', '12a4567']) {
      const bad = await call('PUT', '/api/cpd/prc-details', cookie, {
        prc_name: 'Ana Reyes',
        profession: 'Geologist',
        prc_number,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toEqual({ prc_number: CPD_MESSAGES.prcNumberFormat });
    }
    const details = { prc_name: 'Ana M. Reyes', profession: 'Geologist', prc_number: '0012345' };
    expect((await call('PUT', '/api/cpd/prc-details', cookie, details)).statusCode).toBe(204);
    expect((await call('GET', '/api/cpd/prc-details', cookie)).json().data.details).toEqual(details);
    expect((await call('GET', '/api/cpd/prc-details', null)).statusCode).toBe(401);
  });
});

describe('evaluation', () => {
  it('is answered once, only after a check-in, and summarised for the admin', async () => {
    const never = await attendee([]);
    const refused = await evaluate(never);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(CPD_MESSAGES.evaluationNotCheckedIn);

    const checked = await attendee([{ day: '2026-10-15', session: 'morning' }]);
    const missing = await evaluate(checked, { objectives: 5 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields['answers.content']).toBe(CPD_MESSAGES.ratingRequired);
    expect((await evaluate(checked, { ...ratings, objectives: 6 })).statusCode).toBe(400);
    expect((await evaluate(checked, { ...ratings, comments: '=1+1 great' })).statusCode).toBe(201);
    const again = await evaluate(checked);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(CPD_MESSAGES.evaluationAlreadySubmitted);

    const second = await attendee([{ day: '2026-10-15', session: 'afternoon' }]);
    expect((await evaluate(second, { ...ratings, objectives: 4 })).statusCode).toBe(201);

    const results = (await call('GET', `/api/cpd/events/${eventId}/evaluation-results`, adminCookie)).json()
      .data;
    const objectives = results.questions.find((q: { id: string }) => q.id === 'objectives');
    expect(objectives).toMatchObject({ count: results.responses, average: expect.any(String) });
    const csv = await call('GET', `/api/cpd/events/${eventId}/evaluation-results.csv`, adminCookie);
    expect(csv.headers['content-type']).toContain('text/csv');
    const rows = parse(csv.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0] ?? {})).toEqual(DEFAULT_EVALUATION_QUESTIONS.map((q) => q.prompt));
    // A comment a spreadsheet would run is neutralised.
    expect(rows.some((row) => row['Comments and suggestions'] === "'=1+1 great")).toBe(true);

    // The questions are locked once answered.
    const locked = await call('PUT', `/api/cpd/events/${eventId}/evaluation`, adminCookie, {
      questions: [{ id: 'q', kind: 'rating', prompt: 'New?' }],
    });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toBe(CPD_MESSAGES.questionsLocked);
  });

  it('questions are the admin’s to edit before anyone answers', async () => {
    const event = await createEvent(context.db, { certification_provided: true, start_date: '2026-09-01' });
    const questions = [
      { id: 'useful', kind: 'rating', prompt: 'Was it useful?' },
      { id: 'notes', kind: 'comment', prompt: 'Anything else?' },
    ];
    expect(
      (await call('PUT', `/api/cpd/events/${event.id}/evaluation`, adminCookie, { questions })).statusCode,
    ).toBe(204);
    const person = await attendee([{ day: '2026-09-01', session: 'day' }], { event: event.id });
    const form = (await call('GET', `/api/cpd/events/${event.id}/evaluation`, person.cookie)).json().data;
    expect(form).toMatchObject({ questions, submitted: false });
    expect((await evaluate(person, { useful: 5 }, event.id)).statusCode).toBe(201);
    expect(
      (await call('GET', `/api/cpd/events/${event.id}/evaluation`, person.cookie)).json().data.submitted,
    ).toBe(true);
  });
});

describe('certificates', () => {
  let full: Person;
  let speaker: Person;
  let noEvaluation: Person;
  let neverCame: Person;
  let noPrc: Person;
  let numbers: string[];

  beforeAll(async () => {
    full = await attendee([
      { day: '2026-10-15', session: 'morning' },
      { day: '2026-10-15', session: 'afternoon' },
      { day: '2026-10-16', session: 'morning' },
    ]);
    speaker = await attendee([{ day: '2026-10-15', session: 'morning' }]);
    noEvaluation = await attendee([{ day: '2026-10-15', session: 'morning' }]);
    neverCame = await attendee([]);
    noPrc = await attendee([{ day: '2026-10-16', session: 'afternoon' }], { prc: false });
    for (const person of [full, speaker, noPrc]) expect((await evaluate(person)).statusCode).toBe(201);
    expect(
      (
        await call('PUT', `/api/cpd/registrations/${speaker.registrationId}/role`, adminCookie, {
          role: 'speaker',
          talks: 2,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await call('PUT', `/api/cpd/registrations/${speaker.registrationId}/role`, adminCookie, {
          role: 'chair',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('are issued only to attendees who checked in and answered; the others are listed with why', async () => {
    const response = await issue();
    expect(response.statusCode).toBe(200);
    const { issued, skipped } = response.json().data;
    const issuedTo = issued.map((row: { registration_id: string }) => row.registration_id);
    expect(issuedTo).toEqual(expect.arrayContaining([full.registrationId, speaker.registrationId]));
    expect(issuedTo).not.toContain(noEvaluation.registrationId);
    expect(issuedTo).not.toContain(neverCame.registrationId);
    const why = (person: Person) =>
      skipped.find((row: { registration_id: string }) => row.registration_id === person.registrationId)
        ?.reasons;
    expect(why(noEvaluation)).toEqual([CPD_MESSAGES.blockers.no_evaluation]);
    expect(why(neverCame)).toEqual([
      CPD_MESSAGES.blockers.not_checked_in,
      CPD_MESSAGES.blockers.no_evaluation,
    ]);
    expect(why(noPrc)).toEqual([CPD_MESSAGES.blockers.no_prc_details]);
    numbers = issued.map((row: { number: string }) => row.number);
    // Issuing again gives nobody a second certificate.
    expect((await issue()).json().data.issued).toEqual([]);
    // Each certificate is e-mailed with a link to the profile.
    const [mail] = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, full.email));
    expect(mail?.subject).toBe('Your CPD certificate for Porphyry Copper Field Course');
  });

  it('count units from the sessions attended and the role', async () => {
    const [ofFull] = await context.db
      .select()
      .from(cpdCertificates)
      .where(eq(cpdCertificates.registration_id, full.registrationId));
    // 3.5 + 4 + 3.5 hours at 0.5 units an hour.
    expect(ofFull).toMatchObject({ hours: '11.00', units: '5.50', role: 'participant' });
    const [ofSpeaker] = await context.db
      .select()
      .from(cpdCertificates)
      .where(eq(cpdCertificates.registration_id, speaker.registrationId));
    // 3.5 hours at 0.5 (1.75, rounded down to the hundredth) plus two talks at 3.
    expect(ofSpeaker).toMatchObject({ hours: '3.50', units: '7.75', role: 'speaker' });
    const report = await call('GET', `/api/cpd/events/${eventId}/attendance.csv`, adminCookie);
    const rows = parse(report.body, { bom: true, columns: true }) as Record<string, string>[];
    const line = rows.find((row) => row.certificate === ofFull?.number);
    expect(line).toMatchObject({
      prc_number: '0012345',
      profession: 'Geologist',
      sessions_attended: '2026-10-15 morning; 2026-10-15 afternoon; 2026-10-16 morning',
      units: '5.5',
    });
    expect(rows.some((row) => row.name && !row.sessions_attended)).toBe(false);
  });

  it('PDF: its owner and admins read it; others 403, guests 401, unknown 404', async () => {
    const [number] = numbers.filter((n) => n);
    const [ofFull] = await context.db
      .select({ number: cpdCertificates.number, verify_code: cpdCertificates.verify_code })
      .from(cpdCertificates)
      .where(eq(cpdCertificates.registration_id, full.registrationId));
    const own = await call('GET', `/api/certificates/${ofFull?.number}.pdf`, full.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await call('GET', `/api/certificates/${ofFull?.number}.pdf`, adminCookie)).statusCode).toBe(200);
    expect((await call('GET', `/api/certificates/${ofFull?.number}.pdf`, speaker.cookie)).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/certificates/${ofFull?.number}.pdf`, null)).statusCode).toBe(401);
    expect((await call('GET', '/api/certificates/CPD-1999-99999.pdf', adminCookie)).statusCode).toBe(404);
    expect(number).toMatch(/^CPD-\d{4}-\d{5}$/);

    // What it prints, read back as a viewer would; the QR code opens its verification page.
    const file = join(folder, 'certificate.pdf');
    await writeFile(file, own.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [
      'Porphyry Copper Field Course',
      'PRC licence no. 0012345',
      'GEO-2026-0042',
      'PTR-2025-117',
      'Engr. Teresa Villanueva',
      '15–16 October 2026',
      '5.5',
      ofFull?.number ?? '',
    ]) {
      expect(text).toContain(expected);
    }
    execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', file, join(folder, 'certificate')]);
    const { data, info } = await sharp(await readFile(join(folder, 'certificate.png')))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
    // The QR code carries the certificate's code, not its printed number (decision 066).
    expect(ofFull?.verify_code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(decoded?.data).toBe(`https://portal.example.org/certificates/verify/${ofFull?.verify_code}`);
  });

  it('verify says valid, never the licence number; revoked says so; unknown is not found', async () => {
    const [ofFull] = await context.db
      .select()
      .from(cpdCertificates)
      .where(eq(cpdCertificates.registration_id, full.registrationId));
    const number = ofFull?.number ?? '';
    const code = ofFull?.verify_code ?? '';
    const valid = await call('GET', `/api/certificates/verify/${code}`, null);
    expect(valid.json().data).toMatchObject({
      status: 'valid',
      name: ofFull?.prc_name,
      program: 'Porphyry Copper Field Course',
      units: '5.5',
    });
    expect(valid.body).not.toContain('0012345');
    expect((await call('GET', '/api/certificates/verify/CPD-2000-00001', null)).json().data).toEqual({
      status: 'not_found',
    });
    // The printed number finds nothing: the register cannot be walked by counting (decision 066).
    expect((await call('GET', `/api/certificates/verify/${number}`, null)).json().data).toEqual({
      status: 'not_found',
    });
    // The owner's profile links the verification page by the code.
    const listed = (await call('GET', '/api/cpd/my-events', full.cookie)).json().data;
    expect(listed.find((row: { event_id: string }) => row.event_id === eventId)?.certificate).toMatchObject({
      number,
      verify_code: code,
    });

    const noReason = await call('POST', `/api/cpd/certificates/${number}/revoke`, adminCookie, {
      reason: '',
    });
    expect(noReason.json().error).toBe(CPD_MESSAGES.revokeReasonRequired);
    expect(
      (await call('POST', `/api/cpd/certificates/${number}/revoke`, full.cookie, { reason: 'x' })).statusCode,
    ).toBe(403);
    const revoked = await call('POST', `/api/cpd/certificates/${number}/revoke`, adminCookie, {
      reason: 'Attendance record corrected',
    });
    expect(revoked.statusCode).toBe(204);
    // Revoked, without the admin's reason: words about the person are not for the public.
    const afterRevoke = await call('GET', `/api/certificates/verify/${code}`, null);
    expect(afterRevoke.json().data).toMatchObject({ status: 'revoked', number });
    expect(afterRevoke.body).not.toContain('Attendance record corrected');
    expect(
      (await call('POST', `/api/cpd/certificates/${number}/revoke`, adminCookie, { reason: 'again' }))
        .statusCode,
    ).toBe(409);
    // The owner's profile no longer lists it as theirs to download.
    const mine = (await call('GET', '/api/cpd/my-events', full.cookie)).json().data;
    expect(mine.find((row: { event_id: string }) => row.event_id === eventId)).toMatchObject({
      checked_in: true,
      evaluation_submitted: true,
      certificate: null,
    });
  });

  it('are not issued before the event ends', async () => {
    const upcoming = await createEvent(context.db, {
      certification_provided: true,
      start_date: '2030-01-15',
    });
    await call('PUT', `/api/cpd/events/${upcoming.id}/settings`, adminCookie, SETTINGS);
    const early = await issue(upcoming.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(CPD_MESSAGES.eventNotEnded);
  });

  it('numbers are sequential and unique when two issues run at once', async () => {
    const event = await createEvent(context.db, { certification_provided: true, start_date: '2026-08-01' });
    await call('PUT', `/api/cpd/events/${event.id}/settings`, adminCookie, SETTINGS);
    const people: Person[] = [];
    for (let index = 0; index < 8; index += 1) {
      const person = await attendee([{ day: '2026-08-01', session: 'day' }], { event: event.id });
      expect((await evaluate(person, ratings, event.id)).statusCode).toBe(201);
      people.push(person);
    }
    const [first, second] = await Promise.all([issue(event.id), issue(event.id)]);
    const issued = [...first.json().data.issued, ...second.json().data.issued] as { number: string }[];
    expect(issued).toHaveLength(8);
    const rows = await context.db
      .select({ number: cpdCertificates.number })
      .from(cpdCertificates)
      .where(eq(cpdCertificates.event_id, event.id));
    expect(rows).toHaveLength(8);
    const sequence = rows.map((row) => Number(row.number.split('-')[2])).sort((a, b) => a - b);
    expect(new Set(sequence).size).toBe(8);
    // Consecutive: no number was taken and given up.
    expect((sequence.at(-1) ?? 0) - (sequence[0] ?? 0)).toBe(7);
  });
});
