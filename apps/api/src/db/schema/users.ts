import {
  NAME_NOT_GIVEN,
  STAFF_ROLES,
  type StaffRole,
  USER_STATUSES,
  USER_TYPES,
  type UserStatus,
  type UserType,
} from '@portal/shared';
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** Null for a user an admin invited who has not chosen a password yet. */
    passwordHash: text('password_hash'),
    phone: text('phone'),
    facsimile: text('facsimile'),
    address: text('address'),
    about: text('about'),
    /**
     * The name the account goes by everywhere (docs/product-rules.md "Names", decision 056): a
     * person's first, middle and last name and suffix; a company's registered name and trade name.
     */
    firstName: text('first_name'),
    middleName: text('middle_name'),
    lastName: text('last_name'),
    suffix: text('suffix'),
    registeredName: text('registered_name'),
    tradeName: text('trade_name'),
    /**
     * Who a statement of account bills (docs/product-rules.md "Dues"), besides the name: a
     * company's billing address and billing e-mail, and anyone's TIN; the address and e-mail
     * stand in where these are blank.
     */
    tin: text('tin'),
    billingAddress: text('billing_address'),
    billingEmail: text('billing_email'),
    type: text('type').$type<UserType>().notNull().default('user'),
    status: text('status').$type<UserStatus>().notNull().default('pending'),
    /** True until the membership form is submitted (spec 000: isNew sends the user to /user-forms). */
    isNew: boolean('is_new').notNull().default(true),
    // Whether announcements are e-mailed is the consent records' `announcements_email`
    // (db/schema/privacy.ts, docs/decisions/065), not a column here.
    avatarUrl: text('avatar_url'),
    logoUrl: text('logo_url'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The admin search's text (username, e-mail and the name the account goes by, docs/product-rules.md
     * "Names"), lowercased and kept by the database, as events and news do
     * (decision 019): one LIKE on one trigram index. PostgreSQL planned an ILIKE on each of
     * username and e-mail as a scan of every row (0.67 s on 100,000 users, `npm run bench`).
     */
    searchText: text('search_text').generatedAlwaysAs(
      // coalesce and ||, not concat_ws: a generated column takes only immutable functions.
      sql`lower(username || ' ' || email || ' ' || coalesce(first_name || ' ', '') || coalesce(middle_name || ' ', '') || coalesce(last_name || ' ', '') || coalesce(suffix || ' ', '') || coalesce(registered_name || ' ', '') || coalesce(trade_name, ''))`,
    ),
    /**
     * The name the account goes by (`displayNameSql`, decision 056), kept by the database so the
     * member directory sorts by a stored value instead of computing the name for every candidate
     * row (docs/decisions/072-member-directory.md, "Added on 2026-12-07");
     * display-name.test.ts holds it to `displayName`'s answers.
     */
    displayName: text('display_name')
      .notNull()
      .generatedAlwaysAs(
        // coalesce and ||, not concat_ws: a generated column takes only immutable functions.
        sql`coalesce(nullif(case when type = 'company' then btrim(registered_name) else rtrim(coalesce(nullif(btrim(first_name), '') || ' ', '') || coalesce(nullif(btrim(middle_name), '') || ' ', '') || coalesce(nullif(btrim(last_name), '') || ' ', '') || coalesce(nullif(btrim(suffix), ''), '')) end, ''), ${sql.raw(`'${NAME_NOT_GIVEN.replaceAll("'", "''")}'`)})`,
      ),
  },
  (t) => [
    checkIn('users_type_check', t.type, USER_TYPES),
    checkIn('users_status_check', t.status, USER_STATUSES),
    // Logins and "already taken" checks compare case-insensitively; services query lower(...).
    uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The admin list's orders (users/admin-list.ts): each index ends in the creation time and the id
    // that break ties in the sort's own direction, so a page is read off it forwards (ascending)
    // or backwards (descending, newest first), with no sort; the type and status ones also serve
    // those filters.
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_type_created_idx').on(t.type, t.createdAt, t.id),
    index('users_status_created_idx').on(t.status, t.createdAt, t.id),
    // The admin user search is a substring match (LIKE '%…%'), which only a trigram index serves.
    index('users_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * The staff roles a person holds (docs/product-rules.md "Staff roles", decision 060), one row
 * each; a member has none. `users.type` stays the account's kind: `admin` for an account that
 * holds at least one role, kept so in the transaction that changes the roles.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    checkIn('user_roles_role_check', t.role, STAFF_ROLES),
    // "Who holds the admin role" (the last-admin rule) is read off this index.
    index('user_roles_role_user_idx').on(t.role, t.userId),
  ],
);

export type UserRole = typeof userRoles.$inferSelect;
