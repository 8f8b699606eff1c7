import {
  BREACH_MESSAGES,
  BREACH_NOTICE_HOURS,
  type Breach,
  type BreachInput,
  type BreachListQuery,
  type BreachNpcNotice,
  type BreachPeopleNotice,
  buildPagination,
  displayName,
  greetingName,
  preparedBreachNotice,
  sitePaths,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { privacyBreaches, privacyBreachNotices, privacyBreachPeople, users } from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { AppError, invalidToken, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { breachNoticeEmail } from '../../lib/mail/templates';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';

const HOUR_MS = 3_600_000;
/** A clock a little ahead of the server's is not "in the future". */
const CLOCK_SLACK_MS = 5 * 60_000;

const fieldError = (field: string, message: string) =>
  new AppError(400, message, { code: 'validation_error', field, fields: { [field]: message } });

const iso = (date: Date) => date.toISOString();

/** The staff member acting: named in the register, and the "user" of their audit rows (their own history). */
async function actorOf(tx: DbTransaction, viewer: Viewer) {
  const [actor] = await tx
    .select({ id: users.id, username: users.username, email: users.email, ...accountNameSelect })
    .from(users)
    .where(eq(users.id, viewer.userId));
  if (!actor) throw invalidToken();
  return { ...actor, name: displayName(actor) };
}

function checkTimes(input: Pick<BreachInput, 'occurred_at' | 'discovered_at'>, now: Date) {
  const discovered = new Date(input.discovered_at);
  if (discovered.getTime() > now.getTime() + CLOCK_SLACK_MS) {
    throw fieldError('discovered_at', BREACH_MESSAGES.discoveredInFuture);
  }
  const occurred = input.occurred_at ? new Date(input.occurred_at) : null;
  if (occurred && occurred > discovered)
    throw fieldError('occurred_at', BREACH_MESSAGES.occurredAfterDiscovery);
  return { discovered, occurred };
}

/** The accounts of the listed e-mails; one that no account has is the field's error. */
async function accountsOf(tx: DbTransaction, emails: readonly string[]) {
  const wanted = [...new Set(emails.map((email) => email.toLowerCase()))];
  if (wanted.length === 0) return [];
  const found = await tx
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, wanted));
  const known = new Set(found.map((row) => row.email));
  const missing = wanted.find((email) => !known.has(email));
  if (missing) throw fieldError('affected_emails', BREACH_MESSAGES.unknownEmail(missing));
  return found.map((row) => row.id);
}

async function lockBreach(tx: DbTransaction, id: string) {
  const [breach] = await tx.select().from(privacyBreaches).where(eq(privacyBreaches.id, id)).for('update');
  if (!breach) throw notFound(BREACH_MESSAGES.notFound);
  return breach;
}

const assertOpen = (breach: { closedAt: Date | null }) => {
  if (breach.closedAt) throw new AppError(409, BREACH_MESSAGES.closedAlready, { code: 'closed' });
};

