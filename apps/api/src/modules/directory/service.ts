import {
  buildPagination,
  DEFAULT_DIRECTORY_VISIBILITY,
  DIRECTORY_MESSAGES,
  DIRECTORY_MESSAGES_PER_HOUR,
  type DirectoryAdminEntry,
  type DirectoryAdminListQuery,
  type DirectoryEntry,
  type DirectoryEntryKind,
  type DirectoryField,
  type DirectoryListQuery,
  type DirectoryReportRow,
  type DirectoryVisibilityMap,
  type directoryListingUpdateSchema,
  type directoryModerationSchema,
  MEMBER_PICTURE_MESSAGES,
  type MyDirectoryListing,
  type MyDirectoryRepresentative,
  manilaDateString,
  type ReceivedDirectoryMessage,
  regionOfProvince,
  siteConfig,
  startOfManilaDay,
  visibleDirectoryFields,
} from '@portal/shared';
import { and, asc, desc, eq, gte, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbTransaction } from '../../db/client';
import {
  consentStates,
  type DirectoryEntryRow,
  directoryEntries,
  directoryMessages,
  users,
} from '../../db/schema';
import { displayNameSql } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { escapeHtml } from '../../lib/mail/templates';
import { memberPictureAddress, readStoredPicture } from '../../lib/member-pictures';
import { likePattern } from '../../lib/sql';
import type { Storage } from '../../lib/storage';
import type { Viewer } from '../../plugins/access';
import { userInGoodStanding } from '../membership-standing';
import { consentGiven, consentGivenOn, recordConsents } from '../privacy';
import {
  type AgreedRepresentative,
  agreedRepresentativesOf,
  companyRepresentatives,
} from './representatives';

/**
 * The member directory (docs/product-rules.md "Member directory", docs/decisions/072). An entry is
 * shown when its owner's latest `member_directory` consent is given, the secretariat has not
 * hidden it, the account is active, and the viewer may see its name; each answer carries only the
 * fields the viewer may see (visibleDirectoryFields), and filters match only on those fields, so
 * a guest cannot find an entry by what only members see.
 */

type Database = Db | DbTransaction;

/** Who is reading: a guest, a member (in good standing or not), or staff. */
export type DirectoryViewer = { userId: string | null; member: boolean };
export const GUEST_DIRECTORY_VIEWER: DirectoryViewer = { userId: null, member: false };

/**
 * "Members" are those in good standing (the one rule, decision 057) and staff, as the
 * members-area access counts them.
 */
export async function directoryViewerOf(db: Db, viewer: Viewer | null, now = new Date()) {
  if (!viewer) return GUEST_DIRECTORY_VIEWER;
  const member = viewer.roles.length > 0 || (await userInGoodStanding(db, viewer.userId, now));
  return { userId: viewer.userId, member };
}

/** SQL: whether the viewer may see `field` of the entry row. */
function fieldVisible(field: DirectoryField, viewer: DirectoryViewer): SQL {
  const seenBy = sql`coalesce(${directoryEntries.visibility} ->> ${field}, ${DEFAULT_DIRECTORY_VISIBILITY[field]})`;
  const shown = viewer.member ? sql`${seenBy} in ('public', 'members')` : sql`${seenBy} = 'public'`;
  return viewer.userId ? sql`(${shown} or ${directoryEntries.userId} = ${viewer.userId})` : shown;
}

/** SQL: the entry is in the directory for anyone (consent given, not hidden, account active). */
const listedSql = () => and(consentGiven(users.id, 'member_directory'), shownSql()) as SQL;

/** SQL: the entry is not hidden and its account is active (the rest of `listedSql`). */
const shownSql = () => and(isNull(directoryEntries.hiddenAt), eq(users.status, 'active')) as SQL;

/**
 * The join that keeps only entries whose owner's directory consent is given: the consent's current
 * state (consent_states, kept by the database with each record), read once for the whole search
 * rather than the latest record looked up per entry (docs/decisions/072, "Added on 2026-12-07").
 * With `shownSql` it is `listedSql`.
 */
const listedConsent = () => consentGivenOn(directoryEntries.userId, 'member_directory');

const has = (column: AnyPgColumn, value: string) => sql`${column} @> array[${value}]::text[]`;

const entryColumns = {
  entry: directoryEntries,
  name: users.displayName,
  tradeName: users.tradeName,
  logo: users.logoUrl,
};

