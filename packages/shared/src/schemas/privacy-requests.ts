import { z } from 'zod';
import {
  CORRECTION_FIELDS,
  ERASURE_KEPT_ITEM_KINDS,
  PRIVACY_REQUEST_KINDS,
  PRIVACY_REQUEST_MESSAGES,
  PRIVACY_REQUEST_STATUSES,
  PRIVACY_REQUEST_TEXT_MAX_CHARS,
} from '../privacy-requests';
import { paginationSchema, requiredText } from './common';
import { pageQuerySchema, queryChoice } from './query';

/** The admin list of privacy requests: a page of 20. */
export const PRIVACY_REQUESTS_PAGE_SIZE = 20;

const longText = (label: string, requiredMessage: string) =>
  requiredText(label, requiredMessage, PRIVACY_REQUEST_TEXT_MAX_CHARS, 'multi');

/** POST /api/me/erasure-requests. */
export const erasureRequestBodySchema = z.strictObject({
  reason: longText(PRIVACY_REQUEST_MESSAGES.reasonLabel, PRIVACY_REQUEST_MESSAGES.reasonRequired),
});
export type ErasureRequestBody = z.infer<typeof erasureRequestBodySchema>;

/** POST /api/me/correction-requests. */
export const correctionRequestBodySchema = z.strictObject({
  field: z.enum(CORRECTION_FIELDS, {
    error: (issue) =>
      issue.input == null || issue.input === ''
        ? PRIVACY_REQUEST_MESSAGES.fieldRequired
        : PRIVACY_REQUEST_MESSAGES.fieldInvalid,
  }),
  details: longText(PRIVACY_REQUEST_MESSAGES.detailsLabel, PRIVACY_REQUEST_MESSAGES.detailsRequired),
});
export type CorrectionRequestBody = z.infer<typeof correctionRequestBodySchema>;

/** POST /api/privacy/admin/requests/{id}/reject: the reason is e-mailed to the member. */
export const privacyRequestRejectSchema = z.strictObject({
  reason: longText(PRIVACY_REQUEST_MESSAGES.rejectReasonLabel, PRIVACY_REQUEST_MESSAGES.rejectReasonRequired),
});
export type PrivacyRequestReject = z.infer<typeof privacyRequestRejectSchema>;

/** POST /api/privacy/admin/requests/{id}/approve: an optional answer (a correction's "what we changed"). */
export const privacyRequestApproveSchema = z
  .strictObject({
    answer: requiredText(
      PRIVACY_REQUEST_MESSAGES.answerLabel,
      PRIVACY_REQUEST_MESSAGES.answerLabel,
      PRIVACY_REQUEST_TEXT_MAX_CHARS,
      'multi',
    ).optional(),
  })
  .optional()
  .default({});
export type PrivacyRequestApprove = z.infer<typeof privacyRequestApproveSchema>;

export const erasureKeptItemSchema = z.object({
  kind: z.enum(ERASURE_KEPT_ITEM_KINDS),
  label: z.string(),
  why: z.string(),
  count: z.number().int().nullable(),
});
export type ErasureKeptItem = z.infer<typeof erasureKeptItemSchema>;

/** A request as its owner sees it on the profile. */
export const myPrivacyRequestSchema = z.object({
  id: z.uuid(),
  kind: z.enum(PRIVACY_REQUEST_KINDS),
  status: z.enum(PRIVACY_REQUEST_STATUSES),
  field: z.enum(CORRECTION_FIELDS).nullable(),
  details: z.string(),
  requestedAt: z.string(),
  /** The day (YYYY-MM-DD, Manila) by which the secretariat answers. */
  dueOn: z.string(),
  resolvedAt: z.string().nullable(),
  answer: z.string().nullable(),
});
export type MyPrivacyRequest = z.infer<typeof myPrivacyRequestSchema>;
export const myPrivacyRequestResponseSchema = z.object({ data: myPrivacyRequestSchema });
export const myPrivacyRequestsResponseSchema = z.object({ data: z.array(myPrivacyRequestSchema) });

/** A request in the admin list: the person by the name people read, the deadline, overdue or not. */
export const adminPrivacyRequestSchema = myPrivacyRequestSchema.extend({
  user: z.object({ id: z.uuid().nullable(), displayName: z.string() }),
  overdue: z.boolean(),
  resolvedBy: z.string().nullable(),
  /** The placeholder number of an erased account ('2026-0042'), once approved. */
  formerMemberNumber: z.string().nullable(),
  keptItems: z.array(erasureKeptItemSchema),
});
export type AdminPrivacyRequest = z.infer<typeof adminPrivacyRequestSchema>;
export const adminPrivacyRequestResponseSchema = z.object({ data: adminPrivacyRequestSchema });

/** GET /api/privacy/admin/requests: open ones by default, oldest deadline first. */
export const privacyRequestListQuerySchema = z.object({
  ...pageQuerySchema(PRIVACY_REQUESTS_PAGE_SIZE),
  status: z.enum(['open', 'all'], PRIVACY_REQUEST_MESSAGES.statusFilterInvalid).default('open'),
  kind: queryChoice(PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_MESSAGES.kindInvalid),
});
export type PrivacyRequestListQuery = z.infer<typeof privacyRequestListQuerySchema>;
export type PrivacyRequestListFilters = z.input<typeof privacyRequestListQuerySchema>;

export const privacyRequestListResponseSchema = z.object({
  data: z.array(adminPrivacyRequestSchema),
  pagination: paginationSchema,
});
export type PrivacyRequestListResponse = z.infer<typeof privacyRequestListResponseSchema>;
