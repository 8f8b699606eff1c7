// The CPD transcript (docs/product-rules.md "CPD transcript", decision 070): a member's PRC
// licences per profession, the units of each renewal period (certificates issued here, approved
// external units), external entries and their review, the provider's accreditation per
// profession, the secretariat's short-of-units report and the reminders before a licence expires.
import {
  addDays,
  addMonths,
  buildPagination,
  daysBetween,
  EXTERNAL_CERTIFICATE_TYPES,
  type ExternalUnit,
  type ExternalUnitStatus,
  formatHundredths,
  hundredthsOf,
  manilaDateString,
  PROFESSIONS,
  PROVIDER_WARNING_DAYS,
  type PrcLicence,
  type ProfessionCode,
  type ProviderAccreditations,
  professionLabel,
  renewalPeriods,
  SHORT_OF_UNITS_MONTHS,
  STAFF_AREAS,
  sitePaths,
  TRANSCRIPT_MESSAGES,
  TRANSCRIPT_REMINDER_DAYS,
  type Transcript,
  type TranscriptEntry,
  type TranscriptPeriod,
  type TranscriptVerification,
  unitsRequiredFor,
} from '@portal/shared';
import { stringify } from 'csv-stringify/sync';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Config } from '../../config';
import type { Db, DbTransaction } from '../../db/client';
import {
  cpdCertificates,
  cpdExternalUnits,
  cpdProviderAccreditations,
  cpdTranscriptCopies,
  cpdTranscriptReminders,
  events,
  prcDetails,
  prcLicences,
  users,
} from '../../db/schema';
import { CSV_CELL_OPTIONS } from '../../lib/csv';
import { displayNameSql } from '../../lib/display-name';
import { AppError, notFound, validationError } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { cpdUnitsReminderEmail } from '../../lib/mail/templates';
import type { Storage } from '../../lib/storage';
import { type Viewer, viewerHolds } from '../../plugins/access';
import { recordAdminAction } from '../audit';

const fieldError = (field: string, message: string) => validationError([{ field, message }]);
const professionOrder = (code: string) => PROFESSIONS.findIndex((profession) => profession.code === code);

/** GET /api/cpd/licences: the person's own licences, in the list's order. */
export async function readLicences(db: Db | DbTransaction, userId: string) {
  const rows = await db
    .select({
      profession: prcLicences.profession,
      licence_number: prcLicences.licence_number,
      registration_date: prcLicences.registration_date,
      expiry_date: prcLicences.expiry_date,
    })
    .from(prcLicences)
    .where(eq(prcLicences.user_id, userId));
  return rows.sort((a, b) => professionOrder(a.profession) - professionOrder(b.profession));
}

/** PUT /api/cpd/licences: replaces the person's licences in one transaction. */
export async function saveLicences(db: Db, userId: string, licences: PrcLicence[]) {
  await db.transaction(async (tx) => {
    await tx.delete(prcLicences).where(eq(prcLicences.user_id, userId));
    if (licences.length > 0) {
      await tx.insert(prcLicences).values(licences.map((licence) => ({ user_id: userId, ...licence })));
    }
  });
}

type Licence = Awaited<ReturnType<typeof readLicences>>[number];
type CountedCertificate = {
  id: string;
  number: string;
  profession: string;
  profession_code: string | null;
  date: string;
  title: string;
  provider: string;
  accreditation_number: string;
  units: string;
};
type CountedExternal = {
  id: string;
  profession: string;
  provider: string;
  programme: string;
  accreditation_number: string;
  completed_on: string;
  units: string;
  status: ExternalUnitStatus;
  reason: string | null;
};

/**
 * Whether a certificate counts for a licence: its profession's, or, for one issued before
 * professions were a list, the licence whose label it printed, or the person's only licence.
 */
const countsFor = (certificate: CountedCertificate, licence: Licence, licenceCount: number) =>
  certificate.profession_code
    ? certificate.profession_code === licence.profession
    : licenceCount === 1 ||
      certificate.profession.trim().toLowerCase() === professionLabel(licence.profession).toLowerCase();

