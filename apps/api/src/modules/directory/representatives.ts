import {
  DIRECTORY_REPRESENTATIVE_MESSAGES,
  type DirectoryEntryKind,
  type MyDirectoryRepresentative,
  sitePaths,
} from '@portal/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import { directoryRepresentatives, representatives, users } from '../../db/schema';
import { displayNameSql } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import {
  directoryRepresentativeAgreedEmail,
  directoryRepresentativeRequestEmail,
} from '../../lib/mail/templates';
import { createOpaqueToken, hashOpaqueToken } from '../../lib/tokens';

/**
 * A company's representatives in its directory entry (docs/product-rules.md "Member directory",
 * docs/decisions/072 "Added on 2026-12-08"). The company picks whom it would like listed; each is
 * mailed a link whose page asks their agreement (a click, never the link's opening: decision 075),
 * and appears only while they agree: they withdraw from the link in the mail confirming it, the
 * company takes them off, a new e-mail address or deleting the representative ends it.
 */

type Database = Db | DbTransaction;
const dr = directoryRepresentatives;

/** A representative as an entry shows them: the name rule of representatives (first and last), position. */
export type AgreedRepresentative = { id: string; name: string; position: string | null };

const nameOf = (rep: { firstName: string; lastName: string }) => `${rep.firstName} ${rep.lastName}`.trim();

/** SQL: the request is the current one and still addressed to the representative's address. */
const stillAddressed = () =>
  and(isNull(dr.endedAt), sql`lower(${dr.email}) = lower(${representatives.email})`) as SQL;

/** The voting representative first, then in the order they were added (as the profile lists them). */
const representativeOrder = [
  desc(sql`(${representatives.type} = 'voting') is true`),
  asc(representatives.createdAt),
  asc(representatives.id),
];

