import { EMAIL_TOKEN_PURPOSES, type EmailTokenPurpose } from '@portal/shared';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytewiseText, checkIn, createdAt } from './columns';
import { users } from './users';

const timestampTz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One row per sign-in. Its refresh tokens form a chain: each refresh marks the presented token
 * used and issues its replacement; presenting a used token again means it was stolen, and the
 * whole session (the family) is revoked.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull().defaultRandom(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: createdAt(),
    lastUsedAt: timestampTz('last_used_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    revokedAt: timestampTz('revoked_at'),
    /**
     * When this session last passed the second factor (sign-in's second step, enrolment, step-up):
     * sensitive staff actions ask again when it is older than SECOND_FACTOR_FRESH_MS (decision 061).
     */
    secondFactorAt: timestampTz('second_factor_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_family_id_idx').on(t.familyId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever in the client's cookie. */
    tokenHash: bytewiseText('token_hash').notNull().unique('refresh_tokens_token_hash_unique'),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    /**
     * The token that replaced this one. No foreign key (migration 0002): it is set when this token
     * is claimed, in the transaction that inserts its replacement (sessions.ts), and a session's
     * tokens are only ever deleted together, with the session.
     */
    replacedById: uuid('replaced_by_id'),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Single-use links sent by e-mail: confirmation, password reset, invitation, e-mail change. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<EmailTokenPurpose>().notNull(),
    tokenHash: bytewiseText('token_hash').notNull().unique('email_tokens_token_hash_unique'),
    /**
     * The address that replaces the user's once the link is used: change_email, the new one;
     * undo_email_change, the old one the change replaced.
     */
    newEmail: text('new_email'),
    expiresAt: timestampTz('expires_at').notNull(),
    usedAt: timestampTz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('email_tokens_purpose_check', t.purpose, EMAIL_TOKEN_PURPOSES),
    index('email_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type RefreshToken = typeof refreshTokens.$inferSelect;
export type NewRefreshToken = typeof refreshTokens.$inferInsert;
export type EmailToken = typeof emailTokens.$inferSelect;
export type NewEmailToken = typeof emailTokens.$inferInsert;