/** The live certificates of these people, each dated by its event's last day (else its issue). */
async function certificatesOf(db: Db | DbTransaction, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, CountedCertificate[]>();
  const rows = await db
    .select({
      user_id: cpdCertificates.user_id,
      id: cpdCertificates.id,
      number: cpdCertificates.number,
      profession: cpdCertificates.profession,
      profession_code: cpdCertificates.profession_code,
      date: sql<string>`coalesce(${events.end_date}, ${events.start_date}, (${cpdCertificates.issued_at} at time zone 'Asia/Manila')::date)::text`,
      title: cpdCertificates.program_title,
      provider: cpdCertificates.provider_name,
      accreditation_number: cpdCertificates.program_accreditation_number,
      units: cpdCertificates.units,
    })
    .from(cpdCertificates)
    .leftJoin(events, eq(events.id, cpdCertificates.event_id))
    .where(and(inArray(cpdCertificates.user_id, userIds), isNull(cpdCertificates.revoked_at)));
  const byUser = new Map<string, CountedCertificate[]>();
  for (const { user_id, ...row } of rows) {
    if (!user_id) continue;
    byUser.set(user_id, [...(byUser.get(user_id) ?? []), row]);
  }
  return byUser;
}

async function externalUnitsOf(db: Db | DbTransaction, userIds: string[], onlyApproved = false) {
  if (userIds.length === 0) return new Map<string, CountedExternal[]>();
  const rows = await db
    .select({
      user_id: cpdExternalUnits.user_id,
      id: cpdExternalUnits.id,
      profession: cpdExternalUnits.profession,
      provider: cpdExternalUnits.provider,
      programme: cpdExternalUnits.programme,
      accreditation_number: cpdExternalUnits.accreditation_number,
      completed_on: cpdExternalUnits.completed_on,
      units: cpdExternalUnits.units,
      status: cpdExternalUnits.status,
      reason: cpdExternalUnits.reason,
    })
    .from(cpdExternalUnits)
    .where(
      and(
        inArray(cpdExternalUnits.user_id, userIds),
        onlyApproved ? eq(cpdExternalUnits.status, 'approved') : undefined,
      ),
    );
  const byUser = new Map<string, CountedExternal[]>();
  for (const { user_id, ...row } of rows) byUser.set(user_id, [...(byUser.get(user_id) ?? []), row]);
  return byUser;
}

/** One licence's renewal periods with their units and entries (all sums in hundredths). */
export function periodsOfLicence(
  licence: Licence,
  licenceCount: number,
  certificates: CountedCertificate[],
  externals: CountedExternal[],
  today: string,
): TranscriptPeriod[] {
  const profession = PROFESSIONS.find((p) => p.code === licence.profession);
  return renewalPeriods(licence.registration_date, licence.expiry_date).map((period, index) => {
    const within = (date: string) => date >= period.from && date <= period.to;
    const entries: TranscriptEntry[] = [
      ...certificates
        .filter((certificate) => countsFor(certificate, licence, licenceCount) && within(certificate.date))
        .map((certificate) => ({
          kind: 'certificate' as const,
          id: certificate.id,
          date: certificate.date,
          title: certificate.title,
          provider: certificate.provider,
          accreditation_number: certificate.accreditation_number,
          units: formatHundredths(hundredthsOf(certificate.units)),
          status: 'issued' as const,
          reason: null,
          certificate_number: certificate.number,
        })),
      ...externals
        .filter((entry) => entry.profession === licence.profession && within(entry.completed_on))
        .map((entry) => ({
          kind: 'external' as const,
          id: entry.id,
          date: entry.completed_on,
          title: entry.programme,
          provider: entry.provider,
          accreditation_number: entry.accreditation_number,
          units: formatHundredths(hundredthsOf(entry.units)),
          status: entry.status,
          reason: entry.reason,
          certificate_number: null,
        })),
    ].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id.localeCompare(b.id)));
    const sum = (kind: TranscriptEntry['kind']) =>
      entries
        .filter((entry) => entry.kind === kind && (entry.status === 'issued' || entry.status === 'approved'))
        .reduce((total, entry) => total + hundredthsOf(entry.units), 0);
    const required = unitsRequiredFor(period.renewalYear) * 100;
    const earned = sum('certificate');
    const external = sum('external');
    return {
      profession: licence.profession,
      profession_label: profession?.label ?? licence.profession,
      board: profession?.board ?? '',
      licence_number: licence.licence_number,
      from: period.from,
      to: period.to,
      renewal_year: period.renewalYear,
      current: index === 0,
      lapsed: index === 0 && licence.expiry_date < today,
      required: formatHundredths(required),
      earned: formatHundredths(earned),
      external: formatHundredths(external),
      remaining: formatHundredths(Math.max(0, required - earned - external)),
      entries,
    };
  });
}

