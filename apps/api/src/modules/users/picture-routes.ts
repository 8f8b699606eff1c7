import { apiErrorSchema, idParamsSchema, memberPictureQuerySchema } from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { type MemberPictureKind, sendPicture } from '../../lib/member-pictures';
import type { Storage } from '../../lib/storage';
import type { Viewer } from '../../plugins/access';
import { readMemberPicture } from './pictures';

/**
 * The member-only pictures, under /api: a user's avatar or logo and a representative's photo
 * (docs/decisions/066-private-files-and-verification-codes.md). `<img src>` sends the session
 * cookie with them, so the pages show them as before.
 */
export const pictureRoutes: FastifyPluginAsyncZod<{ db: Db; storage: Storage }> = async (
  app,
  { db, storage },
) => {
  const routes: { url: string; kind: MemberPictureKind; summary: string }[] = [
    { url: '/users/:id/avatar', kind: 'avatar', summary: "A user's avatar (the account itself or staff)" },
    { url: '/users/:id/logo', kind: 'logo', summary: "A company's logo (the account itself or staff)" },
    {
      url: '/representatives/:id/photo',
      kind: 'photo',
      summary: "A representative's photo (their company or staff)",
    },
  ];
  for (const { url, kind, summary } of routes) {
    app.get(
      url,
      {
        config: { access: 'member' },
        schema: {
          tags: ['users'],
          summary: `${summary}; anyone else 404; never cached`,
          params: idParamsSchema,
          querystring: memberPictureQuerySchema,
          produces: ['image/webp'],
          response: { 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const file = await readMemberPicture(
          { db, storage },
          request.viewer as Viewer,
          kind,
          request.params.id,
          request.query.width,
        );
        return sendPicture(reply, file);
      },
    );
  }
};
