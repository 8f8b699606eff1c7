import {
  ANNOUNCEMENT_AUDIENCE_LABELS,
  ANNOUNCEMENT_MESSAGES,
  type AnnouncementAudience,
  type AnnouncementCreate,
  type AnnouncementListQuery,
  buildPagination,
  displayName,
  formatDate,
  greetingName,
  sitePaths,
} from '@portal/shared';
import { and, asc, desc, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import type { Db, DbTransaction } from '../../db/client';
import {
  type AnnouncementRow,
  announcements,
  events,
  memberships,
  newsArticles,
  users,
} from '../../db/schema';
import { accountNameSelect } from '../../lib/display-name';
import { AppError, invalidToken, notFound } from '../../lib/errors';
import { queueBulkMail } from '../../lib/mail/outbox';
import { announcementEmail } from '../../lib/mail/templates';
import type { Viewer } from '../../plugins/access';
import { recordAdminAction } from '../audit';
import { goodStanding } from '../membership-standing';
import { changeMyConsent, consentGiven } from '../privacy';
import { accountOfUnsubscribeToken, unsubscribeTokenFor } from './tokens';

/** Where RFC 8058's one-click POST goes (routes.ts registers it under /api/announcements). */
export const ONE_CLICK_PATH = '/api/announcements/unsubscribe';

type AnnounceContext = { db: Db; publicUrl: string; unsubscribeKey: string };

export const toAnnouncementView = (row: AnnouncementRow) => ({
  id: row.id,
  item_type: row.item_type,
  item_id: row.item_id,
  item_title: row.item_title,
  audience: row.audience,
  recipient_count: row.recipient_count,
  sent_by: row.sent_by_name,
  created_at: row.created_at.toISOString(),
});
type AnnouncementView = ReturnType<typeof toAnnouncementView>;

/** What the e-mail says about the item, and whether it may be announced (published only). */
async function itemOf(tx: DbTransaction, input: AnnouncementCreate) {
  if (input.item_type === 'news') {
    const [article] = await tx
      .select({
        title: newsArticles.title,
        description: newsArticles.description,
        status: newsArticles.status,
      })
      .from(newsArticles)
      .where(eq(newsArticles.id, input.item_id));
    if (!article) throw notFound(ANNOUNCEMENT_MESSAGES.itemNotFound);
    return {
      title: article.title,
      summary: article.description ?? '',
      published: article.status === 'published',
      path: sitePaths.newsArticle(input.item_id),
    };
  }
  const [event] = await tx
    .select({
      title: events.title,
      start_date: events.start_date,
      location_name: events.location_name,
      city: events.city,
      status: events.status,
    })
    .from(events)
    .where(eq(events.id, input.item_id));
  if (!event) throw notFound(ANNOUNCEMENT_MESSAGES.itemNotFound);
  const place = [event.location_name, event.city].filter(Boolean).join(', ');
  return {
    title: event.title,
    summary: [formatDate(event.start_date), place].filter(Boolean).join(' · '),
    published: event.status === 'published',
    path: sitePaths.eventDetail(input.item_id),
  };
}

/**
 * Who an audience is (docs/product-rules.md "Announcements"): confirmed, enabled accounts that
 * receive announcements, narrowed to those with an approved membership (`members`) or with one in
 * good standing now (`good_standing`, as the member price tier reads it).
 */
function audienceCondition(audience: AnnouncementAudience, now: Date): SQL | undefined {
  const ofUser = eq(memberships.userId, users.id);
  switch (audience) {
    case 'accounts':
      return undefined;
    case 'members':
      return exists(
        sql`(select 1 from ${memberships} where ${and(ofUser, eq(memberships.status, 'approved'))})`,
      );
    case 'good_standing':
      return exists(sql`(select 1 from ${memberships} where ${and(ofUser, goodStanding(memberships, now))})`);
  }
}

export async function recipientsOf(db: Db | DbTransaction, audience: AnnouncementAudience, now = new Date()) {
  return db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      ...accountNameSelect,
    })
    .from(users)
    .where(
      and(
        eq(users.status, 'active'),
        // The consent records are the one source (docs/decisions/065): the latest row says given.
        consentGiven(users.id, 'announcements_email'),
        audienceCondition(audience, now),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
}

/**
 * POST /api/announcements: the item e-mailed to the audience, one message each through the outbox,
 * paced like attendee messages (`queueBulkMail`), with a row in the announcement log and one in
 * the audit log, all in one transaction (docs/decisions/052).
 *
 * An item is announced once: a second request for it with another key is refused (409), while the
 * same key again answers the first announcement (200) and queues nothing, even when both arrive
 * together (the second waits on the unique index for the first to commit).
 */
export async function announceItem(
  { db, publicUrl, unsubscribeKey }: AnnounceContext,
  viewer: Viewer,
  input: AnnouncementCreate,
): Promise<{ announcement: AnnouncementView; created: boolean }> {
  return db.transaction(async (tx) => {
    const earlier = await earlierAnnouncement(tx, input);
    if (earlier) return { announcement: toAnnouncementView(earlier), created: false };
    const item = await itemOf(tx, input);
    if (!item.published)
      throw new AppError(409, ANNOUNCEMENT_MESSAGES.notPublished, { code: 'not_published' });
    const [actor] = await tx
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        ...accountNameSelect,
      })
      .from(users)
      .where(eq(users.id, viewer.userId));
    if (!actor) throw invalidToken();
    const recipients = await recipientsOf(tx, input.audience);
    const [logged] = await tx
      .insert(announcements)
      .values({
        item_type: input.item_type,
        item_id: input.item_id,
        item_title: item.title,
        audience: input.audience,
        recipient_count: recipients.length,
        sent_by: actor.id,
        sent_by_name: displayName(actor),
        idempotency_key: input.idempotency_key,
      })
      // Either unique index: a request that lost a race is answered like one that came later.
      .onConflictDoNothing()
      .returning();
    if (!logged) {
      const first = await earlierAnnouncement(tx, input);
      if (first) return { announcement: toAnnouncementView(first), created: false };
      throw new AppError(409, ANNOUNCEMENT_MESSAGES.keyReused, { code: 'idempotency_key_reused' });
    }
    // Checked after the key, as attendee messages do: a repeat answers the first announcement.
    if (recipients.length === 0) {
      throw new AppError(409, ANNOUNCEMENT_MESSAGES.noRecipients, { code: 'no_recipients' });
    }
    const link = `${publicUrl}${item.path}`;
    await queueBulkMail(
      tx,
      recipients.map((recipient) => {
        const token = unsubscribeTokenFor(unsubscribeKey, recipient.id);
        return {
          to: recipient.email,
          // Checked again as each message leaves: withdrawn meanwhile, it is not sent.
          consent: { userId: recipient.id, purpose: 'announcements_email' as const },
          ...announcementEmail({
            name: greetingName(recipient),
            kind: input.item_type,
            title: item.title,
            summary: item.summary,
            link,
            unsubscribeLink: `${publicUrl}${sitePaths.unsubscribe}?token=${token}`,
          }),
          // RFC 8058: a mail client's one-click unsubscribe POSTs to the API with no session; the
          // address in the body is the web page, which asks before it unsubscribes.
          headers: {
            'List-Unsubscribe': `<${publicUrl}${ONE_CLICK_PATH}?token=${token}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        };
      }),
    );
    await recordAdminAction(tx, viewer, {
      action: 'announcement_sent',
      user: actor,
      changes: {
        [input.item_type === 'news' ? 'article' : 'event']: { from: null, to: item.title },
        audience: { from: null, to: ANNOUNCEMENT_AUDIENCE_LABELS[input.audience] },
        recipients: { from: null, to: recipients.length },
      },
    });
    return { announcement: toAnnouncementView(logged), created: true };
  });
}

/**
 * The announcement this request repeats (the same key for the same item), or a refusal: the item
 * was announced already with another key (409), or the key was used for another item (409).
 */
async function earlierAnnouncement(tx: DbTransaction, input: AnnouncementCreate) {
  // One statement, so one snapshot: read apart, the same request committing between the two reads
  // would be missed by the key yet found by the item, and refused as another announcement.
  const sameItem = and(
    eq(announcements.item_type, input.item_type),
    eq(announcements.item_id, input.item_id),
  );
  const earlier = await tx
    .select()
    .from(announcements)
    .where(or(eq(announcements.idempotency_key, input.idempotency_key), sameItem));
  const byKey = earlier.find((row) => row.idempotency_key === input.idempotency_key);
  if (byKey) {
    if (byKey.item_type === input.item_type && byKey.item_id === input.item_id) return byKey;
    throw new AppError(409, ANNOUNCEMENT_MESSAGES.keyReused, { code: 'idempotency_key_reused' });
  }
  if (earlier.length > 0)
    throw new AppError(409, ANNOUNCEMENT_MESSAGES.alreadyAnnounced, { code: 'already_announced' });
  return null;
}

/** GET /api/announcements: the log, newest first, or one item's. */
export async function listAnnouncements(db: Db, query: AnnouncementListQuery) {
  const where = and(
    query.item_type ? eq(announcements.item_type, query.item_type) : undefined,
    query.item_id ? eq(announcements.item_id, query.item_id) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(announcements)
      .where(where)
      .orderBy(desc(announcements.created_at), desc(announcements.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(announcements).where(where),
  ]);
  return {
    announcements: rows.map(toAnnouncementView),
    pagination: buildPagination(query.page, query.limit, counted?.total ?? 0),
  };
}

/**
 * POST /api/announcements/unsubscribe: the e-mail's signed token turns its account's announcements
 * off, with no session (RFC 8058 one-click). Idempotent: a second time changes nothing and answers
 * the same; a deleted account's valid token answers the same too (there is nothing left to send to).
 */
export async function unsubscribe(db: Db, unsubscribeKey: string, token: string) {
  const userId = accountOfUnsubscribeToken(unsubscribeKey, token);
  if (!userId)
    throw new AppError(400, ANNOUNCEMENT_MESSAGES.unsubscribeInvalid, {
      code: 'invalid_token',
      field: 'token',
    });
  // A withdrawal row, as the profile writes (docs/decisions/065); none when already withdrawn, and
  // none for an account that no longer exists (nothing is left to send to).
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (account) await changeMyConsent(db, userId, 'announcements_email', false, 'unsubscribe');
  return { message: ANNOUNCEMENT_MESSAGES.unsubscribed };
}
