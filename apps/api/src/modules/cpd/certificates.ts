// CPD certificates: issued in bulk after the event, numbered per year, e-mailed, downloaded by
// their owner, verified by anyone, revoked with a reason (decision 055).
import {
  CERTIFICATE_NUMBER_PREFIX,
  type CertificateIssueResult,
  type CertificateVerification,
  CPD_MESSAGES,
  CPD_ROLE_LABELS,
  formatCertificateNumber,
  formatDocumentDateRange,
  formatHundredths,
  hoursAttended,
  hundredthsOf,
  type MyCpdEvent,
  manilaDateString,
  PROFESSIONS,
  professionLabel,
  STAFF_AREAS,
  sitePaths,
  TRANSCRIPT_MESSAGES,
  unitsEarned,
} from '@portal/shared';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  cpdCertificates,
  eventCheckIns,
  eventEvaluationResponses,
  eventRegistrations,
  events,
  users,
} from '../../db/schema';
import { CSV_CELL_OPTIONS } from '../../lib/csv';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { certificateIssuedEmail } from '../../lib/mail/templates';
import { type Viewer, viewerHolds } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { nextSequenceNumber } from '../dues';
import { blockersOf, cpdEventOf, cpdRegistrationsOf, readAccreditations, readSettings } from './service';
import { readLicences, readProviderAccreditations } from './transcript';

type EventAccreditations = {
  program: Awaited<ReturnType<typeof readAccreditations>>;
  provider: Awaited<ReturnType<typeof readProviderAccreditations>>;
};

/**
 * What one attendee's certificate prints for their profession (decision 070). An event with
 * accreditations per profession needs the attendee's licence of one of them (the first in the
 * professions' list when they hold several), and the provider's accreditation for it must cover
 * the event's last day; the reason is given otherwise. An event with none prints its one program
 * number and the PRC details' profession, as before.
 */
async function professionFor(
  db: Parameters<typeof readLicences>[0],
  userId: string,
  eventLastDay: string,
  accreditations: EventAccreditations,
  fallback: { profession: string | null; prc_number: string | null; program: string },
) {
  const licences = await readLicences(db, userId);
  if (accreditations.program.length === 0) {
    const only = licences.length === 1 ? licences[0] : undefined;
    return {
      profession: fallback.profession ?? '',
      profession_code: only?.profession ?? null,
      prc_number: fallback.prc_number ?? '',
      program_accreditation_number: fallback.program,
      cap: null as number | null,
      provider: null as EventAccreditations['provider'][number] | null,
    };
  }
  if (licences.length === 0) return { refusal: TRANSCRIPT_MESSAGES.noLicenceForEvent };
  const matched = PROFESSIONS.map((profession) => ({
    licence: licences.find((licence) => licence.profession === profession.code),
    program: accreditations.program.find((program) => program.profession === profession.code),
  })).find((pair) => pair.licence && pair.program);
  if (!matched?.licence || !matched.program) {
    return {
      refusal: TRANSCRIPT_MESSAGES.noAccreditationForProfession(
        licences.map((licence) => professionLabel(licence.profession)).join(' or '),
      ),
    };
  }
  const code = matched.licence.profession;
  const provider = accreditations.provider.find((row) => row.profession === code) ?? null;
  if (provider && provider.valid_until < eventLastDay) {
    return { refusal: TRANSCRIPT_MESSAGES.providerLapsed(professionLabel(code), provider.valid_until) };
  }
  return {
    profession: professionLabel(code),
    profession_code: code,
    prc_number: matched.licence.licence_number,
    program_accreditation_number: matched.program.number,
    cap: hundredthsOf(matched.program.units),
    provider,
  };
}

export type CertificateContext = { db: Db; config: Pick<Config, 'publicUrl'> };

/** The certificate e-mails leave one a second, as the attendee messages do (decision 048). */
const MAILS_PER_MINUTE = 60;

const venueOf = (event: typeof events.$inferSelect) =>
  [event.location_name, event.building_name, event.city, event.province].filter(Boolean).join(', ') ||
  'Online';

