import { z } from 'zod';
import { keyFor, readSignedValue, signValue } from '../../lib/tokens';

/**
 * The key unsubscribe links are signed with, derived from the server's signing secret
 * (lib/tokens.ts `keyFor`), so no other signed value of the server passes as one.
 */
export const unsubscribeKeyOf = (secret: string) => keyFor(secret, 'announcement unsubscribe');

/**
 * An account's unsubscribe token: its id, signed. Nothing is stored and it does not expire, so a
 * link in a year-old announcement still works (docs/decisions/052); it can do one thing only, turn
 * that account's announcements off.
 */
export const unsubscribeTokenFor = (key: string, userId: string) => signValue(key, userId);

/** The account a token was signed for; null for anything forged, altered or malformed. */
export function accountOfUnsubscribeToken(key: string, token: string): string | null {
  const userId = readSignedValue(key, token);
  return userId !== null && z.uuid().safeParse(userId).success ? userId : null;
}
