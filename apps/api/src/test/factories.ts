import { randomUUID } from 'node:crypto';
import { CURRENT_NOTICE_VERSION, type StaffRole } from '@portal/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Secret } from 'otpauth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  boardMembers,
  consentRecords,
  events,
  meetingRollEntries,
  meetings,
  memberships,
  newsArticles,
  type User,
  uploadedFiles,
  userRoles,
  users,
  userTotp,
} from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { loadOrCreateJwtSecret } from '../lib/tokens';
import { createSession } from '../modules/auth';
import { totpCodeAt } from '../modules/auth/two-factor';

type EventInsert = typeof events.$inferInsert;
type NewsInsert = typeof newsArticles.$inferInsert;

/** A factory per entity: unique values by default, any field overridable. */
export async function createEvent(db: Db, overrides: Partial<EventInsert> = {}) {
  const [event] = await db
    .insert(events)
    .values({
      title: `Event ${randomUUID().slice(0, 8)}`,
      description: 'A field workshop on exploration geology.',
      start_date: '2030-01-15',
      status: 'published',
      ...overrides,
    })
    .returning();
  if (!event) throw new Error('event not created');
  return event;
}

/** `image_gallery`: public paths recorded as the article's images, in order (rows only, no files). */
export async function createNewsArticle(
  db: Db,
  { image_gallery = [], ...overrides }: Partial<NewsInsert> & { image_gallery?: string[] } = {},
) {
  const [article] = await db
    .insert(newsArticles)
    .values({
      title: `Article ${randomUUID().slice(0, 8)}`,
      description: 'News from the exploration industry.',
      content: '<p>Body</p>',
      author: 'Secretariat',
      status: 'published',
      ...overrides,
    })
    .returning();
  if (!article) throw new Error('article not created');
  if (image_gallery.length > 0) {
    await db.insert(uploadedFiles).values(
      image_gallery.map((publicPath, position) => ({
        storageKey: publicPath.replace(/^\/uploads\//, ''),
        publicPath,
        contentType: 'image/webp',
        byteSize: 1,
        ownerType: 'news_article' as const,
        ownerId: article.id,
        position,
      })),
    );
  }
  return article;
}

export async function createBoardMember(db: Db, overrides: Partial<typeof boardMembers.$inferInsert> = {}) {
  const [member] = await db
    .insert(boardMembers)
    .values({
      name: `Trustee ${randomUUID().slice(0, 8)}`,
      title: 'Exploration Geologist',
      position: 'Trustee',
      ...overrides,
    })
    .returning();
  if (!member) throw new Error('board member not created');
  return member;
}

type UserInsert = typeof users.$inferInsert;
type MembershipInsert = typeof memberships.$inferInsert;

/** A password that satisfies the strength rule (spec 000 §5), used by every factory user. */
export const TEST_PASSWORD = 'Correct-Horse-9';

/**
 * An active, confirmed user signing in with TEST_PASSWORD unless `password` says otherwise
 * (`password: null` for an invited user without one). argon2 is the slow part: reuse users.
 */
/**
 * A user; `type: 'admin'` holds the admin role unless `roles` says which staff roles they hold
 * (a staff account's type is `admin`, decision 060). Staff have two-step sign-in on, as they
 * must (decision 061), with the authenticator secret `totpSecret` (`totp: false` for a staff
 * account that has not set it up; `totp: true` for a member who has).
 */
export async function createUser(
  db: Db,
  overrides: Partial<UserInsert> & {
    password?: string | null;
    roles?: readonly StaffRole[];
    totp?: boolean;
    /** The authenticator secret when two-step sign-in is on (a new random one by default). */
    totpSecret?: string;
    /**
     * Whether the account has consented to announcements by e-mail (a consent record,
     * docs/decisions/065); true by default, as most tests of announcements want recipients.
     */
    receivesAnnouncements?: boolean;
    /** Whether the account has accepted the privacy notice in force (true by default). */
    acceptedNotice?: boolean;
  } = {},
): Promise<User & { password: string | null; totpSecret: string | null }> {
  const {
    password = TEST_PASSWORD,
    roles: staffRoles,
    totp,
    totpSecret: secret,
    receivesAnnouncements = true,
    acceptedNotice = true,
    ...fields
  } = overrides;
  if (staffRoles && staffRoles.length > 0) fields.type = 'admin';
  const roles = staffRoles ?? (fields.type === 'admin' ? ['admin' as const] : []);
  const unique = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      username: `user_${unique}`,
      email: `user-${unique}@example.com`,
      passwordHash: password === null ? null : await hashPassword(password),
      type: 'individual',
      status: 'active',
      isNew: false,
      emailConfirmedAt: new Date(),
      // Everyone named, as the membership form requires (decision 056); a test of an account
      // without a name says so.
      ...(fields.type === 'company'
        ? { registeredName: `Company ${unique}` }
        : { firstName: 'Test', lastName: `Person ${unique}` }),
      ...fields,
    })
    .returning();
  if (!user) throw new Error('user not created');
  await db.insert(consentRecords).values([
    ...(acceptedNotice
      ? [
          {
            userId: user.id,
            purpose: 'privacy_notice' as const,
            given: true,
            noticeVersion: CURRENT_NOTICE_VERSION,
            source: 'registration' as const,
          },
        ]
      : []),
    {
      userId: user.id,
      purpose: 'announcements_email' as const,
      given: receivesAnnouncements,
      noticeVersion: CURRENT_NOTICE_VERSION,
      source: 'registration' as const,
    },
  ]);
  if (roles.length > 0) await db.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
  let totpSecret: string | null = null;
  if (totp ?? roles.length > 0) {
    totpSecret = secret ?? new Secret({ size: 20 }).base32;
    await db.insert(userTotp).values({ userId: user.id, secret: totpSecret, confirmedAt: new Date() });
  }
  return { ...user, password, totpSecret };
}

