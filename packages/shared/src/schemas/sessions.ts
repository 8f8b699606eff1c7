import { z } from 'zod';

/**
 * The signed-in user's own sessions ("Where you're signed in" on /profile,
 * docs/product-rules.md "Accounts"). The device is read from `userAgent` by the page.
 */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string().describe('Sign-in time (ISO 8601)'),
  lastUsedAt: z.string().describe('Last refresh of the session (ISO 8601)'),
  current: z.boolean().describe('The session this request was made with'),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsResponseSchema = z.object({ data: z.array(accountSessionSchema) });
export type AccountSessionsResponse = z.infer<typeof accountSessionsResponseSchema>;

/** The texts of the sessions list and its answers. */
export const SESSION_MESSAGES = {
  notFound: 'Session not found',
  signedOut: 'That session has been signed out',
  othersSignedOut: (count: number) =>
    count === 1 ? 'Signed out of 1 other session' : `Signed out of ${count} other sessions`,
} as const;