type EntryRow = { entry: DirectoryEntryRow; name: string; tradeName: string | null; logo: string | null };

const visibleTo = (entry: DirectoryEntryRow, viewer: DirectoryViewer) =>
  visibleDirectoryFields(entry.visibility, { member: viewer.member, owner: viewer.userId === entry.userId });

/** The companies among `rows` whose representatives the viewer may see: only theirs are read. */
const rowsShowingRepresentatives = (rows: EntryRow[], viewer: DirectoryViewer) =>
  rows
    .filter((row) => row.entry.kind === 'company' && visibleTo(row.entry, viewer).has('representatives'))
    .map((row) => row.entry.userId);

/**
 * The answer for one viewer: only the keys of the fields they may see (decision 072). The logo is
 * the directory's own checked read (GET /api/directory/{id}/logo), so a guest's answer never
 * names a members-only logo; `representatives` are those who agreed (representatives.ts).
 */
function toEntry(row: EntryRow, viewer: DirectoryViewer, agreed: AgreedRepresentative[]): DirectoryEntry {
  const { entry } = row;
  const visible = visibleTo(entry, viewer);
  const company = entry.kind === 'company';
  const answer: DirectoryEntry = {
    id: entry.id,
    kind: entry.kind,
    name: row.name,
    contactable: entry.contactEnabled,
  };
  if (company) answer.tradeName = row.tradeName;
  if (visible.has('about')) answer.about = entry.about;
  if (visible.has('commodities')) answer.commodities = entry.commodities;
  if (visible.has('areas')) {
    answer.regions = entry.regions;
    answer.provinces = entry.provinces;
  }
  if (company) {
    if (visible.has('logo')) answer.logoUrl = memberPictureAddress('directoryLogo', entry.id, row.logo);
    if (visible.has('representatives')) answer.representatives = agreed;
    if (visible.has('activities')) answer.activities = entry.activities;
    if (visible.has('website')) answer.website = entry.website;
    if (visible.has('contactPerson')) answer.contactPerson = entry.contactPerson;
  } else {
    if (visible.has('profession')) {
      answer.profession = entry.profession;
      answer.licenceVerified = entry.licenceVerified;
    }
    if (visible.has('specialisations')) answer.specialisations = entry.specialisations;
    if (visible.has('yearsOfPractice')) answer.yearsOfPractice = entry.yearsOfPractice;
    if (visible.has('employer')) answer.employer = entry.employer;
    if (visible.has('competentPerson')) answer.competentPerson = entry.competentPerson;
  }
  return answer;
}

/** The filters of a search, each only on a field the viewer may see (decision 072). */
function searchConditions(query: DirectoryListQuery, viewer: DirectoryViewer) {
  const conditions: (SQL | undefined)[] = [shownSql(), fieldVisible('name', viewer)];
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(or(sql`${users.displayName} ilike ${pattern}`, sql`${users.tradeName} ilike ${pattern}`));
  }
  if (query.kind) conditions.push(eq(directoryEntries.kind, query.kind));
  if (query.commodity)
    conditions.push(fieldVisible('commodities', viewer), has(directoryEntries.commodities, query.commodity));
  if (query.activity)
    conditions.push(
      eq(directoryEntries.kind, 'company'),
      fieldVisible('activities', viewer),
      has(directoryEntries.activities, query.activity),
    );
  if (query.region)
    conditions.push(fieldVisible('areas', viewer), has(directoryEntries.regions, query.region));
  if (query.province)
    conditions.push(fieldVisible('areas', viewer), has(directoryEntries.provinces, query.province));
  if (query.profession)
    conditions.push(
      eq(directoryEntries.kind, 'professional'),
      fieldVisible('profession', viewer),
      eq(directoryEntries.profession, query.profession),
    );
  if (query.specialisation)
    conditions.push(
      eq(directoryEntries.kind, 'professional'),
      fieldVisible('specialisations', viewer),
      has(directoryEntries.specialisations, query.specialisation),
    );
  return and(...conditions);
}

/**
 * The statement of a page of GET /api/directory, as a query builder: `listDirectory` runs it, and
 * `cli.js explain-directory` explains exactly this. The search sorts and counts (`count(*) over
 * ()`) narrow rows, an entry's id and its stored name (`users.display_name`); only the page's
 * entries are then read whole. Sorting and counting the whole rows (their visibility map, lists
 * and about text) for every match was the search's cost (docs/decisions/072, "Added on
 * 2026-12-07").
 */
