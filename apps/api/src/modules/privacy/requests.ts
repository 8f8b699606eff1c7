import {
  type AdminPrivacyRequest,
  buildPagination,
  type CorrectionRequestBody,
  displayName,
  type ErasureRequestBody,
  formatDate,
  formerMemberName,
  type MyPrivacyRequest,
  manilaDateString,
  PRIVACY_REQUEST_ANSWER_DAYS,
  PRIVACY_REQUEST_KIND_LABELS,
  PRIVACY_REQUEST_MESSAGES,
  type PrivacyRequestListQuery,
  sitePaths,
} from '@portal/shared';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbTransaction } from '../../db/client';
import { type PrivacyRequestRow, privacyRequests, userRoles, users } from '../../db/schema';
import { accountNameSelect, displayNameSql } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { queueMail } from '../../lib/mail/outbox';
import {
  accountErasedEmail,
  privacyRequestAnsweredEmail,
  privacyRequestReceivedEmail,
} from '../../lib/mail/templates';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { eraseAccount } from './erasure';

/**
 * Members' requests about their own data (docs/product-rules.md "Privacy", docs/decisions/068):
 * an erasure ("Delete my account") or a correction ("Correct my data"), each answered by the
 * secretariat within 30 days, and the person told by e-mail at each step.
 */

type Context = { db: Db; images: ImageUploads; publicUrl: string };

const DAY_MS = 24 * 60 * 60 * 1000;
const answerByOf = (requestedAt: Date) =>
  new Date(requestedAt.getTime() + PRIVACY_REQUEST_ANSWER_DAYS * DAY_MS);
const dueOnOf = (row: Pick<PrivacyRequestRow, 'dueAt'>) => manilaDateString(row.dueAt);

function toMyRequest(row: PrivacyRequestRow): MyPrivacyRequest {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    field: row.field,
    details: row.details,
    requestedAt: row.requestedAt.toISOString(),
    dueOn: dueOnOf(row),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    answer: row.answer,
  };
}

/** A staff role held: such an account is refused erasure (decision 068; the last admin holds one). */
async function holdsStaffRole(db: Db | DbTransaction, userId: string) {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.length > 0;
}

const staffRefusal = (message: string) => new AppError(409, message, { code: 'staff_account' });

function isOpenErasureConflict(error: unknown) {
  for (let current = error; current instanceof Error; current = current.cause as Error) {
    const { code, constraint } = current as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'privacy_requests_one_open_erasure'))
      return true;
  }
  return false;
}

async function personOf(db: Db | DbTransaction, userId: string) {
  const [person] = await db
    .select({ email: users.email, ...accountNameSelect })
    .from(users)
    .where(eq(users.id, userId));
  if (!person) throw notFound('User not found');
  return { email: person.email, name: displayName(person) };
}

async function createRequest(
  { db, publicUrl }: Context,
  viewer: Viewer,
  values: Pick<PrivacyRequestRow, 'kind' | 'details'> & { field?: PrivacyRequestRow['field'] },
) {
  const requestedAt = new Date();
  try {
    return await db.transaction(async (tx) => {
      if (values.kind === 'erasure' && (await holdsStaffRole(tx, viewer.userId)))
        throw staffRefusal(PRIVACY_REQUEST_MESSAGES.staffRefused);
      const [row] = await tx
        .insert(privacyRequests)
        .values({
          userId: viewer.userId,
          kind: values.kind,
          field: values.field ?? null,
          details: values.details,
          requestedAt,
          dueAt: answerByOf(requestedAt),
        })
        .returning();
      if (!row) throw new Error('The request was not recorded');
      const person = await personOf(tx, viewer.userId);
      await queueMail(tx, {
        to: person.email,
        ...privacyRequestReceivedEmail({
          name: person.name,
          link: `${publicUrl}${sitePaths.profile}`,
          kindLabel: PRIVACY_REQUEST_KIND_LABELS[row.kind],
          dueOn: formatDate(dueOnOf(row)),
        }),
      });
      return toMyRequest(row);
    });
  } catch (error) {
    // Two requests at once: the partial unique index lets one in; the other is told it exists.
    if (isOpenErasureConflict(error))
      throw new AppError(409, PRIVACY_REQUEST_MESSAGES.alreadyOpen, { code: 'erasure_already_requested' });
    throw error;
  }
}

