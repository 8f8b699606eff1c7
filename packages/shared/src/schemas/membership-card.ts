import { z } from 'zod';
import { MEMBERSHIP_CATEGORIES } from '../enums';
import { text } from './common';

/** The card a member in good standing shows (docs/product-rules.md "Membership card"). */
export const membershipCardSchema = z.object({
  memberNumber: z.string(),
  /** The member's name; a company's registered name. */
  name: z.string(),
  /** A company's representatives, as printed under its name; empty for a person. */
  representatives: z.array(z.string()),
  category: z.enum(MEMBERSHIP_CATEGORIES),
  /** The last day paid for (YYYY-MM-DD). */
  validThrough: z.string(),
  /** The absolute address of the card's verification page, which its QR code encodes. */
  verifyUrl: z.string(),
  associationName: z.string(),
});
export type MembershipCard = z.infer<typeof membershipCardSchema>;
export const membershipCardResponseSchema = z.object({ data: membershipCardSchema });

/** GET /api/verify/{token}: the token as the address carries it, capped by the route (decision 043). */
export const cardTokenParamsSchema = z.object({ token: text('Token') });

/** What a verification page shows: the live standing and only name, category and member number. */
export const cardVerificationSchema = z.discriminatedUnion('standing', [
  z.object({
    standing: z.enum(['active', 'overdue', 'lapsed']),
    name: z.string(),
    category: z.enum(MEMBERSHIP_CATEGORIES),
    memberNumber: z.string(),
    /** The last day paid for (YYYY-MM-DD); null when never paid. */
    validThrough: z.string().nullable(),
  }),
  z.object({ standing: z.literal('not_found') }),
]);
export type CardVerification = z.infer<typeof cardVerificationSchema>;
export const cardVerificationResponseSchema = z.object({ data: cardVerificationSchema });
export type CardVerificationResponse = z.infer<typeof cardVerificationResponseSchema>;
