import { ApiError } from '@/lib/api-client';

/** The type filter's and the dialog's names (docs/product-rules.md "Identity and roles"). */
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
 * Why the server refused an admin action, when it was one of its rules the admin can act on
 * (decision 024): shown as a line of its own under the spec's exact failure message (spec 000
 * §8), never instead of it. Anything else (a network failure, a 500) has no reason to show.
 */
export function refusalReason(error: unknown): string | undefined {
  if (error instanceof ApiError && error.code && RULE_CODES.has(error.code)) return error.error;
  return undefined;
}
