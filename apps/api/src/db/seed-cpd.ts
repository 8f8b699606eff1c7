// The demo's CPD (seed-content.ts `demoCpd`): settings, check-ins, evaluations and certificates of
// its past certified seminar, written as the CPD module would have left them (decision 055).
import {
  addMonths,
  CERTIFICATE_NUMBER_PREFIX,
  formatCertificateNumber,
  formatDocumentDate,
  formatHundredths,
  hoursAttended,
  manilaDateString,
  unitsEarned,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { DbTransaction } from './client';
import {
  cpdCertificates,
  cpdExternalUnits,
  cpdProviderAccreditations,
  documentSequences,
  eventCheckIns,
  eventCpdAccreditations,
  eventCpdRoles,
  eventCpdSettings,
  eventEvaluationResponses,
  type events,
  prcDetails,
  prcLicences,
} from './schema';
import { demoCpd } from './seed-content';

type Registration = { id: string; user_id: string; event_id: string };

/**
 * Writes the demo seminar's CPD: each attendee's PRC details, check-ins (both sessions of its one
 * day), evaluation and certificate, numbered from the year's CPD sequence.
 */
export async function insertDemoCpd(
  tx: DbTransaction,
  {
    event,
    registrations,
    userIdOf,
    adminId,
    now,
    externalCertificate,
  }: {
    event: typeof events.$inferSelect;
    registrations: Registration[];
    userIdOf: (username: string) => string;
    adminId: string;
    now: Date;
    /** A private file's reference: the external entries' certificate. */
    externalCertificate: string;
  },
) {
  await tx.insert(eventCpdSettings).values({ event_id: event.id, ...demoCpd.settings });
  const today = manilaDateString(now);
  await tx
    .insert(eventCpdAccreditations)
    .values(demoCpd.accreditations.map((accreditation) => ({ event_id: event.id, ...accreditation })));
  await tx
    .insert(cpdProviderAccreditations)
    .values([...demoCpd.providerAccreditations])
    .onConflictDoNothing();
  const licenceOf = new Map<
    string,
    { profession: (typeof demoCpd.licences)[number]['profession']; number: string }
  >();
  for (const licence of demoCpd.licences) {
    const number =
      demoCpd.attendees.find((attendee) => attendee.username === licence.username)?.prc.prc_number ?? '';
    licenceOf.set(licence.username, { profession: licence.profession, number });
    await tx.insert(prcLicences).values({
      user_id: userIdOf(licence.username),
      profession: licence.profession,
      licence_number: number,
      registration_date: licence.registration_date,
      expiry_date: addMonths(today, licence.expiresInMonths),
    });
  }
  for (const entry of demoCpd.externalUnits) {
    const { username, monthsAgo, ...fields } = entry;
    await tx.insert(cpdExternalUnits).values({
      ...fields,
      user_id: userIdOf(username),
      completed_on: addMonths(today, -monthsAgo),
      certificate_file: externalCertificate,
      certificate_type: 'image/webp',
      ...(entry.status === 'approved' && { decided_by: adminId, decided_at: now }),
    });
  }
  const day = event.start_date;
  // Checked in at the start of each session, Manila time.
  const sessionStart = { morning: '08:05', afternoon: '13:02', day: '08:05' } as const;
  const year = Number(manilaDateString(now).slice(0, 4));
  let sequence = 0;
  let evaluated = 0;
  for (const attendee of demoCpd.attendees) {
    const userId = userIdOf(attendee.username);
    const registration = registrations.find((row) => row.user_id === userId && row.event_id === event.id);
    if (!registration) throw new Error(`The demo seminar has no registration for ${attendee.username}`);
    await tx
      .insert(prcDetails)
      .values({ user_id: userId, ...attendee.prc })
      .onConflictDoNothing();
    await tx.insert(eventCheckIns).values(
      attendee.sessions.map((session) => ({
        registration_id: registration.id,
        day,
        session,
        checked_in_at: new Date(`${day}T${sessionStart[session]}:00+08:00`),
        checked_in_by: adminId,
      })),
    );
    if (attendee.role !== 'participant') {
      await tx
        .insert(eventCpdRoles)
        .values({ registration_id: registration.id, role: attendee.role, talks: 1 });
    }
    if (attendee.evaluated) {
      await tx.insert(eventEvaluationResponses).values({
        registration_id: registration.id,
        event_id: event.id,
        answers: { ...demoCpd.answers[evaluated] },
        created_at: new Date(`${day}T17:10:00+08:00`),
      });
      evaluated += 1;
    }
    if (attendee.certificate === 'none') continue;
    sequence += 1;
    const sessions = [...attendee.sessions];
    const licence = licenceOf.get(attendee.username);
    const accreditation = demoCpd.accreditations.find((row) => row.profession === licence?.profession);
    await tx.insert(cpdCertificates).values({
      number: formatCertificateNumber(year, sequence),
      registration_id: registration.id,
      event_id: event.id,
      user_id: userId,
      ...attendee.prc,
      role: attendee.role,
      program_title: event.title,
      dates: formatDocumentDate(day),
      venue: [event.location_name, event.building_name, event.city, event.province]
        .filter(Boolean)
        .join(', '),
      hours: formatHundredths(hoursAttended(demoCpd.settings, sessions)),
      units: formatHundredths(unitsEarned(demoCpd.settings, sessions, attendee.role)),
      provider_name: demoCpd.settings.provider_name,
      provider_accreditation_number: demoCpd.settings.provider_accreditation_number,
      provider_accreditation_valid_until: demoCpd.settings.provider_accreditation_valid_until,
      // Each profession's own number (decision 070); the revoked one predates the licences.
      program_accreditation_number: accreditation?.number ?? demoCpd.settings.program_accreditation_number,
      profession_code: licence?.profession ?? null,
      signatory_name: demoCpd.settings.signatory_name,
      signatory_title: demoCpd.settings.signatory_title,
      issued_at: now,
      issued_by: adminId,
      ...(attendee.certificate === 'revoked' && {
        revoked_at: now,
        revoked_reason: demoCpd.revokedReason,
        revoked_by: adminId,
      }),
    });
  }
  if (sequence > 0) {
    await tx
      .insert(documentSequences)
      .values({ kind: CERTIFICATE_NUMBER_PREFIX, year, lastNumber: sequence })
      .onConflictDoUpdate({
        target: [documentSequences.kind, documentSequences.year],
        set: { lastNumber: sql`greatest(${documentSequences.lastNumber}, ${sequence})` },
      });
  }
}
