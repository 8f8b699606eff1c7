import {
  ERASURE_KEPT_ITEMS,
  type ErasureKeptItem,
  type ErasureKeptItemKind,
  erasedAccountNames,
  erasedEmail,
  erasedUsername,
  formatFormerMemberNumber,
  formerMemberName,
  manilaDateString,
  REMINDER_RECIPIENT_ROLES,
} from '@portal/shared';
import { and, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbTransaction } from '../../db/client';
import {
  adminAuditLog,
  announcements,
  consentRecords,
  cpdCertificates,
  cpdExternalUnits,
  cpdTranscriptCopies,
  cpdTranscriptReminders,
  dataExports,
  directoryEntries,
  directoryMessages,
  duesPayments,
  duesReminderPauses,
  duesReminders,
  duesStatements,
  emailTokens,
  eventMessages,
  eventRegistrations,
  eventStaff,
  eventWaitlist,
  mailOutbox,
  meetingRollCorrections,
  meetingRollEntries,
  membershipCards,
  memberships,
  passkeys,
  prcDetails,
  prcLicences,
  recoveryCodes,
  representatives,
  sessions,
  uploadedFiles,
  users,
  userTotp,
  webauthnChallenges,
} from '../../db/schema';
import { nextSequenceNumber } from '../dues';

/**
 * The person on the statements `which` picks replaced by `person` wherever a statement prints them
 * (name, e-mail, address, TIN): the statement, its number and its payments stay for the books. The
 * one way of doing it, for erasure and for the retention schedule's ten years (retention.ts).
 */
export async function replaceBilledPerson(
  tx: DbTransaction,
  which: SQL,
  person: { name: string; email: string },
) {
  return tx
    .update(duesStatements)
    .set({ billedName: person.name, billedEmail: person.email, billedAddress: null, billedTin: null })
    .where(which)
    .returning({ id: duesStatements.id });
}

/** The kind of `document_sequences` row that numbers erased accounts, one sequence per year. */
const FORMER_MEMBER_SEQUENCE = 'former_member';

export type ErasedAccount = {
  formerMemberNumber: string;
  keptItems: ErasureKeptItem[];
  /** The files to remove once the transaction has committed (public paths and private references). */
  removedFiles: string[];
  /** Who the account was, for the answer e-mailed to the address it had. */
  before: { email: string; name: string };
};

/**
 * Strings of `value` (any JSON) with each of `secrets` replaced by `replacement`: the audit log's
 * recorded changes hold e-mails and names as values (an e-mail change's from and to).
 */
function scrubbed(value: unknown, secrets: string[], replacement: string): unknown {
  if (typeof value === 'string') {
    let result = value;
    for (const secret of secrets) result = result.split(secret).join(replacement);
    return result;
  }
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, secrets, replacement));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, scrubbed(item, secrets, replacement)]),
    );
  return value;
}

/**
 * Erases an account's personal data in the caller's transaction (docs/decisions/068 lists every
 * column and what happens to it): the account becomes the placeholder 'Former member 2026-0042',
 * what the law keeps (statements, payments and receipts, issued certificates, consent records,
 * the audit log) stays with the placeholder in place of the person, and the rest is deleted. The
 * caller has locked the account's row and checked that it holds no staff role.
 */