/** GET /api/cpd/transcript: every licence's periods, newest first (two professions, two transcripts). */
export async function readTranscript(
  db: Db | DbTransaction,
  userId: string,
  now = new Date(),
): Promise<Transcript> {
  // In turn: `db` may be the caller's transaction, one connection that runs one statement at a time.
  const licences = await readLicences(db, userId);
  const certificates = await certificatesOf(db, [userId]);
  const externals = await externalUnitsOf(db, [userId]);
  const today = manilaDateString(now);
  return {
    periods: licences.flatMap((licence) =>
      periodsOfLicence(
        licence,
        licences.length,
        certificates.get(userId) ?? [],
        externals.get(userId) ?? [],
        today,
      ),
    ),
  };
}

/**
 * POST /api/cpd/external-units (member): pending until reviewed. The certificate's type is read
 * from its bytes; it is stored as a private file before the row and removed if the row fails.
 */
export async function recordExternalUnit(
  { db, storage }: { db: Db; storage: Storage },
  userId: string,
  input: ExternalUnit,
  file: Buffer | undefined,
  now = new Date(),
) {
  if (!file || file.length === 0) throw fieldError('certificate', TRANSCRIPT_MESSAGES.certificateRequired);
  const type = await fileTypeFromBuffer(file);
  if (!type || !(EXTERNAL_CERTIFICATE_TYPES as readonly string[]).includes(type.mime)) {
    throw fieldError('certificate', TRANSCRIPT_MESSAGES.certificateType);
  }
  if (input.completed_on > manilaDateString(now)) {
    throw fieldError('completed_on', TRANSCRIPT_MESSAGES.completedOnFuture);
  }
  const [licence] = await db
    .select({ profession: prcLicences.profession })
    .from(prcLicences)
    .where(and(eq(prcLicences.user_id, userId), eq(prcLicences.profession, input.profession)));
  if (!licence) throw fieldError('profession', TRANSCRIPT_MESSAGES.professionNotHeld);
  const stored = await storage.savePrivate(file, type.ext);
  try {
    const [row] = await db
      .insert(cpdExternalUnits)
      .values({
        user_id: userId,
        ...input,
        certificate_file: stored.reference,
        certificate_type: type.mime,
      })
      .returning();
    if (!row) throw new Error('The external entry was not inserted');
    return externalOut(row);
  } catch (error) {
    await storage.remove(stored.reference);
    throw error;
  }
}

const externalOut = (row: typeof cpdExternalUnits.$inferSelect) => ({
  id: row.id,
  profession: row.profession,
  provider: row.provider,
  programme: row.programme,
  accreditation_number: row.accreditation_number,
  completed_on: row.completed_on,
  units: formatHundredths(hundredthsOf(row.units)),
  status: row.status,
  reason: row.reason,
  created_at: row.created_at.toISOString(),
});

/** The certificate of an external entry: its owner and the secretariat only. */
export async function externalCertificateFor(db: Db, viewer: Viewer, id: string) {
  const [row] = await db.select().from(cpdExternalUnits).where(eq(cpdExternalUnits.id, id));
  if (!row || (row.user_id !== viewer.userId && !viewerHolds(viewer, STAFF_AREAS.events))) {
    throw notFound(TRANSCRIPT_MESSAGES.externalNotFound);
  }
  return row;
}

