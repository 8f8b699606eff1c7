import {
  apiErrorSchema,
  CARD_MESSAGES,
  cardTokenParamsSchema,
  cardVerificationResponseSchema,
  idParamsSchema,
  type MembershipCard,
  membershipCardResponseSchema,
  STAFF_AREAS,
} from '@portal/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { publicRead } from '../../lib/public-read';
import type { Viewer } from '../../plugins/access';
import { renderCardPdf, renderCardPng } from './card-images';
import { readOwnCard, regenerateOwnCard, revokeCard, verifyCard } from './service';
import { cardKeyOf } from './tokens';

const refusals = { 401: apiErrorSchema, 403: apiErrorSchema };

/** The card is the members' area's (docs/product-rules.md "Good standing"), refused in its own words. */
const membersArea = { access: 'members-area', membersAreaRefusal: CARD_MESSAGES.notInGoodStanding } as const;

/**
 * The public read of a card's verification page (docs/decisions/035): the route below and the
 * server renderer of /verify/{token} answer from it. Every token answers 200 with its standing,
 * `not_found` for one no card has; the page's own address answers that one with 404.
 */
export const cardReads = {
  verify: publicRead({
    input: cardTokenParamsSchema,
    response: cardVerificationResponseSchema,
    guest: null,
    answer: async (db, { token }) => ({ data: await verifyCard(db, token) }),
  }),
};

/** The rate limit of card verification (docs/decisions/043), per client address per minute. */
export const verifyRateLimit = (config: Config) => ({ max: config.verifyRateLimit, timeWindow: 60_000 });

/** A member's own card file: never kept by a shared cache. */
function sendFile(reply: FastifyReply, card: MembershipCard, type: 'png' | 'pdf', bytes: Buffer) {
  return reply
    .header('content-type', type === 'png' ? 'image/png' : 'application/pdf')
    .header('content-disposition', `inline; filename="${card.memberNumber}.${type}"`)
    .header('cache-control', 'private, no-store')
    .send(bytes);
}

/** The member's card (docs/product-rules.md "Membership card"), under /api/members. */
export const memberCardRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; jwtSecret: string }> = async (
  app,
  { db, config, jwtSecret },
) => {
  const context = { db, config, cardKey: cardKeyOf(jwtSecret) };
  // 'members-area' routes guarantee a viewer in good standing (or an administrator).
  const userIdOf = (request: { viewer: Viewer | null }) => (request.viewer as Viewer).userId;

  app.get(
    '/card',
    {
      config: membersArea,
      schema: {
        tags: ['members'],
        summary: "The signed-in member's card: 403 unless in good standing",
        response: { 200: membershipCardResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readOwnCard(context, userIdOf(request)) }),
  );

  app.get(
    '/card.png',
    {
      config: membersArea,
      schema: {
        tags: ['members'],
        summary: 'The card as a PNG (wallet size, 300 dpi)',
        produces: ['image/png'],
        response: refusals,
      },
    },
    async (request, reply) => {
      const card = await readOwnCard(context, userIdOf(request));
      return sendFile(reply, card, 'png', await renderCardPng(card));
    },
  );

  app.get(
    '/card.pdf',
    {
      config: membersArea,
      schema: {
        tags: ['members'],
        summary: 'The card as a PDF (wallet size)',
        produces: ['application/pdf'],
        response: refusals,
      },
    },
    async (request, reply) => {
      const card = await readOwnCard(context, userIdOf(request));
      return sendFile(reply, card, 'pdf', await renderCardPdf(card));
    },
  );

  app.post(
    '/card',
    {
      config: membersArea,
      schema: {
        tags: ['members'],
        summary: 'Make a new card: the old one and its QR code stop working',
        response: { 200: membershipCardResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await regenerateOwnCard(context, userIdOf(request)) }),
  );

  app.delete(
    '/cards/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.memberships },
      schema: {
        tags: ['members'],
        summary: "Revoke a membership's card (by the membership's id); in the audit log",
        params: idParamsSchema,
        response: { 204: z.null(), ...refusals, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await revokeCard(db, request.viewer as Viewer, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** GET /api/verify/{token}: a card's live standing, for anyone (rate limited). */
export const cardVerifyRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (
  app,
  { db, config },
) => {
  app.get(
    '/verify/:token',
    {
      config: { access: 'public', ignoresViewer: true, rateLimit: verifyRateLimit(config) },
      schema: {
        tags: ['members'],
        summary: "A membership card's live standing: name, category and member number only",
        params: cardReads.verify.input,
        response: { 200: cardReads.verify.response, 429: apiErrorSchema },
      },
    },
    async (request) => cardReads.verify.answer(db, request.params, null),
  );
};
