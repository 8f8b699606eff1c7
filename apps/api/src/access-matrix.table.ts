import { randomUUID } from 'node:crypto';
import {
  CURRENT_NOTICE_VERSION,
  DEFAULT_DIRECTORY_VISIBILITY,
  DOCUMENT_COLLECTIONS,
  type EmailTokenPurpose,
  manilaDateString,
} from '@portal/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Config } from './config';
import type { Db } from './db/client';
import {
  consentRecords,
  cpdCertificates,
  cpdExternalUnits,
  dataExports as dataExportsTable,
  directoryEntries,
  directoryMessages,
  directoryRepresentatives,
  duesPayments,
  duesReminders,
  duesStatements,
  emailTokens,
  eventCheckIns,
  eventCpdSettings,
  eventRegistrations,
  eventStaff,
  eventWaitlist,
  jobRuns,
  meetingNominations,
  meetingProxies,
  meetingRollCorrections,
  meetingRollEntries,
  meetings,
  membershipCards,
  passkeys,
  prcLicences,
  privacyBreaches,
  privacyBreachPeople,
  privacyRequests,
  representatives,
  speakers,
  type User,
  users,
  userTotp,
} from './db/schema';
import { createStorage } from './lib/storage';
import { signTicket, ticketKeyOf } from './lib/tickets';
import { createOpaqueToken, hashOpaqueToken, loadOrCreateJwtSecret, signSecondStepToken } from './lib/tokens';
import { unsubscribeKeyOf, unsubscribeTokenFor } from './modules/announcements/tokens';
import { createSession } from './modules/auth';
import { totpCodeAt } from './modules/auth/two-factor';
import {
  createBoardMember,
  createEvent,
  createMembership,
  createNewsArticle,
  createUser,
  TEST_PASSWORD,
} from './test/factories';
import { multipartBody } from './test/multipart';

/**
 * The access-control matrix (decision 029): for every route that says who may call
 * it, the answer each kind of caller gets to a well-formed request, declared once here.
 * access-matrix.test.ts sends each request and fails on any other answer, and on any route
 * missing from this table.
 *
 * - `guest`: no session.
 * - `member`: a signed-in member (a company with a representative and an active membership),
 *   who is also the member the request is about (`owner` below).
 * - `anotherMember`: for a route about a member's own data (every `access: 'member'` route must
 *   say): another signed-in member sends the very request made for the owner's data.
 * - `admin`: a signed-in administrator.
 *
 * Answers: `ok` (2xx or a redirect), `unauthenticated` (401 'Authentication required'),
 * `forbidden` (403), `not-found` (404), `refused` (400 or 409: a rule of the route, not access),
 * `own-data-only` (2xx, and nothing in it names the owner: another member gets their own data).
 */
export type MatrixAnswer = 'ok' | 'unauthenticated' | 'forbidden' | 'not-found' | 'refused' | 'own-data-only';

export type MatrixFixture = {
  db: Db;
  config: Config;
  /** The member the request is about: the viewer when the role is `member`. */
  owner: User;
  /** Makes new values unique (usernames, e-mails, titles). */
  unique: string;
};

export type MatrixRequest = {
  url: string;
  payload?: string | Buffer | Record<string, unknown>;
  headers?: Record<string, string>;
};

export type MatrixEntry = {
  guest: MatrixAnswer;
  member: MatrixAnswer;
  anotherMember?: MatrixAnswer;
  admin: MatrixAnswer;
  /** A well-formed request; without it, the route's address as it is, with no body. */
  request?: (fixture: MatrixFixture) => Promise<MatrixRequest> | MatrixRequest;
};

const publicForAll = { guest: 'ok', member: 'ok', admin: 'ok' } as const;

/** The authenticator secret of the matrix's admin (access-matrix.test.ts), and of owners enrolled here. */
export const MATRIX_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

async function enrolOwner(db: Db, userId: string) {
  await db.insert(userTotp).values({ userId, secret: MATRIX_TOTP_SECRET, confirmedAt: new Date() });
}

/** Gives the account a passkey row (its key is never used: the ceremonies are passkeys.test.ts's). */
async function givePasskey(db: Db, userId: string) {
  const [row] = await db
    .insert(passkeys)
    .values({ userId, credentialId: randomUUID(), publicKey: 'pQECAyYgASFYIA', name: 'Laptop' })
    .returning({ id: passkeys.id });
  if (!row) throw new Error('passkey not created');
  return row;
}

/** The pending second step (cookie) of a new account that has a passkey. */
async function pendingPasskeySignIn({ db, config }: MatrixFixture) {
  const user = await createUser(db, { totp: false });
  await givePasskey(db, user.id);
  const pending = await signSecondStepToken(user.id, loadOrCreateJwtSecret(config), { ttlSeconds: 300 });
  return { cookie: `second_step=${pending}` };
}
const adminOnly = { guest: 'unauthenticated', member: 'forbidden', admin: 'ok' } as const;

/** An open correction request of `userId` (docs/decisions/068), for the routes that answer one. */
async function createPrivacyRequest(db: Db, userId: string) {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      userId,
      kind: 'correction',
      field: 'other',
      details: 'My name is misspelt on a certificate',
      dueAt: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning({ id: privacyRequests.id });
  if (!row) throw new Error('privacy request not created');
  return row.id;
}

const multipart = async (url: string, fields: Record<string, string | string[]>): Promise<MatrixRequest> => {
  const { payload, headers } = await multipartBody(fields);
  return { url, payload, headers };
};

async function createSpeaker(db: Db) {
  const [speaker] = await db.insert(speakers).values({ name: 'Dr. Ana Reyes' }).returning();
  if (!speaker) throw new Error('speaker not created');
  return speaker;
}

async function createRegistration(db: Db, userId: string, status: 'pending' | 'approved' = 'pending') {
  const event = await createEvent(db, { is_registration_required: true, max_attendees: 50 });
  await db.insert(eventRegistrations).values({ event_id: event.id, user_id: userId, status });
  return event;
}

/** An open breach affecting `userId`, not yet told (docs/decisions/069). */
async function createBreach(db: Db, userId: string) {
  const [breach] = await db
    .insert(privacyBreaches)
    .values({ what: 'A lost laptop', discoveredAt: new Date(), dataKinds: 'Names', recordedByName: 'Admin' })
    .returning({ id: privacyBreaches.id });
  if (!breach) throw new Error('breach not created');
  await db.insert(privacyBreachPeople).values({ breachId: breach.id, userId });
  return breach.id;
}

const breachInput = (owner: User) => ({
  what: 'A lost laptop',
  discovered_at: new Date().toISOString(),
  data_kinds: 'Names and e-mail addresses',
  affected_emails: [owner.email],
});

/** An event whose one seat another account holds: its waitlist is open. */
async function createFullEvent(db: Db) {
  const event = await createEvent(db, { is_registration_required: true, max_attendees: 1 });
  const holder = await createUser(db, { password: null });
  await db.insert(eventRegistrations).values({ event_id: event.id, user_id: holder.id });
  return event;
}

/** A pending registration at a paid tier, its seat held and its event fee unpaid (the admin may settle it). */
async function createHeldRegistration(db: Db, userId: string) {
  const event = await createEvent(db, { is_registration_required: true, max_attendees: 50 });
  const [registration] = await db
    .insert(eventRegistrations)
    .values({
      event_id: event.id,
      user_id: userId,
      status: 'pending',
      hold_expires_at: new Date(Date.now() + 86_400_000),
    })
    .returning({ id: eventRegistrations.id });
  if (!registration) throw new Error('registration not created');
  await db.insert(duesStatements).values({
    number: `SOA-TEST-${randomUUID()}`,
    kind: 'event_fee',
    userId,
    eventRegistrationId: registration.id,
    description: 'Field day, Guest / non-member',
    amountCentavos: 50_000,
    issuedOn: manilaDateString(),
    dueOn: manilaDateString(),
    billedName: 'Member',
    billedEmail: 'member@example.com',
  });
  return registration.id;
}

/** An approved registration of the owner's for a whole-day event today, with its ticket. */
async function createTicket(db: Db, config: Config, ownerId: string) {
  const event = await createEvent(db, {
    is_registration_required: true,
    start_date: manilaDateString(),
    start_time: '08:00:00',
    end_time: '17:00:00',
  });
  const [registration] = await db
    .insert(eventRegistrations)
    .values({ event_id: event.id, user_id: ownerId, status: 'approved' })
    .returning();
  if (!registration) throw new Error('registration not created');
  return { event, registration, token: signTicket(ticketKeyOf(config), registration.id, 1) };
}

/** A single-use link token as the e-mails carry it. */
async function createLinkToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  newEmail?: string,
): Promise<string> {
  const token = createOpaqueToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: hashOpaqueToken(token),
    expiresAt: new Date(Date.now() + 3_600_000),
    newEmail,
  });
  return token;
}

export async function firstRepresentativeOf(db: Db, userId: string) {
  const [representative] = await db
    .insert(representatives)
    .values({ userId, firstName: 'Maria', lastName: 'Santos', type: 'voting' })
    .returning();
  if (!representative) throw new Error('representative not created');
  return representative;
}

const samplePng = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();

/** A member's picture as the image pipeline keeps it: a private file (decision 066). */
async function storePicture(config: Config) {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .webp()
    .toBuffer();
  return (await createStorage(config.storage).savePrivate(bytes, 'webp')).reference;
}

