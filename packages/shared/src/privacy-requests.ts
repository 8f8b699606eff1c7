// A member's requests about their own data (docs/product-rules.md "Privacy", docs/decisions/068):
// "Delete my account" (erasure) and "Correct my data" (correction), answered by the secretariat.

/** The kinds of request: erasing the account, or correcting what the member cannot edit themselves. */
export const PRIVACY_REQUEST_KINDS = ['erasure', 'correction'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/**
 * An erasure is open, approved or rejected; a correction is open, resolved (the secretariat made the
 * change) or rejected.
 */
export const PRIVACY_REQUEST_STATUSES = ['open', 'approved', 'resolved', 'rejected'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** The Data Privacy Act's answer time for a request about one's data: 30 days from the request. */
export const PRIVACY_REQUEST_ANSWER_DAYS = 30;

/** The longest reason, details or answer a request takes. */
export const PRIVACY_REQUEST_TEXT_MAX_CHARS = 2000;

/**
 * What a member cannot change on the profile themselves (the profile edits names, username,
 * contact and billing details; the e-mail has its own confirmed change), so asks the secretariat to.
 */
export const CORRECTION_FIELDS = [
  'account_type',
  'membership_category',
  'certificate',
  'statement_or_receipt',
  'attendance',
  'other',
] as const;
export type CorrectionField = (typeof CORRECTION_FIELDS)[number];

export const CORRECTION_FIELD_LABELS: Record<CorrectionField, string> = {
  account_type: 'Account type (individual or company)',
  membership_category: 'Membership category',
  certificate: 'Name or PRC licence number on an issued CPD certificate',
  statement_or_receipt: 'Billed name or details on an issued statement or receipt',
  attendance: 'Event attendance or check-ins',
  other: 'Something else',
};

export const PRIVACY_REQUEST_KIND_LABELS: Record<PrivacyRequestKind, string> = {
  erasure: 'Delete my account',
  correction: 'Correct my data',
};

export const PRIVACY_REQUEST_STATUS_LABELS: Record<PrivacyRequestStatus, string> = {
  open: 'Open',
  approved: 'Approved',
  resolved: 'Resolved',
  rejected: 'Rejected',
};

/** The number an erased person goes by: the year of erasure and four digits of that year's sequence. */
export function formatFormerMemberNumber(year: number, sequence: number): string {
  return `${year}-${String(sequence).padStart(4, '0')}`;
}

export const FORMER_MEMBER_PREFIX = 'Former member';

/** What every screen, PDF and CSV prints for an erased account: 'Former member 2026-0042'. */
export const formerMemberName = (number: string) => `${FORMER_MEMBER_PREFIX} ${number}`;

/**
 * The name columns of an erased account: the shared display-name rule (`displayName`,
 * account-names.ts) and its SQL twin then answer `formerMemberName(number)` for either type, a
 * company (its registered name) or an individual (first and last name), with no rule of its own.
 */
export function erasedAccountNames(number: string) {
  return {
    firstName: FORMER_MEMBER_PREFIX,
    middleName: null,
    lastName: number,
    suffix: null,
    registeredName: formerMemberName(number),
    tradeName: null,
  };
}

/** The username and the non-deliverable e-mail of an erased account (unique, as the indexes ask). */
export const erasedUsername = (number: string) => `former-member-${number}`;
/**
 * `.invalid` is reserved (RFC 2606): no mail can ever be delivered there. `tag` tells apart rows
 * that must stay distinct by address (a statement's reminders, one per recipient's role).
 */
export const erasedEmail = (number: string, tag?: string) =>
  `former-member-${number}${tag ? `+${tag}` : ''}@erased.invalid`;

/** What erasure keeps, and why: listed in the answer to the member (only the kinds they have). */
export const ERASURE_KEPT_ITEM_KINDS = [
  'statements',
  'payments',
  'payment_proofs',
  'certificates',
  'attendance',
  'consents',
  'audit_log',
] as const;
export type ErasureKeptItemKind = (typeof ERASURE_KEPT_ITEM_KINDS)[number];

export const ERASURE_KEPT_ITEMS: Record<ErasureKeptItemKind, { label: string; why: string }> = {
  statements: {
    label: 'Statements of account',
    why: 'kept 10 years as the BIR requires of books of account, with your name replaced by the placeholder',
  },
  payments: {
    label: 'Payments and official receipts',
    why: 'kept 10 years as the BIR requires, with the same numbers and your name replaced by the placeholder',
  },
  payment_proofs: {
    label: 'Payment proofs you uploaded',
    why: 'kept 5 years after the payment, as the evidence of the payment, then removed',
  },
  certificates: {
    label: 'CPD certificates issued to you',
    why: 'kept as issued, with the name and PRC licence number printed on them, as the record the PRC may audit',
  },
  attendance: {
    label: 'Event registrations and check-ins',
    why: 'kept without your PRC details, as the basis of the certificates and the association’s event records',
  },
  consents: {
    label: 'Your consent records',
    why: 'kept 3 years after the account closes, as proof of what you consented to and when',
  },
  audit_log: {
    label: 'The audit log of staff actions on your account',
    why: 'kept 10 years, with your name and e-mail removed',
  },
};

/** What the erasure erases, in plain words (the profile's dialog and the decision record say the same). */
export const ERASURE_ERASED_SUMMARY =
  'Your name, username, e-mail address, phone and fax numbers, addresses, TIN, PRC licence details, photo or logo, your representatives, your sessions, passkeys and sign-in codes, and your password. You will not be able to sign in again.';

export const PRIVACY_REQUEST_MESSAGES = {
  reasonLabel: 'Reason',
  reasonRequired: 'Please tell us why you want your account deleted',
  detailsLabel: 'What should be corrected',
  detailsRequired: 'Please describe what should be corrected',
  fieldLabel: 'What is wrong',
  fieldRequired: 'Please choose what is wrong',
  fieldInvalid: `What is wrong must be one of ${CORRECTION_FIELDS.join(', ')}`,
  answerLabel: 'Answer',
  rejectReasonLabel: 'Reason',
  rejectReasonRequired: 'Please give the reason for the refusal',
  staffRefused:
    'A staff account cannot be erased while it holds a role. Ask an administrator to remove your roles first.',
  staffRefusedForApproval:
    'This account holds a staff role and cannot be erased until an administrator removes its roles.',
  alreadyOpen: 'You have already asked for your account to be deleted. The secretariat will answer it.',
  notFound: 'Privacy request not found',
  alreadyAnswered: 'This request has already been answered',
  closedByErasure: 'Closed: the account was erased at the member’s request.',
  kindInvalid: `Kind must be one of ${PRIVACY_REQUEST_KINDS.join(', ')}`,
  statusFilterInvalid: 'Status must be open or all',
  // The profile.
  closeTitle: 'Delete my account',
  closeIntro:
    'You can ask the secretariat to erase your account. They answer within 30 days, and tell you by e-mail.',
  erasedHeading: 'What is erased',
  keptHeading: 'What is kept, and why',
  askErasure: 'Ask to delete my account',
  requestedErasure: (requestedOn: string, dueOn: string) =>
    `Requested on ${requestedOn}; the secretariat answers by ${dueOn}.`,
  rejectedErasure: (answeredOn: string, reason: string) =>
    `Your request was refused on ${answeredOn}: ${reason}`,
  correctTitle: 'Correct my data',
  correctIntro:
    'For what you cannot change on this page yourself, ask the secretariat. They answer within 30 days.',
  askCorrection: 'Send the request',
  requestedCorrection: (requestedOn: string, dueOn: string) =>
    `Correction requested on ${requestedOn}; the secretariat answers by ${dueOn}.`,
  sent: 'Your request has been sent. We have e-mailed you a copy.',
  // The admin list.
  listTitle: 'Privacy requests',
  overdue: 'Overdue',
  approveErasure: 'Approve and erase',
  resolveCorrection: 'Mark as resolved',
  reject: 'Refuse',
  approveErasureConfirm:
    'The account’s personal data is erased at once and cannot be restored. Statements, receipts and certificates are kept with the placeholder name.',
  answered: 'The request has been answered and the member told by e-mail.',
} as const;