/**
 * Issues the certificate of one registration, in its own transaction: the registration's row is
 * locked first, so two issues at once (two administrators, a double click) give it one
 * certificate and use one number; the year's sequence row is then held until commit, so numbers
 * follow the order of commits and none is skipped. Returns the number, or why there is none.
 */
async function issueOne(
  context: CertificateContext,
  eventId: string,
  registrationId: string,
  viewer: Viewer,
  mailIndex: number,
  now: Date,
  accreditations: EventAccreditations,
): Promise<{ number: string; name: string } | { reasons: string[]; name: string } | null> {
  return context.db.transaction(async (tx) => {
    await tx
      .select({ id: eventRegistrations.id })
      .from(eventRegistrations)
      .where(eq(eventRegistrations.id, registrationId))
      .for('update');
    const [row] = await cpdRegistrationsOf(tx, eventId, registrationId);
    // Issued meanwhile by another request: nothing to do.
    if (!row || row.certificate_number) return null;
    const blockers = blockersOf(row);
    if (blockers.length > 0) {
      return { name: row.name, reasons: blockers.map((blocker) => CPD_MESSAGES.blockers[blocker]) };
    }
    // One after the other: a transaction is one connection, which runs one statement at a time (pg
    // warns on a second query sent while one runs, and pg 9 refuses it).
    const event = await cpdEventOf(tx, eventId, now);
    const settings = await readSettings(tx, eventId);
    if (!settings) throw new AppError(409, CPD_MESSAGES.noSettings, { code: 'no_settings' });
    const printed = await professionFor(tx, row.user_id, event.end_date ?? event.start_date, accreditations, {
      profession: row.profession,
      prc_number: row.prc_number,
      program: settings.program_accreditation_number,
    });
    if ('refusal' in printed) return { name: row.name, reasons: [printed.refusal as string] };
    const sessions = row.sessions.map((checkIn) => checkIn.session);
    // The PRC accredits a program for so many units per profession: nobody earns more from it.
    const earned = unitsEarned(settings, sessions, row.role, row.talks);
    const units = formatHundredths(printed.cap === null ? earned : Math.min(earned, printed.cap));
    const year = Number(manilaDateString(now).slice(0, 4));
    const number = formatCertificateNumber(
      year,
      await nextSequenceNumber(tx, CERTIFICATE_NUMBER_PREFIX, year),
    );
    await tx.insert(cpdCertificates).values({
      number,
      registration_id: row.registration_id,
      event_id: eventId,
      user_id: row.user_id,
      prc_name: row.prc_name ?? '',
      profession: printed.profession,
      profession_code: printed.profession_code,
      prc_number: printed.prc_number,
      role: row.role,
      program_title: event.title,
      dates: formatDocumentDateRange(event.start_date, event.end_date),
      venue: venueOf(event),
      hours: formatHundredths(hoursAttended(settings, sessions)),
      units,
      provider_name: settings.provider_name,
      provider_accreditation_number: printed.provider?.number ?? settings.provider_accreditation_number,
      provider_accreditation_valid_until:
        printed.provider?.valid_until ?? settings.provider_accreditation_valid_until,
      program_accreditation_number: printed.program_accreditation_number,
      signatory_name: settings.signatory_name,
      signatory_title: settings.signatory_title,
      issued_at: now,
      issued_by: viewer.userId,
    });
    await queueMail(
      tx,
      {
        to: row.email,
        ...certificateIssuedEmail({
          name: row.prc_name ?? row.name,
          eventTitle: event.title,
          number,
          units,
          link: `${context.config.publicUrl}${sitePaths.profile}#cpd`,
        }),
      },
      { delayMs: Math.floor((mailIndex * 60_000) / MAILS_PER_MINUTE) },
    );
    return { number, name: row.name };
  });
}

/**
 * POST /api/cpd/events/{id}/certificates (admin): a certificate for every registration that has
 * none yet and may have one; the others are listed with why. One registration at a time, each in
 * its own short transaction, so 500 certificates hold neither the memory nor the locks of all.
 * The PDFs are drawn when they are downloaded, from what the row holds.
 */