/** A statement billed to the owner, unpaid, and (when asked) a payment toward it. */
async function createStatement(db: Db, owner: User, unique: string, status: 'issued' | 'draft' = 'issued') {
  const [statement] = await db
    .insert(duesStatements)
    .values({
      number: status === 'draft' ? null : `SOA-TEST-${unique}`,
      status,
      kind: 'manual',
      userId: owner.id,
      category: 'Regular',
      months: 12,
      amountCentavos: 1_500_000,
      issuedOn: manilaDateString(),
      dueOn: manilaDateString(),
      billedName: owner.username,
      billedEmail: owner.email,
    })
    .returning();
  if (!statement) throw new Error('statement not created');
  return statement;
}

async function createPayment(db: Db, owner: User, unique: string, status: 'submitted' | 'recorded') {
  const statement = await createStatement(db, owner, unique);
  const [payment] = await db
    .insert(duesPayments)
    .values({
      statementId: statement.id,
      status,
      method: 'GCash',
      amountCentavos: 100_000,
      paidOn: manilaDateString(),
      receiptNumber: status === 'recorded' ? `AR-TEST-${unique}` : null,
    })
    .returning();
  if (!payment) throw new Error('payment not created');
  return payment;
}

/** The owner's statement: theirs and the admins' to read, nobody else's. */
const ownStatement = {
  guest: 'unauthenticated',
  member: 'ok',
  anotherMember: 'forbidden',
  admin: 'ok',
} as const;

/** A member's own card: for a member in good standing; admins have none. */
const ownCard = {
  guest: 'unauthenticated',
  member: 'ok',
  anotherMember: 'forbidden',
  admin: 'forbidden',
} as const;

/** A certified event that ended last week, with its CPD settings (docs/product-rules.md "CPD certificates"). */
async function certifiedEvent(db: Db) {
  const event = await createEvent(db, { certification_provided: true, start_date: '2026-01-15' });
  await db.insert(eventCpdSettings).values({
    event_id: event.id,
    provider_name: 'Provider',
    provider_accreditation_number: 'P-1',
    provider_accreditation_valid_until: '2030-12-31',
    program_accreditation_number: 'G-1',
    participant_units_per_hour: '1',
    speaker_units_per_talk: '5',
    moderator_units: '2',
    facilitator_units: '2',
    morning_hours: '3.5',
    afternoon_hours: '4',
    day_hours: '4',
    signatory_name: 'Signatory',
    signatory_title: 'Chair',
  });
  return event;
}

/** The owner registered for a certified event and checked in for its morning. */
async function ownerAttended(db: Db, owner: User) {
  const event = await certifiedEvent(db);
  const [registration] = await db
    .insert(eventRegistrations)
    .values({ event_id: event.id, user_id: owner.id, status: 'approved' })
    .returning();
  if (!registration) throw new Error('no registration');
  await db.insert(eventCheckIns).values({
    registration_id: registration.id,
    day: event.start_date,
    session: 'morning',
    checked_in_at: new Date(),
  });
  return { event, registration };
}

/** A certificate of the owner's, as issuing leaves it. */
async function ownerCertificate(db: Db, owner: User, unique: string) {
  const { event, registration } = await ownerAttended(db, owner);
  const number = `CPD-2026-${unique.slice(0, 8)}`;
  await db.insert(cpdCertificates).values({
    number,
    registration_id: registration.id,
    event_id: event.id,
    user_id: owner.id,
    prc_name: owner.username,
    profession: 'Geologist',
    prc_number: '0012345',
    role: 'participant',
    program_title: event.title,
    dates: '15 January 2026',
    venue: 'Online',
    hours: '3.5',
    units: '3.5',
    provider_name: 'Provider',
    provider_accreditation_number: 'P-1',
    provider_accreditation_valid_until: '2030-12-31',
    program_accreditation_number: 'G-1',
    signatory_name: 'Signatory',
    signatory_title: 'Chair',
  });
  return number;
}

const ownCpd = {
  guest: 'unauthenticated',
  member: 'ok',
  anotherMember: 'own-data-only',
  admin: 'ok',
} as const;
/** The owner's geologist licence, for the transcript's routes (decision 070). */
async function ownerLicence(db: Db, owner: User) {
  await db
    .insert(prcLicences)
    .values({
      user_id: owner.id,
      profession: 'geologist',
      licence_number: '0012345',
      registration_date: '2015-01-10',
      expiry_date: '2027-01-10',
    })
    .onConflictDoNothing();
}

/** A pending external entry of the owner's, its certificate a real private file. */
async function ownerExternalEntry({ db, config, owner }: MatrixFixture) {
  await ownerLicence(db, owner);
  const storage = createStorage(config.storage);
  const stored = await storage.savePrivate(Buffer.from('%PDF-1.4\n%%EOF\n'), 'pdf');
  storage.close();
  const [row] = await db
    .insert(cpdExternalUnits)
    .values({
      user_id: owner.id,
      profession: 'geologist',
      provider: 'Geological Society of the Philippines',
      programme: 'Convention',
      accreditation_number: 'GSP-1',
      completed_on: '2026-03-10',
      units: '4',
      certificate_file: stored.reference,
      certificate_type: 'application/pdf',
    })
    .returning({ id: cpdExternalUnits.id });
  if (!row) throw new Error('no external entry');
  return row.id;
}

const ownRegistration = {
  guest: 'unauthenticated',
  member: 'ok',
  anotherMember: 'not-found',
  admin: 'not-found',
} as const;

const documentPath = (access: 'public' | 'member', index = 0) => {
  const collection = DOCUMENT_COLLECTIONS.filter((candidate) => candidate.access === access)[index];
  const document = collection?.documents[0];
  if (!collection || !document) throw new Error(`no ${access} document collection`);
  return `${collection.publicPath}/${document.filename}`;
};

/**
 * A meeting for the matrix (docs/decisions/071): its roll frozen with the owner and one other
 * voter on it unless `frozen` is false; voting `open`, `closed` (and `certified`) or not yet.
 */
async function matrixMeeting(
  db: Db,
  owner: User,
  { frozen = true, voting = 'not_open' as 'not_open' | 'open' | 'closed', certified = false } = {},
) {
  const now = Date.now();
  const day = 86_400_000;
  const [opens, closes] =
    voting === 'open'
      ? [now - 60_000, now + day]
      : voting === 'closed'
        ? [now - 2 * day, now - 60_000]
        : [now + 20 * day, now + 31 * day];
  const [meeting] = await db
    .insert(meetings)
    .values({
      kind: 'annual',
      title: 'Annual meeting',
      startsAt: new Date(now + 30 * day),
      venue: 'Makati',
      agenda: 'Election of trustees',
      procedure: 'Vote online',
      recordDate: manilaDateString(new Date(now - day)),
      nominationsOpenAt: new Date(now - day),
      nominationsCloseAt: new Date(now + 10 * day),
      proxyDeadline: new Date(now + 10 * day),
      correctionsCloseAt: new Date(now + 10 * day),
      votingOpensAt: new Date(opens),
      votingClosesAt: new Date(closes),
      challengeEndsAt: new Date(now + 40 * day),
      seats: 7,
      seconders: 2,
      honoraryVotes: false,
      associateVotes: true,
      rollFrozenAt: frozen ? new Date(now - 60_000) : null,
      certifiedAt: certified ? new Date(now - 30_000) : null,
      status: certified ? 'certified' : 'draft',
    })
    .returning();
  if (!meeting) throw new Error('meeting not created');
  if (!frozen) return { meeting, ownerEntry: null, otherEntry: null };
  const other = await createUser(db, { password: null });
  const entries = await db
    .insert(meetingRollEntries)
    .values(
      [owner, other].map((user) => ({
        meetingId: meeting.id,
        userId: user.id,
        kind: 'individual' as const,
        category: 'Regular' as const,
        memberName: 'Voter',
        voterName: 'Voter',
      })),
    )
    .returning();
  const [ownerEntry, otherEntry] = entries;
  if (!ownerEntry || !otherEntry) throw new Error('roll not created');
  return { meeting, ownerEntry, otherEntry };
}

/**
 * A meeting open for voting whose event the owner is checked in at, with the owner's ticket: the
 * venue's tablet (docs/decisions/071 "Venue voting") may hand them the ballot.
 */
async function matrixVenue({ db, config, owner }: MatrixFixture) {
  const { meeting, ownerEntry } = await matrixMeeting(db, owner, { voting: 'open' });
  if (!ownerEntry) throw new Error('roll not created');
  const { event, registration, token } = await createTicket(db, config, owner.id);
  await db.update(meetings).set({ eventId: event.id }).where(eq(meetings.id, meeting.id));
  await db.insert(eventCheckIns).values({
    registration_id: registration.id,
    day: manilaDateString(),
    session: 'day',
    checked_in_at: new Date(),
  });
  return { path: `/api/meetings/${meeting.id}`, entryId: ownerEntry.id, token };
}

/** A nomination on a frozen roll: of the owner (`ofOwner`) by the other voter, or of the other voter. */
async function matrixNomination(db: Db, owner: User, { ofOwner }: { ofOwner: boolean }) {
  const { meeting, ownerEntry, otherEntry } = await matrixMeeting(db, owner);
  if (!ownerEntry || !otherEntry) throw new Error('roll not created');
  const [nomination] = await db
    .insert(meetingNominations)
    .values({
      meetingId: meeting.id,
      nomineeEntryId: ofOwner ? ownerEntry.id : otherEntry.id,
      nominatorEntryId: otherEntry.id,
      statement: 'Experienced',
    })
    .returning();
  if (!nomination) throw new Error('nomination not created');
  return nomination;
}

async function matrixProxy(db: Db, owner: User) {
  const { meeting, ownerEntry, otherEntry } = await matrixMeeting(db, owner);
  if (!ownerEntry || !otherEntry) throw new Error('roll not created');
  const [proxy] = await db
    .insert(meetingProxies)
    .values({
      meetingId: meeting.id,
      grantorEntryId: ownerEntry.id,
      holderEntryId: otherEntry.id,
      scope: 'all',
    })
    .returning();
  if (!proxy) throw new Error('proxy not created');
  return proxy;
}

