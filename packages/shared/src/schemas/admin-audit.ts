import { z } from 'zod';
import { paginationSchema } from './common';
import { pageQuerySchema } from './query';

/**
 * The admin actions the audit log records (decision 024): who
 * changed which user or membership, from what to what, when. Each is written in the transaction
 * of the change itself, so a change that is refused or rolled back leaves no row.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'user_created',
  'user_updated',
  'user_enabled',
  'user_disabled',
  'user_deleted',
  'membership_updated',
  'membership_deleted',
  'dues_statement_drafted',
  'dues_statement_issued',
  'dues_statement_voided',
  'dues_payment_recorded',
  'dues_payment_rejected',
  'dues_settings_updated',
  'membership_card_revoked',
  'dues_reminders_paused',
  'dues_reminders_resumed',
  'dues_reminder_resent',
  'event_attendees_messaged',
  'cpd_certificate_revoked',
  'cpd_external_units_approved',
  'cpd_external_units_rejected',
  'announcement_sent',
  'event_staff_added',
  'event_staff_removed',
  'event_checked_in',
  'event_waitlist_offered',
  'event_waitlist_removed',
  'roles_changed',
  'two_factor_enrolled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'second_step_locked',
  'passkey_added',
  'passkey_removed',
  'privacy_breach_recorded',
  'privacy_breach_updated',
  'privacy_breach_npc_notified',
  'privacy_breach_people_notified',
  'privacy_breach_closed',
  'account_erased',
  'privacy_request_answered',
  'meeting_created',
  'meeting_updated',
  'meeting_notice_sent',
  'meeting_roll_frozen',
  'meeting_roll_correction_resolved',
  'meeting_nomination_validated',
  'meeting_proxy_validated',
  'meeting_chair_named',
  'meeting_voting_opened',
  'meeting_voting_closed',
  'meeting_venue_ballot_handed',
  'meeting_results_certified',
  'meeting_election_applied',
  'meeting_officers_recorded',
  'meeting_document_uploaded',
  'meeting_document_removed',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

/** What the history on a user's detail says each action was. */
export const ADMIN_AUDIT_ACTION_LABELS: Record<AdminAuditAction, string> = {
  user_created: 'Created the account',
  user_updated: 'Edited the account',
  user_enabled: 'Enabled the account',
  user_disabled: 'Disabled the account',
  user_deleted: 'Deleted the account',
  membership_updated: 'Changed a membership',
  membership_deleted: 'Deleted a membership',
  dues_statement_drafted: 'Prepared a draft statement of account',
  dues_statement_issued: 'Issued a statement of account',
  dues_statement_voided: 'Voided a statement of account',
  dues_payment_recorded: 'Recorded a payment',
  dues_payment_rejected: 'Rejected a proof of payment',
  dues_settings_updated: 'Changed the dues settings',
  membership_card_revoked: 'Revoked a membership card',
  dues_reminders_paused: 'Paused dues reminders',
  dues_reminders_resumed: 'Resumed dues reminders',
  dues_reminder_resent: 'Resent a dues reminder',
  event_attendees_messaged: 'Wrote to an event’s attendees',
  cpd_certificate_revoked: 'Revoked a CPD certificate',
  cpd_external_units_approved: 'Approved external CPD units',
  cpd_external_units_rejected: 'Rejected external CPD units',
  announcement_sent: 'Sent an announcement',
  event_staff_added: 'Made check-in staff of an event',
  event_staff_removed: 'Removed from an event’s check-in staff',
  event_checked_in: 'Checked in at an event',
  event_waitlist_offered: 'Offered a seat from an event’s waitlist',
  event_waitlist_removed: 'Took off an event’s waitlist',
  roles_changed: 'Changed the staff roles',
  two_factor_enrolled: 'Turned on two-step sign-in',
  two_factor_disabled: 'Turned off two-step sign-in',
  recovery_codes_regenerated: 'Made new recovery codes',
  second_step_locked: 'Two-step sign-in locked after wrong codes',
  passkey_added: 'Added a passkey',
  passkey_removed: 'Removed a passkey',
  privacy_breach_recorded: 'Recorded a suspected breach',
  privacy_breach_updated: 'Edited a breach',
  privacy_breach_npc_notified: 'Recorded the notice of a breach to the NPC',
  privacy_breach_people_notified: 'E-mailed the people affected by a breach',
  privacy_breach_closed: 'Closed a breach',
  account_erased: 'Erased the account on the member’s request',
  privacy_request_answered: 'Answered a privacy request',
  meeting_created: 'Created a meeting',
  meeting_updated: 'Edited a meeting',
  meeting_notice_sent: 'Sent the notice of a meeting',
  meeting_roll_frozen: 'Froze the roll of a meeting',
  meeting_roll_correction_resolved: 'Resolved a correction of the roll',
  meeting_nomination_validated: 'Validated a nomination',
  meeting_proxy_validated: 'Validated a proxy',
  meeting_chair_named: 'Named the chair of a meeting',
  meeting_voting_opened: 'Opened voting',
  meeting_voting_closed: 'Closed voting',
  meeting_venue_ballot_handed: 'Handed the venue tablet to a voter',
  meeting_results_certified: 'Certified the results of an election',
  meeting_election_applied: 'Applied an election to the board of trustees',
  meeting_officers_recorded: 'Recorded the officers elected by the trustees',
  meeting_document_uploaded: 'Published minutes or a resolution of a meeting',
  meeting_document_removed: 'Removed minutes or a resolution of a meeting',
};

/** A recorded value: the fields the actions change are text, dates as ISO text, or none. */
export const auditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AuditValue = z.infer<typeof auditValueSchema>;

/** Each changed field, from its value before to its value after (null: none, or not yet / no longer). */
export const auditChangesSchema = z.record(
  z.string(),
  z.object({ from: auditValueSchema, to: auditValueSchema }),
);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

/** The history's page size on the user's detail. */
export const ADMIN_AUDIT_PAGE_SIZE = 10;

/** GET /api/users/admin/audit/{userId}: page and limit, as every admin list. */
export const adminAuditQuerySchema = z.object(pageQuerySchema(ADMIN_AUDIT_PAGE_SIZE));
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** A person as the row recorded them at the time: the id is null once an actor's account is deleted. */
const auditPersonSchema = z.object({
  id: z.uuid().nullable(),
  username: z.string(),
  /** The name they went by then (`displayName`, docs/product-rules.md "Names"). */
  display_name: z.string(),
  email: z.string(),
});

export const adminAuditEntrySchema = z.object({
  id: z.uuid(),
  action: z.enum(ADMIN_AUDIT_ACTIONS),
  actor: auditPersonSchema.describe('The admin who acted, as they were named then'),
  user: auditPersonSchema
    .extend({ id: z.uuid() })
    .describe('The user affected, as they were named then; the id is kept after a delete'),
  membershipId: z.uuid().nullable(),
  changes: auditChangesSchema,
  created_at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditListResponseSchema = z.object({
  data: paginationSchema.extend({ entries: z.array(adminAuditEntrySchema) }),
});
export type AdminAuditListResponse = z.infer<typeof adminAuditListResponseSchema>;
