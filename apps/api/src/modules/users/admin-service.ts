import { pipeline, Readable } from 'node:stream';
import {
  ADMIN_USER_MESSAGES,
  type AdminCreateUser,
  type AdminMembership,
  type AdminUser,
  type AdminUserListQuery,
  type AdminUserUpdate,
  buildPagination,
  defaultRepresentativeType,
  membershipStanding,
} from '@portal/shared';
import { type CastReturnObject, type Options, stringify } from 'csv-stringify';
import { and, asc, desc, eq, exists, inArray, like, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db, DbTransaction } from '../../db/client';
import {
  emailTokens,
  type Membership,
  memberships,
  newsArticles,
  newsLikes,
  representatives,
  type User,
  uploadedFiles,
  users,
} from '../../db/schema';
import { AppError, notFound, validationError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { queueMail } from '../../lib/mail/outbox';
import { invitationEmail } from '../../lib/mail/templates';
import { likePattern } from '../../lib/sql';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';
import type { Viewer } from '../../plugins/access';
import { AUTH_MESSAGES } from '../auth/messages';
import { EMAIL_TOKEN_TTL_MS, resetPasswordLink } from '../auth/service';
import { revokeUserSessions } from '../auth/sessions';
import { hasStanding, newestMembershipOf } from '../memberships/service';
import { changesBetween, recordAdminAction } from './audit';

export type AdminUsersContext = { db: Db; images: ImageUploads };

export function toAdminMembership(membership: Membership, now = new Date()): AdminMembership {
  const expiresAt = membership.expiresAt?.toISOString() ?? null;
  return {
    id: membership.id,
    userId: membership.userId,
    category: membership.category,
    status: membership.status,
    standing: membershipStanding({ status: membership.status, expires_at: expiresAt }, now),
    startsAt: membership.startsAt?.toISOString() ?? null,
    expiresAt,
    created_at: membership.createdAt.toISOString(),
    updated_at: membership.updatedAt.toISOString(),
  };
}

function toAdminUser(user: User, membership: Membership | undefined, now = new Date()): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    facsimile: user.facsimile,
    address: user.address,
    type: user.type,
    status: user.status,
    isNew: user.isNew,
    avatarUrl: user.avatarUrl,
    logoUrl: user.logoUrl,
    email_confirmation: user.emailConfirmedAt?.toISOString() ?? null,
    membership: membership ? toAdminMembership(membership, now) : null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

const sortColumns = {
  created_at: users.createdAt,
  username: sql`lower(${users.username})`,
  type: users.type,
  status: users.status,
} as const;

/** GET /api/users/get-all (spec 000 §2, §7): a page of users, newest first unless sorted otherwise. */
function userFilters(
  db: Db,
  query: Omit<AdminUserListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
  now: Date,
) {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    // A substring of the username or e-mail, on the one lowercased column and its trigram index
    // (schema/users.ts).
    conditions.push(like(users.searchText, likePattern(query.search.toLowerCase())));
  }
  // The dashboard's link to one person (decision 024): exactly that account, not a search.
  if (query.id) conditions.push(eq(users.id, query.id));
  if (query.type) conditions.push(eq(users.type, query.type));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.membership || query.category) {
    // The dashboard's membership links: users whose newest membership has this standing and category.
    conditions.push(
      exists(
        newestMembershipOf(
          db,
          and(
            eq(memberships.userId, users.id),
            query.membership ? hasStanding(memberships, query.membership, now) : undefined,
            query.category ? eq(memberships.category, query.category) : undefined,
          ),
        ),
      ),
    );
  }
  return conditions;
}

/**
 * The two statements of a page of GET /api/users/get-all, the page's rows and the count, as
 * query builders: `listUsers` runs them, and the benchmark explains exactly these (their
 * `toSQL()`, with the same parameters) rather than a query written by hand.
 */
export function userListQueries(db: Db, query: AdminUserListQuery, now = new Date()) {
  const where = and(...userFilters(db, query, now));
  const direction = query.sortOrder === 'asc' ? asc : desc;
  const order = [direction(sortColumns[query.sortBy])];
  // Ties (many users share a type or status) fall back to the creation time, then the id, in the
  // same direction, so paging never repeats or skips a row and one index (schema/users.ts) reads
  // a page in either direction: newest first within a type when descending, oldest first when
  // ascending.
  if (query.sortBy !== 'created_at') order.push(direction(users.createdAt));
  order.push(direction(users.id));
  return {
    page: db
      .select()
      .from(users)
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    count: db.select({ total: sql<number>`count(*)::int` }).from(users).where(where),
  };
}