export async function issueCertificates(
  context: CertificateContext,
  eventId: string,
  viewer: Viewer,
  now = new Date(),
): Promise<CertificateIssueResult> {
  const { db } = context;
  const event = await cpdEventOf(db, eventId, now);
  if (!event.certification_provided) {
    throw new AppError(409, CPD_MESSAGES.notCertified, { code: 'not_certified' });
  }
  if (!event.ended) throw new AppError(409, CPD_MESSAGES.eventNotEnded, { code: 'event_not_ended' });
  const settings = await readSettings(db, eventId);
  if (!settings) throw new AppError(409, CPD_MESSAGES.noSettings, { code: 'no_settings' });
  const accreditations: EventAccreditations = {
    program: await readAccreditations(db, eventId),
    provider: await readProviderAccreditations(db, now),
  };
  // Without accreditations per profession, the event's own provider validity must cover it.
  const lastDay = event.end_date ?? event.start_date;
  if (accreditations.program.length === 0 && settings.provider_accreditation_valid_until < lastDay) {
    throw new AppError(
      409,
      TRANSCRIPT_MESSAGES.providerLapsedForEvent(settings.provider_accreditation_valid_until),
      {
        code: 'provider_lapsed',
      },
    );
  }
  const candidates = await db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .leftJoin(
      cpdCertificates,
      and(eq(cpdCertificates.registration_id, eventRegistrations.id), isNull(cpdCertificates.revoked_at)),
    )
    .where(and(eq(eventRegistrations.event_id, eventId), isNull(cpdCertificates.id)))
    .orderBy(asc(eventRegistrations.created_at), asc(eventRegistrations.id));
  const result: CertificateIssueResult = { issued: [], skipped: [] };
  for (const candidate of candidates) {
    const outcome = await issueOne(
      context,
      eventId,
      candidate.id,
      viewer,
      result.issued.length,
      now,
      accreditations,
    );
    if (!outcome) continue;
    if ('number' in outcome) {
      result.issued.push({ registration_id: candidate.id, name: outcome.name, number: outcome.number });
    } else {
      result.skipped.push({ registration_id: candidate.id, name: outcome.name, reasons: outcome.reasons });
    }
  }
  return result;
}

/** POST /api/cpd/certificates/{number}/revoke (admin): kept, marked, in the audit log. */
export async function revokeCertificate(db: Db, viewer: Viewer, number: string, reason: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        certificate: cpdCertificates,
        user: { id: users.id, username: users.username, email: users.email },
      })
      .from(cpdCertificates)
      .leftJoin(users, eq(users.id, cpdCertificates.user_id))
      .where(eq(cpdCertificates.number, number))
      .for('update', { of: cpdCertificates });
    if (!row) throw notFound(CPD_MESSAGES.certificateNotFound);
    if (row.certificate.revoked_at) {
      throw new AppError(409, CPD_MESSAGES.alreadyRevoked, { code: 'already_revoked' });
    }
    await tx
      .update(cpdCertificates)
      .set({ revoked_at: new Date(), revoked_reason: reason, revoked_by: viewer.userId })
      .where(eq(cpdCertificates.id, row.certificate.id));
    if (row.user) {
      await recordAdminAction(tx, viewer, {
        action: 'cpd_certificate_revoked',
        user: row.user,
        changes: { certificate: { from: number, to: `revoked: ${reason}` } },
      });
    }
  });
}

/** A certificate by its number, for its PDF: 404 unknown, 403 unless the owner or an admin. */
export async function certificateForDownload(db: Db, viewer: Viewer, number: string) {
  const [certificate] = await db.select().from(cpdCertificates).where(eq(cpdCertificates.number, number));
  if (!certificate) throw notFound(CPD_MESSAGES.certificateNotFound);
  if (!viewerHolds(viewer, STAFF_AREAS.events) && certificate.user_id !== viewer.userId) {
    throw new AppError(403, CPD_MESSAGES.certificateForbidden, { code: 'forbidden' });
  }
  return certificate;
}

/**
 * What anyone may read of a certificate (docs/product-rules.md "CPD certificates"), found by its
 * verification code, never by its printed number (decision 066): the name, program, dates, units
 * and whether it stands; never the licence number, the profession or why it was revoked.
 */
