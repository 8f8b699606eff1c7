import { ApiError } from '@/lib/api-client';

/** The type filter's and the dialog's names (DECISIONS.md "Identity and roles"). */
export const USER_TYPE_LABELS = {
  user: 'User',
  individual: 'Individual',
  company: 'Company',
  admin: 'Admin',
} as const;

export const USER_STATUS_LABELS = { active: 'Active', inactive: 'Inactive', pending: 'Pending' } as const;

export const MEMBERSHIP_STATUS_LABELS = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;

/** Refusals of the server's rules (yourself, the last admin, a taken username): their own words. */
const RULE_CODES = new Set(['self_protection', 'last_admin', 'username_taken']);

/**
 * The failure text of an admin action: the spec's message (spec 000 §8), or, when the server
 * refused it by a rule the admin can act on, that rule's message after it.
 */
export function failureText(error: unknown, specMessage: string): string {
  if (error instanceof ApiError && error.code && RULE_CODES.has(error.code)) {
    return `${specMessage} ${error.error}.`;
  }
  return specMessage;
}
