import { randomUUID } from 'node:crypto';
import {
  CARD_MESSAGES,
  CARD_VERIFY_STANDING_OF,
  type CardVerification,
  displayName,
  type MembershipCard,
  manilaDateString,
  paidThroughOf,
  sitePaths,
} from '@portal/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { membershipCards, memberships, representatives, users } from '../../db/schema';
import { displayNameSql } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { assignMemberNumber, readDuesSettings } from '../dues';
import { goodStanding, standingOf } from '../membership-standing';
import { cardTokenHashOf, cardTokenOf } from './tokens';

export type CardContext = { db: Db; config: Pick<Config, 'publicUrl'>; cardKey: string };

const notInGoodStanding = () =>
  new AppError(403, CARD_MESSAGES.notInGoodStanding, { code: 'not_in_good_standing' });

/**
 * The membership a member's card is for: their membership in good standing (the one rule,
 * docs/product-rules.md "Good standing"), the one paid furthest ahead if several. The route's
 * `members-area` access has already refused members without one; an administrator, whom the
 * access lets by, has no card and is refused here in the card's words.
 */
async function goodStandingMembershipOf(db: Db, userId: string, now: Date) {
  const [row] = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.userId, userId), goodStanding(memberships, now)))
    .orderBy(desc(memberships.expiresAt))
    .limit(1);
  if (!row) throw notInGoodStanding();
  return row;
}

/** A company's representatives as its card names them, the voting one first. */
async function representativeNamesOf(db: Db, userId: string) {
  const rows = await db
    .select({ firstName: representatives.firstName, lastName: representatives.lastName })
    .from(representatives)
    .where(eq(representatives.userId, userId))
    .orderBy(sql`${representatives.type} = 'voting' desc nulls last`, asc(representatives.lastName));
  return rows.map((row) => `${row.firstName} ${row.lastName}`);
}

/**
 * The card of a member in good standing (docs/product-rules.md "Membership card"). A membership
 * paid before member numbers existed is numbered here, and a member without a live card gets one
 * (the demo's members, a card revoked by an administrator): reading it twice at once makes one.
 */
export async function readOwnCard(
  context: CardContext,
  userId: string,
  now = new Date(),
): Promise<MembershipCard> {
  const { db, config, cardKey } = context;
  const { membership, user } = await goodStandingMembershipOf(db, userId, now);
  const memberNumber =
    membership.memberNumber ??
    (await db.transaction((tx) => assignMemberNumber(tx, membership.id, manilaDateString(now))));
  let [card] = await db.select().from(membershipCards).where(eq(membershipCards.membershipId, membership.id));
  if (!card) {
    const id = randomUUID();
    await db
      .insert(membershipCards)
      .values({ id, membershipId: membership.id, tokenHash: cardTokenHashOf(cardTokenOf(cardKey, id)) })
      .onConflictDoNothing({ target: membershipCards.membershipId });
    [card] = await db.select().from(membershipCards).where(eq(membershipCards.membershipId, membership.id));
    if (!card) throw new Error('The card was not made');
  }
  const [settings, reps] = await Promise.all([
    readDuesSettings(db),
    user.type === 'company' ? representativeNamesOf(db, user.id) : Promise.resolve([]),
  ]);
  return {
    memberNumber,
    name: displayName(user),
    representatives: reps,
    category: membership.category,
    validThrough: paidThroughOf(membership.expiresAt) ?? '',
    verifyUrl: `${config.publicUrl}${sitePaths.verifyCard(cardTokenOf(cardKey, card.id))}`,
    associationName: settings.associationName,
  };
}

/**
 * A new card for a member in good standing: the old one's token stops working at once (its row is
 * replaced), as the confirmation on the profile says.
 */
export async function regenerateOwnCard(context: CardContext, userId: string, now = new Date()) {
  const { membership } = await goodStandingMembershipOf(context.db, userId, now);
  const id = randomUUID();
  const tokenHash = cardTokenHashOf(cardTokenOf(context.cardKey, id));
  await context.db
    .insert(membershipCards)
    .values({ id, membershipId: membership.id, tokenHash })
    .onConflictDoUpdate({ target: membershipCards.membershipId, set: { id, tokenHash, createdAt: now } });
  return readOwnCard(context, userId, now);
}

/** An administrator revokes a membership's card (in the audit log); the member may make a new one. */
export async function revokeCard(db: Db, viewer: Viewer, membershipId: string) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ user: { id: users.id, username: users.username, email: users.email } })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, membershipId));
    if (!row) throw notFound(CARD_MESSAGES.membershipNotFound);
    const [removed] = await tx
      .delete(membershipCards)
      .where(eq(membershipCards.membershipId, membershipId))
      .returning({ id: membershipCards.id });
    if (!removed) throw notFound(CARD_MESSAGES.cardNotFound);
    await recordAdminAction(tx, viewer, {
      action: 'membership_card_revoked',
      user: row.user,
      membershipId,
      changes: { card: { from: 'live', to: null } },
    });
  });
}

/**
 * What a card's verification page shows (docs/product-rules.md "Membership card"): the live
 * standing and only the name, category and member number. Every token is hashed and looked up
 * the same way, however malformed (./tokens.ts), so an unknown one answers in the same time.
 */
export async function verifyCard(db: Db, token: string, now = new Date()): Promise<CardVerification> {
  const [row] = await db
    .select({
      standing: standingOf(memberships, now),
      name: displayNameSql,
      category: memberships.category,
      memberNumber: memberships.memberNumber,
      expiresAt: memberships.expiresAt,
    })
    .from(membershipCards)
    .innerJoin(memberships, eq(memberships.id, membershipCards.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(membershipCards.tokenHash, cardTokenHashOf(token)));
  if (!row?.memberNumber) return { standing: 'not_found' };
  return {
    standing: CARD_VERIFY_STANDING_OF[row.standing],
    name: row.name,
    category: row.category,
    memberNumber: row.memberNumber,
    validThrough: paidThroughOf(row.expiresAt),
  };
}