/** POST /api/me/erasure-requests. */
export const createErasureRequest = (context: Context, viewer: Viewer, body: ErasureRequestBody) =>
  createRequest(context, viewer, { kind: 'erasure', details: body.reason });

/** POST /api/me/correction-requests. */
export const createCorrectionRequest = (context: Context, viewer: Viewer, body: CorrectionRequestBody) =>
  createRequest(context, viewer, { kind: 'correction', field: body.field, details: body.details });

/** GET /api/me/privacy-requests: the person's own requests, newest first. */
export async function listMyRequests(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(privacyRequests)
    .where(eq(privacyRequests.userId, userId))
    .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id));
  return rows.map(toMyRequest);
}

const resolver = alias(users, 'resolver');

/** GET /api/privacy/admin/requests: open ones by deadline, or all newest first; a page at a time. */
export async function listPrivacyRequests(db: Db, query: PrivacyRequestListQuery) {
  const filters: SQL[] = [];
  if (query.status === 'open') filters.push(eq(privacyRequests.status, 'open'));
  if (query.kind) filters.push(eq(privacyRequests.kind, query.kind));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const order =
    query.status === 'open'
      ? [asc(privacyRequests.dueAt), asc(privacyRequests.id)]
      : [desc(privacyRequests.requestedAt), desc(privacyRequests.id)];
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        request: privacyRequests,
        userName: displayNameSql,
        resolver: {
          id: resolver.id,
          type: resolver.type,
          firstName: resolver.firstName,
          middleName: resolver.middleName,
          lastName: resolver.lastName,
          suffix: resolver.suffix,
          registeredName: resolver.registeredName,
          tradeName: resolver.tradeName,
        },
      })
      .from(privacyRequests)
      .innerJoin(users, eq(users.id, privacyRequests.userId))
      .leftJoin(resolver, eq(resolver.id, privacyRequests.resolvedBy))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(privacyRequests).where(where),
  ]);
  const now = Date.now();
  return {
    data: rows.map(
      ({ request, userName, resolver: resolvedBy }): AdminPrivacyRequest => ({
        ...toMyRequest(request),
        user: { id: request.userId, displayName: userName },
        overdue: request.status === 'open' && request.dueAt.getTime() < now,
        resolvedBy: resolvedBy?.id ? displayName(resolvedBy) : null,
        formerMemberNumber: request.formerMemberNumber,
        keptItems: request.keptItems,
      }),
    ),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

/** The request's row, locked for its answer; one answer only, also when two staff answer at once. */
async function lockOpenRequest(tx: DbTransaction, id: string) {
  const [row] = await tx.select().from(privacyRequests).where(eq(privacyRequests.id, id)).for('update');
  if (!row) throw notFound(PRIVACY_REQUEST_MESSAGES.notFound);
  if (row.status !== 'open')
    throw new AppError(409, PRIVACY_REQUEST_MESSAGES.alreadyAnswered, { code: 'already_answered' });
  return row;
}

/** Whether the request is an erasure: its approval asks for a fresh second factor (decision 061). */
export async function isErasureRequest(db: Db, id: string) {
  const [row] = await db
    .select({ kind: privacyRequests.kind })
    .from(privacyRequests)
    .where(eq(privacyRequests.id, id));
  return row?.kind === 'erasure';
}

async function auditAnswer(
  tx: DbTransaction,
  viewer: Viewer,
  row: PrivacyRequestRow,
  action: 'account_erased' | 'privacy_request_answered',
  status: string,
) {
  const [user] = await tx
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user) return;
  await recordAdminAction(tx, viewer, {
    action,
    user,
    changes: { [`${row.kind}_request`]: { from: 'open', to: status } },
  });
}

/**
 * POST /api/privacy/admin/requests/{id}/approve. An erasure erases the account in this one
 * transaction and queues the answer to the address it had; a correction is marked resolved (the
 * secretariat has made the change in the admin screens) and the person told.
 */