/** An approved membership running for a year from now unless overridden. */
export async function createMembership(db: Db, userId: string, overrides: Partial<MembershipInsert> = {}) {
  const now = Date.now();
  const [membership] = await db
    .insert(memberships)
    .values({
      userId,
      category: 'Individual',
      status: 'approved',
      startsAt: new Date(now),
      expiresAt: new Date(now + 365 * 86_400_000),
      ...overrides,
    })
    .returning();
  if (!membership) throw new Error('membership not created');
  return membership;
}

/**
 * Signs a user in by creating the session directly (not through the login form or route), and
 * returns the Cookie header to send with `app.inject`, as a browser would after logging in. The
 * session passed its second step just now (decision 061) unless `secondFactorAt` says when.
 */
export async function signIn(
  context: { db: Db; config: Config },
  user: Pick<User, 'id' | 'type'>,
  { secondFactorAt = new Date() }: { secondFactorAt?: Date | null } = {},
) {
  const authContext = { ...context, jwtSecret: loadOrCreateJwtSecret(context.config) };
  const tokens = await createSession(authContext, context.db, user, {
    secondFactorAt: secondFactorAt ?? undefined,
  });
  return {
    ...tokens,
    cookie: `access_token=${tokens.accessToken}; refresh_token=${tokens.refreshToken}; has_session=1`,
  };
}

/** The Cookie header a browser would send back after a response that set cookies. */
/** A guest's visitor cookie as the server signs it (modules/news/routes.ts), for the id `id`. */
export const visitorCookie = (app: { signCookie(value: string): string }, id: string) =>
  `visitor_id=${app.signCookie(id)}`;

export function cookieHeaderFrom(response: { cookies: { name: string; value: string }[] }): string {
  return response.cookies
    .filter((cookie) => cookie.value !== '')
    .map((cookie) => `${cookie.name}=${cookie.value}`)
    .join('; ');
}

/**
 * Signs in through POST /api/auth/login and, for an account with two-step sign-in, through its
 * second step with the authenticator's current code, as a person with the app would. The
 * account's last used step is forgotten first, so a test may sign the same account in twice
 * within 30 seconds. Answers the final response (the one that set the session cookies).
 */
export async function logInThroughSecondStep(
  context: { app: FastifyInstance; db: Db },
  user: { id: string; email: string; totpSecret: string | null },
  password = TEST_PASSWORD,
) {
  const login = await context.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password },
  });
  if (login.statusCode !== 200 || !user.totpSecret) return login;
  await context.db.update(userTotp).set({ lastUsedStep: null }).where(eq(userTotp.userId, user.id));
  return context.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/verify',
    headers: { cookie: cookieHeaderFrom(login) },
    payload: { code: totpCodeAt(user.totpSecret) },
  });
}

/**
 * An annual meeting a month away (docs/decisions/071) with `voters` on its frozen roll, each an
 * individual entry under their own name, written directly: for tests of other modules that need a
 * person on a roll (privacy's export and erasure).
 */
export async function createMeetingWithRoll(db: Db, voters: { id: string; name: string }[]) {
  const day = 86_400_000;
  const now = Date.now();
  const [meeting] = await db
    .insert(meetings)
    .values({
      kind: 'annual',
      title: `Annual meeting ${randomUUID().slice(0, 8)}`,
      startsAt: new Date(now + 30 * day),
      venue: 'Makati',
      agenda: 'Election of trustees',
      procedure: 'Vote online or at the venue',
      recordDate: new Date(now - day).toISOString().slice(0, 10),
      nominationsOpenAt: new Date(now - day),
      nominationsCloseAt: new Date(now + 10 * day),
      proxyDeadline: new Date(now + 10 * day),
      correctionsCloseAt: new Date(now + 10 * day),
      votingOpensAt: new Date(now + 20 * day),
      votingClosesAt: new Date(now + 31 * day),
      challengeEndsAt: new Date(now + 40 * day),
      seats: 7,
      seconders: 2,
      honoraryVotes: false,
      associateVotes: true,
      rollFrozenAt: new Date(now - 60_000),
      status: 'draft',
    })
    .returning();
  if (!meeting) throw new Error('meeting not created');
  const entries = await db
    .insert(meetingRollEntries)
    .values(
      voters.map((voter) => ({
        meetingId: meeting.id,
        userId: voter.id,
        kind: 'individual' as const,
        category: 'Individual' as const,
        memberName: voter.name,
        voterName: voter.name,
      })),
    )
    .returning();
  return { meeting, entries };
}
