import { WEBAUTHN_CHALLENGE_PURPOSES } from '@portal/shared';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytewiseText, checkIn, createdAt } from './columns';
import { users } from './users';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An account's authenticator-app secret (decision 061), one row per account that started
 * enrolment. `secret` is the confirmed one (two-step sign-in is on exactly when it is set);
 * `pending_secret` the one being set up, which replaces it once its first code is confirmed.
 * Both are base32 as the app shows them: kept plain for now (the decision record says why).
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret'),
  confirmedAt: timestampTz('confirmed_at'),
  pendingSecret: text('pending_secret'),
  /**
   * The last 30-second step whose code was accepted: a code of that step or an earlier one is
   * refused, so a code seen over a shoulder cannot be used again.
   */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes in a row at the second step (sign-in and step-up); five lock it. */
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestampTz('locked_until'),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes per account, SHA-256 hashed; a used one keeps its row, marked. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: bytewiseText('code_hash').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

export type UserTotp = typeof userTotp.$inferSelect;

/**
 * An account's passkeys (decision 061, "Passkeys"): WebAuthn credentials registered through
 * @simplewebauthn/server, each a second factor of its own. `credential_id` is the authenticator's
 * id (base64url), `public_key` the COSE key it gave at registration (base64url), `counter` the
 * signature counter last seen (the library refuses one that does not go up), `transports` what
 * the browser said it can reach the authenticator by.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: bytewiseText('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_idx').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);

/**
 * A WebAuthn challenge handed out with ceremony options, single-use: the verification deletes
 * the row it checks against (so a replayed answer finds none) and a row past `expires_at` (five
 * minutes) no longer counts. `purpose` keeps a registration's challenge out of a sign-in.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    challenge: bytewiseText('challenge').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('webauthn_challenges_purpose_check', t.purpose, WEBAUTHN_CHALLENGE_PURPOSES),
    index('webauthn_challenges_user_idx').on(t.userId, t.purpose, t.challenge),
  ],
);

export type Passkey = typeof passkeys.$inferSelect;
