import { z } from 'zod';
import { formatCount, formatDate } from '../format';
import { siteConfig } from '../site-config';
import { emailField } from './auth';
import { paginationSchema, requiredText, text } from './common';
import { pageQuerySchema } from './query';

/**
 * The breach register (docs/product-rules.md "Privacy", docs/decisions/069): a suspected breach
 * of personal data, the 72 hours from its discovery within which the National Privacy Commission
 * and the people affected are told, the notices sent, and its closure.
 */

/** NPC Circular 16-03: the Commission and the people affected are told within 72 hours of discovery. */
export const BREACH_NOTICE_HOURS = 72;
export const BREACH_PAGE_SIZE = 20;
export const BREACH_MAX_AFFECTED = 5_000;

export const BREACH_MESSAGES = {
  title: 'Breach register',
  description:
    'Suspected breaches of personal data: the National Privacy Commission and the people affected are told within 72 hours of discovery.',
  empty: 'No breaches recorded.',
  loadFailed: 'Failed to load the breach register.',
  record: 'Record a breach',
  recordTitle: 'Record a suspected breach',
  recorded: 'Breach recorded.',
  saved: 'Saved',
  notFound: 'Breach not found',
  whatRequired: 'Say what happened',
  whatLabel: 'What happened',
  occurredLabel: 'When it happened (if known)',
  discoveredLabel: 'When it was discovered',
  discoveredRequired: 'When it was discovered is required',
  dateInvalid: 'Enter a date and time',
  discoveredInFuture: 'The time of discovery cannot be in the future',
  noticeInFuture: 'The time of the notice cannot be in the future',
  occurredAfterDiscovery: 'It cannot have happened after it was discovered',
  dataKindsLabel: 'Whose data, and which kinds',
  dataKindsRequired: 'Say whose data and which kinds were involved',
  peopleCountLabel: 'How many people',
  peopleCountInvalid: 'How many people must be a whole number, 0 or more',
  affectedLabel: 'The affected members (e-mail addresses, one a line)',
  affectedHint: 'They receive the prepared e-mail; how many people may be more than those with an account.',
  affectedTooMany: `At most ${formatCount(BREACH_MAX_AFFECTED)} people`,
  unknownEmail: (email: string) => `No account has the e-mail address ${email}`,
  closedAlready: 'This breach is closed',
  clockLeft: (text: string) => `${text} left to notify`,
  clockOverdue: (text: string) => `Overdue by ${text}`,
  clockDone: 'Notified in time',
  clockLate: 'Notified late',
  npcTitle: 'National Privacy Commission',
  npcNotifiedAt: 'When it was told',
  npcMethod: 'How (e-mail, the NPC’s breach notification system, letter)',
  npcMethodRequired: 'Say how the Commission was told',
  npcReference: 'Reference (if any)',
  npcRecord: 'Record the notice to the NPC',
  npcRecorded: 'Notice to the NPC recorded.',
  npcAlready: 'The notice to the NPC is already recorded',
  peopleTitle: 'The people affected',
  peopleSubject: 'Subject',
  peopleSubjectRequired: 'Subject is required',
  peopleBody: 'Message',
  peopleBodyRequired: 'Message is required',
  peopleSend: 'Send to the affected members',
  peopleSent: (count: number) => `E-mail queued for ${count} ${count === 1 ? 'person' : 'people'}.`,
  peopleNone: 'No affected members are listed',
  peopleAlready: 'Everyone affected has already been told',
  closeTitle: 'Close',
  closeSummary: 'Summary: what was found and done',
  closeSummaryRequired: 'A summary is required to close the breach',
  close: 'Close the breach',
  closed: 'Breach closed.',
  statusOpen: 'Open',
  statusClosed: 'Closed',
} as const;