export async function approvePrivacyRequest(
  { db, images, publicUrl }: Context,
  viewer: Viewer,
  id: string,
  answer: string | undefined,
) {
  const now = new Date();
  const { result, removedFiles } = await db.transaction(async (tx) => {
    const row = await lockOpenRequest(tx, id);
    const link = `${publicUrl}${sitePaths.privacy}`;
    if (row.kind === 'correction') {
      const person = await personOf(tx, row.userId);
      const [updated] = await tx
        .update(privacyRequests)
        .set({ status: 'resolved', resolvedAt: now, resolvedBy: viewer.userId, answer: answer ?? null })
        .where(eq(privacyRequests.id, id))
        .returning();
      await auditAnswer(tx, viewer, row, 'privacy_request_answered', 'resolved');
      await queueMail(tx, {
        to: person.email,
        ...privacyRequestAnsweredEmail({
          name: person.name,
          link: `${publicUrl}${sitePaths.profile}`,
          kindLabel: PRIVACY_REQUEST_KIND_LABELS.correction,
          outcome: 'resolved',
          answer: answer ?? null,
        }),
      });
      return { result: updated as PrivacyRequestRow, removedFiles: [] as string[] };
    }
    // The account's row is locked by eraseAccount; its roles are read after it, so a role granted
    // since the request was made still refuses the erasure.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
    if (await holdsStaffRole(tx, row.userId))
      throw staffRefusal(PRIVACY_REQUEST_MESSAGES.staffRefusedForApproval);
    // Recorded first, while the row still names the person; eraseAccount then replaces the name.
    await auditAnswer(tx, viewer, row, 'account_erased', 'approved');
    const erased = await eraseAccount(tx, row.userId, now);
    const [updated] = await tx
      .update(privacyRequests)
      .set({
        status: 'approved',
        resolvedAt: now,
        resolvedBy: viewer.userId,
        answer: answer ?? null,
        formerMemberNumber: erased.formerMemberNumber,
        keptItems: erased.keptItems,
      })
      .where(eq(privacyRequests.id, id))
      .returning();
    // A correction still open has nobody left to answer to: closed with the erasure.
    await tx
      .update(privacyRequests)
      .set({
        status: 'rejected',
        resolvedAt: now,
        resolvedBy: viewer.userId,
        answer: PRIVACY_REQUEST_MESSAGES.closedByErasure,
      })
      .where(
        and(
          eq(privacyRequests.userId, row.userId),
          eq(privacyRequests.kind, 'correction'),
          eq(privacyRequests.status, 'open'),
        ),
      );
    // The answer goes to the address the account had: queued now, so it exists exactly when the
    // erasure commits (the outbox row is the one place the address remains until it is sent).
    await queueMail(tx, {
      to: erased.before.email,
      ...accountErasedEmail({
        name: erased.before.name,
        link,
        formerName: formerMemberName(erased.formerMemberNumber),
        kept: erased.keptItems,
      }),
    });
    return { result: updated as PrivacyRequestRow, removedFiles: erased.removedFiles };
  });
  // Files go once the erasure has committed: a rollback must not leave rows without their files.
  await images.removeFiles(removedFiles);
  return toMyRequest(result);
}

/** POST /api/privacy/admin/requests/{id}/reject: refused with a reason, e-mailed to the person. */
export async function rejectPrivacyRequest(
  { db, publicUrl }: Context,
  viewer: Viewer,
  id: string,
  reason: string,
) {
  return db.transaction(async (tx) => {
    const row = await lockOpenRequest(tx, id);
    const person = await personOf(tx, row.userId);
    const [updated] = await tx
      .update(privacyRequests)
      .set({ status: 'rejected', resolvedAt: new Date(), resolvedBy: viewer.userId, answer: reason })
      .where(eq(privacyRequests.id, id))
      .returning();
    await auditAnswer(tx, viewer, row, 'privacy_request_answered', 'rejected');
    await queueMail(tx, {
      to: person.email,
      ...privacyRequestAnsweredEmail({
        name: person.name,
        link: `${publicUrl}${sitePaths.profile}`,
        kindLabel: PRIVACY_REQUEST_KIND_LABELS[row.kind],
        outcome: 'rejected',
        answer: reason,
      }),
    });
    return toMyRequest(updated as PrivacyRequestRow);
  });
}