/** GET /api/cpd/admin/external-units: waiting entries first, then the newest. */
export async function listExternalUnits(
  db: Db,
  { status, page, limit }: { status?: ExternalUnitStatus; page: number; limit: number },
) {
  const where = status ? eq(cpdExternalUnits.status, status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: cpdExternalUnits, name: displayNameSql, email: users.email })
      .from(cpdExternalUnits)
      .innerJoin(users, eq(users.id, cpdExternalUnits.user_id))
      .where(where)
      .orderBy(
        asc(sql`case when ${cpdExternalUnits.status} = 'pending' then 0 else 1 end`),
        desc(cpdExternalUnits.created_at),
        asc(cpdExternalUnits.id),
      )
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(cpdExternalUnits).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      ...externalOut(row.entry),
      user_id: row.entry.user_id,
      name: row.name,
      email: row.email,
    })),
    pagination: buildPagination(page, limit, counted?.total ?? 0),
  };
}

/**
 * Approve or reject an external entry (secretariat): the row is locked and must still be
 * pending, so two approvals at once decide it once (the second is told it was reviewed).
 */
export async function decideExternalUnit(
  db: Db,
  viewer: Viewer,
  id: string,
  decision: { status: 'approved' } | { status: 'rejected'; reason: string },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        entry: cpdExternalUnits,
        user: { id: users.id, username: users.username, email: users.email },
      })
      .from(cpdExternalUnits)
      .innerJoin(users, eq(users.id, cpdExternalUnits.user_id))
      .where(eq(cpdExternalUnits.id, id))
      .for('update', { of: cpdExternalUnits });
    if (!row) throw notFound(TRANSCRIPT_MESSAGES.externalNotFound);
    if (row.entry.status !== 'pending') {
      throw new AppError(409, TRANSCRIPT_MESSAGES.externalAlreadyDecided, { code: 'already_decided' });
    }
    const [updated] = await tx
      .update(cpdExternalUnits)
      .set({
        status: decision.status,
        reason: decision.status === 'rejected' ? decision.reason : null,
        decided_by: viewer.userId,
        decided_at: new Date(),
      })
      .where(and(eq(cpdExternalUnits.id, id), eq(cpdExternalUnits.status, 'pending')))
      .returning();
    if (!updated)
      throw new AppError(409, TRANSCRIPT_MESSAGES.externalAlreadyDecided, { code: 'already_decided' });
    await recordAdminAction(tx, viewer, {
      action: `cpd_external_units_${decision.status}`,
      user: row.user,
      changes: {
        external_units: {
          from: 'pending',
          to: decision.status === 'rejected' ? `rejected: ${decision.reason}` : 'approved',
        },
      },
    });
    return externalOut(updated);
  });
}

/** GET /api/cpd/provider-accreditations (staff): with the CPD page's warning 60 days ahead. */
export async function readProviderAccreditations(
  db: Db | DbTransaction,
  now = new Date(),
): Promise<ProviderAccreditations> {
  const today = manilaDateString(now);
  const rows = await db.select().from(cpdProviderAccreditations);
  return rows
    .sort((a, b) => professionOrder(a.profession) - professionOrder(b.profession))
    .map((row) => {
      const daysLeft = daysBetween(today, row.valid_until);
      return {
        profession: row.profession,
        number: row.number,
        valid_until: row.valid_until,
        days_left: daysLeft,
        warning:
          daysLeft <= PROVIDER_WARNING_DAYS
            ? TRANSCRIPT_MESSAGES.providerWarning(professionLabel(row.profession), row.valid_until, daysLeft)
            : null,
      };
    });
}

/** PUT /api/cpd/provider-accreditations (staff): replaces the list in one transaction. */
export async function saveProviderAccreditations(
  db: Db,
  accreditations: { profession: ProfessionCode; number: string; valid_until: string }[],
) {
  await db.transaction(async (tx) => {
    await tx.delete(cpdProviderAccreditations);
    if (accreditations.length > 0) await tx.insert(cpdProviderAccreditations).values(accreditations);
  });
}

/**
 * Every licence expiring between `from` and `to` with its current period's units: what the
 * short-of-units report and the reminders read. Three queries whatever the number of members.
 */