const matrixMeetingInput = () => {
  const now = Date.now();
  const day = 86_400_000;
  const at = (offset: number) => new Date(now + offset * day).toISOString();
  return {
    kind: 'annual',
    title: 'Annual meeting',
    startsAt: at(30),
    venue: 'Makati',
    agenda: 'Election of trustees',
    procedure: 'Vote online',
    recordDate: manilaDateString(new Date(now - day)),
    nominationsOpenAt: at(-1),
    nominationsCloseAt: at(10),
    proxyDeadline: at(10),
    correctionsCloseAt: at(10),
    votingOpensAt: at(20),
    votingClosesAt: at(31),
    challengeEndsAt: at(40),
  };
};
/** A meeting member route: the owner on the roll; another member (no membership) and the admin are not. */
const voterOnly = {
  guest: 'unauthenticated',
  member: 'ok',
  anotherMember: 'forbidden',
  admin: 'forbidden',
} as const;
const meetingsMember = {
  guest: 'unauthenticated',
  member: 'ok',
  anotherMember: 'own-data-only',
  admin: 'ok',
} as const;
/** A listed directory entry of `userId` (its directory consent given), for the directory's routes. */
async function listedDirectoryEntry(db: Db, userId: string) {
  const [entry] = await db
    .insert(directoryEntries)
    .values({ userId, kind: 'company', visibility: { ...DEFAULT_DIRECTORY_VISIBILITY } })
    .returning();
  await db.insert(consentRecords).values({
    userId,
    purpose: 'member_directory',
    given: true,
    noticeVersion: CURRENT_NOTICE_VERSION,
    source: 'profile',
  });
  if (!entry) throw new Error('entry not created');
  return entry;
}

/** Another member's listed entry, which the owner may read and write to. */
const someoneElsesEntry = async (db: Db) =>
  listedDirectoryEntry(db, (await createUser(db, { type: 'company', password: null })).id);

/**
 * A representative of a new company, asked to appear in its entry (decision 072): the token of the
 * request's link, and with `agreed` the token of the link to withdraw.
 */
async function askedRepresentative(db: Db, { agreed = false } = {}) {
  const company = await createUser(db, { type: 'company', password: null });
  const email = `rep-${randomUUID()}@example.com`;
  const [rep] = await db
    .insert(representatives)
    .values({ userId: company.id, firstName: 'Nora', lastName: 'Bautista', email })
    .returning();
  if (!rep) throw new Error('representative not created');
  const agree = createOpaqueToken();
  const withdraw = createOpaqueToken();
  await db.insert(directoryRepresentatives).values({
    representativeId: rep.id,
    email,
    agreeTokenHash: hashOpaqueToken(agree),
    ...(agreed && { agreedAt: new Date(), withdrawTokenHash: hashOpaqueToken(withdraw) }),
  });
  return { agree, withdraw };
}