/** GET /api/users/get-all: a page of users with their newest memberships, and the count, read afresh. */
export async function listUsers(db: Db, query: AdminUserListQuery, now = new Date()) {
  const queries = userListQueries(db, query, now);
  const [rows, [counted]] = await Promise.all([queries.page, queries.count]);
  const newest = await newestMembershipsByUser(db, rows);
  return {
    users: rows.map((row) => toAdminUser(row, newest.get(row.id), now)),
    ...buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

/** The newest membership of each of `rows`' users, in one query after theirs. */
async function newestMembershipsByUser(db: Db, rows: readonly User[]) {
  const found = new Map<string, Membership>();
  if (rows.length === 0) return found;
  const newest = await newestMembershipOf(
    db,
    inArray(
      memberships.userId,
      rows.map((row) => row.id),
    ),
  );
  for (const membership of newest) found.set(membership.userId, membership);
  return found;
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUser> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const [membership] = await newestMembershipOf(db, eq(memberships.userId, id));
  return toAdminUser(user, membership);
}

/**
 * Locks the active admins (in one order, so two changes never wait on each other) and then the
 * user to change, or 404. Every change below starts here: two admins disabling each other at
 * once are then taken one after the other, and the second sees that it would leave no admin.
 */
async function lockForChange(tx: DbTransaction, id: string) {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.type, 'admin'), eq(users.status, 'active')))
    .orderBy(asc(users.id))
    .for('update');
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  return { user, activeAdmins: admins.map((admin) => admin.id) };
}

/**
 * DECISIONS.md "Identity and roles": an admin cannot disable, delete or demote their own account,
 * nor the last active admin.
 */
function assertAdminMayGo(viewer: Viewer, user: User, activeAdmins: readonly string[]) {
  if (user.id === viewer.userId) {
    throw new AppError(403, ADMIN_USER_MESSAGES.notYourself, { code: 'self_protection' });
  }
  const othersLeft = activeAdmins.filter((adminId) => adminId !== user.id).length;
  if (user.type === 'admin' && user.status === 'active' && othersLeft === 0) {
    throw new AppError(409, ADMIN_USER_MESSAGES.lastAdmin, { code: 'last_admin' });
  }
}

const usernameTaken = () =>
  new AppError(409, AUTH_MESSAGES.usernameTaken, { code: 'username_taken', field: 'username' });

const emailTaken = () => new AppError(409, AUTH_MESSAGES.emailTaken, { code: 'email_taken', field: 'email' });

/** The unique index on lower(username) or lower(email) refused a change that raced past the check. */
function uniqueConflict(error: unknown): AppError | null {
  for (let current = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code !== '23505') continue;
    if (constraint === 'users_username_lower_unique') return usernameTaken();
    if (constraint === 'users_email_lower_unique') return emailTaken();
  }
  return null;
}
const isUsernameConflict = (error: unknown) => uniqueConflict(error)?.options.code === 'username_taken';

/**
 * Applies a change of status inside the transaction: disabling ends every session at once (the
 * user's next request is refused and cannot be refreshed); enabling a pending account confirms it,
 * since the secretariat vouches for it.
 */
function statusChange(status: User['status'] | undefined, user: User) {
  if (!status || status === user.status) return {};
  return status === 'active' ? { status, emailConfirmedAt: user.emailConfirmedAt ?? new Date() } : { status };
}

/** The account fields an edit or a status change records in the audit log (decision 024). */
const AUDITED_USER_FIELDS = ['username', 'phone', 'type', 'status', 'emailConfirmedAt'] as const;

/**
 * PUT /api/users/admin/update-profile/{id}: username, phone, type, status (the e-mail is
 * read-only). What changed is written to the audit log in the same transaction; an edit that
 * changes nothing writes no row.
 */