export function directoryListQueries(db: Db, query: DirectoryListQuery, viewer: DirectoryViewer) {
  const matches = db
    .select({
      id: directoryEntries.id,
      name: users.displayName,
      tradeName: users.tradeName,
      logo: users.logoUrl,
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .innerJoin(consentStates, listedConsent())
    .where(searchConditions(query, viewer))
    .orderBy(asc(users.displayName), asc(directoryEntries.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('matches');
  return {
    page: db
      .select({
        entry: directoryEntries,
        name: matches.name,
        tradeName: matches.tradeName,
        logo: matches.logo,
        total: matches.total,
      })
      .from(matches)
      .innerJoin(directoryEntries, eq(directoryEntries.id, matches.id))
      .orderBy(asc(matches.name), asc(matches.id)),
  };
}

/** GET /api/directory: a page of the entries the viewer may see, by name then id. */
export async function listDirectory(db: Db, query: DirectoryListQuery, viewer: DirectoryViewer) {
  const rows = await directoryListQueries(db, query, viewer).page;
  const total = rows[0] ? Number(rows[0].total) : query.page > 1 ? await countListed(db, query, viewer) : 0;
  const agreed = await agreedRepresentativesOf(db, rowsShowingRepresentatives(rows, viewer));
  return {
    data: rows.map((row) => toEntry(row, viewer, agreed.get(row.entry.userId) ?? [])),
    pagination: buildPagination(query.page, query.limit, total),
  };
}

/** The total when the page asked is past the end (the window count has no row to ride on). */
async function countListed(db: Db, query: DirectoryListQuery, viewer: DirectoryViewer) {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .innerJoin(consentStates, listedConsent())
    .where(searchConditions(query, viewer));
  return row?.total ?? 0;
}

/** One entry the viewer may see, or 404: an unlisted, hidden or members-only one is not found. */
async function findVisibleEntry(db: Database, id: string, viewer: DirectoryViewer) {
  const row = await visibleEntryRow(db, id, viewer);
  if (!row) throw notFound(DIRECTORY_MESSAGES.notFound);
  return row;
}

async function visibleEntryRow(db: Database, id: string, viewer: DirectoryViewer) {
  const [row] = await db
    .select(entryColumns)
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .innerJoin(consentStates, listedConsent())
    .where(and(eq(directoryEntries.id, id), shownSql(), fieldVisible('name', viewer)));
  return row;
}

export async function getDirectoryEntry(db: Db, id: string, viewer: DirectoryViewer) {
  const row = await findVisibleEntry(db, id, viewer);
  const agreed = await agreedRepresentativesOf(db, rowsShowingRepresentatives([row], viewer));
  return { data: toEntry(row, viewer, agreed.get(row.entry.userId) ?? []) };
}

/**
 * GET /api/directory/{id}/logo: the company's logo when the entry is listed and not hidden, the
 * viewer may see its name and its logo field, and there is a logo; anything else 404 (the
 * picture's message, as the other checked picture reads answer).
 * A guest is answered only a public logo, which the access plugin lets caches keep a minute
 * (`guestCacheControl`); a signed-in viewer's answer is never stored.
 */
export async function readDirectoryLogo(
  context: { db: Db; storage: Storage },
  id: string,
  viewer: DirectoryViewer,
  width: string | undefined,
) {
  const row = await visibleEntryRow(context.db, id, viewer);
  const shown = row && row.entry.kind === 'company' && visibleTo(row.entry, viewer).has('logo');
  if (!row || !shown) throw notFound(MEMBER_PICTURE_MESSAGES.notFound);
  return readStoredPicture(context, row.logo, width);
}

// ---------------------------------------------------------------------------------------------
// The member's own listing

const kindOfType = (type: string): DirectoryEntryKind | null =>
  type === 'company' ? 'company' : type === 'individual' ? 'professional' : null;

export async function ownerOf(db: Database, userId: string) {
  const [owner] = await db
    .select({
      id: users.id,
      type: users.type,
      name: displayNameSql,
      tradeName: users.tradeName,
      logo: users.logoUrl,
      listed: consentGiven(users.id, 'member_directory'),
    })
    .from(users)
    .where(eq(users.id, userId));
  const kind = owner ? kindOfType(owner.type) : null;
  if (!owner || !kind) throw new AppError(403, DIRECTORY_MESSAGES.notAMember, { code: 'not_a_member' });
  return { ...owner, kind };
}

function toMyListing(
  owner: {
    id: string;
    kind: DirectoryEntryKind;
    name: string;
    tradeName: string | null;
    listed: boolean;
    logo: string | null;
  },
  entry: DirectoryEntryRow | undefined,
  representatives: MyDirectoryRepresentative[],
): MyDirectoryListing {
  return {
    id: entry?.id ?? null,
    kind: owner.kind,
    name: owner.name,
    tradeName: owner.kind === 'company' ? owner.tradeName : null,
    // The owner's own logo by their checked read (decision 066): the entry's may not exist yet.
    logoUrl: owner.kind === 'company' ? memberPictureAddress('logo', owner.id, owner.logo) : null,
    listed: owner.listed,
    contactEnabled: entry?.contactEnabled ?? true,
    about: entry?.about ?? null,
    commodities: entry?.commodities ?? [],
    activities: entry?.activities ?? [],
    regions: entry?.regions ?? [],
    provinces: entry?.provinces ?? [],
    website: entry?.website ?? null,
    contactPerson: entry?.contactPerson ?? null,
    profession: entry?.profession ?? null,
    licenceVerified: entry?.licenceVerified ?? false,
    specialisations: entry?.specialisations ?? [],
    yearsOfPractice: entry?.yearsOfPractice ?? null,
    employer: entry?.employer ?? null,
    competentPerson: entry?.competentPerson ?? false,
    visibility: { ...DEFAULT_DIRECTORY_VISIBILITY, ...entry?.visibility },
    hiddenReason: entry?.hiddenAt ? entry.hiddenReason : null,
    representatives,
  };
}

export async function getMyListing(db: Db, userId: string) {
  const owner = await ownerOf(db, userId);
  const [entry] = await db.select().from(directoryEntries).where(eq(directoryEntries.userId, userId));
  return { data: toMyListing(owner, entry, await companyRepresentatives(db, owner)) };
}

type ListingUpdate = z.output<typeof directoryListingUpdateSchema>;

/**
 * PUT /api/me/directory: writes the entry and, when `listed` changes, the directory consent
 * (a consent record from the profile, decision 065), in one transaction. A province's region is
 * added to the regions, so a filter by region finds an entry that named only its provinces.
 */
export async function saveMyListing(db: Db, userId: string, input: ListingUpdate) {
  return db.transaction(async (tx) => {
    const owner = await ownerOf(tx, userId);
    const [existing] = await tx
      .select()
      .from(directoryEntries)
      .where(eq(directoryEntries.userId, userId))
      .for('update');
    const regions = [
      ...new Set([...input.regions, ...input.provinces.map((province) => regionOfProvince(province) ?? '')]),
    ].filter(Boolean);
    const visibility: DirectoryVisibilityMap = {
      ...DEFAULT_DIRECTORY_VISIBILITY,
      ...existing?.visibility,
      ...(Object.fromEntries(
        Object.entries(input.visibility).filter(([, value]) => value !== undefined),
      ) as Partial<DirectoryVisibilityMap>),
    };
    const values = {
      kind: owner.kind,
      about: input.about,
      commodities: input.commodities,
      activities: owner.kind === 'company' ? input.activities : [],
      regions,
      provinces: input.provinces,
      website: owner.kind === 'company' ? input.website : null,
      contactPerson: owner.kind === 'company' ? input.contactPerson : null,
      profession: owner.kind === 'professional' ? input.profession : null,
      specialisations: owner.kind === 'professional' ? input.specialisations : [],
      yearsOfPractice: owner.kind === 'professional' ? input.yearsOfPractice : null,
      employer: owner.kind === 'professional' ? input.employer : null,
      competentPerson: owner.kind === 'professional' ? input.competentPerson : false,
      contactEnabled: input.contactEnabled,
      visibility,
      // A changed profession is a licence the secretariat has not checked.
      ...(existing && existing.profession !== input.profession ? { licenceVerified: false } : {}),
    };
    const [entry] = existing
      ? await tx.update(directoryEntries).set(values).where(eq(directoryEntries.id, existing.id)).returning()
      : await tx
          .insert(directoryEntries)
          .values({ userId, ...values })
          .returning();
    if (input.listed !== owner.listed) {
      await recordConsents(tx, userId, [{ purpose: 'member_directory', given: input.listed }], 'profile');
    }
    return {
      data: toMyListing({ ...owner, listed: input.listed }, entry, await companyRepresentatives(tx, owner)),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Messages

/** The mail's body as plain text and as HTML with every character escaped: never markup. */
function messageMail(senderName: string, body: string, entryUrl: string) {
  const subject = `A message from ${senderName} through the ${siteConfig.acronym} member directory`;
  const intro = `${senderName}, a member of the ${siteConfig.name}, wrote to you through the member directory. Reply to this e-mail to answer them directly.`;
  const footer = `You can turn messages off, or report this message to the secretariat, on your directory listing: ${entryUrl}`;
  const text = `${intro}\n\n${body}\n\n--\n${footer}\n`;
  const html = `<p>${escapeHtml(intro)}</p><div style="white-space:pre-wrap">${escapeHtml(body)}</div><hr><p>${escapeHtml(footer)}</p>`;
  // A name with a line break would be a header of its own: the subject is one line.
  return { subject: subject.replace(/[\r\n]+/g, ' '), text, html };
}

/**
 * POST /api/directory/{id}/messages (members-area access: good standing). Refused: an entry the
 * sender may not see 404, to oneself 400, contact off 403, the 21st message within an hour 429.
 * The sender's hourly count is taken under a lock on the sender, so parallel sends cannot pass
 * the limit together (PostgreSQL; PGlite runs one at a time anyway).
 */
export async function sendDirectoryMessage(
  db: Db,
  {
    entryId,
    senderId,
    body,
    publicUrl,
    now = new Date(),
  }: {
    entryId: string;
    senderId: string;
    body: string;
    publicUrl: string;
    now?: Date;
  },
) {
  return db.transaction(async (tx) => {
    const row = await findVisibleEntry(tx, entryId, { userId: senderId, member: true });
    if (row.entry.userId === senderId)
      throw new AppError(400, DIRECTORY_MESSAGES.toYourself, { code: 'to_yourself' });
    if (!row.entry.contactEnabled)
      throw new AppError(403, DIRECTORY_MESSAGES.contactOff, { code: 'contact_off' });
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('directory-messages'), hashtext(${senderId}))`,
    );
    const since = new Date(now.getTime() - 60 * 60_000);
    const [{ sent } = { sent: 0 }] = await tx
      .select({ sent: sql<number>`count(*)`.mapWith(Number) })
      .from(directoryMessages)
      .where(and(eq(directoryMessages.senderId, senderId), gte(directoryMessages.createdAt, since)));
    if (sent >= DIRECTORY_MESSAGES_PER_HOUR)
      throw new AppError(429, DIRECTORY_MESSAGES.tooManyMessages, { code: 'rate_limited' });
    const [sender] = await tx
      .select({ name: displayNameSql, email: users.email })
      .from(users)
      .where(eq(users.id, senderId));
    const [recipient] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, row.entry.userId));
    if (!sender || !recipient) throw notFound(DIRECTORY_MESSAGES.notFound);
    const [message] = await tx
      .insert(directoryMessages)
      .values({ entryId, senderId, body, createdAt: now })
      .returning({ id: directoryMessages.id });
    if (!message) throw new Error('The message was not saved');
    const mail = messageMail(sender.name, body, `${publicUrl}/profile/directory`);
    // Written by a member, not the portal: it may be answered (no Auto-Submitted), and the answer
    // goes to the sender, who accepted that their address is shown.
    await queueMail(tx, {
      to: recipient.email,
      ...mail,
      writtenByStaff: true,
      headers: { 'Reply-To': sender.email },
    });
    return { data: { id: message.id, message: DIRECTORY_MESSAGES.sent } };
  });
}

/** SQL: the name (decision 056) of the account `userId` names, for lists without `users` joined. */
const nameOfAccount = (userId: SQL | typeof directoryMessages.senderId) =>
  sql<string>`(select ${displayNameSql} from ${users} where ${users.id} = ${userId})`;
const senderName = nameOfAccount(directoryMessages.senderId);

/** The messages a member's entry received, newest first (the last 100). */
export async function listMyMessages(db: Db, userId: string) {
  const rows = await db
    .select({
      id: directoryMessages.id,
      senderName,
      body: directoryMessages.body,
      sentAt: directoryMessages.createdAt,
      reportedAt: directoryMessages.reportedAt,
    })
    .from(directoryMessages)
    .innerJoin(directoryEntries, eq(directoryEntries.id, directoryMessages.entryId))
    .where(eq(directoryEntries.userId, userId))
    .orderBy(desc(directoryMessages.createdAt), desc(directoryMessages.id))
    .limit(100);
  return {
    data: rows.map(
      (row): ReceivedDirectoryMessage => ({
        ...row,
        sentAt: row.sentAt.toISOString(),
        reportedAt: row.reportedAt?.toISOString() ?? null,
      }),
    ),
  };
}

/**
 * A recipient reports a message they received: it goes on the secretariat's list, and a mail to
 * the secretariat's address says so. Another member's message is not found.
 */
export async function reportMessage(
  db: Db,
  {
    userId,
    messageId,
    reason,
    now = new Date(),
  }: { userId: string; messageId: string; reason: string | null; now?: Date },
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: directoryMessages.id, reportedAt: directoryMessages.reportedAt })
      .from(directoryMessages)
      .innerJoin(directoryEntries, eq(directoryEntries.id, directoryMessages.entryId))
      .where(and(eq(directoryMessages.id, messageId), eq(directoryEntries.userId, userId)))
      .for('update');
    if (!row) throw notFound('No such message');
    if (row.reportedAt) return { data: { id: row.id, reportedAt: row.reportedAt.toISOString() } };
    await tx
      .update(directoryMessages)
      .set({ reportedAt: now, reportReason: reason })
      .where(eq(directoryMessages.id, messageId));
    await queueMail(tx, {
      to: siteConfig.secretariatEmail,
      subject: 'A message sent through the member directory was reported',
      text: 'A member reported a message they received through the member directory. It is listed on the directory page of the admin area.\n',
      html: '<p>A member reported a message they received through the member directory. It is listed on the directory page of the admin area.</p>',
    });
    return { data: { id: row.id, reportedAt: now.toISOString() } };
  });
}

// ---------------------------------------------------------------------------------------------
// The secretariat

const reportsOf =
  sql<number>`(select count(*) from directory_messages m where m.entry_id = ${directoryEntries.id} and m.reported_at is not null)`.mapWith(
    Number,
  );

function toAdminEntry(row: {
  entry: DirectoryEntryRow;
  name: string;
  listed: boolean;
  reports: number;
}): DirectoryAdminEntry {
  return {
    id: row.entry.id,
    userId: row.entry.userId,
    kind: row.entry.kind,
    name: row.name,
    listed: row.listed,
    hiddenReason: row.entry.hiddenReason,
    hiddenAt: row.entry.hiddenAt?.toISOString() ?? null,
    profession: row.entry.profession,
    licenceVerified: row.entry.licenceVerified,
    reports: row.reports,
    updatedAt: row.entry.updatedAt.toISOString(),
  };
}

const adminColumns = {
  entry: directoryEntries,
  name: displayNameSql,
  listed: consentGiven(users.id, 'member_directory'),
  reports: reportsOf,
};

export async function listDirectoryForStaff(
  db: Db,
  query: Required<Pick<DirectoryAdminListQuery, 'status'>> & { search?: string; page: number; limit: number },
) {
  const consent = consentGiven(users.id, 'member_directory');
  const status = {
    all: undefined,
    listed: and(consent, isNull(directoryEntries.hiddenAt)),
    not_listed: sql`not ${consent}`,
    hidden: isNotNull(directoryEntries.hiddenAt),
  }[query.status];
  const search = query.search ? sql`${displayNameSql} ilike ${likePattern(query.search)}` : undefined;
  const where = and(status, search);
  const [rows, [counts]] = await Promise.all([
    db
      .select({ ...adminColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(directoryEntries)
      .innerJoin(users, eq(users.id, directoryEntries.userId))
      .where(where)
      .orderBy(asc(displayNameSql), asc(directoryEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({
        listed:
          sql<number>`count(*) filter (where ${consent} and ${directoryEntries.hiddenAt} is null)`.mapWith(
            Number,
          ),
        hidden: sql<number>`count(*) filter (where ${directoryEntries.hiddenAt} is not null)`.mapWith(Number),
        notListed: sql<number>`count(*) filter (where not ${consent})`.mapWith(Number),
      })
      .from(directoryEntries)
      .innerJoin(users, eq(users.id, directoryEntries.userId)),
  ]);
  return {
    data: rows.map(toAdminEntry),
    pagination: buildPagination(query.page, query.limit, rows[0]?.total ?? 0),
    counts: counts ?? { listed: 0, hidden: 0, notListed: 0 },
  };
}

async function adminEntry(db: Database, id: string) {
  const [row] = await db
    .select(adminColumns)
    .from(directoryEntries)
    .innerJoin(users, eq(users.id, directoryEntries.userId))
    .where(eq(directoryEntries.id, id));
  if (!row) throw notFound(DIRECTORY_MESSAGES.notFound);
  return { data: toAdminEntry(row) };
}

/** Hides an entry with the reason its owner reads, or shows it again. */
export async function moderateEntry(
  db: Db,
  id: string,
  staffId: string,
  input: z.output<typeof directoryModerationSchema>,
  now = new Date(),
) {
  const [updated] = await db
    .update(directoryEntries)
    .set(
      input.hidden
        ? { hiddenAt: now, hiddenReason: input.reason, hiddenBy: staffId }
        : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
    )
    .where(eq(directoryEntries.id, id))
    .returning({ id: directoryEntries.id });
  if (!updated) throw notFound(DIRECTORY_MESSAGES.notFound);
  return adminEntry(db, id);
}

/** Sets or clears the "PRC licence verified" badge (the secretariat checked the register). */
export async function setLicenceVerified(db: Db, id: string, verified: boolean) {
  const [updated] = await db
    .update(directoryEntries)
    .set({ licenceVerified: verified })
    .where(eq(directoryEntries.id, id))
    .returning({ id: directoryEntries.id });
  if (!updated) throw notFound(DIRECTORY_MESSAGES.notFound);
  return adminEntry(db, id);
}

/** The reported messages, newest report first (the last 200). */
export async function listReports(db: Db) {
  const rows = await db
    .select({
      id: directoryMessages.id,
      entryId: directoryMessages.entryId,
      entryName: nameOfAccount(sql`${directoryEntries.userId}`),
      senderName,
      body: directoryMessages.body,
      reason: directoryMessages.reportReason,
      sentAt: directoryMessages.createdAt,
      reportedAt: directoryMessages.reportedAt,
    })
    .from(directoryMessages)
    .innerJoin(directoryEntries, eq(directoryEntries.id, directoryMessages.entryId))
    .where(isNotNull(directoryMessages.reportedAt))
    .orderBy(desc(directoryMessages.reportedAt), desc(directoryMessages.id))
    .limit(200);
  return {
    data: rows.map(
      (row): DirectoryReportRow => ({
        ...row,
        sentAt: row.sentAt.toISOString(),
        reportedAt: (row.reportedAt as Date).toISOString(),
      }),
    ),
  };
}

/**
 * The dashboard's directory figures (its one call, decision 014): listed companies and
 * professionals, entries the secretariat hid, and messages sent since the first of this month in
 * Manila.
 */
export async function directoryCounts(db: Db, now = new Date()) {
  const monthStart = startOfManilaDay(`${manilaDateString(now).slice(0, 7)}-01`);
  const listedOf = (kind: DirectoryEntryKind) =>
    sql<number>`count(*) filter (where ${listedSql()} and ${directoryEntries.kind} = ${kind})`.mapWith(
      Number,
    );
  const [[entries], [messages]] = await Promise.all([
    db
      .select({
        listedCompanies: listedOf('company'),
        listedProfessionals: listedOf('professional'),
        hidden: sql<number>`count(*) filter (where ${directoryEntries.hiddenAt} is not null)`.mapWith(Number),
      })
      .from(directoryEntries)
      .innerJoin(users, eq(users.id, directoryEntries.userId)),
    db
      .select({ thisMonth: sql<number>`count(*)`.mapWith(Number) })
      .from(directoryMessages)
      .where(gte(directoryMessages.createdAt, monthStart)),
  ]);
  return {
    listedCompanies: entries?.listedCompanies ?? 0,
    listedProfessionals: entries?.listedProfessionals ?? 0,
    hidden: entries?.hidden ?? 0,
    messagesThisMonth: messages?.thisMonth ?? 0,
  };
}