export async function verifyCertificate(db: Db, code: string): Promise<CertificateVerification> {
  const [row] = await db
    .select({
      number: cpdCertificates.number,
      name: cpdCertificates.prc_name,
      program: cpdCertificates.program_title,
      dates: cpdCertificates.dates,
      units: cpdCertificates.units,
      role: cpdCertificates.role,
      provider: cpdCertificates.provider_name,
      revoked_at: cpdCertificates.revoked_at,
    })
    .from(cpdCertificates)
    .where(eq(cpdCertificates.verify_code, code));
  if (!row) return { status: 'not_found' };
  const { revoked_at, ...shown } = row;
  return {
    ...shown,
    units: formatHundredths(Math.round(Number(row.units) * 100)),
    status: revoked_at ? 'revoked' : 'valid',
  };
}

/**
 * GET /api/cpd/my-events: the certified events the person was approved for and that have begun,
 * newest first, with where their certificate stands.
 */
export async function myCpdEvents(db: Db, userId: string, now = new Date()): Promise<MyCpdEvent[]> {
  const today = manilaDateString(now);
  const rows = await db
    .select({
      event_id: events.id,
      title: events.title,
      start_date: events.start_date,
      end_date: events.end_date,
      checked_in: sql<boolean>`exists (select 1 from ${eventCheckIns} c where c.registration_id = ${eventRegistrations.id})`,
      evaluation_submitted: sql<boolean>`exists (select 1 from ${eventEvaluationResponses} r where r.registration_id = ${eventRegistrations.id})`,
      certificate_number: cpdCertificates.number,
      certificate_units: cpdCertificates.units,
      certificate_code: cpdCertificates.verify_code,
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.event_id))
    .leftJoin(
      cpdCertificates,
      and(eq(cpdCertificates.registration_id, eventRegistrations.id), isNull(cpdCertificates.revoked_at)),
    )
    .where(
      and(
        eq(eventRegistrations.user_id, userId),
        eq(eventRegistrations.status, 'approved'),
        eq(events.certification_provided, true),
        or(lt(events.start_date, today), eq(events.start_date, today)),
      ),
    )
    .orderBy(desc(events.start_date), asc(events.id));
  return rows.map(({ certificate_number, certificate_units, certificate_code, ...row }) => ({
    ...row,
    certificate: certificate_number
      ? {
          number: certificate_number,
          units: formatHundredths(Math.round(Number(certificate_units) * 100)),
          verify_code: certificate_code ?? '',
        }
      : null,
  }));
}

const SESSION_LABELS = { morning: 'morning', afternoon: 'afternoon', day: 'day' } as const;

/**
 * GET /api/cpd/events/{id}/attendance.csv (admin): everyone checked in, for the provider's
 * completion report to the PRC. Units as a certificate would count them now.
 */
export async function attendanceCsv(db: Db, eventId: string) {
  const event = await cpdEventOf(db, eventId);
  const [settings, registrations] = await Promise.all([
    readSettings(db, eventId),
    cpdRegistrationsOf(db, eventId),
  ]);
  const records = registrations
    .filter((row) => row.sessions.length > 0)
    .map((row) => {
      const sessions = row.sessions.map((checkIn) => checkIn.session);
      return {
        name: row.prc_name ?? row.name,
        // In full: this is the provider's completion report to the PRC, the one list that needs
        // the licence numbers (decision 066); every other list masks them.
        prc_number: row.prc_number,
        profession: row.profession,
        role: CPD_ROLE_LABELS[row.role],
        sessions_attended: row.sessions
          .map((checkIn) => `${checkIn.day} ${SESSION_LABELS[checkIn.session]}`)
          .join('; '),
        hours: settings ? formatHundredths(hoursAttended(settings, sessions)) : '',
        units: settings ? formatHundredths(unitsEarned(settings, sessions, row.role, row.talks)) : '',
        certificate: row.certificate_number,
      };
    });
  return {
    fileName: `attendance-${event.start_date}-${event.id.slice(0, 8)}.csv`,
    csv: stringify(records, {
      header: true,
      columns: [
        'name',
        'prc_number',
        'profession',
        'role',
        'sessions_attended',
        'hours',
        'units',
        'certificate',
      ],
      ...CSV_CELL_OPTIONS,
    }),
  };
}