export async function eraseAccount(tx: DbTransaction, userId: string, now: Date): Promise<ErasedAccount> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new Error('The account to erase was not found');

  const year = Number(manilaDateString(now).slice(0, 4));
  const formerMemberNumber = formatFormerMemberNumber(
    year,
    await nextSequenceNumber(tx, FORMER_MEMBER_SEQUENCE, year),
  );
  const placeholderName = formerMemberName(formerMemberNumber);
  const placeholderEmail = erasedEmail(formerMemberNumber);
  const placeholderUsername = erasedUsername(formerMemberNumber);

  const reps = await tx
    .select({ id: representatives.id, avatarUrl: representatives.avatarUrl, email: representatives.email })
    .from(representatives)
    .where(eq(representatives.userId, userId));

  // Every text that names the person, to be removed from the audit log's recorded changes.
  const secrets = [
    user.email,
    user.billingEmail,
    user.username,
    user.phone,
    user.facsimile,
    user.address,
    user.billingAddress,
    user.tin,
    user.firstName && user.lastName ? `${user.firstName} ${user.lastName}` : null,
    user.registeredName,
    user.tradeName,
    ...reps.map((rep) => rep.email),
  ].filter((value): value is string => typeof value === 'string' && value.trim().length >= 3);
  const [prc] = await tx
    .select({ prcNumber: prcDetails.prc_number })
    .from(prcDetails)
    .where(eq(prcDetails.user_id, userId));
  if (prc) secrets.push(prc.prcNumber);
  const licences = await tx
    .select({ number: prcLicences.licence_number })
    .from(prcLicences)
    .where(eq(prcLicences.user_id, userId));
  secrets.push(...licences.map((licence) => licence.number));
  secrets.sort((a, b) => b.length - a.length);

  const beforeName = user.registeredName ?? [user.firstName, user.lastName].filter(Boolean).join(' ');

  // What is kept, counted before anything changes, for the answer to the member.
  const count = async (query: Promise<{ count: number }[]>) => (await query)[0]?.count ?? 0;
  const counts: Partial<Record<ErasureKeptItemKind, number | null>> = {
    statements: await count(
      tx
        .select({ count: sql<number>`count(*)::int` })
        .from(duesStatements)
        .where(and(eq(duesStatements.userId, userId), isNotNull(duesStatements.number))),
    ),
    payments: await count(
      tx
        .select({ count: sql<number>`count(*)::int` })
        .from(duesPayments)
        .innerJoin(duesStatements, eq(duesStatements.id, duesPayments.statementId))
        .where(eq(duesStatements.userId, userId)),
    ),
    payment_proofs: await count(
      tx
        .select({ count: sql<number>`count(*)::int` })
        .from(duesPayments)
        .innerJoin(duesStatements, eq(duesStatements.id, duesPayments.statementId))
        .where(and(eq(duesStatements.userId, userId), isNotNull(duesPayments.proofPath))),
    ),
    certificates: await count(
      tx
        .select({ count: sql<number>`count(*)::int` })
        .from(cpdCertificates)
        .where(eq(cpdCertificates.user_id, userId)),
    ),
    attendance: await count(
      tx
        .select({ count: sql<number>`count(*)::int` })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.user_id, userId)),
    ),
    consents: await count(
      tx
        .select({ count: sql<number>`count(*)::int` })
        .from(consentRecords)
        .where(eq(consentRecords.userId, userId)),
    ),
    audit_log: null,
  };
  const keptItems: ErasureKeptItem[] = Object.entries(counts)
    .filter(([, value]) => value === null || value > 0)
    .map(([kind, value]) => ({
      kind: kind as ErasureKeptItemKind,
      ...ERASURE_KEPT_ITEMS[kind as ErasureKeptItemKind],
      count: value ?? null,
    }));

  // Financial records: kept, the person replaced by the placeholder on every copy that prints them.
  await replaceBilledPerson(tx, eq(duesStatements.userId, userId), {
    name: placeholderName,
    email: placeholderEmail,
  });
  // A statement's reminder went once per address (unique by statement, day and address): the
  // member's and the company's billing address become one placeholder each, told apart by role.
  for (const role of REMINDER_RECIPIENT_ROLES) {
    await tx
      .update(duesReminders)
      .set({ email: erasedEmail(formerMemberNumber, role) })
      .where(and(eq(duesReminders.userId, userId), eq(duesReminders.role, role)));
  }
  await tx.delete(duesReminderPauses).where(eq(duesReminderPauses.userId, userId));
  // The payments' references are the provider's or the bank's numbers, kept for the books.

  // Events: registrations and check-ins stay (certificates rest on them), without the PRC details.
  await tx
    .update(eventRegistrations)
    .set({ prc_number: null, prc_expires_on: null })
    .where(eq(eventRegistrations.user_id, userId));
  await tx.delete(prcDetails).where(eq(prcDetails.user_id, userId));
  // The CPD transcript (decision 070): the licences, the units earned elsewhere with their
  // certificates' files (removed after the commit), the reminders sent and the printed copies,
  // whose verification then finds nothing. None of them is a certificate the association issued.
  await tx.delete(prcLicences).where(eq(prcLicences.user_id, userId));
  const externalUnits = await tx
    .delete(cpdExternalUnits)
    .where(eq(cpdExternalUnits.user_id, userId))
    .returning({ file: cpdExternalUnits.certificate_file });
  await tx.delete(cpdTranscriptReminders).where(eq(cpdTranscriptReminders.user_id, userId));
  await tx.delete(cpdTranscriptCopies).where(eq(cpdTranscriptCopies.user_id, userId));
  // The member directory (decision 072): the listing (with the messages sent to it) and the
  // messages the person sent.
  await tx.delete(directoryEntries).where(eq(directoryEntries.userId, userId));
  await tx.delete(directoryMessages).where(eq(directoryMessages.senderId, userId));
  // Meetings (decision 071): the rolls keep their entries, as the record of each election, with
  // the placeholder in place of the person; their requests to correct a roll go.
  await tx
    .update(meetingRollEntries)
    .set({ memberName: placeholderName, voterName: placeholderName })
    .where(eq(meetingRollEntries.userId, userId));
  await tx.delete(meetingRollCorrections).where(eq(meetingRollCorrections.userId, userId));
  await tx.delete(eventWaitlist).where(eq(eventWaitlist.user_id, userId));
  await tx.delete(eventStaff).where(eq(eventStaff.user_id, userId));
  // Names copied where the person acted as staff once (the account holds no role now).
  await tx
    .update(eventMessages)
    .set({ sent_by_username: placeholderUsername })
    .where(eq(eventMessages.sent_by, userId));
  await tx
    .update(announcements)
    .set({ sent_by_name: placeholderName })
    .where(eq(announcements.sent_by, userId));
  // Check-ins are kept as they are: a day and a session, no personal field.

  // The membership card stops working; the memberships (category, dates, number) stay.
  await tx
    .delete(membershipCards)
    .where(
      inArray(
        membershipCards.membershipId,
        tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.userId, userId)),
      ),
    );

  // Sign-in: every session (with its IP and browser), link, passkey and second-factor secret.
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  // "Download my data": a ready ZIP lapses now (the exports job removes its file on its next run,
  // within five minutes, and no one can download it meanwhile); one still waiting is not built.
  await tx
    .update(dataExports)
    .set({ expiresAt: now })
    .where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'ready')));
  await tx.delete(dataExports).where(and(eq(dataExports.userId, userId), eq(dataExports.status, 'queued')));
  await tx.delete(emailTokens).where(eq(emailTokens.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(userTotp).where(eq(userTotp.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));

  // Pictures of the account and its representatives, then the representatives themselves.
  const owners = [userId, ...reps.map((rep) => rep.id)];
  const paths = [user.avatarUrl, user.logoUrl, ...reps.map((rep) => rep.avatarUrl)].filter(
    (path): path is string => Boolean(path),
  );
  const released = await tx
    .delete(uploadedFiles)
    .where(
      or(
        inArray(uploadedFiles.ownerId, owners),
        paths.length > 0 ? inArray(uploadedFiles.publicPath, paths) : undefined,
      ),
    )
    .returning({ publicPath: uploadedFiles.publicPath, variants: uploadedFiles.variants });
  await tx.delete(representatives).where(eq(representatives.userId, userId));

  // Mail already sent to or about the person (the delivery log); the answer is queued after this.
  await tx
    .delete(mailOutbox)
    .where(
      or(
        inArray(mailOutbox.toAddress, [user.email, ...(user.billingEmail ? [user.billingEmail] : [])]),
        eq(mailOutbox.consentUserId, userId),
      ),
    );

  // The audit log keeps its rows, naming the placeholder: as the affected user and as an actor.
  await tx
    .update(adminAuditLog)
    .set({ username: placeholderUsername, email: placeholderEmail, displayName: placeholderName })
    .where(eq(adminAuditLog.userId, userId));
  await tx
    .update(adminAuditLog)
    .set({
      actorUsername: placeholderUsername,
      actorEmail: placeholderEmail,
      actorDisplayName: placeholderName,
    })
    .where(eq(adminAuditLog.actorId, userId));
  // The person's own rows lose every text that names them; any other row loses their e-mails
  // (a short name or username could be part of other words there).
  const emails = [user.email, user.billingEmail, ...reps.map((rep) => rep.email)].filter(
    (value): value is string => typeof value === 'string' && value.includes('@'),
  );
  const mentioned = await tx
    .select({
      id: adminAuditLog.id,
      userId: adminAuditLog.userId,
      actorId: adminAuditLog.actorId,
      changes: adminAuditLog.changes,
    })
    .from(adminAuditLog)
    .where(
      or(
        eq(adminAuditLog.userId, userId),
        eq(adminAuditLog.actorId, userId),
        ...emails.map((email) => sql`position(${email} in ${adminAuditLog.changes}::text) > 0`),
      ),
    );
  for (const row of mentioned) {
    const own = row.userId === userId || row.actorId === userId;
    const changes = scrubbed(row.changes, own ? secrets : emails, placeholderName) as typeof row.changes;
    if (JSON.stringify(changes) !== JSON.stringify(row.changes))
      await tx.update(adminAuditLog).set({ changes }).where(eq(adminAuditLog.id, row.id));
  }

  // The account itself: the placeholder, no way to sign in.
  await tx
    .update(users)
    .set({
      ...erasedAccountNames(formerMemberNumber),
      username: placeholderUsername,
      email: placeholderEmail,
      passwordHash: null,
      phone: null,
      facsimile: null,
      address: null,
      about: null,
      tin: null,
      billingAddress: null,
      billingEmail: null,
      avatarUrl: null,
      logoUrl: null,
      status: 'inactive',
    })
    .where(eq(users.id, userId));

  return {
    formerMemberNumber,
    keptItems,
    removedFiles: [
      ...released.flatMap((file) => [file.publicPath, ...file.variants.map((variant) => variant.publicPath)]),
      ...externalUnits.map((unit) => unit.file),
    ],
    before: { email: user.email, name: beforeName || placeholderName },
  };
}