export async function updateUser(db: Db, viewer: Viewer, id: string, input: AdminUserUpdate) {
  try {
    await db.transaction(async (tx) => {
      const { user, activeAdmins } = await lockForChange(tx, id);
      if (input.email !== undefined && input.email !== user.email.toLowerCase()) {
        throw validationError([{ field: 'email', message: ADMIN_USER_MESSAGES.emailReadOnly }]);
      }
      const demoted = input.type !== undefined && input.type !== 'admin';
      const disabled = input.status !== undefined && input.status !== 'active';
      if (user.type === 'admin' && (demoted || disabled)) assertAdminMayGo(viewer, user, activeAdmins);
      if (input.username && input.username.toLowerCase() !== user.username.toLowerCase()) {
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(and(eq(sql`lower(${users.username})`, input.username.toLowerCase()), ne(users.id, id)))
          .limit(1);
        if (taken) throw usernameTaken();
      }
      const [updated] = await tx
        .update(users)
        .set({
          ...(input.username !== undefined && { username: input.username }),
          ...(input.phone !== undefined && { phone: input.phone }),
          ...(input.type !== undefined && { type: input.type }),
          ...statusChange(input.status, user),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (input.status && input.status !== 'active') await revokeUserSessions(tx, id);
      const changes = changesBetween(AUDITED_USER_FIELDS, user, updated ?? null);
      if (Object.keys(changes).length > 0) {
        await recordAdminAction(tx, viewer, { action: 'user_updated', user, changes });
      }
    });
  } catch (error) {
    if (isUsernameConflict(error)) throw usernameTaken();
    throw error;
  }
  return findAdminUser(db, id);
}

/**
 * GET /api/users/admin/toggle-status/{id} (spec 000 §4 "Admin toggles active and inactive"): an
 * inactive account is enabled, any other (active, or pending its confirmation) disabled.
 */
export async function toggleUserStatus(db: Db, viewer: Viewer, id: string) {
  await db.transaction(async (tx) => {
    const { user, activeAdmins } = await lockForChange(tx, id);
    const status = user.status === 'inactive' ? 'active' : 'inactive';
    if (status === 'inactive') assertAdminMayGo(viewer, user, activeAdmins);
    const [updated] = await tx
      .update(users)
      .set({ ...statusChange(status, user), updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (status === 'inactive') await revokeUserSessions(tx, id);
    await recordAdminAction(tx, viewer, {
      action: status === 'active' ? 'user_enabled' : 'user_disabled',
      user,
      changes: changesBetween(AUDITED_USER_FIELDS, user, updated ?? null),
    });
  });
  return findAdminUser(db, id);
}

/** What a deletion records of the account it removes. */
const DELETED_USER_FIELDS = ['username', 'email', 'type', 'status', 'phone', 'facsimile', 'address'] as const;

/**
 * DELETE /api/users/admin/delete-user/{id}, decision 020: the account goes with everything that is
 * only theirs (sessions, e-mail links, representatives, memberships, event registrations, likes,
 * their pictures); records others need stay (news they wrote keeps its author text and loses
 * only the link to the account). The likes they gave are taken off the articles' counts in the
 * same transaction; the files go once it has committed.
 */
export async function deleteUser({ db, images }: AdminUsersContext, viewer: Viewer, id: string) {
  const removedFiles = await db.transaction(async (tx) => {
    const { user, activeAdmins } = await lockForChange(tx, id);
    assertAdminMayGo(viewer, user, activeAdmins);
    await tx
      .update(newsArticles)
      .set({ likes: sql`greatest(${newsArticles.likes} - 1, 0)` })
      .where(
        inArray(
          newsArticles.id,
          tx.select({ id: newsLikes.article_id }).from(newsLikes).where(eq(newsLikes.user_id, id)),
        ),
      );
    const reps = await tx
      .select({ id: representatives.id, avatarUrl: representatives.avatarUrl })
      .from(representatives)
      .where(eq(representatives.userId, id));
    // Pictures recorded with the user or a representative as owner, or named by their URL.
    const owners = [id, ...reps.map((rep) => rep.id)];
    const paths = [user.avatarUrl, user.logoUrl, ...reps.map((rep) => rep.avatarUrl)].filter(
      (path): path is string => Boolean(path),
    );
    // Recorded before the rows go, with what the account was (decision 024): the row keeps the
    // user's id, username and e-mail, so the deletion stays in their history.
    const [owned] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(eq(memberships.userId, id));
    await recordAdminAction(tx, viewer, {
      action: 'user_deleted',
      user,
      changes: changesBetween(
        [...DELETED_USER_FIELDS, 'memberships', 'representatives'],
        { ...user, memberships: owned?.count ?? 0, representatives: reps.length },
        null,
      ),
    });
    const released = await tx
      .delete(uploadedFiles)
      .where(
        or(
          inArray(uploadedFiles.ownerId, owners),
          paths.length > 0 ? inArray(uploadedFiles.publicPath, paths) : undefined,
        ),
      )
      .returning({ publicPath: uploadedFiles.publicPath, variants: uploadedFiles.variants });
    await tx.delete(users).where(eq(users.id, id));
    return released.flatMap((file) => [
      file.publicPath,
      ...file.variants.map((variant) => variant.publicPath),
    ]);
  });
  await images.removeFiles(removedFiles);
  return { id };
}

export type CreateMemberContext = AdminUsersContext & { config: Pick<Config, 'publicUrl'> };
/** The pictures of a new member: the logo or avatar, and each representative's photo by index. */
export type CreateMemberPictures = { main?: Buffer; representatives: (Buffer | undefined)[] };

/**
 * POST /api/users/admin/create-user (spec 001 §2, §3; DECISIONS.md "Accounts"): a company or an
 * individual the secretariat registers, e.g. from a paper application. The account is active and
 * confirmed, without a password; its owner gets an invitation e-mail with a single-use link to
 * set one (the `invitation` purpose, valid 7 days). Its membership is a pending application in
 * the chosen category, which the secretariat then approves like any other (that starts the
 * period and sends the approval e-mail). Account, membership, representatives, pictures and the
 * invitation are written in one transaction; a refused request leaves no file behind.
 */
export async function createMember(
  { db, images, config }: CreateMemberContext,
  viewer: Viewer,
  input: AdminCreateUser,
  pictures: CreateMemberPictures,
): Promise<AdminUser> {
  const [taken] = await db
    .select({ email: users.email, username: users.username })
    .from(users)
    .where(
      or(
        eq(sql`lower(${users.email})`, input.email.toLowerCase()),
        eq(sql`lower(${users.username})`, input.username.toLowerCase()),
      ),
    )
    .limit(1);
  if (taken) throw taken.email.toLowerCase() === input.email.toLowerCase() ? emailTaken() : usernameTaken();

  // Every picture in one list for the upload pipeline; each owner remembers its place in it.
  const uploads: Buffer[] = [];
  const place = (picture: Buffer | undefined) => (picture ? uploads.push(picture) - 1 : -1);
  const mainPlace = place(pictures.main);
  const repPlaces = input.representatives.map((_, index) => place(pictures.representatives[index]));

  try {
    const id = await images.withStoredImages(uploads, (stored) =>
      db.transaction(async (tx) => {
        const pathAt = (index: number) => (index >= 0 ? (stored[index]?.file.publicPath ?? null) : null);
        const mainPath = pathAt(mainPlace);
        const [user] = await tx
          .insert(users)
          .values({
            username: input.username,
            email: input.email,
            passwordHash: null,
            phone: input.phone,
            facsimile: input.facsimile,
            address: input.address,
            about: input.about,
            type: input.type,
            status: 'active',
            isNew: false,
            emailConfirmedAt: new Date(),
            avatarUrl: input.type === 'individual' ? mainPath : null,
            logoUrl: input.type === 'company' ? mainPath : null,
          })
          .returning({ id: users.id });
        if (!user) throw new Error('user not created');
        // Owned like the membership form's pictures, and removed with their owners (decision 020).
        const mainPicture = mainPlace >= 0 ? stored[mainPlace] : undefined;
        if (mainPicture) await images.record(tx, { type: 'user', id: user.id }, [mainPicture]);
        await tx.insert(memberships).values({
          userId: user.id,
          category: input.membershipData.category,
          status: 'pending',
        });
        for (const [index, representative] of input.representatives.entries()) {
          const photo = stored[repPlaces[index] ?? -1];
          const [created] = await tx
            .insert(representatives)
            .values({
              userId: user.id,
              firstName: representative.firstName,
              lastName: representative.lastName,
              preferredName: representative.preferredName ?? null,
              position: representative.position ?? null,
              // DECISIONS.md "Representatives": in admin create-user too, the first is voting.
              type: representative.type ?? defaultRepresentativeType(index),
              avatarUrl: photo?.file.publicPath ?? null,
            })
            .returning({ id: representatives.id });
          if (!created) throw new Error('representative not created');
          if (photo) await images.record(tx, { type: 'representative', id: created.id }, [photo]);
        }
        await recordAdminAction(tx, viewer, {
          action: 'user_created',
          user: { id: user.id, username: input.username, email: input.email },
          changes: changesBetween(
            ['username', 'email', 'type', 'phone', 'facsimile', 'address', 'category', 'representatives'],
            null,
            {
              ...input,
              category: input.membershipData.category,
              representatives: input.representatives
                .map(
                  (representative, index) =>
                    `${representative.firstName} ${representative.lastName} (${
                      representative.type ?? defaultRepresentativeType(index)
                    })`,
                )
                .join(', '),
            },
          ),
        });
        const token = createOpaqueToken();
        await tx.insert(emailTokens).values({
          userId: user.id,
          purpose: 'invitation',
          tokenHash: hashOpaqueToken(token),
          expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS.invitation),
        });
        await queueMail(tx, {
          to: input.email,
          ...invitationEmail({ username: input.username, link: resetPasswordLink(config.publicUrl, token) }),
        });
        return user.id;
      }),
    );
    return findAdminUser(db, id);
  } catch (error) {
    throw uniqueConflict(error) ?? error;
  }
}

/** The CSV's columns: the member, their contact details and their newest membership. */
const CSV_COLUMNS = [
  'username',
  'email',
  'type',
  'status',
  'phone',
  'facsimile',
  'address',
  'membership_category',
  'membership_status',
  'membership_starts_at',
  'membership_expires_at',
  'created_at',
] as const;
type CsvRecord = Record<(typeof CSV_COLUMNS)[number], string | null | undefined>;
const EXPORT_BATCH = 1_000;

/**
 * A phone or fax number as people write it ('+63 917 555 0101', '(02) 8123-4567'): digits,
 * spaces, + ( ) and -, with a digit. A spreadsheet may compute it as arithmetic at worst, never
 * call a function or another program, so it is exported as written.
 */
const PHONE_NUMBER = /^(?=.*\d)[\d +()-]+$/;

/**
 * How a cell is written (csv-stringify): quoted when it holds a quote, comma or line break, and a
 * value a spreadsheet would run as a formula (it starts with = + - @, a tab or CR, or their
 * full-width forms: OWASP "CSV Injection") prefixed with ', unless it is only a phone number.
 */
export const CSV_CELL_OPTIONS = {
  escape_formulas: true,
  cast: {
    // The per-value options csv-stringify merges in; its types leave escape_formulas out of them.
    string: (value: string) =>
      PHONE_NUMBER.test(value) ? ({ value, escape_formulas: false } as CastReturnObject) : value,
  },
} satisfies Options;

/**
 * GET /api/users/admin/export-csv: the filtered list (the table's search and filters, newest
 * first), as a CSV stream: users are read 1,000 at a time, each batch found after the last one's
 * (created_at, id), so 100,000 rows never sit in memory and no batch re-reads the rows before it.
 * A failure part way destroys the stream, which ends the response.
 */
export function exportUsersCsv(
  db: Db,
  query: Omit<AdminUserListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
  now = new Date(),
): Readable {
  return pipeline(
    Readable.from(userCsvRecords(db, query, now)),
    stringify({ ...CSV_CELL_OPTIONS, header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows' }),
    // The error, if any, also destroys the stream returned, which the reply reports.
    () => {},
  );
}

async function* userCsvRecords(
  db: Db,
  query: Omit<AdminUserListQuery, 'page' | 'limit' | 'sortBy' | 'sortOrder'>,
  now: Date,
): AsyncGenerator<CsvRecord> {
  const filters = userFilters(db, query, now);
  let after: { createdAt: Date; id: string } | undefined;
  while (true) {
    const page = await db
      .select()
      .from(users)
      .where(
        and(
          ...filters,
          after ? sql`(${users.createdAt}, ${users.id}) < (${after.createdAt}, ${after.id})` : undefined,
        ),
      )
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(EXPORT_BATCH);
    if (page.length === 0) return;
    const newest = await newestMembershipsByUser(db, page);
    for (const user of page) {
      const membership = newest.get(user.id);
      yield {
        username: user.username,
        email: user.email,
        type: user.type,
        status: user.status,
        phone: user.phone,
        facsimile: user.facsimile,
        address: user.address,
        membership_category: membership?.category,
        membership_status: membership ? toAdminMembership(membership, now).standing : null,
        membership_starts_at: membership?.startsAt?.toISOString(),
        membership_expires_at: membership?.expiresAt?.toISOString(),
        created_at: user.createdAt.toISOString(),
      };
    }
    const last = page.at(-1) as User;
    after = { createdAt: last.createdAt, id: last.id };
    if (page.length < EXPORT_BATCH) return;
  }
}