/** The agreed representatives of each company of `companyIds`, by company. */
export async function agreedRepresentativesOf(db: Database, companyIds: string[]) {
  const byCompany = new Map<string, AgreedRepresentative[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({
      companyId: representatives.userId,
      id: representatives.id,
      firstName: representatives.firstName,
      lastName: representatives.lastName,
      position: representatives.position,
    })
    .from(representatives)
    .innerJoin(dr, and(eq(dr.representativeId, representatives.id), stillAddressed(), isNotNull(dr.agreedAt)))
    .where(inArray(representatives.userId, companyIds))
    .orderBy(...representativeOrder);
  for (const row of rows) {
    const list = byCompany.get(row.companyId) ?? [];
    list.push({ id: row.id, name: nameOf(row), position: row.position });
    byCompany.set(row.companyId, list);
  }
  return byCompany;
}

type RepresentativeState = {
  id: string;
  firstName: string;
  lastName: string;
  position: string | null;
  email: string | null;
  agreedAt: Date | null;
  askedAt: Date | null;
};

const toMine = (row: RepresentativeState): MyDirectoryRepresentative => ({
  id: row.id,
  name: nameOf(row),
  position: row.position,
  email: row.email,
  status: row.agreedAt ? 'agreed' : row.askedAt ? 'asked' : 'not_asked',
  agreedAt: row.agreedAt?.toISOString() ?? null,
});

const stateColumns = {
  id: representatives.id,
  firstName: representatives.firstName,
  lastName: representatives.lastName,
  position: representatives.position,
  email: representatives.email,
  agreedAt: dr.agreedAt,
  askedAt: dr.askedAt,
};

/** The company's representatives with whether each was asked or agreed; [] for a professional. */
export async function companyRepresentatives(
  db: Database,
  owner: { id: string; kind: DirectoryEntryKind },
): Promise<MyDirectoryRepresentative[]> {
  if (owner.kind !== 'company') return [];
  const rows = await db
    .select(stateColumns)
    .from(representatives)
    .leftJoin(dr, and(eq(dr.representativeId, representatives.id), stillAddressed()))
    .where(eq(representatives.userId, owner.id))
    .orderBy(...representativeOrder);
  return rows.map(toMine);
}

/**
 * PUT /api/me/directory/representatives/{id}: `listed: true` mails the representative a link asking
 * their agreement (again, with a new link, when they were asked before and have not agreed; nothing
 * when they agree already); `listed: false` takes them off at once. Another company's
 * representative is not found; one without an e-mail address cannot be asked (400).
 */
export async function chooseRepresentative(
  db: Db,
  {
    companyId,
    representativeId,
    listed,
    publicUrl,
    now = new Date(),
  }: { companyId: string; representativeId: string; listed: boolean; publicUrl: string; now?: Date },
) {
  return db.transaction(async (tx) => {
    const [rep] = await tx
      .select()
      .from(representatives)
      .where(and(eq(representatives.id, representativeId), eq(representatives.userId, companyId)))
      .for('update');
    if (!rep) throw notFound(DIRECTORY_REPRESENTATIVE_MESSAGES.notFound);
    const [current] = await tx
      .select()
      .from(dr)
      .where(and(eq(dr.representativeId, rep.id), isNull(dr.endedAt)))
      .for('update');
    const addressed =
      current && rep.email !== null && current.email.toLowerCase() === rep.email.toLowerCase();
    const endCurrent = async () => {
      if (current) await tx.update(dr).set({ endedAt: now, endedBy: 'company' }).where(eq(dr.id, current.id));
    };
    const name = nameOf(rep);
    if (!listed) {
      await endCurrent();
      return {
        data: toMine({ ...rep, agreedAt: null, askedAt: null }),
        message: DIRECTORY_REPRESENTATIVE_MESSAGES.takenOff(name),
      };
    }
    if (!rep.email) {
      throw new AppError(400, DIRECTORY_REPRESENTATIVE_MESSAGES.noEmail, {
        code: 'no_email',
        field: 'email',
      });
    }
    if (addressed && current.agreedAt) {
      return { data: toMine({ ...rep, agreedAt: current.agreedAt, askedAt: current.askedAt }), message: '' };
    }
    await endCurrent();
    const token = createOpaqueToken();
    await tx.insert(dr).values({
      representativeId: rep.id,
      email: rep.email,
      agreeTokenHash: hashOpaqueToken(token),
      askedAt: now,
    });
    const [company] = await tx.select({ name: displayNameSql }).from(users).where(eq(users.id, companyId));
    await queueMail(tx, {
      to: rep.email,
      ...directoryRepresentativeRequestEmail({
        name,
        company: company?.name ?? '',
        link: `${publicUrl}${sitePaths.directoryAgreement}?token=${encodeURIComponent(token)}`,
      }),
    });
    return {
      data: toMine({ ...rep, agreedAt: null, askedAt: now }),
      message: DIRECTORY_REPRESENTATIVE_MESSAGES.asked(name),
    };
  });
}

const invalidLink = () =>
  new AppError(400, DIRECTORY_REPRESENTATIVE_MESSAGES.invalidLink, { code: 'invalid_link' });

/** The request a link's token names, locked, with its representative and company's name. */
async function requestOfToken(
  tx: DbTransaction,
  column: typeof dr.agreeTokenHash | typeof dr.withdrawTokenHash,
  token: string,
) {
  const [row] = await tx
    .select({
      request: dr,
      repEmail: representatives.email,
      firstName: representatives.firstName,
      lastName: representatives.lastName,
      company: displayNameSql,
    })
    .from(dr)
    .innerJoin(representatives, eq(representatives.id, dr.representativeId))
    .innerJoin(users, eq(users.id, representatives.userId))
    .where(eq(column, hashOpaqueToken(token)))
    .for('update', { of: dr });
  return row;
}

/**
 * POST /api/directory/representatives/agree { token }: the representative agrees; a mail confirms it
 * with their link to withdraw. A used, unknown or ended link, or one to an address the
 * representative no longer has, is 400 'This link is invalid or has already been used.'
 */
export async function agreeToListing(db: Db, token: string, publicUrl: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await requestOfToken(tx, dr.agreeTokenHash, token);
    const addressed = row?.repEmail && row.repEmail.toLowerCase() === row.request.email.toLowerCase();
    if (!row || !addressed || row.request.endedAt || row.request.agreedAt) throw invalidLink();
    const withdrawToken = createOpaqueToken();
    await tx
      .update(dr)
      .set({ agreedAt: now, withdrawTokenHash: hashOpaqueToken(withdrawToken) })
      .where(eq(dr.id, row.request.id));
    await queueMail(tx, {
      to: row.request.email,
      ...directoryRepresentativeAgreedEmail({
        name: nameOf(row),
        company: row.company,
        link: `${publicUrl}${sitePaths.directoryWithdrawal}?token=${encodeURIComponent(withdrawToken)}`,
      }),
    });
    return { message: DIRECTORY_REPRESENTATIVE_MESSAGES.agreed(row.company) };
  });
}

/** POST /api/directory/representatives/withdraw { token }: gone from the entry at once; once only. */
export async function withdrawFromListing(db: Db, token: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await requestOfToken(tx, dr.withdrawTokenHash, token);
    if (!row || row.request.endedAt) throw invalidLink();
    await tx.update(dr).set({ endedAt: now, endedBy: 'representative' }).where(eq(dr.id, row.request.id));
    return { message: DIRECTORY_REPRESENTATIVE_MESSAGES.withdrawn(row.company) };
  });
}