/** One breach as the register shows it: the clock, the people, the notices, the e-mail prepared. */
export async function findBreach(db: Db | DbTransaction, id: string): Promise<Breach> {
  const [breach] = await db.select().from(privacyBreaches).where(eq(privacyBreaches.id, id));
  if (!breach) throw notFound(BREACH_MESSAGES.notFound);
  // In turn: `db` may be the caller's transaction, one connection that runs one statement at a time.
  const people = await db
    .select({
      id: users.id,
      email: users.email,
      notifiedAt: privacyBreachPeople.notifiedAt,
      ...accountNameSelect,
      username: users.username,
    })
    .from(privacyBreachPeople)
    .innerJoin(users, eq(users.id, privacyBreachPeople.userId))
    .where(eq(privacyBreachPeople.breachId, id))
    .orderBy(asc(users.email));
  const notices = await db
    .select()
    .from(privacyBreachNotices)
    .where(eq(privacyBreachNotices.breachId, id))
    .orderBy(asc(privacyBreachNotices.createdAt), asc(privacyBreachNotices.id));
  const npc = notices.find((notice) => notice.kind === 'npc');
  const view = {
    what: breach.what,
    data_kinds: breach.dataKinds,
    discovered_at: iso(breach.discoveredAt),
  };
  return {
    id: breach.id,
    ...view,
    occurred_at: breach.occurredAt ? iso(breach.occurredAt) : null,
    notify_by: iso(new Date(breach.discoveredAt.getTime() + BREACH_NOTICE_HOURS * HOUR_MS)),
    people_count: breach.peopleCount,
    affected: people.map((person) => ({
      id: person.id,
      name: displayName(person),
      email: person.email,
      notified_at: person.notifiedAt ? iso(person.notifiedAt) : null,
    })),
    npc_notice: npc
      ? {
          notified_at: iso(npc.notifiedAt),
          method: npc.method ?? '',
          reference: npc.reference,
          recorded_by: npc.recordedByName,
        }
      : null,
    people_notices: notices
      .filter((notice) => notice.kind === 'people')
      .map((notice) => ({
        sent_at: iso(notice.notifiedAt),
        subject: notice.subject ?? '',
        recipients: notice.recipients ?? 0,
        sent_by: notice.recordedByName,
      })),
    prepared_notice: preparedBreachNotice(view),
    closed_at: breach.closedAt ? iso(breach.closedAt) : null,
    closure_summary: breach.closureSummary,
    recorded_by: breach.recordedByName,
    created_at: iso(breach.createdAt),
  };
}

