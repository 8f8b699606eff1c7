// CPD settings, roles, PRC details and evaluations (docs/product-rules.md "CPD certificates",
// decision 054). The certificates themselves are ./certificates.ts.
import {
  type CertificateBlocker,
  CPD_MESSAGES,
  type CpdEvent,
  type CpdRole,
  type CpdSettings,
  DEFAULT_EVALUATION_QUESTIONS,
  EVENT_MESSAGES,
  type EvaluationQuestion,
  type EvaluationResults,
  type EvaluationSubmit,
  formatHundredths,
  formatTwoDecimals,
  hundredthsOf,
  manilaDateString,
  PROFESSIONS,
  type PrcDetails,
  unitsEarned,
} from '@portal/shared';
import { stringify } from 'csv-stringify/sync';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import {
  cpdCertificates,
  eventCheckIns,
  eventCpdAccreditations,
  eventCpdRoles,
  eventCpdSettings,
  eventEvaluationForms,
  eventEvaluationResponses,
  eventRegistrations,
  events,
  prcDetails,
  representatives,
  users,
} from '../../db/schema';
import { CSV_CELL_OPTIONS } from '../../lib/csv';
import { displayNameSql } from '../../lib/display-name';
import { AppError, notFound, validationError } from '../../lib/errors';

/**
 * The attendee's name as the admin's lists show it: a company's voting representative, otherwise
 * the name the account goes by (docs/decisions/048). The certificate prints the PRC ID's name.
 */
export const attendeeName = sql<string>`coalesce(${representatives.firstName} || ' ' || ${representatives.lastName}, ${displayNameSql})`;
export const votingRepresentative = and(
  eq(representatives.userId, users.id),
  eq(representatives.type, 'voting'),
);

/** The event as the CPD pages read it; 404 for an unknown id. */
export async function cpdEventOf(db: Db | DbTransaction, eventId: string, now = new Date()) {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
  // An event has ended once its last day is over in Manila.
  const ended = (event.end_date ?? event.start_date) < manilaDateString(now);
  return { ...event, ended };
}

const certifiedEventOf = async (db: Db | DbTransaction, eventId: string) => {
  const event = await cpdEventOf(db, eventId);
  if (!event.certification_provided)
    throw new AppError(409, CPD_MESSAGES.notCertified, { code: 'not_certified' });
  return event;
};

export async function readSettings(db: Db | DbTransaction, eventId: string) {
  const [settings] = await db.select().from(eventCpdSettings).where(eq(eventCpdSettings.event_id, eventId));
  return settings ?? null;
}

/** An event's program accreditations per profession (decision 070), in the professions' order. */
export async function readAccreditations(db: Db | DbTransaction, eventId: string) {
  const rows = await db
    .select({
      profession: eventCpdAccreditations.profession,
      number: eventCpdAccreditations.number,
      units: eventCpdAccreditations.units,
    })
    .from(eventCpdAccreditations)
    .where(eq(eventCpdAccreditations.event_id, eventId));
  const order = (code: string) => PROFESSIONS.findIndex((profession) => profession.code === code);
  return rows.sort((a, b) => order(a.profession) - order(b.profession));
}

/**
 * PUT /api/cpd/events/{id}/settings (admin): the settings and, when sent, the accreditations per
 * profession, which replace the saved ones; both in one transaction.
 */
export async function saveSettings(db: Db, eventId: string, input: CpdSettings) {
  await certifiedEventOf(db, eventId);
  const { accreditations, ...settings } = input;
  await db.transaction(async (tx) => {
    await tx
      .insert(eventCpdSettings)
      .values({ event_id: eventId, ...settings })
      .onConflictDoUpdate({ target: eventCpdSettings.event_id, set: settings });
    if (accreditations) {
      await tx.delete(eventCpdAccreditations).where(eq(eventCpdAccreditations.event_id, eventId));
      if (accreditations.length > 0) {
        await tx
          .insert(eventCpdAccreditations)
          .values(accreditations.map((accreditation) => ({ event_id: eventId, ...accreditation })));
      }
    }
  });
}

