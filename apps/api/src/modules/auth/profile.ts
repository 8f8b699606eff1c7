import {
  CURRENT_NOTICE_VERSION,
  displayName,
  membershipStanding,
  type Profile,
  paidThroughOf,
  type StaffRole,
} from '@portal/shared';
import { asc, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, userRoles, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { memberPictureAddress } from '../../lib/member-pictures';
import { membershipsWithDues } from '../membership-standing';
import { acceptedNoticeVersionSql, consentGiven } from '../privacy';
import { secondFactorSummary } from './two-factor';

/**
 * The signed-in user's profile as login, the confirmation and the session call return it (spec 000 §3):
 * memberships newest first, because the client marks a pending membership from the first one
 * (docs/product-rules.md "Membership lifecycle").
 */
export async function loadProfile(db: Db, userId: string, now = new Date()): Promise<Profile> {
  const [user] = await db
    .select({
      ...getTableColumns(users),
      receivesAnnouncements: consentGiven(users.id, 'announcements_email'),
      acceptedNoticeVersion: acceptedNoticeVersionSql(users.id),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw notFound('User not found');
  const roles = await rolesOfUser(db, userId);
  const secondFactor = await secondFactorSummary(db, userId);
  const rows = await membershipsWithDues(db)
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  return {
    id: user.id,
    username: user.username,
    displayName: displayName(user),
    email: user.email,
    phone: user.phone,
    facsimile: user.facsimile,
    address: user.address,
    about: user.about,
    firstName: user.firstName,
    middleName: user.middleName,
    lastName: user.lastName,
    suffix: user.suffix,
    registeredName: user.registeredName,
    tradeName: user.tradeName,
    tin: user.tin,
    billingAddress: user.billingAddress,
    billingEmail: user.billingEmail,
    type: user.type,
    role: user.type === 'admin' ? 'admin' : 'member',
    roles,
    secondFactor,
    status: user.status,
    email_confirmation: user.emailConfirmedAt?.toISOString() ?? null,
    // Private files (decision 066): the checked routes' addresses, never the stored reference.
    avatarUrl: memberPictureAddress('avatar', user.id, user.avatarUrl),
    logoUrl: memberPictureAddress('logo', user.id, user.logoUrl),
    isNew: user.isNew,
    receivesAnnouncements: user.receivesAnnouncements,
    acceptedCurrentNotice: user.acceptedNoticeVersion === CURRENT_NOTICE_VERSION,
    memberships: rows.map((membership) => ({
      id: membership.id,
      userId: membership.userId,
      category: membership.category,
      status: membership.status,
      standing: membershipStanding(
        {
          status: membership.status,
          expires_at: membership.expiresAt,
          unpaid_due_on: membership.unpaidDueOn,
          grace_ends_on: membership.graceEndsOn,
        },
        now,
      ),
      startsAt: membership.startsAt?.toISOString() ?? null,
      expiresAt: membership.expiresAt?.toISOString() ?? null,
      paidThrough: paidThroughOf(membership.expiresAt),
      memberNumber: membership.memberNumber,
      unpaidDueOn: membership.unpaidDueOn,
      graceEndsOn: membership.graceEndsOn,
      created_at: membership.createdAt.toISOString(),
      updated_at: membership.updatedAt.toISOString(),
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** The staff roles `userId` holds, in name order (docs/product-rules.md "Staff roles"). */
export async function rolesOfUser(db: Db, userId: string): Promise<StaffRole[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(userRoles.role));
  return rows.map((row) => row.role);
}
