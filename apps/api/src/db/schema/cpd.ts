import { CPD_ROLES, type CpdRole, type EvaluationQuestion } from '@portal/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';
import { eventRegistrations, events } from './events';
import { users } from './users';

const units = (name: string) => numeric(name, { precision: 5, scale: 2 }).notNull();

/**
 * What an event's CPD certificates print and count (docs/product-rules.md "CPD certificates"):
 * one row per event that provides certification. Units and hours are exact decimals.
 */
export const eventCpdSettings = pgTable('event_cpd_settings', {
  event_id: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  provider_name: text('provider_name').notNull(),
  provider_accreditation_number: text('provider_accreditation_number').notNull(),
  provider_accreditation_valid_until: date('provider_accreditation_valid_until', {
    mode: 'string',
  }).notNull(),
  program_accreditation_number: text('program_accreditation_number').notNull(),
  participant_units_per_hour: units('participant_units_per_hour'),
  speaker_units_per_talk: units('speaker_units_per_talk'),
  moderator_units: units('moderator_units'),
  facilitator_units: units('facilitator_units'),
  morning_hours: units('morning_hours'),
  afternoon_hours: units('afternoon_hours'),
  day_hours: units('day_hours'),
  signatory_name: text('signatory_name').notNull(),
  signatory_title: text('signatory_title').notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** A registration's role when it is not a participant's (set by an administrator). */
export const eventCpdRoles = pgTable(
  'event_cpd_roles',
  {
    registration_id: uuid('registration_id')
      .primaryKey()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    role: text('role').$type<CpdRole>().notNull(),
    talks: integer('talks').notNull().default(1),
    updated_at: updatedAt(),
  },
  (t) => [
    checkIn('event_cpd_roles_role_check', t.role, CPD_ROLES),
    check('event_cpd_roles_talks_check', sql`${t.talks} >= 1`),
  ],
);

/**
 * The attendee's PRC details, one row per account (decision 054): the same licence serves every
 * event. Read only by the person and administrators.
 */
export const prcDetails = pgTable('prc_details', {
  user_id: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prc_name: text('prc_name').notNull(),
  profession: text('profession').notNull(),
  prc_number: text('prc_number').notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** An event's evaluation questions when the administrator changed the default set. */
export const eventEvaluationForms = pgTable('event_evaluation_forms', {
  event_id: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  questions: jsonb('questions').$type<EvaluationQuestion[]>().notNull(),
  updated_at: updatedAt(),
});

/** An attendee's answers, once per registration: rating 1–5 or comment text, by question id. */
export const eventEvaluationResponses = pgTable(
  'event_evaluation_responses',
  {
    registration_id: uuid('registration_id')
      .primaryKey()
      .references(() => eventRegistrations.id, { onDelete: 'cascade' }),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<Record<string, number | string>>().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('event_evaluation_responses_event_idx').on(t.event_id)],
);

/**
 * An issued CPD certificate (decision 055): what it prints, copied when it is issued, so a later
 * change of name, settings or check-ins never changes a certificate already given. Never deleted
 * and its number never reused; a revoked one keeps its row and says why.
 */
export const cpdCertificates = pgTable(
  'cpd_certificates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    /**
     * What the QR code and the verification address carry (decision 066): 16 random bytes of a
     * version-4 UUID (122 random bits) as 22 characters of base64url, so the register cannot be
     * walked by counting numbers. A default of the database, so a certificate issued before it
     * got one when the column was added, and every new row gets one without the service's help.
     */
    verify_code: text('verify_code')
      .notNull()
      .default(sql`rtrim(translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/', '-_'), '=')`),
    registration_id: uuid('registration_id').references(() => eventRegistrations.id, {
      onDelete: 'set null',
    }),
    event_id: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    prc_name: text('prc_name').notNull(),
    profession: text('profession').notNull(),
    prc_number: text('prc_number').notNull(),
    /**
     * The profession (PROFESSIONS code) whose licence and accreditation it printed (decision 070);
     * null on certificates issued before professions were a list.
     */
    profession_code: text('profession_code'),
    role: text('role').$type<CpdRole>().notNull(),
    program_title: text('program_title').notNull(),
    /** The event's dates as printed: '15 October 2026', '15–16 October 2026'. */
    dates: text('dates').notNull(),
    venue: text('venue').notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    units: numeric('units', { precision: 6, scale: 2 }).notNull(),
    provider_name: text('provider_name').notNull(),
    provider_accreditation_number: text('provider_accreditation_number').notNull(),
    provider_accreditation_valid_until: date('provider_accreditation_valid_until', {
      mode: 'string',
    }).notNull(),
    program_accreditation_number: text('program_accreditation_number').notNull(),
    signatory_name: text('signatory_name').notNull(),
    signatory_title: text('signatory_title').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    issued_by: uuid('issued_by').references(() => users.id, { onDelete: 'set null' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revoked_reason: text('revoked_reason'),
    revoked_by: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  // The links are cleared, not the certificate, when an event or account is deleted: a certificate
  // given stays verifiable (its row holds all it prints).
  (t) => [
    checkIn('cpd_certificates_role_check', t.role, CPD_ROLES),
    uniqueIndex('cpd_certificates_number_unique').on(t.number),
    uniqueIndex('cpd_certificates_verify_code_unique').on(t.verify_code),
    // One live certificate per registration; a revoked one may be followed by a new number.
    uniqueIndex('cpd_certificates_live_registration_unique')
      .on(t.registration_id)
      .where(sql`${t.revoked_at} is null`),
    index('cpd_certificates_registration_idx').on(t.registration_id),
    index('cpd_certificates_event_idx').on(t.event_id),
    index('cpd_certificates_user_idx').on(t.user_id),
  ],
);

export type EventCpdSettingsRow = typeof eventCpdSettings.$inferSelect;
export type CpdCertificate = typeof cpdCertificates.$inferSelect;
