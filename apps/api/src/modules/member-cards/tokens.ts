import { createHash, createHmac } from 'node:crypto';
import { CARD_TOKEN_MAX_LENGTH } from '@portal/shared';
import { keyFor } from '../../lib/tokens';

/**
 * The key card tokens are derived with, from the server's signing secret (lib/tokens.ts): a card's
 * token is an HMAC of its row's random id, so the server can draw the same QR code again while the
 * database keeps only the token's hash, and a copy of the database alone finds no card
 * (docs/decisions/043).
 */
export const cardKeyOf = (secret: string) => keyFor(secret, 'membership card');

/** A card's token: 43 URL-safe characters (256 bits). */
export const cardTokenOf = (key: string, cardId: string) =>
  createHmac('sha256', key).update(cardId).digest('base64url');

/**
 * What a token is looked up by. A token over the length cap is hashed and looked up as the empty
 * one, which no card has: every address costs the same hash and the same indexed lookup, so the
 * answer's timing does not tell a malformed token from a well-formed unknown one.
 */
export const cardTokenHashOf = (token: string) =>
  createHash('sha256')
    .update(token.length > CARD_TOKEN_MAX_LENGTH ? '' : token)
    .digest('hex');
