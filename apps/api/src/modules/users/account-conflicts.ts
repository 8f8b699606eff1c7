import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { AUTH_MESSAGES } from '../auth';

/**
 * An e-mail or username already in use (docs/product-rules.md "Accounts": a taken e-mail or username gets a
 * clear message), on the form field it belongs to: the admin's create and edit and the profile
 * answer these. (Registration answers the same texts without the field, as its clients expect.)
 */
export const emailTaken = () =>
  new AppError(409, AUTH_MESSAGES.emailTaken, { code: 'email_taken', field: 'email' });
export const usernameTaken = () =>
  new AppError(409, AUTH_MESSAGES.usernameTaken, { code: 'username_taken', field: 'username' });

/** A taken e-mail (first) or username of a new account, compared case-insensitively like the unique indexes do. */
export async function findAccountConflict(db: Db, { email, username }: { email: string; username: string }) {
  const rows = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, email.toLowerCase()),
        eq(sql`lower(${users.username})`, username.toLowerCase()),
      ),
    );
  if (rows.some((row) => row.email.toLowerCase() === email.toLowerCase())) return emailTaken();
  if (rows.some((row) => row.username.toLowerCase() === username.toLowerCase())) return usernameTaken();
  return null;
}

/**
 * Two changes racing past the checks meet at the unique indexes on lower(email) and
 * lower(username); the loser gets the answer it would have had coming second, or null when the
 * error is something else. Drizzle wraps the driver's error, so the cause is looked at too.
 */
export function accountConflict(error: unknown): AppError | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code !== '23505') continue;
    if (constraint === 'users_email_lower_unique') return emailTaken();
    if (constraint === 'users_username_lower_unique') return usernameTaken();
  }
  return null;
}
