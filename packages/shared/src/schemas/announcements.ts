import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { siteConfig } from '../site-config';
import { paginationSchema, text } from './common';
import { pageQuerySchema } from './query';

/**
 * Announcements: a published news article or event e-mailed to members, and each account's choice
 * to receive them (docs/product-rules.md "Announcements", docs/decisions/052).
 */

export const ANNOUNCEMENT_ITEM_TYPES = ['news', 'event'] as const;
export type AnnouncementItemType = (typeof ANNOUNCEMENT_ITEM_TYPES)[number];

/**
 * Who an announcement goes to, narrowest first. Every audience is of confirmed, enabled accounts
 * that have not turned announcements off.
 */
export const ANNOUNCEMENT_AUDIENCES = ['good_standing', 'members', 'accounts'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  good_standing: 'Members in good standing',
  members: 'All members',
  accounts: 'All accounts',
};

/** What each audience means, under its choice in the form. */
export const ANNOUNCEMENT_AUDIENCE_HINTS: Record<AnnouncementAudience, string> = {
  good_standing: 'Approved memberships paid through today',
  members: 'Every approved membership, paid up or not',
  accounts: 'Every confirmed, enabled account, members or not',
};

/** The longest unsubscribe token accepted: an account id, a dot and an HMAC (about 80 characters). */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 200;

export const ANNOUNCEMENT_MESSAGES = {
  checkbox: 'E-mail to members',
  checkboxHint: 'One e-mail each, sent one a second, with a link to unsubscribe.',
  checkboxNeedsPublished: 'Set the status to Published to e-mail it.',
  audienceLegend: 'Send to',
  audienceInvalid: 'Choose who receives the announcement',
  itemTypeInvalid: 'Item type must be news or event',
  itemIdInvalid: 'Invalid item id',
  keyInvalid: 'Invalid idempotency key',
  itemNotFound: 'The article or event was not found',
  notPublished: 'Only a published article or event can be announced',
  alreadyAnnounced: 'This has already been announced',
  keyReused: 'This announcement was already sent for another article or event',
  noRecipients: 'No one in this audience receives announcements',
  sendAction: 'Send announcement',
  sendTitle: 'Send announcement',
  sendDescription: (title: string) =>
    `E-mail “${title}” to members, one a second, each with a link to unsubscribe.`,
  sending: 'Sending announcement…',
  send: 'Send',
  sent: (count: number) => `Announcement queued for ${count} ${count === 1 ? 'person' : 'people'}.`,
  sendFailed: 'Failed to send the announcement.',
  announcedOn: (date: string, audience: string, count: number) =>
    `Announced ${date} to ${audience.toLowerCase()} (${count} ${count === 1 ? 'person' : 'people'}).`,
  logTitle: 'Announcements',
  logEmpty: 'No announcements sent yet.',
  logFailed: 'Failed to load the announcements.',
  logDescription:
    'News and events e-mailed to members. Send one from the News or Events list, or tick “E-mail to members” when publishing.',
  preferenceHint:
    'Confirmations, statements, reminders and messages about events you registered for are always sent.',
  unsubscribeTitle: 'Announcement e-mails',
  unsubscribeQuestion: `Stop receiving announcement e-mails from the ${siteConfig.acronym}?`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You will no longer receive announcement e-mails. You can turn them back on in your profile.',
  unsubscribeInvalid: 'This unsubscribe link is invalid.',
  unsubscribeFailed: 'Failed to unsubscribe. Please try again.',
} as const;

/** POST /api/announcements: one item, one audience; the form's key makes a repeat send nothing. */
export const announcementCreateSchema = z.object({
  item_type: z.enum(ANNOUNCEMENT_ITEM_TYPES, ANNOUNCEMENT_MESSAGES.itemTypeInvalid),
  item_id: z.uuid(ANNOUNCEMENT_MESSAGES.itemIdInvalid),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_MESSAGES.audienceInvalid),
  idempotency_key: z.uuid(ANNOUNCEMENT_MESSAGES.keyInvalid),
});
export type AnnouncementCreate = z.infer<typeof announcementCreateSchema>;

/** One row of the announcement log: who sent what to whom, how many, when. */
export const announcementSchema = z.object({
  id: z.uuid(),
  item_type: z.enum(ANNOUNCEMENT_ITEM_TYPES),
  item_id: z.uuid(),
  /** The title when it was sent: the log outlives the item. */
  item_title: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  recipient_count: z.number().int(),
  /** The admin's name when they sent it (docs/product-rules.md "Names"). */
  sent_by: z.string(),
  created_at: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementResponseSchema = z.object({ data: announcementSchema });

/** GET /api/announcements: the log, newest first; narrowed to one item on its admin form. */
export const announcementListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.adminAnnouncements),
  item_type: z.enum(ANNOUNCEMENT_ITEM_TYPES, ANNOUNCEMENT_MESSAGES.itemTypeInvalid).optional(),
  item_id: z.uuid(ANNOUNCEMENT_MESSAGES.itemIdInvalid).optional(),
});
export type AnnouncementListQuery = z.infer<typeof announcementListQuerySchema>;

export const announcementListResponseSchema = z.object({
  data: z.object({ announcements: z.array(announcementSchema), pagination: paginationSchema }),
});
export type AnnouncementListResponse = z.infer<typeof announcementListResponseSchema>;

/** POST /api/announcements/unsubscribe?token=…: the signed token of the e-mail's link. */
export const unsubscribeQuerySchema = z.object({
  // One message for every way a token can be wrong: a person followed a link, and it is broken.
  token: text('Token', { requiredMessage: ANNOUNCEMENT_MESSAGES.unsubscribeInvalid })
    .min(1, ANNOUNCEMENT_MESSAGES.unsubscribeInvalid)
    .max(UNSUBSCRIBE_TOKEN_MAX_LENGTH, ANNOUNCEMENT_MESSAGES.unsubscribeInvalid),
});