async function currentPeriodsExpiring(db: Db, from: string, to: string, today: string) {
  const licences = await db
    .select({
      user_id: prcLicences.user_id,
      profession: prcLicences.profession,
      licence_number: prcLicences.licence_number,
      registration_date: prcLicences.registration_date,
      expiry_date: prcLicences.expiry_date,
      name: sql<string>`coalesce(${prcDetails.prc_name}, ${displayNameSql})`,
      email: users.email,
      licence_count: sql<number>`(select count(*) from ${prcLicences} l where l.user_id = ${prcLicences.user_id})::int`,
    })
    .from(prcLicences)
    .innerJoin(users, eq(users.id, prcLicences.user_id))
    .leftJoin(prcDetails, eq(prcDetails.user_id, prcLicences.user_id))
    .where(and(gte(prcLicences.expiry_date, from), lte(prcLicences.expiry_date, to)))
    .orderBy(asc(prcLicences.expiry_date), asc(prcLicences.user_id), asc(prcLicences.profession));
  const userIds = [...new Set(licences.map((licence) => licence.user_id))];
  const [certificates, externals] = await Promise.all([
    certificatesOf(db, userIds),
    externalUnitsOf(db, userIds, true),
  ]);
  return licences.map((licence) => {
    const [current] = periodsOfLicence(
      licence,
      Number(licence.licence_count),
      certificates.get(licence.user_id) ?? [],
      externals.get(licence.user_id) ?? [],
      today,
    );
    return { licence, period: current as TranscriptPeriod };
  });
}

/**
 * GET /api/cpd/admin/short-of-units.csv (staff): members whose licence is renewed in the next six
 * months and who still need units, soonest first. The licence number is masked (decision 066).
 */
export async function shortOfUnitsCsv(db: Db, now = new Date()) {
  const today = manilaDateString(now);
  const until = addMonths(today, SHORT_OF_UNITS_MONTHS);
  const rows = (await currentPeriodsExpiring(db, today, until, today)).filter(
    ({ period }) => hundredthsOf(period.remaining) > 0,
  );
  return {
    fileName: `cpd-short-of-units-${today}.csv`,
    rows: rows.length,
    csv: stringify(
      rows.map(({ licence, period }) => ({
        name: licence.name,
        email: licence.email,
        profession: period.profession_label,
        licence_expiry: licence.expiry_date,
        required: period.required,
        earned_here: period.earned,
        external: period.external,
        remaining: period.remaining,
      })),
      {
        header: true,
        columns: [
          'name',
          'email',
          'profession',
          'licence_expiry',
          'required',
          'earned_here',
          'external',
          'remaining',
        ],
        ...CSV_CELL_OPTIONS,
      },
    ),
  };
}

/**
 * The daily reminders (docs/product-rules.md "CPD transcript"): a member whose licence expires
 * within 180 days, or 60, and who is short of units is e-mailed once for each step. A licence met
 * first inside 60 days gets the 60-day reminder only. The row recording the reminder and its mail
 * are one transaction, and its key refuses a second, so a run repeated or interrupted sends
 * nothing twice.
 */
export async function sendTranscriptReminders(
  { db, config }: { db: Db; config: Pick<Config, 'publicUrl'> },
  date: string,
  { dryRun = false }: { dryRun?: boolean } = {},
) {
  const [first, second] = TRANSCRIPT_REMINDER_DAYS;
  const due = await currentPeriodsExpiring(db, addDays(date, 1), addDays(date, first), date);
  const sent: { email: string; profession: string; days_before: number }[] = [];
  for (const { licence, period } of due) {
    if (hundredthsOf(period.remaining) === 0) continue;
    const daysLeft = daysBetween(date, licence.expiry_date);
    const step = daysLeft <= second ? second : first;
    if (dryRun) {
      const [already] = await db
        .select({ one: sql`1` })
        .from(cpdTranscriptReminders)
        .where(
          and(
            eq(cpdTranscriptReminders.user_id, licence.user_id),
            eq(cpdTranscriptReminders.profession, licence.profession),
            eq(cpdTranscriptReminders.expiry_date, licence.expiry_date),
            eq(cpdTranscriptReminders.days_before, step),
          ),
        );
      if (!already) sent.push({ email: licence.email, profession: licence.profession, days_before: step });
      continue;
    }
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(cpdTranscriptReminders)
        .values({
          user_id: licence.user_id,
          profession: licence.profession,
          expiry_date: licence.expiry_date,
          days_before: step,
        })
        .onConflictDoNothing()
        .returning({ user_id: cpdTranscriptReminders.user_id });
      if (inserted.length === 0) return;
      await queueMail(tx, {
        to: licence.email,
        ...cpdUnitsReminderEmail({
          name: licence.name,
          profession: period.profession_label,
          expiry: licence.expiry_date,
          days: daysLeft,
          remaining: period.remaining,
          required: period.required,
          link: `${config.publicUrl}${sitePaths.profile}#cpd-transcript`,
        }),
      });
      sent.push({ email: licence.email, profession: licence.profession, days_before: step });
    });
  }
  return { date, reminders: sent.length, sent };
}

