import {
  EXTERNAL_UNIT_STATUSES,
  type ExternalUnitStatus,
  PROFESSION_CODES,
  type ProfessionCode,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';
import { events } from './events';
import { users } from './users';

const units = (name: string) => numeric(name, { precision: 5, scale: 2 }).notNull();
const day = (name: string) => date(name, { mode: 'string' });

/**
 * A person's PRC licence per profession (decision 070): one row each, so a geologist who is also a
 * chemist has two licences, two renewal dates and two transcripts. Read only by the person and staff.
 */
export const prcLicences = pgTable(
  'prc_licences',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profession: text('profession').$type<ProfessionCode>().notNull(),
    licence_number: text('licence_number').notNull(),
    registration_date: day('registration_date').notNull(),
    expiry_date: day('expiry_date').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.profession] }),
    checkIn('prc_licences_profession_check', t.profession, PROFESSION_CODES),
    index('prc_licences_expiry_idx').on(t.expiry_date),
  ],
);

/** An event's program accreditation per profession: the number its certificates print and the units. */
export const eventCpdAccreditations = pgTable(
  'event_cpd_accreditations',
  {
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    profession: text('profession').$type<ProfessionCode>().notNull(),
    number: text('number').notNull(),
    units: units('units'),
  },
  (t) => [
    primaryKey({ columns: [t.event_id, t.profession] }),
    checkIn('event_cpd_accreditations_profession_check', t.profession, PROFESSION_CODES),
  ],
);

/** The association's accreditation as a CPD provider, per profession, with the day it lapses. */
export const cpdProviderAccreditations = pgTable(
  'cpd_provider_accreditations',
  {
    profession: text('profession').$type<ProfessionCode>().primaryKey(),
    number: text('number').notNull(),
    valid_until: day('valid_until').notNull(),
    updated_at: updatedAt(),
  },
  (t) => [checkIn('cpd_provider_accreditations_profession_check', t.profession, PROFESSION_CODES)],
);

/**
 * Units a member earned elsewhere, with the certificate as a private file (decision 066): pending
 * until the secretariat approves or rejects it with a reason; only approved ones count.
 */
export const cpdExternalUnits = pgTable(
  'cpd_external_units',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profession: text('profession').$type<ProfessionCode>().notNull(),
    provider: text('provider').notNull(),
    programme: text('programme').notNull(),
    accreditation_number: text('accreditation_number').notNull(),
    completed_on: day('completed_on').notNull(),
    units: units('units'),
    /** `private/<key>`: served only by the checked route. */
    certificate_file: text('certificate_file').notNull(),
    certificate_type: text('certificate_type').notNull(),
    status: text('status').$type<ExternalUnitStatus>().notNull().default('pending'),
    reason: text('reason'),
    decided_by: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
  },
  (t) => [
    checkIn('cpd_external_units_status_check', t.status, EXTERNAL_UNIT_STATUSES),
    checkIn('cpd_external_units_profession_check', t.profession, PROFESSION_CODES),
    check('cpd_external_units_units_check', sql`${t.units} > 0 and ${t.units} <= 100`),
    index('cpd_external_units_user_idx').on(t.user_id, t.completed_on),
    index('cpd_external_units_status_idx').on(t.status, t.created_at),
  ],
);

/**
 * The transcript reminders sent, one row per licence, expiry and step (180, 60 days): the unique
 * key makes a second run of the same day send nothing new.
 */
export const cpdTranscriptReminders = pgTable(
  'cpd_transcript_reminders',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    profession: text('profession').$type<ProfessionCode>().notNull(),
    expiry_date: day('expiry_date').notNull(),
    days_before: integer('days_before').notNull(),
    sent_at: createdAt('sent_at'),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.profession, t.expiry_date, t.days_before] })],
);

/**
 * A transcript PDF as it was printed, found by its QR code's unguessable code (as certificates
 * are, decision 066): the public verification shows what it said, never the licence number.
 */
export const cpdTranscriptCopies = pgTable(
  'cpd_transcript_copies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    verify_code: text('verify_code')
      .notNull()
      .default(sql`rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')`),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    prc_name: text('prc_name').notNull(),
    profession: text('profession').notNull(),
    period_from: day('period_from').notNull(),
    period_to: day('period_to').notNull(),
    required: units('required'),
    earned: units('earned'),
    external: units('external'),
    issued_at: createdAt('issued_at'),
  },
  (t) => [uniqueIndex('cpd_transcript_copies_verify_code_unique').on(t.verify_code)],
);