export const ACCESS_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/health': publicForAll,
  'GET /api/ready': publicForAll,

  // Accounts: public, whoever asks (a signed-in person may still register another account).
  'POST /api/auth/register': {
    ...publicForAll,
    request: ({ unique }) => ({
      url: '/api/auth/register',
      payload: {
        username: `new_${unique}`,
        email: `new-${unique}@example.com`,
        password: TEST_PASSWORD,
        noticeVersion: CURRENT_NOTICE_VERSION,
      },
    }),
  },
  'GET /api/auth/confirm-email': {
    ...publicForAll,
    request: async ({ db, owner }) => ({
      url: `/api/auth/confirm-email?token=${await createLinkToken(db, owner.id, 'confirm_email')}`,
    }),
  },
  'POST /api/auth/confirm-email': {
    ...publicForAll,
    request: async ({ db, owner }) => ({
      url: '/api/auth/confirm-email',
      payload: { token: await createLinkToken(db, owner.id, 'confirm_email') },
    }),
  },
  'POST /api/auth/login': {
    ...publicForAll,
    request: ({ owner }) => ({
      url: '/api/auth/login',
      payload: { email: owner.email, password: TEST_PASSWORD },
    }),
  },
  // A refresh needs the refresh cookie that only a session has: a guest is told it is missing.
  'GET /api/auth/refresh': { guest: 'refused', member: 'ok', admin: 'ok' },
  'GET /api/auth/logout': publicForAll,
  'GET /api/auth/session': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'GET /api/auth/sessions': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  // Only the owner's own session ends; anyone else is told it does not exist.
  'DELETE /api/auth/sessions/:id': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, config, owner }) => {
      const context = { db, config, jwtSecret: loadOrCreateJwtSecret(config) };
      const { accessToken } = await createSession(context, db, owner);
      const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString());
      return { url: `/api/auth/sessions/${claims.sid}` };
    },
  },
  'POST /api/auth/sessions/sign-out-others': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  // Two-step sign-in (decision 061): each account's own; the matrix's admin and, where a request
  // needs it, the owner use the authenticator secret MATRIX_TOTP_SECRET.
  'GET /api/auth/2fa': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'POST /api/auth/2fa/totp/enrol': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  // Nothing pending to confirm for anyone here; the first code of a new secret is two-factor.test.ts's.
  'POST /api/auth/2fa/totp/confirm': {
    guest: 'unauthenticated',
    member: 'refused',
    anotherMember: 'refused',
    admin: 'refused',
    request: () => ({ url: '/api/auth/2fa/totp/confirm', payload: { code: '123456' } }),
  },
  // The pending second step of another account that has it on: whoever's browser sends it.
  'POST /api/auth/2fa/verify': {
    ...publicForAll,
    request: async ({ db, config }) => {
      const user = await createUser(db, { totp: true, totpSecret: MATRIX_TOTP_SECRET });
      const pending = await signSecondStepToken(user.id, loadOrCreateJwtSecret(config), { ttlSeconds: 300 });
      return {
        url: '/api/auth/2fa/verify',
        headers: { cookie: `second_step=${pending}` },
        payload: { code: totpCodeAt(MATRIX_TOTP_SECRET) },
      };
    },
  },
  // Another member has no authenticator to confirm with (409).
  'POST /api/auth/2fa/step-up': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'refused',
    admin: 'ok',
    request: async ({ db, owner }) => {
      await enrolOwner(db, owner.id);
      return { url: '/api/auth/2fa/step-up', payload: { code: totpCodeAt(MATRIX_TOTP_SECRET) } };
    },
  },
  'POST /api/auth/2fa/recovery-codes': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'refused',
    admin: 'ok',
    request: async ({ db, owner }) => {
      await enrolOwner(db, owner.id);
      return { url: '/api/auth/2fa/recovery-codes' };
    },
  },
  // Staff must keep it (403).
  'DELETE /api/auth/2fa/totp': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'refused',
    admin: 'forbidden',
    request: async ({ db, owner }) => {
      await enrolOwner(db, owner.id);
      return { url: '/api/auth/2fa/totp' };
    },
  },
  // Passkeys (decision 061, "Passkeys"). The second step's routes answer whoever's browser holds
  // the pending cookie; the ceremonies themselves are passkeys.test.ts's.
  'GET /api/auth/2fa/methods': {
    ...publicForAll,
    request: async (fixture) => ({
      url: '/api/auth/2fa/methods',
      headers: await pendingPasskeySignIn(fixture),
    }),
  },
  'POST /api/auth/2fa/verify/passkey-options': {
    ...publicForAll,
    request: async (fixture) => ({
      url: '/api/auth/2fa/verify/passkey-options',
      headers: await pendingPasskeySignIn(fixture),
    }),
  },
  // No ceremony here: a body without the authenticator's answer is refused for everyone (400).
  'POST /api/auth/2fa/verify/passkey': {
    guest: 'refused',
    member: 'refused',
    admin: 'refused',
    request: async (fixture) => ({
      url: '/api/auth/2fa/verify/passkey',
      headers: await pendingPasskeySignIn(fixture),
      payload: {},
    }),
  },
  // Another member and the matrix's admin have no passkey (409).
  'POST /api/auth/2fa/step-up/passkey-options': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'refused',
    admin: 'refused',
    request: async ({ db, owner }) => {
      await givePasskey(db, owner.id);
      return { url: '/api/auth/2fa/step-up/passkey-options' };
    },
  },
  'POST /api/auth/2fa/step-up/passkey': {
    guest: 'unauthenticated',
    member: 'refused',
    anotherMember: 'refused',
    admin: 'refused',
    request: () => ({ url: '/api/auth/2fa/step-up/passkey', payload: {} }),
  },
  'GET /api/auth/2fa/passkeys': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
    request: async ({ db, owner }) => {
      await givePasskey(db, owner.id);
      return { url: '/api/auth/2fa/passkeys' };
    },
  },
  'POST /api/auth/2fa/passkeys/options': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'POST /api/auth/2fa/passkeys': {
    guest: 'unauthenticated',
    member: 'refused',
    anotherMember: 'refused',
    admin: 'refused',
    request: () => ({ url: '/api/auth/2fa/passkeys', payload: { name: 'Laptop' } }),
  },
  // Only the owner's own: anyone else's request for it finds nothing.
  'DELETE /api/auth/2fa/passkeys/:id': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, owner }) => {
      const { id } = await givePasskey(db, owner.id);
      return { url: `/api/auth/2fa/passkeys/${id}` };
    },
  },
  'POST /api/auth/forgot-password': {
    ...publicForAll,
    request: ({ owner }) => ({ url: '/api/auth/forgot-password', payload: { email: owner.email } }),
  },
  'POST /api/auth/resend-confirmation': {
    ...publicForAll,
    request: ({ owner }) => ({ url: '/api/auth/resend-confirmation', payload: { email: owner.email } }),
  },
  'POST /api/auth/reset-password': {
    ...publicForAll,
    request: async ({ db, owner }) => ({
      url: '/api/auth/reset-password',
      payload: { token: await createLinkToken(db, owner.id, 'reset_password'), password: 'Another-Horse-12' },
    }),
  },

  // Events: drafts are the admins' alone; registering is a member's own business.
  'GET /api/events/retrieve-events': publicForAll,
  'GET /api/events/retrieve-events/:id': {
    guest: 'not-found',
    member: 'not-found',
    admin: 'ok',
    request: async ({ db }) => ({
      url: `/api/events/retrieve-events/${(await createEvent(db, { status: 'draft' })).id}`,
    }),
  },
  'POST /api/events/:id/registration': {
    guest: 'unauthenticated',
    member: 'ok',
    // Registers the caller, never anyone else: the other member gets a registration of their own.
    anotherMember: 'ok',
    admin: 'ok',
    request: async ({ db }) => ({
      url: `/api/events/${(await createEvent(db, { is_registration_required: true, max_attendees: 50 })).id}/registration`,
    }),
  },
  'DELETE /api/events/:id/registration': {
    guest: 'unauthenticated',
    member: 'ok',
    // The owner's registration is not theirs to withdraw: they have none.
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, owner }) => ({
      url: `/api/events/${(await createRegistration(db, owner.id)).id}/registration`,
    }),
  },
  'POST /api/events/:id/waitlist': {
    guest: 'unauthenticated',
    member: 'ok',
    // Joins as the caller, never as anyone else.
    anotherMember: 'ok',
    admin: 'ok',
    request: async ({ db }) => ({ url: `/api/events/${(await createFullEvent(db)).id}/waitlist` }),
  },
  'DELETE /api/events/:id/waitlist': {
    guest: 'unauthenticated',
    member: 'ok',
    // The owner's place is not theirs to give up: they have none.
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, owner }) => {
      const event = await createFullEvent(db);
      await db.insert(eventWaitlist).values({ event_id: event.id, user_id: owner.id });
      return { url: `/api/events/${event.id}/waitlist` };
    },
  },
  // Tickets are their owner's (admins may see one); check-in is the admins' and the event's staff's,
  // and no member of the matrix is staff (check-in.test.ts covers staff).
  'GET /api/events/my-registrations': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'own-data-only',
    request: async ({ db, config, owner }) => {
      await createTicket(db, config, owner.id);
      return { url: '/api/events/my-registrations' };
    },
  },
  'GET /api/events/registrations/:id/ticket.png': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'ok',
    request: async ({ db, config, owner }) => ({
      url: `/api/events/registrations/${(await createTicket(db, config, owner.id)).registration.id}/ticket.png`,
    }),
  },
  'POST /api/events/registrations/:id/ticket': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'forbidden',
    request: async ({ db, config, owner }) => ({
      url: `/api/events/registrations/${(await createTicket(db, config, owner.id)).registration.id}/ticket`,
      payload: {},
    }),
  },
  'GET /api/events/:id/check-in-list': {
    guest: 'unauthenticated',
    member: 'forbidden',
    anotherMember: 'forbidden',
    admin: 'ok',
    request: async ({ db, config, owner }) => ({
      url: `/api/events/${(await createTicket(db, config, owner.id)).event.id}/check-in-list`,
    }),
  },
  'POST /api/events/:id/check-ins': {
    guest: 'unauthenticated',
    member: 'forbidden',
    anotherMember: 'forbidden',
    admin: 'ok',
    request: async ({ db, config, owner }) => {
      const { event, token } = await createTicket(db, config, owner.id);
      return { url: `/api/events/${event.id}/check-ins`, payload: { token, session: 'morning' } };
    },
  },
  'GET /api/events/admin/:id/staff': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/events/admin/${(await createEvent(db)).id}/staff` }),
  },
  'POST /api/events/admin/:id/staff': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/events/admin/${(await createEvent(db)).id}/staff`,
      payload: { userId: owner.id },
    }),
  },
  'DELETE /api/events/admin/:id/staff/:userId': {
    ...adminOnly,
    request: async ({ db, owner }) => {
      const event = await createEvent(db);
      await db.insert(eventStaff).values({ event_id: event.id, user_id: owner.id });
      return { url: `/api/events/admin/${event.id}/staff/${owner.id}` };
    },
  },
  // The secretariat's Waitlist tab (docs/decisions/074): the owner waits for a full event's seat.
  'GET /api/events/admin/:id/waitlist': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/events/admin/${(await createFullEvent(db)).id}/waitlist` }),
  },
  'POST /api/events/admin/:id/waitlist/:entryId/offer': {
    ...adminOnly,
    request: async ({ db, owner }) => {
      const event = await createFullEvent(db);
      const [entry] = await db
        .insert(eventWaitlist)
        .values({ event_id: event.id, user_id: owner.id })
        .returning({ id: eventWaitlist.id });
      return { url: `/api/events/admin/${event.id}/waitlist/${entry?.id}/offer` };
    },
  },
  'DELETE /api/events/admin/:id/waitlist/:entryId': {
    ...adminOnly,
    request: async ({ db, owner }) => {
      const event = await createFullEvent(db);
      const [entry] = await db
        .insert(eventWaitlist)
        .values({ event_id: event.id, user_id: owner.id })
        .returning({ id: eventWaitlist.id });
      return { url: `/api/events/admin/${event.id}/waitlist/${entry?.id}` };
    },
  },
  'GET /api/events/admin/get-all': adminOnly,
  // The calendar files: a published event's for anyone (a draft's is 404 for everyone).
  'GET /events.ics': publicForAll,
  'GET /events/:id.ics': {
    ...publicForAll,
    request: async ({ db }) => ({ url: `/events/${(await createEvent(db)).id}.ics` }),
  },
  'POST /api/events/admin/create-event': {
    ...adminOnly,
    request: ({ unique }) =>
      multipart('/api/events/admin/create-event', { title: `Field day ${unique}`, start_date: '2031-03-01' }),
  },
  'PUT /api/events/admin/edit-event/:id': {
    ...adminOnly,
    request: async ({ db, unique }) =>
      multipart(`/api/events/admin/edit-event/${(await createEvent(db)).id}`, { title: `Renamed ${unique}` }),
  },
  'DELETE /api/events/admin/delete-event/:id': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/events/admin/delete-event/${(await createEvent(db)).id}` }),
  },
  'PUT /api/events/admin/update-user-event': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: '/api/events/admin/update-user-event',
      payload: { status: 'approved', userId: owner.id, eventId: (await createRegistration(db, owner.id)).id },
    }),
  },

  'GET /api/events/admin/:id/attendees': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/events/admin/${(await createEvent(db)).id}/attendees` }),
  },
  'GET /api/events/admin/:id/attendees.csv': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/events/admin/${(await createEvent(db)).id}/attendees.csv` }),
  },
  'GET /api/events/admin/:id/messages': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/events/admin/${(await createEvent(db)).id}/messages` }),
  },
  'POST /api/events/admin/:id/messages': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/events/admin/${(await createRegistration(db, owner.id)).id}/messages`,
      payload: { subject: 'Venue', body: 'Hall B', idempotency_key: randomUUID() },
    }),
  },
  'POST /api/events/admin/registrations/:id/waive': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/events/admin/registrations/${await createHeldRegistration(db, owner.id)}/waive`,
      payload: {},
    }),
  },
  'POST /api/events/admin/registrations/:id/paid-at-door': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/events/admin/registrations/${await createHeldRegistration(db, owner.id)}/paid-at-door`,
      payload: {},
    }),
  },

  'GET /api/speakers': adminOnly,
  'GET /api/speakers/event-speakers/:eventId': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/speakers/event-speakers/${(await createEvent(db)).id}` }),
  },
  'POST /api/speakers': {
    ...adminOnly,
    request: () => multipart('/api/speakers', { name: 'Engr. Jose Ramos', company: 'Ramos Geoscience' }),
  },
  'POST /api/speakers/event-speakers': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: '/api/speakers/event-speakers',
      payload: { event_id: (await createEvent(db)).id, speaker_ids: [(await createSpeaker(db)).id] },
    }),
  },

  // News: drafts are the admins' alone; likes and views are anyone's.
  'GET /api/news/get-news': publicForAll,
  'GET /api/news/get-authors': publicForAll,
  'GET /api/news/get-news/:id': {
    guest: 'not-found',
    member: 'not-found',
    admin: 'ok',
    request: async ({ db }) => ({
      url: `/api/news/get-news/${(await createNewsArticle(db, { status: 'draft' })).id}`,
    }),
  },
  'POST /api/news/like/:id': {
    ...publicForAll,
    request: async ({ db }) => ({
      url: `/api/news/like/${(await createNewsArticle(db)).id}`,
      payload: { action: 'like' },
    }),
  },
  'GET /api/news/add-view/:id': {
    ...publicForAll,
    request: async ({ db }) => ({ url: `/api/news/add-view/${(await createNewsArticle(db)).id}` }),
  },
  'POST /api/news/admin/create-news': {
    ...adminOnly,
    request: ({ unique }) =>
      multipart('/api/news/admin/create-news', {
        title: `Drilling season ${unique}`,
        content: '<p>The season opens.</p>',
        author: 'Secretariat',
      }),
  },
  'PUT /api/news/admin/update-news/:id': {
    ...adminOnly,
    request: async ({ db, unique }) =>
      multipart(`/api/news/admin/update-news/${(await createNewsArticle(db)).id}`, {
        title: `Renamed ${unique}`,
        content: '<p>Updated.</p>',
        author: 'Secretariat',
      }),
  },
  'DELETE /api/news/admin/delete-news/:id': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/news/admin/delete-news/${(await createNewsArticle(db)).id}` }),
  },

  'GET /api/search': { ...publicForAll, request: () => ({ url: '/api/search?q=exploration' }) },
  'GET /api/dashboard/admin/summary': adminOnly,

  'GET /api/boards/get-board-members': publicForAll,
  'POST /api/boards/admin/create-board-member': {
    ...adminOnly,
    request: ({ unique }) =>
      multipart('/api/boards/admin/create-board-member', {
        name: `Trustee ${unique}`,
        title: 'Geologist',
        position: 'Trustee',
      }),
  },
  'PUT /api/boards/admin/update-board-member/:id': {
    ...adminOnly,
    request: async ({ db }) =>
      multipart(`/api/boards/admin/update-board-member/${(await createBoardMember(db)).id}`, {
        title: 'Chair',
      }),
  },
  'DELETE /api/boards/admin/delete-board-member/:id': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: `/api/boards/admin/delete-board-member/${(await createBoardMember(db)).id}`,
    }),
  },

  // The member's own account: only ever the caller's.
  'PUT /api/users/filled-form/:id': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'forbidden',
    request: async ({ owner }) =>
      multipart(`/api/users/filled-form/${owner.id}`, {
        type: 'individual',
        firstName: 'Minerva',
        lastName: 'Reyes',
        membershipData: JSON.stringify({ category: 'Individual' }),
        noticeVersion: CURRENT_NOTICE_VERSION,
      }),
  },
  'POST /api/announcements': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: '/api/announcements',
      payload: {
        item_type: 'news',
        item_id: (await createNewsArticle(db, { status: 'published' })).id,
        audience: 'accounts',
        idempotency_key: randomUUID(),
      },
    }),
  },
  'GET /api/announcements': adminOnly,
  'GET /api/privacy/admin/breaches': adminOnly,
  'POST /api/privacy/admin/breaches': {
    ...adminOnly,
    request: ({ owner }) => ({ url: '/api/privacy/admin/breaches', payload: breachInput(owner) }),
  },
  'GET /api/privacy/admin/breaches/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/privacy/admin/breaches/${await createBreach(db, owner.id)}`,
    }),
  },
  'PUT /api/privacy/admin/breaches/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/privacy/admin/breaches/${await createBreach(db, owner.id)}`,
      payload: breachInput(owner),
    }),
  },
  'POST /api/privacy/admin/breaches/:id/npc-notice': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/privacy/admin/breaches/${await createBreach(db, owner.id)}/npc-notice`,
      payload: { notified_at: new Date().toISOString(), method: 'E-mail' },
    }),
  },
  'POST /api/privacy/admin/breaches/:id/people-notice': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/privacy/admin/breaches/${await createBreach(db, owner.id)}/people-notice`,
      payload: { subject: 'About your data', body: 'We are sorry.' },
    }),
  },
  'POST /api/privacy/admin/breaches/:id/close': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/privacy/admin/breaches/${await createBreach(db, owner.id)}/close`,
      payload: { summary: 'Contained.' },
    }),
  },
  'GET /api/admin/jobs': adminOnly,
  'GET /api/admin/jobs/:name/runs': {
    ...adminOnly,
    request: async () => ({ url: '/api/admin/jobs/housekeeping/runs' }),
  },
  'POST /api/admin/jobs/:name/run': {
    ...adminOnly,
    request: async () => ({ url: '/api/admin/jobs/housekeeping/run' }),
  },
  // The signed token is the authority, whoever sends it (RFC 8058: the mail client, no session).
  'POST /api/announcements/unsubscribe': {
    guest: 'ok',
    member: 'ok',
    admin: 'ok',
    request: async ({ config, owner }) => ({
      url: `/api/announcements/unsubscribe?token=${unsubscribeTokenFor(unsubscribeKeyOf(loadOrCreateJwtSecret(config)), owner.id)}`,
    }),
  },
  'GET /api/privacy/notice': { guest: 'ok', member: 'ok', admin: 'ok' },
  'GET /api/me/consents': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'PUT /api/me/consents/:purpose': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
    request: () => ({ url: '/api/me/consents/member_directory', payload: { given: true } }),
  },
  // A member's privacy requests (docs/decisions/068): a staff account may not ask for erasure.
  'POST /api/me/erasure-requests': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'refused',
    request: () => ({ url: '/api/me/erasure-requests', payload: { reason: 'I am leaving the association' } }),
  },
  'POST /api/me/correction-requests': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
    request: () => ({
      url: '/api/me/correction-requests',
      payload: { field: 'membership_category', details: 'I am an Associate member, not Regular' },
    }),
  },
  'GET /api/me/privacy-requests': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'GET /api/privacy/admin/requests': adminOnly,
  'POST /api/privacy/admin/requests/:id/approve': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/privacy/admin/requests/${await createPrivacyRequest(db, owner.id)}/approve`,
      payload: { answer: 'Changed' },
    }),
  },
  'POST /api/privacy/admin/requests/:id/reject': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/privacy/admin/requests/${await createPrivacyRequest(db, owner.id)}/reject`,
      payload: { reason: 'Not ours to change' },
    }),
  },
  // "Download my data" (docs/decisions/067): the ZIP answers its owner only; anyone else's is 404.
  'POST /api/me/data-export': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'GET /api/me/data-export': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'GET /api/me/data-export/:id': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, owner }) => {
      const [row] = await db
        .insert(dataExportsTable)
        .values({ userId: owner.id })
        .returning({ id: dataExportsTable.id });
      return { url: `/api/me/data-export/${row?.id}` };
    },
  },
  'GET /api/me/data-export/:id/download': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, config, owner }) => {
      const stored = await createStorage(config.storage).savePrivate(Buffer.from('PK\u0005\u0006'), 'zip');
      const [row] = await db
        .insert(dataExportsTable)
        .values({
          userId: owner.id,
          status: 'ready',
          fileReference: stored.reference,
          byteSize: 4,
          finishedAt: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: dataExportsTable.id });
      return { url: `/api/me/data-export/${row?.id}/download` };
    },
  },
  'GET /api/users': { guest: 'unauthenticated', member: 'ok', anotherMember: 'own-data-only', admin: 'ok' },
  // Members' pictures (decision 066): the account, its company for a representative, and staff
  // who read users; anyone else is told there is no such picture.
  'GET /api/users/:id/avatar': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'ok',
    request: async ({ db, config, owner }) => {
      const reference = await storePicture(config);
      await db.update(users).set({ avatarUrl: reference }).where(eq(users.id, owner.id));
      return { url: `/api/users/${owner.id}/avatar` };
    },
  },
  'GET /api/users/:id/logo': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'ok',
    request: async ({ db, config, owner }) => {
      const reference = await storePicture(config);
      await db.update(users).set({ logoUrl: reference }).where(eq(users.id, owner.id));
      return { url: `/api/users/${owner.id}/logo?width=400` };
    },
  },
  'GET /api/representatives/:id/photo': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'ok',
    request: async ({ db, config, owner }) => {
      const reference = await storePicture(config);
      const [representative] = await db
        .update(representatives)
        .set({ avatarUrl: reference })
        .where(eq(representatives.userId, owner.id))
        .returning({ id: representatives.id });
      if (!representative) throw new Error('the owner has no representative');
      return { url: `/api/representatives/${representative.id}/photo` };
    },
  },
  'PUT /api/users/update-profile': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
    request: ({ unique }) => multipart('/api/users/update-profile', { username: `renamed_${unique}` }),
  },
  'PUT /api/users/change-password': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
    request: () => ({
      url: '/api/users/change-password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Another-Horse-12' },
    }),
  },
  'POST /api/users/undo-email-change': {
    ...publicForAll,
    request: async ({ db, owner }) => ({
      url: '/api/users/undo-email-change',
      payload: { token: await createLinkToken(db, owner.id, 'undo_email_change', owner.email) },
    }),
  },
  'POST /api/users/change-email': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
    request: ({ unique }) => ({
      url: '/api/users/change-email',
      payload: { email: `changed-${unique}@example.com`, currentPassword: TEST_PASSWORD },
    }),
  },
  'GET /api/users/confirm-email-change': {
    ...publicForAll,
    request: async ({ db, owner, unique }) => ({
      url: `/api/users/confirm-email-change?token=${await createLinkToken(db, owner.id, 'change_email', `moved-${unique}@example.com`)}`,
    }),
  },
  'POST /api/users/confirm-email-change': {
    ...publicForAll,
    request: async ({ db, owner, unique }) => ({
      url: '/api/users/confirm-email-change',
      payload: {
        token: await createLinkToken(db, owner.id, 'change_email', `moved-${unique}@example.com`),
      },
    }),
  },
  'PUT /api/reps/update-reps': {
    guest: 'unauthenticated',
    member: 'ok',
    // Another company's editor cannot touch the owner's representative (400 naming repsData.0.id,
    // as the editor shows it); an admin has no company, so no representatives, of their own.
    anotherMember: 'refused',
    admin: 'forbidden',
    request: async ({ db, owner }) => {
      const [representative] = await db
        .select()
        .from(representatives)
        .where(eq(representatives.userId, owner.id));
      if (!representative) throw new Error('the owner has no representative');
      return {
        url: '/api/reps/update-reps',
        payload: {
          repsData: [{ id: representative.id, firstName: 'Maria', lastName: 'Santos-Cruz', type: 'voting' }],
        },
      };
    },
  },

  // Admin users and memberships.
  'GET /api/users/get-all': adminOnly,
  'GET /api/users/admin/export-csv': adminOnly,
  'PUT /api/users/admin/:id/roles': {
    ...adminOnly,
    request: ({ owner }) => ({
      url: `/api/users/admin/${owner.id}/roles`,
      payload: { roles: ['treasurer'] },
    }),
  },
  'PUT /api/users/admin/update-profile/:id': {
    ...adminOnly,
    request: ({ owner }) => ({
      url: `/api/users/admin/update-profile/${owner.id}`,
      payload: { phone: '+63 2 8123 4567' },
    }),
  },
  'GET /api/users/admin/toggle-status/:id': {
    ...adminOnly,
    request: ({ owner }) => ({ url: `/api/users/admin/toggle-status/${owner.id}` }),
  },
  'DELETE /api/users/admin/delete-user/:id': {
    ...adminOnly,
    request: ({ owner }) => ({ url: `/api/users/admin/delete-user/${owner.id}` }),
  },
  'POST /api/users/admin/create-user': {
    ...adminOnly,
    request: ({ unique }) =>
      multipart('/api/users/admin/create-user', {
        type: 'individual',
        firstName: 'Minerva',
        lastName: 'Reyes',
        username: `created_${unique}`,
        email: `created-${unique}@example.com`,
      }),
  },
  'GET /api/users/admin/audit/:userId': {
    ...adminOnly,
    request: ({ owner }) => ({ url: `/api/users/admin/audit/${owner.id}` }),
  },
  'GET /api/memberships/:userId': {
    ...adminOnly,
    request: ({ owner }) => ({ url: `/api/memberships/${owner.id}` }),
  },
  'PUT /api/memberships/update/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/memberships/update/${(await createMembership(db, owner.id, { status: 'pending', startsAt: null, expiresAt: null })).id}`,
      payload: { status: 'approved' },
    }),
  },
  'GET /api/memberships/application/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/memberships/application/${(await createMembership(db, owner.id, { status: 'pending', startsAt: null, expiresAt: null })).id}`,
    }),
  },
  'POST /api/memberships/decisions': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: '/api/memberships/decisions',
      payload: {
        ids: [
          (await createMembership(db, owner.id, { status: 'pending', startsAt: null, expiresAt: null })).id,
        ],
        status: 'approved',
      },
    }),
  },
  'DELETE /api/memberships/delete/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/memberships/delete/${(await createMembership(db, owner.id, { status: 'pending', startsAt: null, expiresAt: null })).id}`,
    }),
  },

  // Dues: a member reads and pays their own statements; the secretariat everything.
  'GET /api/dues/statements': { ...ownStatement, anotherMember: 'own-data-only' },
  'POST /api/dues/statements': {
    ...adminOnly,
    request: ({ owner }) => ({ url: '/api/dues/statements', payload: { userId: owner.id, months: 12 } }),
  },
  'POST /api/dues/statements/issue-due': adminOnly,
  'GET /api/dues/statements/issue-due/:runId': {
    ...adminOnly,
    request: async ({ db }) => {
      const [run] = await db
        .insert(jobRuns)
        .values({ name: 'dues-statements', scheduledFor: new Date(), trigger: 'admin', outcome: 'succeeded' })
        .returning();
      return { url: `/api/dues/statements/issue-due/${run?.id}` };
    },
  },
  'POST /api/dues/statements/:id/issue': {
    ...adminOnly,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/statements/${(await createStatement(db, owner, unique, 'draft')).id}/issue`,
    }),
  },
  'GET /api/dues/statements/:id': {
    ...ownStatement,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/statements/${(await createStatement(db, owner, unique)).id}`,
    }),
  },
  'GET /api/dues/statements/:id/pdf': {
    ...ownStatement,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/statements/${(await createStatement(db, owner, unique)).id}/pdf`,
    }),
  },
  'GET /api/dues/payments/:id/receipt': {
    ...ownStatement,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/payments/${(await createPayment(db, owner, unique, 'recorded')).id}/receipt`,
    }),
  },
  // This payment came with no file: its owner and admins learn that; anyone else learns nothing.
  'GET /api/dues/payments/:id/proof': {
    guest: 'unauthenticated',
    member: 'not-found',
    anotherMember: 'forbidden',
    admin: 'not-found',
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/payments/${(await createPayment(db, owner, unique, 'submitted')).id}/proof`,
    }),
  },
  'POST /api/dues/statements/:id/payments': {
    ...adminOnly,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/statements/${(await createStatement(db, owner, unique)).id}/payments`,
      payload: { method: 'Cash', amount: 100_000, paid_on: manilaDateString() },
    }),
  },
  // Proof is the member's own: an administrator records a payment instead.
  'POST /api/dues/statements/:id/proof': {
    ...ownStatement,
    admin: 'forbidden',
    request: async ({ db, owner, unique }) => {
      const { payload, headers } = await multipartBody(
        { method: 'GCash', amount: '100000', paid_on: manilaDateString() },
        [{ field: 'file', bytes: await samplePng(), type: 'image/png', filename: 'proof.png' }],
      );
      return {
        url: `/api/dues/statements/${(await createStatement(db, owner, unique)).id}/proof`,
        payload,
        headers,
      };
    },
  },
  'POST /api/dues/payments/:id/verify': {
    ...adminOnly,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/payments/${(await createPayment(db, owner, unique, 'submitted')).id}/verify`,
      payload: {},
    }),
  },
  'POST /api/dues/payments/:id/reject': {
    ...adminOnly,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/payments/${(await createPayment(db, owner, unique, 'submitted')).id}/reject`,
      payload: { reason: 'The reference is not on our bank statement' },
    }),
  },
  'POST /api/dues/statements/:id/void': {
    ...adminOnly,
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/statements/${(await createStatement(db, owner, unique)).id}/void`,
      payload: { reason: 'Issued twice' },
    }),
  },
  // No payment provider is configured in tests: the owner and admins are told so (409).
  'POST /api/dues/statements/:id/checkout': {
    ...ownStatement,
    member: 'refused',
    admin: 'refused',
    request: async ({ db, owner, unique }) => ({
      url: `/api/dues/statements/${(await createStatement(db, owner, unique)).id}/checkout`,
    }),
  },
  'POST /api/dues/checkouts/check': { ...ownStatement, anotherMember: 'own-data-only' },
  // No gateway is configured in tests: no notification can be verified, whoever sends it.
  'POST /api/dues/webhooks/paymongo': {
    guest: 'unauthenticated',
    member: 'unauthenticated',
    admin: 'unauthenticated',
    request: () => ({ url: '/api/dues/webhooks/paymongo', payload: { data: { id: 'evt_1' } } }),
  },
  'POST /api/dues/webhooks/xendit': {
    guest: 'unauthenticated',
    member: 'unauthenticated',
    admin: 'unauthenticated',
    request: () => ({ url: '/api/dues/webhooks/xendit', payload: { id: 'inv_1', status: 'PAID' } }),
  },
  'GET /api/dues/settings': adminOnly,
  'PUT /api/dues/settings': {
    ...adminOnly,
    request: () =>
      multipart('/api/dues/settings', {
        regularFee: '15000',
        associateFee: '8000',
        individualFee: '3000',
        paymentInstructions: 'BDO 0012-3456-7890',
        associationName: 'Mineral Exploration Association of the Philippines',
        associationAddress: 'Pasig City',
        associationTin: '000-123-456-000',
      }),
  },
  // The membership card: the member's own, in good standing only (the other member is not).
  'GET /api/members/card': ownCard,
  'GET /api/members/card.png': ownCard,
  'GET /api/members/card.pdf': ownCard,
  'POST /api/members/card': ownCard,
  'DELETE /api/members/cards/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => {
      const membership = await createMembership(db, owner.id);
      await db
        .insert(membershipCards)
        .values({ id: randomUUID(), membershipId: membership.id, tokenHash: randomUUID() });
      return { url: `/api/members/cards/${membership.id}` };
    },
  },
  'GET /api/verify/:token': { ...publicForAll, request: () => ({ url: '/api/verify/not-a-card' }) },
  // CPD (docs/product-rules.md "CPD certificates").
  'GET /api/cpd/events/:id': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/cpd/events/${(await certifiedEvent(db)).id}` }),
  },
  'PUT /api/cpd/events/:id/settings': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: `/api/cpd/events/${(await certifiedEvent(db)).id}/settings`,
      payload: {
        provider_name: 'Provider',
        provider_accreditation_number: 'P-1',
        provider_accreditation_valid_until: '2030-12-31',
        program_accreditation_number: 'G-1',
        participant_units_per_hour: '1',
        speaker_units_per_talk: '5',
        moderator_units: '2',
        facilitator_units: '2',
        morning_hours: '3.5',
        afternoon_hours: '4',
        day_hours: '4',
        signatory_name: 'Signatory',
        signatory_title: 'Chair',
      },
    }),
  },
  'PUT /api/cpd/events/:id/evaluation': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: `/api/cpd/events/${(await certifiedEvent(db)).id}/evaluation`,
      payload: { questions: [{ id: 'useful', kind: 'rating', prompt: 'Was it useful?' }] },
    }),
  },
  'PUT /api/cpd/registrations/:id/role': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/cpd/registrations/${(await ownerAttended(db, owner)).registration.id}/role`,
      payload: { role: 'speaker', talks: 2 },
    }),
  },
  'GET /api/cpd/events/:id/evaluation-results': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: `/api/cpd/events/${(await certifiedEvent(db)).id}/evaluation-results`,
    }),
  },
  'GET /api/cpd/events/:id/evaluation-results.csv': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: `/api/cpd/events/${(await certifiedEvent(db)).id}/evaluation-results.csv`,
    }),
  },
  'GET /api/cpd/events/:id/attendance.csv': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/cpd/events/${(await certifiedEvent(db)).id}/attendance.csv` }),
  },
  'POST /api/cpd/events/:id/certificates': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/cpd/events/${(await certifiedEvent(db)).id}/certificates` }),
  },
  'POST /api/cpd/certificates/:number/revoke': {
    ...adminOnly,
    request: async ({ db, owner, unique }) => ({
      url: `/api/cpd/certificates/${await ownerCertificate(db, owner, unique)}/revoke`,
      payload: { reason: 'Issued in error' },
    }),
  },
  'GET /api/cpd/prc-details': ownCpd,
  'PUT /api/cpd/prc-details': {
    ...ownCpd,
    request: () => ({
      url: '/api/cpd/prc-details',
      payload: { prc_name: 'Ana Reyes', profession: 'Geologist', prc_number: '0012345' },
    }),
  },
  'GET /api/cpd/my-events': ownCpd,
  'GET /api/cpd/events/:id/evaluation': {
    ...ownRegistration,
    request: async ({ db, owner }) => ({
      url: `/api/cpd/events/${(await ownerAttended(db, owner)).event.id}/evaluation`,
    }),
  },
  'POST /api/cpd/events/:id/evaluation': {
    ...ownRegistration,
    request: async ({ db, owner }) => ({
      url: `/api/cpd/events/${(await ownerAttended(db, owner)).event.id}/evaluation`,
      payload: { answers: { objectives: 5, content: 5, speakers: 5, venue: 5, overall: 5 } },
    }),
  },
  // The CPD transcript (docs/product-rules.md "CPD transcript").
  'GET /api/cpd/licences': ownCpd,
  'PUT /api/cpd/licences': {
    ...ownCpd,
    request: () => ({
      url: '/api/cpd/licences',
      payload: {
        licences: [
          {
            profession: 'geologist',
            licence_number: '0012345',
            registration_date: '2015-01-10',
            expiry_date: '2027-01-10',
          },
        ],
      },
    }),
  },
  'GET /api/cpd/transcript': ownCpd,
  'GET /api/cpd/transcript.pdf': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'ok',
    request: async ({ db, owner }) => {
      await ownerLicence(db, owner);
      return { url: `/api/cpd/transcript.pdf?user=${owner.id}` };
    },
  },
  // Another member and the admin hold no geologist licence: their entry is refused (400).
  'POST /api/cpd/external-units': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'refused',
    admin: 'refused',
    request: async ({ db, owner }) => {
      await ownerLicence(db, owner);
      const { payload, headers } = await multipartBody(
        {
          profession: 'geologist',
          provider: 'Geological Society of the Philippines',
          programme: 'Convention',
          accreditation_number: 'GSP-1',
          completed_on: '2026-03-10',
          units: '4',
        },
        [
          {
            field: 'certificate',
            bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
            type: 'application/pdf',
            filename: 'c.pdf',
          },
        ],
      );
      return { url: '/api/cpd/external-units', payload, headers };
    },
  },
  'GET /api/cpd/external-units/:id/certificate': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'ok',
    request: async (fixture) => ({
      url: `/api/cpd/external-units/${await ownerExternalEntry(fixture)}/certificate`,
    }),
  },
  'GET /api/cpd/admin/external-units': adminOnly,
  'POST /api/cpd/admin/external-units/:id/approve': {
    ...adminOnly,
    request: async (fixture) => ({
      url: `/api/cpd/admin/external-units/${await ownerExternalEntry(fixture)}/approve`,
    }),
  },
  'POST /api/cpd/admin/external-units/:id/reject': {
    ...adminOnly,
    request: async (fixture) => ({
      url: `/api/cpd/admin/external-units/${await ownerExternalEntry(fixture)}/reject`,
      payload: { reason: 'Not accredited' },
    }),
  },
  'GET /api/cpd/admin/short-of-units.csv': adminOnly,
  'GET /api/cpd/events/:id/prc-report.csv': {
    ...adminOnly,
    request: async ({ db }) => ({ url: `/api/cpd/events/${(await certifiedEvent(db)).id}/prc-report.csv` }),
  },
  'GET /api/cpd/provider-accreditations': adminOnly,
  'PUT /api/cpd/provider-accreditations': {
    ...adminOnly,
    request: () => ({
      url: '/api/cpd/provider-accreditations',
      payload: { accreditations: [{ profession: 'geologist', number: 'PRV-1', valid_until: '2030-12-31' }] },
    }),
  },
  'GET /api/cpd/transcripts/verify/:code': {
    ...publicForAll,
    request: () => ({ url: '/api/cpd/transcripts/verify/not-a-code' }),
  },
  // The owner's certificate: theirs and the administrators'.
  'GET /api/certificates/:number.pdf': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'ok',
    request: async ({ db, owner, unique }) => ({
      url: `/api/certificates/${await ownerCertificate(db, owner, unique)}.pdf`,
    }),
  },
  'GET /api/certificates/verify/:code': {
    ...publicForAll,
    request: () => ({ url: '/api/certificates/verify/q3Z8wJtq2v0YkL7nX1c9bA' }),
  },
  'GET /api/dues/summary': adminOnly,
  'GET /api/dues/export-csv': adminOnly,
  'GET /api/dues/reminders/preview': adminOnly,
  'POST /api/dues/reminders/run': {
    ...adminOnly,
    request: () => ({ url: '/api/dues/reminders/run', payload: { date: '2020-01-01' } }),
  },
  'GET /api/dues/reminders': adminOnly,
  'POST /api/dues/reminders/:id/resend': {
    ...adminOnly,
    request: async ({ db, owner, unique }) => {
      const statement = await createStatement(db, owner, unique);
      const [reminder] = await db
        .insert(duesReminders)
        .values({
          statementId: statement.id,
          userId: owner.id,
          offsetDays: -7,
          role: 'member',
          email: owner.email,
          runDate: '2020-01-01',
        })
        .returning();
      return { url: `/api/dues/reminders/${reminder?.id}/resend` };
    },
  },
  'GET /api/dues/reminders/pauses': adminOnly,
  'PUT /api/dues/reminders/pauses/:id': {
    ...adminOnly,
    request: ({ owner }) => ({
      url: `/api/dues/reminders/pauses/${owner.id}`,
      payload: { paused: true, reason: 'Paying by instalments' },
    }),
  },

  // The downloads: Member's News needs an active membership, which the other member lacks.
  'GET /mgb-guidelines-and-forms/:filename': {
    ...publicForAll,
    request: () => ({ url: documentPath('public', 0) }),
  },
  'GET /api/directory': publicForAll,
  'GET /api/directory/:id': {
    ...publicForAll,
    request: async ({ db }) => ({ url: `/api/directory/${(await someoneElsesEntry(db)).id}` }),
  },
  // A public logo: whoever asks sees it (who sees a members-only one: logo-and-representatives.test.ts).
  'GET /api/directory/:id/logo': {
    ...publicForAll,
    request: async ({ db, config }) => {
      const entry = await someoneElsesEntry(db);
      await db
        .update(users)
        .set({ logoUrl: await storePicture(config) })
        .where(eq(users.id, entry.userId));
      await db
        .update(directoryEntries)
        .set({ visibility: { ...DEFAULT_DIRECTORY_VISIBILITY, logo: 'public' } })
        .where(eq(directoryEntries.id, entry.id));
      return { url: `/api/directory/${entry.id}/logo` };
    },
  },
  // The token is the credential: whoever holds the mailed link may use it, signed in or not.
  'POST /api/directory/representatives/agree': {
    ...publicForAll,
    request: async ({ db }) => ({
      url: '/api/directory/representatives/agree',
      payload: { token: (await askedRepresentative(db)).agree },
    }),
  },
  'POST /api/directory/representatives/withdraw': {
    ...publicForAll,
    request: async ({ db }) => ({
      url: '/api/directory/representatives/withdraw',
      payload: { token: (await askedRepresentative(db, { agreed: true })).withdraw },
    }),
  },
  // Only the company picks its own representatives; another's is not found.
  'PUT /api/me/directory/representatives/:id': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, owner }) => {
      const [representative] = await db
        .select()
        .from(representatives)
        .where(eq(representatives.userId, owner.id));
      if (!representative) throw new Error('the owner has no representative');
      return { url: `/api/me/directory/representatives/${representative.id}`, payload: { listed: false } };
    },
  },
  'POST /api/directory/:id/messages': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'ok',
    request: async ({ db }) => ({
      url: `/api/directory/${(await someoneElsesEntry(db)).id}/messages`,
      payload: { message: 'Hello', acceptShowAddress: true },
    }),
  },
  // Staff accounts are not members: they have no listing of their own.
  'GET /api/me/directory': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'forbidden',
  },
  'PUT /api/me/directory': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'forbidden',
    request: () => ({ url: '/api/me/directory', payload: { listed: true } }),
  },
  'GET /api/me/directory/messages': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'own-data-only',
    admin: 'ok',
  },
  'POST /api/me/directory/messages/:id/report': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'not-found',
    admin: 'not-found',
    request: async ({ db, owner }) => {
      const entry = await listedDirectoryEntry(db, owner.id);
      const sender = await createUser(db, { password: null });
      const [message] = await db
        .insert(directoryMessages)
        .values({ entryId: entry.id, senderId: sender.id, body: 'Hello' })
        .returning();
      return { url: `/api/me/directory/messages/${message?.id}/report`, payload: {} };
    },
  },
  'GET /api/directory/admin/entries': adminOnly,
  'PUT /api/directory/admin/entries/:id/moderation': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: `/api/directory/admin/entries/${(await someoneElsesEntry(db)).id}/moderation`,
      payload: { hidden: true, reason: 'Checking' },
    }),
  },
  'PUT /api/directory/admin/entries/:id/licence': {
    ...adminOnly,
    request: async ({ db }) => ({
      url: `/api/directory/admin/entries/${(await someoneElsesEntry(db)).id}/licence`,
      payload: { verified: true },
    }),
  },
  'GET /api/directory/admin/reports': adminOnly,
  'GET /meap-forms/:filename': { ...publicForAll, request: () => ({ url: documentPath('public', 1) }) },
  'GET /membership-documents/:filename': {
    ...publicForAll,
    request: () => ({ url: documentPath('public', 2) }),
  },
  'GET /member-news/:filename': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'ok',
    request: () => ({ url: documentPath('member') }),
  },

  // The annual meeting and the election of trustees (docs/decisions/071).
  'GET /api/meetings': { ...meetingsMember, anotherMember: 'ok' },
  'POST /api/meetings': {
    ...adminOnly,
    request: () => ({ url: '/api/meetings', payload: matrixMeetingInput() }),
  },
  'GET /api/meetings/:id': {
    ...meetingsMember,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}`,
    }),
  },
  'PUT /api/meetings/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}`,
      payload: matrixMeetingInput(),
    }),
  },
  'PUT /api/meetings/:id/chair': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/chair`,
      payload: { userId: owner.id },
    }),
  },
  'POST /api/meetings/:id/notice': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/notice`,
      payload: {},
    }),
  },
  'GET /api/meetings/:id/roll': {
    ...meetingsMember,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/roll`,
    }),
  },
  'GET /api/meetings/:id/voters': {
    ...voterOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/voters`,
    }),
  },
  'POST /api/meetings/:id/roll/freeze': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { frozen: false })).meeting.id}/roll/freeze`,
    }),
  },
  'POST /api/meetings/:id/roll-corrections': {
    ...meetingsMember,
    anotherMember: 'ok',
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/roll-corrections`,
      payload: { details: 'My firm is missing' },
    }),
  },
  'GET /api/meetings/:id/roll-corrections': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/roll-corrections`,
    }),
  },
  'PUT /api/roll-corrections/:id': {
    ...adminOnly,
    request: async ({ db, owner }) => {
      const { meeting } = await matrixMeeting(db, owner);
      const [correction] = await db
        .insert(meetingRollCorrections)
        .values({ meetingId: meeting.id, userId: owner.id, details: 'Missing' })
        .returning();
      return {
        url: `/api/roll-corrections/${correction?.id}`,
        payload: { status: 'accepted', resolution: 'Added' },
      };
    },
  },
  'POST /api/meetings/:id/nominations': {
    ...voterOnly,
    request: async ({ db, owner }) => {
      const { meeting, otherEntry } = await matrixMeeting(db, owner);
      return {
        url: `/api/meetings/${meeting.id}/nominations`,
        payload: { nomineeId: otherEntry?.id, statement: 'Experienced' },
      };
    },
  },
  'POST /api/nominations/:id/seconds': {
    ...voterOnly,
    // The owner seconds the other voter's self-nomination.
    request: async ({ db, owner }) => ({
      url: `/api/nominations/${(await matrixNomination(db, owner, { ofOwner: false })).id}/seconds`,
    }),
  },
  'POST /api/nominations/:id/accept': {
    ...voterOnly,
    request: async ({ db, owner }) => ({
      url: `/api/nominations/${(await matrixNomination(db, owner, { ofOwner: true })).id}/accept`,
    }),
  },
  'POST /api/nominations/:id/withdraw': {
    ...voterOnly,
    request: async ({ db, owner }) => ({
      url: `/api/nominations/${(await matrixNomination(db, owner, { ofOwner: true })).id}/withdraw`,
    }),
  },
  // A candidate's photo (decision 071): the nominator or the nominee sends it; every member who
  // may read the meeting's candidates sees it.
  'PUT /api/nominations/:id/photo': {
    ...voterOnly,
    request: async ({ db, owner }) => {
      const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const { payload, headers } = await multipartBody({}, [{ field: 'photo', bytes, type: 'image/png' }]);
      const nomination = await matrixNomination(db, owner, { ofOwner: true });
      return { url: `/api/nominations/${nomination.id}/photo`, payload, headers };
    },
  },
  'DELETE /api/nominations/:id/photo': {
    ...voterOnly,
    request: async ({ db, owner }) => ({
      url: `/api/nominations/${(await matrixNomination(db, owner, { ofOwner: true })).id}/photo`,
    }),
  },
  'GET /api/nominations/:id/photo': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'ok',
    admin: 'ok',
    request: async ({ db, config, owner }) => {
      const nomination = await matrixNomination(db, owner, { ofOwner: true });
      await db
        .update(meetingNominations)
        .set({ photoUrl: await storePicture(config) })
        .where(eq(meetingNominations.id, nomination.id));
      return { url: `/api/nominations/${nomination.id}/photo?width=400` };
    },
  },
  'PUT /api/nominations/:id/validation': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/nominations/${(await matrixNomination(db, owner, { ofOwner: true })).id}/validation`,
      payload: { valid: false, note: 'Not seconded' },
    }),
  },
  'POST /api/meetings/:id/proxies': {
    ...voterOnly,
    request: async ({ db, owner }) => {
      const { meeting, otherEntry } = await matrixMeeting(db, owner);
      return {
        url: `/api/meetings/${meeting.id}/proxies`,
        payload: { holderId: otherEntry?.id, scope: 'election' },
      };
    },
  },
  'GET /api/meetings/:id/proxies': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/proxies`,
    }),
  },
  'DELETE /api/proxies/:id': {
    ...voterOnly,
    request: async ({ db, owner }) => ({ url: `/api/proxies/${(await matrixProxy(db, owner)).id}` }),
  },
  'PUT /api/proxies/:id/validation': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/proxies/${(await matrixProxy(db, owner)).id}/validation`,
      payload: { valid: true },
    }),
  },
  'POST /api/meetings/:id/voting/open': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/voting/open`,
    }),
  },
  'POST /api/meetings/:id/voting/close': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'open' })).meeting.id}/voting/close`,
    }),
  },
  'POST /api/meetings/:id/ballots': {
    ...voterOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'open' })).meeting.id}/ballots`,
      payload: { candidateIds: [] },
    }),
  },
  'GET /api/meetings/:id/turnout': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/turnout`,
    }),
  },
  'GET /api/meetings/:id/venue-voters': {
    ...adminOnly,
    request: async (fixture) => ({ url: `${(await matrixVenue(fixture)).path}/venue-voters` }),
  },
  'POST /api/meetings/:id/venue-voters/ticket': {
    ...adminOnly,
    request: async (fixture) => {
      const venue = await matrixVenue(fixture);
      return { url: `${venue.path}/venue-voters/ticket`, payload: { token: venue.token } };
    },
  },
  'POST /api/meetings/:id/venue-ballots': {
    ...adminOnly,
    request: async (fixture) => {
      const venue = await matrixVenue(fixture);
      return { url: `${venue.path}/venue-ballots`, payload: { entryId: venue.entryId, candidateIds: [] } };
    },
  },
  'GET /api/meetings/:id/quorum': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/quorum`,
    }),
  },
  'POST /api/meetings/:id/certify': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'closed' })).meeting.id}/certify`,
    }),
  },
  'GET /api/meetings/:id/results': {
    ...publicForAll,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'closed', certified: true })).meeting.id}/results`,
    }),
  },
  // After the meeting (docs/decisions/078): a certified meeting still in its challenge window, so
  // applying and recording officers are refused (409) even to the staff who may.
  'GET /api/meeting-outcomes': { ...adminOnly },
  'GET /api/meetings/:id/outcome': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'closed', certified: true })).meeting.id}/outcome`,
    }),
  },
  'POST /api/meetings/:id/outcome/apply': {
    guest: 'unauthenticated',
    member: 'forbidden',
    admin: 'refused',
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'closed', certified: true })).meeting.id}/outcome/apply`,
      payload: {},
    }),
  },
  'PUT /api/meetings/:id/outcome/officers': {
    guest: 'unauthenticated',
    member: 'forbidden',
    admin: 'refused',
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'closed', certified: true })).meeting.id}/outcome/officers`,
      payload: {
        president: randomUUID(),
        vicePresident: randomUUID(),
        secretary: randomUUID(),
        treasurer: randomUUID(),
      },
    }),
  },
  'GET /api/meetings/:id/certificate': {
    ...adminOnly,
    request: async ({ db, owner }) => ({
      url: `/api/meetings/${(await matrixMeeting(db, owner, { voting: 'closed', certified: true })).meeting.id}/certificate`,
    }),
  },
  // Without its PDF the upload is refused (400) to the staff who may send one.
  'POST /api/meetings/:id/documents': {
    guest: 'unauthenticated',
    member: 'forbidden',
    admin: 'refused',
    request: async ({ db, owner }) =>
      multipart(`/api/meetings/${(await matrixMeeting(db, owner)).meeting.id}/documents`, {
        kind: 'minutes',
        title: 'Minutes',
      }),
  },
  'GET /api/meeting-documents': {
    guest: 'unauthenticated',
    member: 'ok',
    anotherMember: 'forbidden',
    admin: 'ok',
  },
  'GET /api/meeting-documents/:id/file': {
    guest: 'unauthenticated',
    member: 'not-found',
    anotherMember: 'forbidden',
    admin: 'not-found',
    request: async () => ({ url: `/api/meeting-documents/${randomUUID()}/file` }),
  },
  'DELETE /api/meeting-documents/:id': {
    guest: 'unauthenticated',
    member: 'forbidden',
    admin: 'not-found',
    request: async () => ({ url: `/api/meeting-documents/${randomUUID()}` }),
  },
};

export const uniqueSuffix = () => randomUUID().replaceAll('-', '').slice(0, 10);
