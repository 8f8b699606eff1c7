import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytewiseText, createdAt } from './columns';
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
