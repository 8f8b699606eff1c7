import {
  ADMIN_USER_MESSAGES,
  type ApplicationDecisionOutcome,
  type MembershipApplication,
  type MembershipStatus,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { AppError, notFound } from '../../lib/errors';
import { memberPictureAddress } from '../../lib/member-pictures';
import type { Viewer } from '../../plugins/access';
import { membershipsWithDues, toAdminMembership } from '../membership-standing';
import { listRepresentatives } from '../representatives';
import { type LifecycleContext, setMembershipStatus } from './decisions';

/**
 * GET /api/memberships/application/{id}: what the review panel shows of an application — the
 * membership, the applicant's details as the membership form left them, and their representatives
 * (docs/product-rules.md "Reviewing applications").
 */
export async function getMembershipApplication(db: Db, id: string): Promise<MembershipApplication> {
  const [row] = await membershipsWithDues(db).where(eq(memberships.id, id));
  if (!row) throw notFound(ADMIN_USER_MESSAGES.membershipNotFound);
  const [applicant] = await db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      phone: users.phone,
      facsimile: users.facsimile,
      address: users.address,
      about: users.about,
      ...accountNameSelect,
      tin: users.tin,
      billingAddress: users.billingAddress,
      billingEmail: users.billingEmail,
      status: users.status,
      avatarUrl: users.avatarUrl,
      logoUrl: users.logoUrl,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!applicant) throw notFound(ADMIN_USER_MESSAGES.membershipNotFound);
  const { createdAt, ...details } = applicant;
  return {
    membership: toAdminMembership(row),
    applicant: {
      ...details,
      avatarUrl: memberPictureAddress('avatar', applicant.id, applicant.avatarUrl),
      logoUrl: memberPictureAddress('logo', applicant.id, applicant.logoUrl),
      created_at: createdAt.toISOString(),
    },
    representatives: await listRepresentatives(db, row.userId),
  };
}

/**
 * POST /api/memberships/decisions: approves or rejects pending applications one after the other,
 * each in its own transaction through setMembershipStatus (the one approval: its statement, its
 * e-mails, its audit line), and says what became of each id. An application that is no longer
 * pending is left as it is ('already_decided'), so approving twice bills once; an unknown id is
 * 'not_found'. Any other failure stops the run with the decisions before it committed and the rest
 * untouched: sending the same list again finishes it (decision 050).
 */
export async function decideApplications(
  context: LifecycleContext,
  viewer: Viewer,
  {
    ids,
    status,
    reason,
  }: {
    ids: readonly string[];
    status: Extract<MembershipStatus, 'approved' | 'rejected'>;
    reason?: string | null;
  },
): Promise<{ results: { id: string; outcome: ApplicationDecisionOutcome }[]; mailQueued: boolean }> {
  const results: { id: string; outcome: ApplicationDecisionOutcome }[] = [];
  let mailQueued = false;
  for (const id of ids) {
    try {
      const decided = await setMembershipStatus(context, viewer, id, status, { reason, onlyIfPending: true });
      mailQueued ||= decided.mailQueued;
      results.push({ id, outcome: decided.changed ? status : 'already_decided' });
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      results.push({ id, outcome: 'not_found' });
    }
  }
  return { results, mailQueued };
}
