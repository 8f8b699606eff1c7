import { createHmac, timingSafeEqual } from 'node:crypto';
import { keyFor } from '../../lib/tokens';

/**
 * The key unsubscribe links are signed with, derived from the server's signing secret
 * (lib/tokens.ts `keyFor`), so no other signed value of the server passes as one.
 */
export const unsubscribeKeyOf = (secret: string) => keyFor(secret, 'announcement unsubscribe');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (key: string, userId: string) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}`).digest('base64url');

/**
 * An account's unsubscribe token: its id and an HMAC of it. Nothing is stored and it does not
 * expire, so a link in a year-old announcement still works (docs/decisions/052); it can do one
 * thing only, turn that account's announcements off.
 */
export const unsubscribeTokenFor = (key: string, userId: string) => `${userId}.${signatureOf(key, userId)}`;

/** The account a token was signed for; null for anything forged, altered or malformed. */
export function accountOfUnsubscribeToken(key: string, token: string): string | null {
  const [userId, signature, ...rest] = token.split('.');
  if (!userId || !signature || rest.length > 0 || !UUID.test(userId)) return null;
  const expected = Buffer.from(signatureOf(key, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