/** An event's evaluation questions: the administrator's, else the default set. */
export async function questionsOf(db: Db | DbTransaction, eventId: string): Promise<EvaluationQuestion[]> {
  const [form] = await db
    .select({ questions: eventEvaluationForms.questions })
    .from(eventEvaluationForms)
    .where(eq(eventEvaluationForms.event_id, eventId));
  return form?.questions ?? DEFAULT_EVALUATION_QUESTIONS.map((question) => ({ ...question }));
}

const hasResponses = async (db: Db | DbTransaction, eventId: string) =>
  (
    await db
      .select({ one: sql`1` })
      .from(eventEvaluationResponses)
      .where(eq(eventEvaluationResponses.event_id, eventId))
      .limit(1)
  ).length > 0;

/**
 * PUT /api/cpd/events/{id}/evaluation (admin): the questions change only while nobody has answered,
 * so every answer counted in the results was given to the same questions. The event's row is
 * locked, and an answer locks it too, so an answer and a change cannot cross.
 */
export async function saveQuestions(db: Db, eventId: string, questions: EvaluationQuestion[]) {
  await db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    await certifiedEventOf(tx, eventId);
    if (await hasResponses(tx, eventId)) {
      throw new AppError(409, CPD_MESSAGES.questionsLocked, { code: 'questions_locked' });
    }
    await tx
      .insert(eventEvaluationForms)
      .values({ event_id: eventId, questions })
      .onConflictDoUpdate({ target: eventEvaluationForms.event_id, set: { questions } });
  });
}

/** A registration of the event, 404 when it is of another event or unknown. */
async function registrationOf(db: Db | DbTransaction, registrationId: string) {
  const [registration] = await db
    .select()
    .from(eventRegistrations)
    .where(eq(eventRegistrations.id, registrationId));
  if (!registration) throw notFound(CPD_MESSAGES.registrationNotFound);
  return registration;
}

/** PUT /api/cpd/registrations/{id}/role (admin): a participant's row is removed, not kept. */
export async function setRole(db: Db, registrationId: string, role: CpdRole, talks: number) {
  const registration = await registrationOf(db, registrationId);
  await certifiedEventOf(db, registration.event_id);
  if (role === 'participant') {
    await db.delete(eventCpdRoles).where(eq(eventCpdRoles.registration_id, registrationId));
    return;
  }
  await db
    .insert(eventCpdRoles)
    .values({ registration_id: registrationId, role, talks })
    .onConflictDoUpdate({ target: eventCpdRoles.registration_id, set: { role, talks } });
}

/** GET /api/cpd/prc-details: the person's own, and the PRC number they gave for a professional tier. */
export async function readPrcDetails(db: Db, userId: string) {
  const [[details], [registration]] = await Promise.all([
    db
      .select({
        prc_name: prcDetails.prc_name,
        profession: prcDetails.profession,
        prc_number: prcDetails.prc_number,
      })
      .from(prcDetails)
      .where(eq(prcDetails.user_id, userId)),
    db
      .select({ prc_number: eventRegistrations.prc_number })
      .from(eventRegistrations)
      .where(and(eq(eventRegistrations.user_id, userId), isNotNull(eventRegistrations.prc_number)))
      .orderBy(desc(eventRegistrations.created_at))
      .limit(1),
  ]);
  return { details: details ?? null, suggested_prc_number: registration?.prc_number ?? null };
}

/** PUT /api/cpd/prc-details. Certificates already issued keep the details they printed. */
export async function savePrcDetails(db: Db, userId: string, details: PrcDetails) {
  await db
    .insert(prcDetails)
    .values({ user_id: userId, ...details })
    .onConflictDoUpdate({ target: prcDetails.user_id, set: details });
}

