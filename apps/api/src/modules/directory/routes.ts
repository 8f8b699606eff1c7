import {
  apiErrorSchema,
  directoryAdminEntryResponseSchema,
  directoryAdminListQuerySchema,
  directoryAdminListResponseSchema,
  directoryEntryResponseSchema,
  directoryLicenceSchema,
  directoryListingUpdateSchema,
  directoryListQuerySchema,
  directoryListResponseSchema,
  directoryMessageResponseSchema,
  directoryMessageSchema,
  directoryModerationSchema,
  directoryReportResponseSchema,
  directoryReportSchema,
  directoryReportsResponseSchema,
  directoryRepresentativeChoiceSchema,
  directoryRepresentativeLinkResponseSchema,
  directoryRepresentativeTokenSchema,
  idParamsSchema,
  memberPictureQuerySchema,
  myDirectoryListingResponseSchema,
  myDirectoryRepresentativeResponseSchema,
  receivedDirectoryMessagesResponseSchema,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publicRead } from '../../lib/public-read';
import type { Storage, StoredFileContent } from '../../lib/storage';
import { SHARED_FOR_ONE_MINUTE_ONLY, type Viewer } from '../../plugins/access';
import { authRateLimit } from '../../plugins/rate-limit';
import { agreeToListing, chooseRepresentative, withdrawFromListing } from './representatives';
import {
  type DirectoryViewer,
  directoryViewerOf,
  GUEST_DIRECTORY_VIEWER,
  getDirectoryEntry,
  getMyListing,
  listDirectory,
  listDirectoryForStaff,
  listMyMessages,
  listReports,
  moderateEntry,
  readDirectoryLogo,
  reportMessage,
  saveMyListing,
  sendDirectoryMessage,
  setLicenceVerified,
} from './service';

/**
 * The directory's public reads (docs/decisions/035): the API routes below and the server
 * renderer of /directory and /directory/{id} answer a guest from the same declarations.
 */
export const directoryReads = {
  list: publicRead({
    input: directoryListQuerySchema,
    response: directoryListResponseSchema,
    guest: GUEST_DIRECTORY_VIEWER as DirectoryViewer,
    answer: (db, query, viewer) => listDirectory(db, query, viewer),
  }),
  entry: publicRead({
    input: idParamsSchema,
    response: directoryEntryResponseSchema,
    guest: GUEST_DIRECTORY_VIEWER as DirectoryViewer,
    answer: (db, { id }, viewer) => getDirectoryEntry(db, id, viewer),
  }),
};

/** A logo's file; its Cache-Control is the access plugin's (a guest's public logo, a minute). */
function sendLogo(reply: FastifyReply, file: StoredFileContent) {
  if (file.byteSize !== undefined) reply.header('content-length', file.byteSize);
  return reply.header('content-type', file.contentType).send(file.body);
}

