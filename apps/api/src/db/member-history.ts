import { randomUUID } from 'node:crypto';
import type { Db } from './client';
import {
  cpdCertificates,
  duesPayments,
  duesStatements,
  eventCheckIns,
  eventRegistrations,
  events,
  membershipCards,
  memberships,
  prcDetails,
} from './schema';

export type MemberHistory = {
  membershipId: string;
  statementNumbers: string[];
  receiptNumbers: string[];
  certificateNumbers: string[];
  registrationIds: string[];
  prcNumber: string;
};

/**
 * Years of one member's history written straight to the tables (the data export's tests and
 * `cli.ts seed-export-history` for `npm run bench`, docs/decisions/067): a membership in good standing with its card, `statements` paid semester statements
 * with a receipt each, `registrations` approved event registrations with a check-in each, the
 * first `certificates` of them certified, and their PRC details. Numbers are unique per call.
 */
export async function createMemberHistory(
  db: Db,
  user: { id: string; email: string; name: string },
  { statements = 2, registrations = 2, certificates = 1 } = {},
): Promise<MemberHistory> {
  const tag = randomUUID().slice(0, 8).toUpperCase();
  const prcNumber = `00${Math.floor(Math.random() * 90_000 + 10_000)}`;
  const now = Date.now();
  const [membership] = await db
    .insert(memberships)
    .values({
      userId: user.id,
      category: 'Individual',
      status: 'approved',
      startsAt: new Date(now),
      expiresAt: new Date(now + 365 * 86_400_000),
      memberNumber: `M-${tag}`,
    })
    .returning();
  if (!membership) throw new Error('membership not created');
  await db
    .insert(membershipCards)
    .values({ id: randomUUID(), membershipId: membership.id, tokenHash: `test-${tag}` });
  await db
    .insert(prcDetails)
    .values({
      user_id: user.id,
      prc_name: user.name,
      profession: 'Geologist',
      prc_number: prcNumber,
    })
    .onConflictDoUpdate({ target: prcDetails.user_id, set: { prc_number: prcNumber } });

  const statementNumbers: string[] = [];
  const receiptNumbers: string[] = [];
  for (let index = 0; index < statements; index += 1) {
    const year = 2022 + Math.floor(index / 2);
    const first = index % 2 === 0;
    const number = `SOA-${tag}-${String(index + 1).padStart(3, '0')}`;
    const [statement] = await db
      .insert(duesStatements)
      .values({
        number,
        kind: 'semester',
        status: 'paid',
        userId: user.id,
        membershipId: membership.id,
        category: 'Individual',
        months: 6,
        periodFrom: `${year}-${first ? '01' : '07'}-01`,
        periodTo: `${year}-${first ? '06-30' : '12-31'}`,
        amountCentavos: 150_000,
        issuedOn: `${year}-${first ? '01' : '07'}-01`,
        dueOn: `${year}-${first ? '01' : '07'}-31`,
        billedName: user.name,
        billedEmail: user.email,
      })
      .returning();
    if (!statement) throw new Error('statement not created');
    const receipt = `AR-${tag}-${String(index + 1).padStart(3, '0')}`;
    await db.insert(duesPayments).values({
      statementId: statement.id,
      status: 'recorded',
      method: 'bank_transfer',
      reference: `REF-${index}`,
      amountCentavos: 150_000,
      paidOn: `${year}-${first ? '01' : '07'}-15`,
      receiptNumber: receipt,
      recordedAt: new Date(),
    });
    statementNumbers.push(number);
    receiptNumbers.push(receipt);
  }

  const registrationIds: string[] = [];
  const certificateNumbers: string[] = [];
  for (let index = 0; index < registrations; index += 1) {
    const day = `20${22 + (index % 5)}-0${1 + (index % 9)}-1${index % 10}`;
    const [event] = await db
      .insert(events)
      .values({
        title: `Field workshop ${tag} ${index + 1}`,
        description: 'A field workshop on exploration geology.',
        start_date: day,
        status: 'published',
        certification_provided: index < certificates,
      })
      .returning();
    if (!event) throw new Error('event not created');
    const [registration] = await db
      .insert(eventRegistrations)
      .values({ event_id: event.id, user_id: user.id, status: 'approved' })
      .returning();
    if (!registration) throw new Error('registration not created');
    await db.insert(eventCheckIns).values({
      registration_id: registration.id,
      day,
      session: 'day',
      checked_in_at: new Date(`${day}T01:00:00Z`),
    });
    registrationIds.push(registration.id);
    if (index < certificates) {
      const number = `CPD-${tag}-${String(index + 1).padStart(5, '0')}`;
      await db.insert(cpdCertificates).values({
        number,
        registration_id: registration.id,
        event_id: event.id,
        user_id: user.id,
        prc_name: user.name,
        profession: 'Geologist',
        prc_number: prcNumber,
        role: 'participant',
        program_title: event.title,
        dates: day,
        venue: 'Baguio City',
        hours: '8.00',
        units: '8.00',
        provider_name: 'The association',
        provider_accreditation_number: 'PROV-1',
        provider_accreditation_valid_until: '2030-12-31',
        program_accreditation_number: `PROG-${index}`,
        signatory_name: 'A. Signatory',
        signatory_title: 'President',
      });
      certificateNumbers.push(number);
    }
  }
  return {
    membershipId: membership.id,
    statementNumbers,
    receiptNumbers,
    certificateNumbers,
    registrationIds,
    prcNumber,
  };
}
