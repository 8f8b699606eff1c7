import { randomBytes } from 'node:crypto';
import {
  apiErrorSchema,
  idParamsSchema,
  MAX_IMAGES_PER_REQUEST,
  NEWS_IMAGES_FIELD,
  newsArticleResponseSchema,
  newsCreateSchema,
  newsDeleteResponseSchema,
  newsLikeBodySchema,
  newsLikeResponseSchema,
  newsUpdateSchema,
  newsViewResponseSchema,
  RATE_LIMITED_MESSAGE,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { requestHolds } from '../../plugins/access';
import { newsReads } from './reads';
import { addNewsView, createNews, deleteNews, likeNews, updateNews } from './service';

const createForm = multipartForm(newsCreateSchema, {
  files: { [NEWS_IMAGES_FIELD]: MAX_IMAGES_PER_REQUEST },
});
const updateForm = multipartForm(newsUpdateSchema, {
  files: { [NEWS_IMAGES_FIELD]: MAX_IMAGES_PER_REQUEST },
});
const uploadErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };

/**
 * A guest's like is kept under a random id in this cookie, signed by the server (docs/product-rules.md
 * "News"): an id a client makes up itself is not anyone's.
 */
export const VISITOR_COOKIE = 'visitor_id';
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;
const YEAR_SECONDS = 365 * 86_400;
/**
 * New visitor ids one address is given per hour: a venue's guests liking articles pass, a script
 * that drops its cookie to like again adds at most this many.
 */
export const NEW_VISITORS_PER_ADDRESS_PER_HOUR = 30;

/** The person a like belongs to: the signed-in user, else the guest's signed visitor cookie (if any). */
function likerKeyOf(request: FastifyRequest): string | null {
  if (request.viewer) return `user:${request.viewer.userId}`;
  const cookie = request.cookies[VISITOR_COOKIE];
  if (!cookie) return null;
  const visitor = request.unsignCookie(cookie);
  return visitor.valid && visitor.value && VISITOR_ID.test(visitor.value) ? `visitor:${visitor.value}` : null;
}

/**
 * Whose view it is (one view per visitor per article per hour): the signed-in user, else the
 * guest's visitor cookie, else the client's address (docs/decisions/026).
 */
function viewerKeyOf(request: FastifyRequest): string {
  return likerKeyOf(request) ?? `address:${request.ip}`;
}

/** The news calls of spec 001 §7 (docs/product-rules.md "News"). */
export const newsRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageUploads; config: Config }> = async (
  app,
  { db, images, config },
) => {
  const context = { db, images };

  const newVisitorsFrom = app.createRateLimit({
    max: NEW_VISITORS_PER_ADDRESS_PER_HOUR,
    timeWindow: 60 * 60_000,
    keyGenerator: (request) => `new-visitor:${request.ip}`,
  });

  /**
   * Gives a guest a visitor id on their first like, signed; HttpOnly, so no script can read or copy
   * it. Past the address's hourly allowance of new ids, the like is refused (429).
   */
  async function ensureLikerKey(request: FastifyRequest, reply: FastifyReply): Promise<string> {
    const existing = likerKeyOf(request);
    if (existing) return existing;
    const allowance = await newVisitorsFrom(request);
    if (!allowance.isAllowed && allowance.isExceeded) {
      throw new AppError(429, RATE_LIMITED_MESSAGE, { code: 'rate_limited' });
    }
    const visitor = randomBytes(16).toString('base64url');
    reply.setCookie(VISITOR_COOKIE, visitor, {
      signed: true,
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https://'),
      path: '/api/news',
      maxAge: YEAR_SECONDS,
    });
    return `visitor:${visitor}`;
  }

  app.get(
    '/get-news',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        summary: 'List news articles, newest first (published only for guests and members)',
        querystring: newsReads.list.input,
        response: { 200: newsReads.list.response },
      },
    },
    async (request) =>
      newsReads.list.answer(db, request.query, { manages: requestHolds(request, STAFF_AREAS.news) }),
  );

  app.get(
    '/get-authors',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        summary:
          'The distinct authors of the articles the viewer may see, of one status (the author filter; published only for guests and members)',
        querystring: newsReads.authors.input,
        response: { 200: newsReads.authors.response },
      },
    },
    async (request) =>
      newsReads.authors.answer(db, request.query, { manages: requestHolds(request, STAFF_AREAS.news) }),
  );

  app.get(
    '/get-news/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        summary:
          'An article with its likes and whether the viewer liked it (published only for guests and members)',
        params: newsReads.detail.input,
        response: { 200: newsReads.detail.response, 404: apiErrorSchema },
      },
    },
    async (request) =>
      newsReads.detail.answer(db, request.params, {
        manages: requestHolds(request, STAFF_AREAS.news),
        likerKey: likerKeyOf(request),
      }),
  );

  app.post(
    '/like/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['news'],
        summary:
          "Like or unlike an article, once per person (a guest's visitor id is kept in an HttpOnly cookie)",
        params: idParamsSchema,
        body: newsLikeBodySchema,
        response: {
          200: newsLikeResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const likerKey = await ensureLikerKey(request, reply);
      const data = await likeNews(db, request.params.id, request.body.action, {
        manages: requestHolds(request, STAFF_AREAS.news),
        userId: request.viewer?.userId ?? null,
        likerKey,
      });
      return { data };
    },
  );

  app.get(
    '/add-view/:id',
    {
      config: { access: 'public', changesState: true },
      schema: {
        tags: ['news'],
        summary: 'Count a view of an article, once per visitor per hour',
        params: idParamsSchema,
        response: { 200: newsViewResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({
      data: await addNewsView(db, request.params.id, {
        manages: requestHolds(request, STAFF_AREAS.news),
        viewerKey: viewerKeyOf(request),
      }),
    }),
  );

  app.post(
    '/admin/create-news',
    {
      config: { access: 'staff', roles: STAFF_AREAS.news },
      validatorCompiler: createForm.validatorCompiler,
      schema: {
        tags: ['news'],
        summary: 'Create an article (multipart: fields, `images` repeated, `image_urls` repeated)',
        ...createForm.schema,
        response: { 201: newsArticleResponseSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await createForm.read(request);
      const article = await createNews(
        context,
        fields,
        files[NEWS_IMAGES_FIELD],
        request.viewer?.userId ?? null,
      );
      return reply.status(201).send({ data: article });
    },
  );

  app.put(
    '/admin/update-news/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.news },
      validatorCompiler: updateForm.validatorCompiler,
      schema: {
        tags: ['news'],
        summary:
          'Change an article and its gallery (multipart: the create fields plus id and removed_images)',
        params: idParamsSchema,
        ...updateForm.schema,
        response: { 200: newsArticleResponseSchema, ...uploadErrors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { fields, files } = await updateForm.read(request);
      return { data: await updateNews(context, request.params.id, fields, files[NEWS_IMAGES_FIELD]) };
    },
  );

  app.delete(
    '/admin/delete-news/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.news },
      schema: {
        tags: ['news'],
        summary: 'Delete an article with its likes and its uploaded images',
        params: idParamsSchema,
        response: { 200: newsDeleteResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await deleteNews(context, request.params.id) }),
  );
};
