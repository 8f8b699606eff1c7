import {
  announcementCreateSchema,
  announcementListQuerySchema,
  announcementListResponseSchema,
  announcementResponseSchema,
  apiErrorSchema,
  messageResponseSchema,
  STAFF_AREAS,
  unsubscribeQuerySchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { announceItem, listAnnouncements, unsubscribe } from './service';
import { unsubscribeKeyOf } from './tokens';

/**
 * Announcements (docs/product-rules.md "Announcements", docs/decisions/052): admins e-mail a
 * published article or event; anyone with an e-mail's link unsubscribes (a member's own choice is
 * a consent record, PUT /api/me/consents/announcements_email, docs/decisions/065).
 */
export const announcementRoutes: FastifyPluginAsyncZod<{
  db: Db;
  publicUrl: string;
  jwtSecret: string;
}> = async (app, { db, publicUrl, jwtSecret }) => {
  const unsubscribeKey = unsubscribeKeyOf(jwtSecret);

  // RFC 8058: a mail client's one-click unsubscribe is a form POST whose body is
  // `List-Unsubscribe=One-Click`. The token in the address is what counts, so the body is read as
  // text and not used. Registered in this plugin only: no other route takes form bodies.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, _body, done) => done(null, undefined),
  );

  app.post(
    '/',
    {
      config: { access: 'staff', roles: STAFF_AREAS.announcements },
      schema: {
        tags: ['announcements'],
        summary:
          'E-mail a published article or event to an audience (201); the same idempotency_key again answers the first announcement (200) and sends nothing; an item is announced once (409)',
        body: announcementCreateSchema,
        response: {
          200: announcementResponseSchema,
          201: announcementResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      const { announcement, created } = await announceItem(
        { db, publicUrl, unsubscribeKey },
        viewer,
        request.body,
      );
      if (created) app.mailWorker.poke();
      return reply.status(created ? 201 : 200).send({ data: announcement });
    },
  );

  app.get(
    '/',
    {
      config: { access: 'staff', roles: STAFF_AREAS.announcements },
      schema: {
        tags: ['announcements'],
        summary: 'The announcement log, newest first; item_type and item_id narrow it to one item',
        querystring: announcementListQuerySchema,
        response: { 200: announcementListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listAnnouncements(db, request.query) }),
  );

  app.post(
    '/unsubscribe',
    {
      // No session: a mail client posts it (RFC 8058), and the web page's button posts the same.
      // The signed token is the only authority; it turns one account's announcements off.
      config: { access: 'public', ignoresViewer: true },
      schema: {
        tags: ['announcements'],
        summary: 'Turn announcements off for the account of an e-mail’s signed token (one-click, RFC 8058)',
        querystring: unsubscribeQuerySchema,
        response: { 200: messageResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => ({ data: await unsubscribe(db, unsubscribeKey, request.query.token) }),
  );
};