/** GET /api/privacy/admin/breaches: open and closed, newest first, a page at a time. */
export async function listBreaches(db: Db, query: BreachListQuery) {
  const affected = sql<number>`(select count(*)::int from ${privacyBreachPeople} where ${privacyBreachPeople.breachId} = ${privacyBreaches.id})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: privacyBreaches.id,
        what: privacyBreaches.what,
        discoveredAt: privacyBreaches.discoveredAt,
        peopleCount: privacyBreaches.peopleCount,
        closedAt: privacyBreaches.closedAt,
        createdAt: privacyBreaches.createdAt,
        affected,
      })
      .from(privacyBreaches)
      .orderBy(desc(privacyBreaches.createdAt), desc(privacyBreaches.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(privacyBreaches),
  ]);
  const notices =
    rows.length === 0
      ? []
      : await db
          .select({
            breachId: privacyBreachNotices.breachId,
            kind: privacyBreachNotices.kind,
            notifiedAt: privacyBreachNotices.notifiedAt,
          })
          .from(privacyBreachNotices)
          .where(
            inArray(
              privacyBreachNotices.breachId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(privacyBreachNotices.notifiedAt));
  const firstNotice = (breachId: string, kind: 'npc' | 'people') => {
    const found = notices.find((notice) => notice.breachId === breachId && notice.kind === kind);
    return found ? iso(found.notifiedAt) : null;
  };
  return {
    breaches: rows.map((row) => ({
      id: row.id,
      what: row.what,
      discovered_at: iso(row.discoveredAt),
      notify_by: iso(new Date(row.discoveredAt.getTime() + BREACH_NOTICE_HOURS * HOUR_MS)),
      people_count: row.peopleCount,
      closed_at: row.closedAt ? iso(row.closedAt) : null,
      created_at: iso(row.createdAt),
      affected_count: row.affected,
      npc_notified_at: firstNotice(row.id, 'npc'),
      people_notified_at: firstNotice(row.id, 'people'),
    })),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

/** POST /api/privacy/admin/breaches: a suspected breach recorded, the clock running from its discovery. */
export async function recordBreach(db: Db, viewer: Viewer, input: BreachInput, now = new Date()) {
  const { discovered, occurred } = checkTimes(input, now);
  return db.transaction(async (tx) => {
    const actor = await actorOf(tx, viewer);
    const people = await accountsOf(tx, input.affected_emails);
    const [breach] = await tx
      .insert(privacyBreaches)
      .values({
        what: input.what,
        occurredAt: occurred,
        discoveredAt: discovered,
        dataKinds: input.data_kinds,
        peopleCount: input.people_count ?? null,
        recordedBy: actor.id,
        recordedByName: actor.name,
      })
      .returning();
    if (!breach) throw new Error('breach not recorded');
    if (people.length > 0) {
      await tx.insert(privacyBreachPeople).values(people.map((userId) => ({ breachId: breach.id, userId })));
    }
    await recordAdminAction(tx, viewer, {
      action: 'privacy_breach_recorded',
      user: actor,
      changes: {
        breach: { from: null, to: breach.id },
        discovered: { from: null, to: iso(discovered) },
        affected: { from: null, to: people.length },
      },
    });
    return findBreach(tx, breach.id);
  });
}

/**
 * PUT /api/privacy/admin/breaches/{id}: what is known, corrected or completed while it is open.
 * The affected list is replaced, except that someone already told stays on it.
 */
export async function updateBreach(db: Db, viewer: Viewer, id: string, input: BreachInput, now = new Date()) {
  const { discovered, occurred } = checkTimes(input, now);
  return db.transaction(async (tx) => {
    const breach = await lockBreach(tx, id);
    assertOpen(breach);
    const actor = await actorOf(tx, viewer);
    const people = await accountsOf(tx, input.affected_emails);
    await tx
      .update(privacyBreaches)
      .set({
        what: input.what,
        occurredAt: occurred,
        discoveredAt: discovered,
        dataKinds: input.data_kinds,
        peopleCount: input.people_count ?? null,
      })
      .where(eq(privacyBreaches.id, id));
    const before = await tx
      .select({ userId: privacyBreachPeople.userId, notifiedAt: privacyBreachPeople.notifiedAt })
      .from(privacyBreachPeople)
      .where(eq(privacyBreachPeople.breachId, id));
    const keep = new Set(people);
    const removable = before
      .filter((row) => !keep.has(row.userId) && row.notifiedAt === null)
      .map((row) => row.userId);
    if (removable.length > 0) {
      await tx
        .delete(privacyBreachPeople)
        .where(and(eq(privacyBreachPeople.breachId, id), inArray(privacyBreachPeople.userId, removable)));
    }
    if (people.length > 0) {
      await tx
        .insert(privacyBreachPeople)
        .values(people.map((userId) => ({ breachId: id, userId })))
        .onConflictDoNothing();
    }
    await recordAdminAction(tx, viewer, {
      action: 'privacy_breach_updated',
      user: actor,
      changes: {
        breach: { from: id, to: id },
        discovered: { from: iso(breach.discoveredAt), to: iso(discovered) },
        affected: {
          from: before.length,
          to: new Set([...people, ...before.filter((row) => row.notifiedAt).map((row) => row.userId)]).size,
        },
      },
    });
    return findBreach(tx, id);
  });
}

/** POST …/{id}/npc-notice: when and how the National Privacy Commission was told; recorded once. */
export async function recordNpcNotice(
  db: Db,
  viewer: Viewer,
  id: string,
  input: BreachNpcNotice,
  now = new Date(),
) {
  const notifiedAt = new Date(input.notified_at);
  if (notifiedAt.getTime() > now.getTime() + CLOCK_SLACK_MS) {
    throw fieldError('notified_at', BREACH_MESSAGES.noticeInFuture);
  }
  return db.transaction(async (tx) => {
    const breach = await lockBreach(tx, id);
    assertOpen(breach);
    const [already] = await tx
      .select({ id: privacyBreachNotices.id })
      .from(privacyBreachNotices)
      .where(and(eq(privacyBreachNotices.breachId, id), eq(privacyBreachNotices.kind, 'npc')));
    if (already) throw new AppError(409, BREACH_MESSAGES.npcAlready, { code: 'already_recorded' });
    const actor = await actorOf(tx, viewer);
    await tx.insert(privacyBreachNotices).values({
      breachId: id,
      kind: 'npc',
      notifiedAt,
      method: input.method,
      reference: input.reference || null,
      recordedBy: actor.id,
      recordedByName: actor.name,
    });
    await recordAdminAction(tx, viewer, {
      action: 'privacy_breach_npc_notified',
      user: actor,
      changes: {
        breach: { from: id, to: id },
        notified: { from: null, to: iso(notifiedAt) },
        method: { from: null, to: input.method },
      },
    });
    return findBreach(tx, id);
  });
}

/**
 * POST …/{id}/people-notice: the e-mail, as edited, queued to each affected person not yet told,
 * in the transaction that marks them told. The breach's row is locked first, so a second press
 * (or a second admin) waits, then finds no one left: 409, nothing sent twice.
 */
export async function notifyAffectedPeople(
  { db, publicUrl }: { db: Db; publicUrl: string },
  viewer: Viewer,
  id: string,
  input: BreachPeopleNotice,
) {
  return db.transaction(async (tx) => {
    const breach = await lockBreach(tx, id);
    assertOpen(breach);
    const waiting = await tx
      .select({ id: users.id, email: users.email, ...accountNameSelect, username: users.username })
      .from(privacyBreachPeople)
      .innerJoin(users, eq(users.id, privacyBreachPeople.userId))
      .where(and(eq(privacyBreachPeople.breachId, id), isNull(privacyBreachPeople.notifiedAt)))
      .orderBy(asc(users.id));
    if (waiting.length === 0) {
      const [anyone] = await tx
        .select({ userId: privacyBreachPeople.userId })
        .from(privacyBreachPeople)
        .where(eq(privacyBreachPeople.breachId, id))
        .limit(1);
      throw new AppError(409, anyone ? BREACH_MESSAGES.peopleAlready : BREACH_MESSAGES.peopleNone, {
        code: anyone ? 'already_notified' : 'no_one_affected',
      });
    }
    const actor = await actorOf(tx, viewer);
    const now = new Date();
    for (const person of waiting) {
      const mailId = await queueMail(tx, {
        to: person.email,
        ...breachNoticeEmail({
          name: greetingName(person),
          subject: input.subject,
          body: input.body,
          link: `${publicUrl}${sitePaths.privacy}`,
        }),
        writtenByStaff: true,
      });
      await tx
        .update(privacyBreachPeople)
        .set({ notifiedAt: now, mailId })
        .where(and(eq(privacyBreachPeople.breachId, id), eq(privacyBreachPeople.userId, person.id)));
    }
    await tx.insert(privacyBreachNotices).values({
      breachId: id,
      kind: 'people',
      notifiedAt: now,
      subject: input.subject,
      body: input.body,
      recipients: waiting.length,
      recordedBy: actor.id,
      recordedByName: actor.name,
    });
    await recordAdminAction(tx, viewer, {
      action: 'privacy_breach_people_notified',
      user: actor,
      changes: {
        breach: { from: id, to: id },
        subject: { from: null, to: input.subject },
        recipients: { from: null, to: waiting.length },
      },
    });
    return { breach: await findBreach(tx, id), queued: waiting.length };
  });
}

/** POST …/{id}/close: closed with a summary of what was found and done. */
export async function closeBreach(db: Db, viewer: Viewer, id: string, summary: string) {
  return db.transaction(async (tx) => {
    const breach = await lockBreach(tx, id);
    assertOpen(breach);
    const actor = await actorOf(tx, viewer);
    const closedAt = new Date();
    await tx
      .update(privacyBreaches)
      .set({ closedAt, closureSummary: summary })
      .where(eq(privacyBreaches.id, id));
    await recordAdminAction(tx, viewer, {
      action: 'privacy_breach_closed',
      user: actor,
      changes: { breach: { from: id, to: id }, closed: { from: null, to: iso(closedAt) } },
    });
    return findBreach(tx, id);
  });
}