/**
 * One row per registration of the event with what the CPD pages need: its check-ins, role,
 * evaluation, PRC details and live certificate. Read by the admin's page, the certificates'
 * issue and the attendance report; an event's registrants are a few hundred at most.
 */
export async function cpdRegistrationsOf(db: Db | DbTransaction, eventId: string, registrationId?: string) {
  const rows = await db
    .select({
      registration_id: eventRegistrations.id,
      user_id: eventRegistrations.user_id,
      status: eventRegistrations.status,
      name: attendeeName,
      email: users.email,
      role: sql<CpdRole>`coalesce(${eventCpdRoles.role}, 'participant')`,
      talks: sql<number>`coalesce(${eventCpdRoles.talks}, 1)`,
      sessions: sql<{ day: string; session: 'morning' | 'afternoon' | 'day' }[]>`coalesce((
        select json_agg(json_build_object('day', c.day, 'session', c.session) order by c.day, array_position(array['morning', 'afternoon', 'day'], c.session))
        from ${eventCheckIns} c where c.registration_id = ${eventRegistrations.id}), '[]'::json)`,
      evaluation_submitted: sql<boolean>`exists (select 1 from ${eventEvaluationResponses} r
        where r.registration_id = ${eventRegistrations.id})`,
      prc_name: prcDetails.prc_name,
      profession: prcDetails.profession,
      prc_number: prcDetails.prc_number,
      certificate_number: cpdCertificates.number,
      certificate_code: cpdCertificates.verify_code,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.user_id))
    .leftJoin(representatives, votingRepresentative)
    .leftJoin(eventCpdRoles, eq(eventCpdRoles.registration_id, eventRegistrations.id))
    .leftJoin(prcDetails, eq(prcDetails.user_id, eventRegistrations.user_id))
    .leftJoin(
      cpdCertificates,
      and(eq(cpdCertificates.registration_id, eventRegistrations.id), isNull(cpdCertificates.revoked_at)),
    )
    .where(
      and(
        eq(eventRegistrations.event_id, eventId),
        registrationId ? eq(eventRegistrations.id, registrationId) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${attendeeName})`), asc(eventRegistrations.id));
  return rows.map((row) => ({ ...row, talks: Number(row.talks) }));
}
export type CpdRegistration = Awaited<ReturnType<typeof cpdRegistrationsOf>>[number];

/** Why a registration has no certificate yet (none: it may have one). */
export function blockersOf(row: CpdRegistration): CertificateBlocker[] {
  const blockers: CertificateBlocker[] = [];
  if (row.status !== 'approved') blockers.push('not_approved');
  if (row.sessions.length === 0) blockers.push('not_checked_in');
  if (!row.evaluation_submitted) blockers.push('no_evaluation');
  if (!row.prc_number) blockers.push('no_prc_details');
  return blockers;
}

const UNIT_AND_HOUR_FIELDS = [
  'participant_units_per_hour',
  'speaker_units_per_talk',
  'moderator_units',
  'facilitator_units',
  'morning_hours',
  'afternoon_hours',
  'day_hours',
] as const;

/** GET /api/cpd/events/{id} (admin): the settings, the questions and every registration. */
export async function readCpdEvent(db: Db, eventId: string): Promise<CpdEvent> {
  const event = await cpdEventOf(db, eventId);
  const [settings, accreditations, questions, locked, registrations] = await Promise.all([
    readSettings(db, eventId),
    readAccreditations(db, eventId),
    questionsOf(db, eventId),
    hasResponses(db, eventId),
    cpdRegistrationsOf(db, eventId),
  ]);
  // Revoked certificates are listed with the registration that has no live one.
  const revoked = await db
    .select({
      registration_id: cpdCertificates.registration_id,
      number: cpdCertificates.number,
      verify_code: cpdCertificates.verify_code,
      reason: cpdCertificates.revoked_reason,
    })
    .from(cpdCertificates)
    .where(and(eq(cpdCertificates.event_id, eventId), isNotNull(cpdCertificates.revoked_at)))
    .orderBy(desc(cpdCertificates.revoked_at));
  const { event_id: _eventId, created_at: _created, updated_at: _updated, ...settingsOut } = settings ?? {};
  return {
    event: {
      id: event.id,
      title: event.title,
      start_date: event.start_date,
      end_date: event.end_date,
      certification_provided: event.certification_provided,
      ended: event.ended,
    },
    // Numbers as the admin typed them: '3.5', not the column's '3.50'.
    settings: settings
      ? ({
          ...settingsOut,
          ...Object.fromEntries(
            UNIT_AND_HOUR_FIELDS.map((field) => [field, formatHundredths(hundredthsOf(settings[field]))]),
          ),
          accreditations: accreditations.map((accreditation) => ({
            ...accreditation,
            units: formatHundredths(hundredthsOf(accreditation.units)),
          })),
        } as CpdEvent['settings'])
      : null,
    questions,
    questions_locked: locked,
    attendees: registrations.map((row) => {
      const lastRevoked = revoked.find((certificate) => certificate.registration_id === row.registration_id);
      return {
        registration_id: row.registration_id,
        name: row.name,
        email: row.email,
        role: row.role,
        talks: row.talks,
        sessions: row.sessions,
        evaluation_submitted: row.evaluation_submitted,
        prc_details: row.prc_number !== null,
        units: settings
          ? formatHundredths(
              unitsEarned(
                settings,
                row.sessions.map((checkIn) => checkIn.session),
                row.role,
                row.talks,
              ),
            )
          : '0',
        certificate: row.certificate_number
          ? {
              number: row.certificate_number,
              verify_code: row.certificate_code ?? '',
              revoked: false,
              revoked_reason: null,
            }
          : lastRevoked
            ? {
                number: lastRevoked.number,
                verify_code: lastRevoked.verify_code,
                revoked: true,
                revoked_reason: lastRevoked.reason,
              }
            : null,
        blockers: blockersOf(row),
      };
    }),
  };
}

/** The person's registration for the event, with its check-ins; 404 when they have none. */
async function ownRegistrationOf(db: Db | DbTransaction, eventId: string, userId: string) {
  const [registration] = await db
    .select({ id: eventRegistrations.id, status: eventRegistrations.status })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.event_id, eventId), eq(eventRegistrations.user_id, userId)));
  if (!registration) throw notFound(CPD_MESSAGES.registrationNotFound);
  return registration;
}

/** GET /api/cpd/events/{id}/evaluation: the attendee's form and whether they answered it. */
export async function readOwnEvaluation(db: Db, eventId: string, userId: string) {
  const event = await certifiedEventOf(db, eventId);
  const registration = await ownRegistrationOf(db, eventId, userId);
  const [questions, [response]] = await Promise.all([
    questionsOf(db, eventId),
    db
      .select({ id: eventEvaluationResponses.registration_id })
      .from(eventEvaluationResponses)
      .where(eq(eventEvaluationResponses.registration_id, registration.id)),
  ]);
  return { event: { id: event.id, title: event.title }, questions, submitted: Boolean(response) };
}

/**
 * POST /api/cpd/events/{id}/evaluation: once, by an attendee who was checked in. Every rating
 * question needs a rating; comments may stay blank. The event's row is locked as the questions'
 * change locks it.
 */
export async function submitEvaluation(db: Db, eventId: string, userId: string, input: EvaluationSubmit) {
  await db.transaction(async (tx) => {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    await certifiedEventOf(tx, eventId);
    const registration = await ownRegistrationOf(tx, eventId, userId);
    const [checkedIn] = await tx
      .select({ id: eventCheckIns.id })
      .from(eventCheckIns)
      .where(eq(eventCheckIns.registration_id, registration.id))
      .limit(1);
    if (!checkedIn || registration.status !== 'approved') {
      throw new AppError(403, CPD_MESSAGES.evaluationNotCheckedIn, { code: 'not_checked_in' });
    }
    const questions = await questionsOf(tx, eventId);
    const answers: Record<string, number | string> = {};
    const issues: { field: string; message: string }[] = [];
    for (const key of Object.keys(input.answers)) {
      if (!questions.some((question) => question.id === key)) {
        issues.push({ field: `answers.${key}`, message: CPD_MESSAGES.unknownQuestion });
      }
    }
    for (const question of questions) {
      const answer = input.answers[question.id];
      if (question.kind === 'rating') {
        if (typeof answer !== 'number') {
          issues.push({ field: `answers.${question.id}`, message: CPD_MESSAGES.ratingRequired });
        } else answers[question.id] = answer;
      } else if (typeof answer === 'number') {
        issues.push({ field: `answers.${question.id}`, message: CPD_MESSAGES.commentTooLong });
      } else if (answer) answers[question.id] = answer;
    }
    if (issues.length > 0) throw validationError(issues);
    const inserted = await tx
      .insert(eventEvaluationResponses)
      .values({ registration_id: registration.id, event_id: eventId, answers })
      .onConflictDoNothing()
      .returning({ id: eventEvaluationResponses.registration_id });
    if (inserted.length === 0) {
      throw new AppError(409, CPD_MESSAGES.evaluationAlreadySubmitted, { code: 'already_submitted' });
    }
  });
}

/** GET /api/cpd/events/{id}/evaluation-results (admin): average and count per question. */
export async function evaluationResults(db: Db, eventId: string): Promise<EvaluationResults> {
  await cpdEventOf(db, eventId);
  const [questions, responses] = await Promise.all([
    questionsOf(db, eventId),
    db
      .select({ answers: eventEvaluationResponses.answers })
      .from(eventEvaluationResponses)
      .where(eq(eventEvaluationResponses.event_id, eventId))
      .orderBy(asc(eventEvaluationResponses.created_at)),
  ]);
  return {
    responses: responses.length,
    questions: questions.map((question) => {
      const answers = responses
        .map((response) => response.answers[question.id])
        .filter((a) => a !== undefined);
      if (question.kind === 'comment') {
        const comments = answers.filter((answer): answer is string => typeof answer === 'string');
        return { ...question, count: comments.length, average: null, comments };
      }
      const ratings = answers.filter((answer): answer is number => typeof answer === 'number');
      const sum = ratings.reduce((total, rating) => total + rating, 0);
      // Two decimals, rounded half up with integers: 4.666… → '4.67'.
      const average =
        ratings.length === 0 ? null : formatTwoDecimals(Math.round((sum * 100) / ratings.length));
      return { ...question, count: ratings.length, average, comments: [] };
    }),
  };
}

/**
 * GET /api/cpd/events/{id}/evaluation-results.csv (admin): one line per response, in the order
 * given, without names (the answers are anonymous to the reader of the file); cells a spreadsheet
 * would run are neutralised as in every export (lib/csv.ts).
 */
export async function evaluationCsv(db: Db, eventId: string) {
  const event = await cpdEventOf(db, eventId);
  const [questions, responses] = await Promise.all([
    questionsOf(db, eventId),
    db
      .select({ answers: eventEvaluationResponses.answers })
      .from(eventEvaluationResponses)
      .where(eq(eventEvaluationResponses.event_id, eventId))
      .orderBy(asc(eventEvaluationResponses.created_at), asc(eventEvaluationResponses.registration_id)),
  ]);
  const records = responses.map((response) =>
    questions.map((question) => response.answers[question.id] ?? null),
  );
  return {
    fileName: `evaluation-${event.start_date}-${event.id.slice(0, 8)}.csv`,
    csv: stringify(records, {
      header: true,
      columns: questions.map((question) => question.prompt),
      ...CSV_CELL_OPTIONS,
    }),
  };
}