const isoDateTime = z.iso.datetime({ offset: true });
const dateTime = (label: string, requiredMessage: string) =>
  text(label, { requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine((value) => isoDateTime.safeParse(value).success, BREACH_MESSAGES.dateInvalid);

/** POST /api/privacy/admin/breaches and PUT …/{id}: what is known of the breach, and whom it touches. */
export const breachInputSchema = z.object({
  what: requiredText('What happened', BREACH_MESSAGES.whatRequired, 4000, 'multi'),
  occurred_at: dateTime('When it happened', BREACH_MESSAGES.dateInvalid).nullable().optional(),
  discovered_at: dateTime('When it was discovered', BREACH_MESSAGES.discoveredRequired),
  data_kinds: requiredText('Whose data', BREACH_MESSAGES.dataKindsRequired, 1000, 'multi'),
  people_count: z
    .number(BREACH_MESSAGES.peopleCountInvalid)
    .int(BREACH_MESSAGES.peopleCountInvalid)
    .min(0, BREACH_MESSAGES.peopleCountInvalid)
    .max(100_000_000, BREACH_MESSAGES.peopleCountInvalid)
    .nullable()
    .optional(),
  affected_emails: z
    .array(emailField, 'Affected e-mails must be a list')
    .max(BREACH_MAX_AFFECTED, BREACH_MESSAGES.affectedTooMany)
    .default([]),
});
export type BreachInput = z.infer<typeof breachInputSchema>;

export const breachNpcNoticeSchema = z.object({
  notified_at: dateTime('When it was told', BREACH_MESSAGES.dateInvalid),
  method: requiredText('How', BREACH_MESSAGES.npcMethodRequired, 300),
  reference: text('Reference').trim().max(200, 'Reference must be at most 200 characters').optional(),
});
export type BreachNpcNotice = z.infer<typeof breachNpcNoticeSchema>;

export const breachPeopleNoticeSchema = z.object({
  subject: requiredText('Subject', BREACH_MESSAGES.peopleSubjectRequired, 200),
  body: requiredText('Message', BREACH_MESSAGES.peopleBodyRequired, 10_000, 'multi'),
});
export type BreachPeopleNotice = z.infer<typeof breachPeopleNoticeSchema>;

export const breachCloseSchema = z.object({
  summary: requiredText('Summary', BREACH_MESSAGES.closeSummaryRequired, 4000, 'multi'),
});

export const breachParamsSchema = z.object({ id: z.uuid(BREACH_MESSAGES.notFound) });

export const breachListQuerySchema = z.object({ ...pageQuerySchema(BREACH_PAGE_SIZE) });
export type BreachListQuery = z.infer<typeof breachListQuerySchema>;

const stamp = z.iso.datetime({ offset: true });

export const breachSchema = z.object({
  id: z.uuid(),
  what: z.string(),
  occurred_at: stamp.nullable(),
  discovered_at: stamp,
  /** Discovery plus 72 hours: when the notices are due. */
  notify_by: stamp,
  data_kinds: z.string(),
  people_count: z.number().int().nullable(),
  affected: z.array(
    z.object({ id: z.uuid(), name: z.string(), email: z.string(), notified_at: stamp.nullable() }),
  ),
  npc_notice: z
    .object({
      notified_at: stamp,
      method: z.string(),
      reference: z.string().nullable(),
      recorded_by: z.string(),
    })
    .nullable(),
  people_notices: z.array(
    z.object({ sent_at: stamp, subject: z.string(), recipients: z.number().int(), sent_by: z.string() }),
  ),
  /** The e-mail prepared for the people affected, for the admin to edit before sending. */
  prepared_notice: z.object({ subject: z.string(), body: z.string() }),
  closed_at: stamp.nullable(),
  closure_summary: z.string().nullable(),
  recorded_by: z.string(),
  created_at: stamp,
});
export type Breach = z.infer<typeof breachSchema>;

export const breachResponseSchema = z.object({ data: breachSchema });

export const breachSummarySchema = breachSchema
  .pick({
    id: true,
    what: true,
    discovered_at: true,
    notify_by: true,
    people_count: true,
    closed_at: true,
    created_at: true,
  })
  .extend({
    affected_count: z.number().int(),
    npc_notified_at: stamp.nullable(),
    people_notified_at: stamp.nullable(),
  });
export type BreachSummary = z.infer<typeof breachSummarySchema>;

export const breachListResponseSchema = z.object({
  data: z.object({ breaches: z.array(breachSummarySchema), pagination: paginationSchema }),
});

export const breachPeopleNoticeResponseSchema = z.object({
  data: z.object({ breach: breachSchema, queued: z.number().int() }),
});

/** The e-mail prepared for the people affected (RA 10173 and NPC Circular 16-03 say what it must tell). */
export function preparedBreachNotice(breach: { what: string; data_kinds: string; discovered_at: string }) {
  const discovered = formatDate(breach.discovered_at);
  return {
    subject: 'A personal data breach that concerns you',
    body: [
      `On ${discovered} we found that personal data we keep about you may have been exposed.`,
      '',
      `What happened: ${breach.what}`,
      '',
      `The data involved: ${breach.data_kinds}`,
      '',
      'What we have done: [say what was done to contain the breach and to prevent another].',
      '',
      'What you can do: [say what the person can do to protect themselves, e.g. change their password].',
      '',
      `For questions, write to our Data Protection Officer at ${siteConfig.dataProtectionOfficer.email}. You may also complain to the National Privacy Commission (privacy.gov.ph).`,
    ].join('\n'),
  };
}
