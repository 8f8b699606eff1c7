import {
  ADMIN_USER_MESSAGES,
  type AdminMembership,
  formatCentavos,
  formatDate,
  greetingName,
  MEMBERSHIP_PERIOD_MONTHS,
  type MembershipStatus,
  manilaDateString,
  sitePaths,
} from '@portal/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { notFound } from '../../lib/errors';
import { queueMail } from '../../lib/mail/outbox';
import { membershipApprovedEmail, membershipRejectedEmail } from '../../lib/mail/templates';
import type { Viewer } from '../../plugins/access';
import { changesBetween, recordAdminAction } from '../audit';
import { billedRecipients, issueNewMemberStatement, statementAttachment } from '../dues';
import { membershipsWithDues, toAdminMembership } from '../membership-standing';

export type LifecycleContext = { db: Db; config: Pick<Config, 'publicUrl' | 'storage'> };

/** GET /api/memberships/{userId}: the user's memberships, newest first; 404 for an unknown user. */
export async function listUserMemberships(db: Db, userId: string): Promise<AdminMembership[]> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(ADMIN_USER_MESSAGES.userNotFound);
  const rows = await membershipsWithDues(db)
    .where(eq(memberships.userId, userId))
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  const now = new Date();
  return rows.map((row) => toAdminMembership(row, now));
}

/**
 * PUT /api/memberships/update/{id} (docs/product-rules.md "Membership lifecycle" and "Dues"):
 * approving bills a new member for 12 months (an Honorary one is active at once, for
 * MEMBERSHIP_PERIOD_MONTHS on the database's clock); rejecting or returning it to pending ends any
 * period; approval and rejection e-mail the member through the outbox in the same transaction.
 *
 * The row is locked first and a status that is already the one asked for changes nothing: two
 * admins approving at once give one period and one e-mail, not two. A review decides only a
 * pending application (`onlyIfPending`): one another administrator decided meanwhile is left as
 * it is, and `changed` says so. A rejection's `reason` is e-mailed and kept in the audit log.
 */
export async function setMembershipStatus(
  { db, config }: LifecycleContext,
  viewer: Viewer,
  id: string,
  status: MembershipStatus,
  { reason, onlyIfPending = false }: { reason?: string | null; onlyIfPending?: boolean } = {},
): Promise<{ membership: AdminMembership; mailQueued: boolean; changed: boolean }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        membership: memberships,
        username: users.username,
        email: users.email,
        user: {
          id: users.id,
          username: users.username,
          email: users.email,
          address: users.address,
          ...accountNameSelect,
          tin: users.tin,
          billingAddress: users.billingAddress,
          billingEmail: users.billingEmail,
        },
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, id))
      .for('update', { of: memberships });
    if (!current) throw notFound(ADMIN_USER_MESSAGES.membershipNotFound);
    const reread = async () => {
      const [row] = await membershipsWithDues(tx).where(eq(memberships.id, id));
      if (!row) throw notFound(ADMIN_USER_MESSAGES.membershipNotFound);
      return toAdminMembership(row);
    };
    const decidedAlready = onlyIfPending && current.membership.status !== 'pending';
    if (current.membership.status === status || decidedAlready) {
      return { membership: await reread(), mailQueued: false, changed: false };
    }
    const rejectionReason = status === 'rejected' && reason ? reason : null;
    // Honorary members pay nothing and are active at approval; everyone else's 12 months start
    // on the date of payment (docs/product-rules.md "Dues"), so approval leaves the period open.
    const honorary = current.membership.category === 'Honorary';
    const period =
      status === 'approved' && honorary
        ? {
            startsAt: sql`now()`,
            expiresAt: sql`now() + make_interval(months => ${MEMBERSHIP_PERIOD_MONTHS})`,
          }
        : { startsAt: null, expiresAt: null };
    const [updated] = await tx
      .update(memberships)
      .set({ status, ...period, updatedAt: sql`now()` })
      .where(eq(memberships.id, id))
      .returning();
    if (!updated) throw notFound(ADMIN_USER_MESSAGES.membershipNotFound);
    await recordAdminAction(tx, viewer, {
      action: 'membership_updated',
      user: { id: updated.userId, username: current.username, email: current.email },
      membershipId: id,
      changes: {
        ...changesBetween(AUDITED_MEMBERSHIP_FIELDS, current.membership, updated),
        ...(rejectionReason ? { reason: { from: null, to: rejectionReason } } : {}),
      },
    });

    const link = `${config.publicUrl}${sitePaths.profile}`;
    const recipient = { username: greetingName(current.user), link, category: updated.category };
    if (status === 'approved') {
      const statement = honorary
        ? null
        : await issueNewMemberStatement(tx, config, updated, current.user, { notify: false });
      const message = membershipApprovedEmail({
        ...recipient,
        link: statement ? `${link}#dues` : link,
        period:
          updated.startsAt && updated.expiresAt
            ? {
                startsOn: formatDate(manilaDateString(updated.startsAt)),
                expiresOn: formatDate(manilaDateString(updated.expiresAt)),
              }
            : null,
        statement: statement
          ? {
              number: statement.number ?? '',
              amount: formatCentavos(statement.amountCentavos),
              dueOn: formatDate(statement.dueOn),
            }
          : null,
      });
      // The statement's billing e-mail hears of it too (docs/product-rules.md "Dues").
      const recipients = statement ? billedRecipients(statement, current.user) : [current.email];
      // The first statement goes with the approval, which announces it (docs/product-rules.md "Dues").
      const attachments = statement ? [await statementAttachment(tx, config, statement)] : [];
      for (const to of recipients) await queueMail(tx, { to, ...message, attachments });
    } else if (status === 'rejected') {
      await queueMail(tx, {
        to: current.email,
        ...membershipRejectedEmail({ ...recipient, reason: rejectionReason }),
      });
    }
    return { membership: await reread(), mailQueued: status !== 'pending', changed: true };
  });
}

/** What the audit log records of a membership's change or deletion (decision 024). */
const AUDITED_MEMBERSHIP_FIELDS = ['category', 'status', 'startsAt', 'expiresAt'] as const;

/** DELETE /api/memberships/delete/{id}: the membership goes, and the audit log says what it was. */
export async function deleteMembership(db: Db, viewer: Viewer, id: string) {
  return db.transaction(async (tx) => {
    const [deleted] = await tx.delete(memberships).where(eq(memberships.id, id)).returning();
    if (!deleted) throw notFound(ADMIN_USER_MESSAGES.membershipNotFound);
    const [owner] = await tx
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, deleted.userId));
    if (!owner) throw notFound(ADMIN_USER_MESSAGES.membershipNotFound);
    await recordAdminAction(tx, viewer, {
      action: 'membership_deleted',
      user: owner,
      membershipId: id,
      changes: changesBetween(AUDITED_MEMBERSHIP_FIELDS, deleted, null),
    });
    return { id };
  });
}