/** The member directory (docs/product-rules.md "Member directory", decision 072), under /api. */
export const directoryRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; storage: Storage }> = async (
  app,
  { db, config, storage },
) => {
  const { publicUrl } = config;
  // A guest's answer is kept by caches a minute at most: a withdrawn consent leaves it by then.
  const publicConfig = { access: 'public', guestCacheControl: SHARED_FOR_ONE_MINUTE_ONLY } as const;

  app.get(
    '/directory',
    {
      config: publicConfig,
      schema: {
        tags: ['directory'],
        summary:
          'Search the directory by name and filters; each entry carries only the fields the viewer may see',
        querystring: directoryReads.list.input,
        response: { 200: directoryReads.list.response, 400: apiErrorSchema },
      },
    },
    async (request) =>
      directoryReads.list.answer(db, request.query, await directoryViewerOf(db, request.viewer)),
  );

  app.get(
    '/directory/:id',
    {
      config: publicConfig,
      schema: {
        tags: ['directory'],
        summary: 'One entry, with only the fields the viewer may see; unlisted or hidden 404',
        params: directoryReads.entry.input,
        response: { 200: directoryReads.entry.response, 404: apiErrorSchema },
      },
    },
    async (request) =>
      directoryReads.entry.answer(db, request.params, await directoryViewerOf(db, request.viewer)),
  );

  app.get(
    '/directory/:id/logo',
    {
      // A guest is answered only a public logo: caches keep it a minute, so a withdrawn consent or
      // a logo made members-only is gone from them within it (decision 072); a signed-in viewer's
      // answer is never stored (the access plugin).
      config: publicConfig,
      schema: {
        tags: ['directory'],
        summary:
          "A listed company's logo, to whom its logo field's visibility admits; anyone else, hidden or no logo 404",
        params: idParamsSchema,
        querystring: memberPictureQuerySchema,
        produces: ['image/webp'],
        response: { 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await readDirectoryLogo(
        { db, storage },
        request.params.id,
        await directoryViewerOf(db, request.viewer),
        request.query.width,
      );
      return sendLogo(reply, file);
    },
  );

  // A representative's links (decision 075: the mailed link opens a page; only its button posts).
  const rateLimit = authRateLimit(config);
  app.post(
    '/directory/representatives/agree',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['directory'],
        summary: "A representative agrees to appear in their company's entry, with the token mailed to them",
        body: directoryRepresentativeTokenSchema,
        response: {
          200: directoryRepresentativeLinkResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => agreeToListing(db, request.body.token, publicUrl),
  );
  app.post(
    '/directory/representatives/withdraw',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit },
      schema: {
        tags: ['directory'],
        summary:
          "A representative withdraws from their company's entry, with the token of the confirming mail",
        body: directoryRepresentativeTokenSchema,
        response: {
          200: directoryRepresentativeLinkResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => withdrawFromListing(db, request.body.token),
  );

  app.put(
    '/me/directory/representatives/:id',
    {
      config: { access: 'member' },
      schema: {
        tags: ['directory'],
        summary:
          'The company asks its representative to appear in its entry (a mail asks their agreement) or takes them off',
        params: idParamsSchema,
        body: directoryRepresentativeChoiceSchema,
        response: {
          200: myDirectoryRepresentativeResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) =>
      chooseRepresentative(db, {
        companyId: (request.viewer as Viewer).userId,
        representativeId: request.params.id,
        listed: request.body.listed,
        publicUrl,
      }),
  );

  app.post(
    '/directory/:id/messages',
    {
      config: { access: 'members-area' },
      schema: {
        tags: ['directory'],
        summary:
          'Send a plain-text message to an entry, relayed by e-mail with reply-to the sender (members in good standing; 20 an hour)',
        params: idParamsSchema,
        body: directoryMessageSchema,
        response: {
          202: directoryMessageResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const sent = await sendDirectoryMessage(db, {
        entryId: request.params.id,
        senderId: (request.viewer as Viewer).userId,
        body: request.body.message,
        publicUrl,
      });
      return reply.status(202).send(sent);
    },
  );

  app.get(
    '/me/directory',
    {
      config: { access: 'member' },
      schema: {
        tags: ['directory'],
        summary: "The member's own listing with every field and its visibility",
        response: { 200: myDirectoryListingResponseSchema, 403: apiErrorSchema },
      },
    },
    async (request) => getMyListing(db, (request.viewer as Viewer).userId),
  );

  app.put(
    '/me/directory',
    {
      config: { access: 'member' },
      schema: {
        tags: ['directory'],
        summary: "Write the member's own listing, per-field visibility and the directory consent",
        body: directoryListingUpdateSchema,
        response: { 200: myDirectoryListingResponseSchema, 400: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => saveMyListing(db, (request.viewer as Viewer).userId, request.body),
  );

  app.get(
    '/me/directory/messages',
    {
      config: { access: 'member' },
      schema: {
        tags: ['directory'],
        summary: "The messages the member's entry received, newest first",
        response: { 200: receivedDirectoryMessagesResponseSchema },
      },
    },
    async (request) => listMyMessages(db, (request.viewer as Viewer).userId),
  );

  app.post(
    '/me/directory/messages/:id/report',
    {
      config: { access: 'member' },
      schema: {
        tags: ['directory'],
        summary: 'Report a message received through the directory to the secretariat',
        params: idParamsSchema,
        body: directoryReportSchema,
        response: { 200: directoryReportResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) =>
      reportMessage(db, {
        userId: (request.viewer as Viewer).userId,
        messageId: request.params.id,
        reason: request.body.reason,
      }),
  );

  const staff = { access: 'staff', roles: STAFF_AREAS.directory } as const;

  app.get(
    '/directory/admin/entries',
    {
      config: staff,
      schema: {
        tags: ['directory'],
        summary: 'Every entry with whether it is listed, hidden and reported (secretariat)',
        querystring: directoryAdminListQuerySchema,
        response: { 200: directoryAdminListResponseSchema, 400: apiErrorSchema },
      },
    },
    async (request) => listDirectoryForStaff(db, request.query),
  );

  app.put(
    '/directory/admin/entries/:id/moderation',
    {
      config: staff,
      schema: {
        tags: ['directory'],
        summary: 'Hide an entry with a reason, or show it again',
        params: idParamsSchema,
        body: directoryModerationSchema,
        response: { 200: directoryAdminEntryResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => moderateEntry(db, request.params.id, (request.viewer as Viewer).userId, request.body),
  );

  app.put(
    '/directory/admin/entries/:id/licence',
    {
      config: staff,
      schema: {
        tags: ['directory'],
        summary: 'Set or clear the "PRC licence verified" badge',
        params: idParamsSchema,
        body: directoryLicenceSchema,
        response: { 200: directoryAdminEntryResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => setLicenceVerified(db, request.params.id, request.body.verified),
  );

  app.get(
    '/directory/admin/reports',
    {
      config: staff,
      schema: {
        tags: ['directory'],
        summary: 'Messages their recipients reported, newest report first',
        response: { 200: directoryReportsResponseSchema },
      },
    },
    async () => listReports(db),
  );
};
