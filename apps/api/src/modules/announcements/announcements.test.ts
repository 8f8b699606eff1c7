import { randomUUID } from 'node:crypto';
import { ANNOUNCEMENT_MESSAGES, type AnnouncementAudience } from '@portal/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, announcements, consentRecords, mailOutbox } from '../../db/schema';
import { createEvent, createMembership, createNewsArticle, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
let adminCookie: string;
let memberCookie: string;
/** The accounts of this file's database, by what the tests call them. */
const people: Record<string, { id: string; email: string }> = {};

const inject = (options: InjectOptions) => context.app.inject(options);
/** A new consent row for announcements, as the profile writes it. */
const setAnnouncementConsent = (userId: string, given: boolean) =>
  context.db
    .insert(consentRecords)
    .values({ userId, purpose: 'announcements_email', given, source: 'profile' });
const announce = (payload: Record<string, unknown>, cookie: string | null = adminCookie) =>
  inject({ method: 'POST', url: '/api/announcements', payload, headers: cookie ? { cookie } : {} });
const request = (itemId: string, audience: AnnouncementAudience, itemType = 'news') => ({
  item_type: itemType,
  item_id: itemId,
  audience,
  idempotency_key: randomUUID(),
});

/** The outbox rows of one announcement (by its subject), to the addresses they went to. */
async function mailsAbout(title: string) {
  const rows = await context.db.select().from(mailOutbox);
  return rows.filter((row) => row.subject.endsWith(title));
}
const addressesOf = (rows: { toAddress: string }[]) => rows.map((row) => row.toAddress).sort();
const emailsOf = (...names: string[]) => names.map((name) => people[name]?.email).sort();
const tokenOf = (row: { headers: Record<string, string> }) =>
  /token=([^>]+)>/.exec(row.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';

beforeAll(async () => {
  context = await buildTestApp();
  const admin = await createUser(context.db, { type: 'admin', firstName: 'Secretariat', lastName: 'Desk' });
  people.admin = admin;
  adminCookie = (await signIn(context, admin)).cookie;
  // In good standing: approved and paid through next year.
  const paid = await createUser(context.db, { firstName: 'Maria', lastName: 'Santos' });
  await createMembership(context.db, paid.id);
  people.paid = paid;
  memberCookie = (await signIn(context, paid)).cookie;
  // Approved but lapsed: a member, not in good standing.
  const lapsed = await createUser(context.db);
  await createMembership(context.db, lapsed.id, { expiresAt: new Date(Date.now() - 86_400_000) });
  people.lapsed = lapsed;
  // Applied, not approved: an account, not a member.
  const applicant = await createUser(context.db);
  await createMembership(context.db, applicant.id, { status: 'pending', startsAt: null, expiresAt: null });
  people.applicant = applicant;
  // Never receive anything: unconfirmed, disabled, or opted out.
  const unconfirmed = await createUser(context.db, { status: 'pending', emailConfirmedAt: null });
  await createMembership(context.db, unconfirmed.id);
  people.unconfirmed = unconfirmed;
  const disabled = await createUser(context.db, { status: 'inactive' });
  await createMembership(context.db, disabled.id);
  people.disabled = disabled;
  const optedOut = await createUser(context.db, { receivesAnnouncements: false });
  await createMembership(context.db, optedOut.id);
  people.optedOut = optedOut;
});

afterAll(async () => {
  await context?.close();
});

describe('POST /api/announcements', () => {
  it.each([
    ['good_standing', ['paid']],
    ['members', ['paid', 'lapsed']],
    ['accounts', ['admin', 'paid', 'lapsed', 'applicant']],
  ] as const)(
    'e-mails %s: confirmed, enabled accounts that receive announcements',
    async (audience, names) => {
      const article = await createNewsArticle(context.db, {
        status: 'published',
        description: 'Drilling resumes.',
      });
      const response = await announce(request(article.id, audience));
      expect(response.statusCode).toBe(201);
      expect(response.json().data).toMatchObject({
        item_type: 'news',
        item_id: article.id,
        item_title: article.title,
        audience,
        recipient_count: names.length,
        sent_by: 'Secretariat Desk',
      });
      const mails = await mailsAbout(article.title);
      expect(addressesOf(mails)).toEqual(emailsOf(...names));
    },
  );

  it('carries the unsubscribe link and the one-click headers of RFC 8058 on every message', async () => {
    const event = await createEvent(context.db, {
      title: `Field day ${randomUUID().slice(0, 6)}`,
      city: 'Baguio',
    });
    expect((await announce(request(event.id, 'good_standing', 'event'))).statusCode).toBe(201);
    const [mail] = await mailsAbout(event.title);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toBe(`MEAP event: ${event.title}`);
    expect(mail.text).toContain('Hello Maria Santos,');
    expect(mail.text).toContain('January 15, 2030 · Baguio');
    expect(mail.text).toContain(`/events/${event.id}`);
    const token = tokenOf(mail);
    expect(token).toMatch(new RegExp(`^${people.paid?.id}\\.[A-Za-z0-9_-]{43}$`));
    expect(mail.headers).toEqual({
      'Auto-Submitted': 'auto-generated',
      'List-Unsubscribe': `<${context.config.publicUrl}/api/announcements/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain(`${context.config.publicUrl}/unsubscribe?token=${token}`);
    expect(mail.html).toContain(`href="${context.config.publicUrl}/unsubscribe?token=${token}"`);
  });

  it('paces the messages in the outbox: the n-th is due n seconds after the first', async () => {
    const article = await createNewsArticle(context.db, { status: 'published' });
    expect((await announce(request(article.id, 'accounts'))).statusCode).toBe(201);
    const due = (await mailsAbout(article.title)).map((row) => row.nextAttemptAt.getTime()).sort();
    expect(due).toHaveLength(4);
    for (let index = 1; index < due.length; index++) {
      expect((due[index] ?? 0) - (due[index - 1] ?? 0)).toBeGreaterThanOrEqual(900);
      expect((due[index] ?? 0) - (due[index - 1] ?? 0)).toBeLessThan(1_500);
    }
  });

  it('sends once per key, refuses the same item again, and a key reused for another item', async () => {
    const article = await createNewsArticle(context.db, { status: 'published' });
    const first = request(article.id, 'members');
    const sent = await announce(first);
    expect(sent.statusCode).toBe(201);
    const repeat = await announce(first);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.json().data.id).toBe(sent.json().data.id);
    expect(await mailsAbout(article.title)).toHaveLength(2);

    const again = await announce(request(article.id, 'accounts'));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: ANNOUNCEMENT_MESSAGES.alreadyAnnounced,
      code: 'already_announced',
    });

    const other = await createNewsArticle(context.db, { status: 'published' });
    const reused = await announce({ ...first, item_id: other.id });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe(ANNOUNCEMENT_MESSAGES.keyReused);
    expect(await mailsAbout(other.title)).toHaveLength(0);
  });

  it('queues once when the same request arrives twice at the same moment', async () => {
    const article = await createNewsArticle(context.db, { status: 'published' });
    const body = request(article.id, 'good_standing');
    const answers = await Promise.all([announce(body), announce(body)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201]);
    expect(await mailsAbout(article.title)).toHaveLength(1);
    const logged = await context.db.select().from(announcements).where(eq(announcements.item_id, article.id));
    expect(logged).toHaveLength(1);
  });

  it('logs who sent what to whom in the audit log', async () => {
    const article = await createNewsArticle(context.db, { status: 'published' });
    expect((await announce(request(article.id, 'members'))).statusCode).toBe(201);
    const rows = await context.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.actorId, people.admin?.id ?? ''), eq(adminAuditLog.action, 'announcement_sent')),
      );
    expect(rows.at(-1)?.changes).toEqual({
      article: { from: null, to: article.title },
      audience: { from: null, to: 'All members' },
      recipients: { from: null, to: 2 },
    });
  });

  it('refuses drafts, unknown items, bad input and an audience no one is in', async () => {
    const draft = await createNewsArticle(context.db, { status: 'draft' });
    const refused = await announce(request(draft.id, 'members'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ANNOUNCEMENT_MESSAGES.notPublished);

    const missing = await announce(request(randomUUID(), 'members', 'event'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(ANNOUNCEMENT_MESSAGES.itemNotFound);

    const bad = await announce({ ...request(draft.id, 'members'), audience: 'everyone' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'audience', error: ANNOUNCEMENT_MESSAGES.audienceInvalid });

    const empty = await createEvent(context.db);
    await setAnnouncementConsent(people.paid?.id ?? '', false);
    try {
      const none = await announce(request(empty.id, 'good_standing', 'event'));
      expect(none.statusCode).toBe(409);
      expect(none.json().error).toBe(ANNOUNCEMENT_MESSAGES.noRecipients);
      expect(
        await context.db.select().from(announcements).where(eq(announcements.item_id, empty.id)),
      ).toEqual([]);
    } finally {
      await setAnnouncementConsent(people.paid?.id ?? '', true);
    }
  });

  it('is for admins only: a guest gets 401 and a member 403', async () => {
    const article = await createNewsArticle(context.db, { status: 'published' });
    expect((await announce(request(article.id, 'members'), null)).statusCode).toBe(401);
    expect((await announce(request(article.id, 'members'), memberCookie)).statusCode).toBe(403);
    expect((await inject({ method: 'GET', url: '/api/announcements' })).statusCode).toBe(401);
    expect(
      (await inject({ method: 'GET', url: '/api/announcements', headers: { cookie: memberCookie } }))
        .statusCode,
    ).toBe(403);
    expect(await mailsAbout(article.title)).toHaveLength(0);
  });
});

describe('GET /api/announcements', () => {
  it('lists the log newest first, and one item’s', async () => {
    const article = await createNewsArticle(context.db, { status: 'published' });
    await announce(request(article.id, 'accounts'));
    const all = await inject({
      method: 'GET',
      url: '/api/announcements?limit=2',
      headers: { cookie: adminCookie },
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().data.announcements[0]).toMatchObject({ item_id: article.id, recipient_count: 4 });
    expect(all.json().data.pagination).toMatchObject({ page: 1, limit: 2, hasNext: true });
    const one = await inject({
      method: 'GET',
      url: `/api/announcements?item_type=news&item_id=${article.id}`,
      headers: { cookie: adminCookie },
    });
    expect(one.json().data.announcements).toHaveLength(1);
    expect(one.json().data.pagination.total).toBe(1);
  });
});

describe('unsubscribing', () => {
  async function tokenFor(name: string) {
    const article = await createNewsArticle(context.db, { status: 'published' });
    await announce(request(article.id, 'accounts'));
    const mail = (await mailsAbout(article.title)).find((row) => row.toAddress === people[name]?.email);
    if (!mail) throw new Error(`no mail to ${name}`);
    return tokenOf(mail);
  }
  /** The account's announcement consent rows, oldest first (docs/decisions/065). */
  const consentRows = (name: string) =>
    context.db
      .select()
      .from(consentRecords)
      .where(
        and(
          eq(consentRecords.userId, people[name]?.id ?? ''),
          eq(consentRecords.purpose, 'announcements_email'),
        ),
      )
      .orderBy(asc(consentRecords.seq));
  const receives = async (name: string) => (await consentRows(name)).at(-1)?.given;

  it('one-click POST (RFC 8058) works without cookies, answers 200 each time, and the next announcement skips them', async () => {
    const token = await tokenFor('lapsed');
    const oneClick = () =>
      inject({
        method: 'POST',
        url: `/api/announcements/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { message: ANNOUNCEMENT_MESSAGES.unsubscribed } });
    expect((await oneClick()).statusCode).toBe(200);
    expect(await receives('lapsed')).toBe(false);
    // One withdrawal row, written by the link; the second click changed nothing.
    expect((await consentRows('lapsed')).map((row) => [row.given, row.source])).toEqual([
      [true, 'registration'],
      [false, 'unsubscribe'],
    ]);

    const next = await createNewsArticle(context.db, { status: 'published' });
    expect((await announce(request(next.id, 'members'))).statusCode).toBe(201);
    expect(addressesOf(await mailsAbout(next.title))).toEqual(emailsOf('paid'));
  });

  it('the web page’s POST without a body works the same', async () => {
    const token = await tokenFor('applicant');
    const response = await inject({ method: 'POST', url: `/api/announcements/unsubscribe?token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(await receives('applicant')).toBe(false);
  });

  it('refuses forged, altered and malformed tokens with 400 and changes nothing', async () => {
    const token = await tokenFor('paid');
    const [id, signature = ''] = token.split('.');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const forged = [
      `${id}.${flipped}`,
      `${people.admin?.id}.${signature}`,
      `${id}.`,
      id ?? '',
      `${token}.extra`,
      'x'.repeat(201),
      '',
    ];
    for (const bad of forged) {
      const response = await inject({
        method: 'POST',
        url: `/api/announcements/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().error, bad).toBe(ANNOUNCEMENT_MESSAGES.unsubscribeInvalid);
    }
    expect(await receives('paid')).toBe(true);
    expect(await receives('admin')).toBe(true);
  });

  it('leaves transactional mail alone: an opted-out account still gets its password reset', async () => {
    const email = people.optedOut?.email ?? '';
    const response = await inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    expect(response.statusCode).toBe(200);
    // The reset is queued after the answer (its timing tells no one whether the e-mail exists).
    const rows = await vi.waitFor(
      async () => {
        const queued = await context.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
        expect(queued.map((row) => row.subject)).toEqual(['Reset your MEAP password']);
        return queued;
      },
      { timeout: 15_000 },
    );
    expect(rows[0]?.headers).toEqual({ 'Auto-Submitted': 'auto-generated' });
  });
});