/** GET /api/cpd/transcripts/verify/{code} (public): what a printed transcript said, no licence number. */
export async function verifyTranscript(db: Db, code: string): Promise<TranscriptVerification> {
  const [row] = await db.select().from(cpdTranscriptCopies).where(eq(cpdTranscriptCopies.verify_code, code));
  if (!row) return { status: 'not_found' };
  return {
    status: 'valid',
    name: row.prc_name,
    profession: row.profession,
    period_from: row.period_from,
    period_to: row.period_to,
    required: formatHundredths(hundredthsOf(row.required)),
    earned: formatHundredths(hundredthsOf(row.earned)),
    external: formatHundredths(hundredthsOf(row.external)),
    issued_on: manilaDateString(row.issued_at),
  };
}

/** The transcript of one licence for its PDF: the person's own, or anyone's for staff. */
export async function transcriptForPdf(
  db: Db,
  viewer: Viewer,
  { user, profession }: { user?: string; profession?: ProfessionCode },
) {
  const userId = user ?? viewer.userId;
  if (userId !== viewer.userId && !viewerHolds(viewer, STAFF_AREAS.events)) {
    throw new AppError(403, 'Your role does not allow this', { code: 'forbidden' });
  }
  const [transcript, [person]] = await Promise.all([
    readTranscript(db, userId),
    db
      .select({ name: sql<string>`coalesce(${prcDetails.prc_name}, ${displayNameSql})` })
      .from(users)
      .leftJoin(prcDetails, eq(prcDetails.user_id, users.id))
      .where(eq(users.id, userId)),
  ]);
  if (!person) throw notFound('User not found');
  const chosen = profession ?? transcript.periods[0]?.profession;
  const periods = transcript.periods.filter((period) => period.profession === chosen);
  if (periods.length === 0) throw notFound(TRANSCRIPT_MESSAGES.noLicenceForPdf);
  return { userId, prcName: person.name, periods };
}

/**
 * GET /api/cpd/events/{id}/prc-report.csv (staff): the certificates of the event by profession,
 * for the provider's report to each PRC board. Licence numbers in full: the board needs them
 * (decision 066).
 */
export async function prcReportCsv(db: Db, eventId: string, profession?: ProfessionCode) {
  const rows = await db
    .select({
      profession: cpdCertificates.profession,
      profession_code: cpdCertificates.profession_code,
      program_accreditation_number: cpdCertificates.program_accreditation_number,
      name: cpdCertificates.prc_name,
      prc_number: cpdCertificates.prc_number,
      role: cpdCertificates.role,
      units: cpdCertificates.units,
      certificate: cpdCertificates.number,
      event_date: events.start_date,
    })
    .from(cpdCertificates)
    .innerJoin(events, eq(events.id, cpdCertificates.event_id))
    .where(
      and(
        eq(cpdCertificates.event_id, eventId),
        isNull(cpdCertificates.revoked_at),
        profession ? eq(cpdCertificates.profession_code, profession) : undefined,
      ),
    )
    .orderBy(
      asc(cpdCertificates.profession),
      asc(sql`lower(${cpdCertificates.prc_name})`),
      asc(cpdCertificates.number),
    );
  const { event_date: date = 'event' } = rows[0] ?? {};
  return {
    fileName: `prc-report-${date}-${eventId.slice(0, 8)}${profession ? `-${profession}` : ''}.csv`,
    csv: stringify(
      rows.map(({ event_date: _date, profession_code: _code, units, ...row }) => ({
        ...row,
        units: formatHundredths(hundredthsOf(units)),
      })),
      {
        header: true,
        columns: [
          'profession',
          'program_accreditation_number',
          'name',
          'prc_number',
          'role',
          'units',
          'certificate',
        ],
        ...CSV_CELL_OPTIONS,
      },
    ),
  };
}
