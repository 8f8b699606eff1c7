import {
  apiErrorSchema,
  ballotInputSchema,
  ballotResponseSchema,
  idParamsSchema,
  MEETING_MESSAGES,
  meetingChairInputSchema,
  meetingInputSchema,
  meetingListResponseSchema,
  meetingResponseSchema,
  memberPictureQuerySchema,
  NOMINATION_PHOTO_FIELD,
  nominationInputSchema,
  nominationResponseSchema,
  nominationValidationSchema,
  noticeInputSchema,
  noticeResponseSchema,
  proxyInputSchema,
  proxyListResponseSchema,
  proxyResponseSchema,
  proxyValidationSchema,
  quorumResponseSchema,
  resultsResponseSchema,
  rollCorrectionInputSchema,
  rollCorrectionListResponseSchema,
  rollCorrectionResolveSchema,
  rollCorrectionResponseSchema,
  rollResponseSchema,
  STAFF_AREAS,
  turnoutResponseSchema,
  venueBallotInputSchema,
  venueTicketInputSchema,
  venueVoterResponseSchema,
  venueVotersResponseSchema,
  votersResponseSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { sendPicture } from '../../lib/member-pictures';
import { multipartForm } from '../../lib/multipart';
import type { Storage } from '../../lib/storage';
import { ticketKeyOf } from '../../lib/tickets';
import type { Viewer } from '../../plugins/access';
import { readNominationPhoto, setNominationPhoto } from './nomination-photos';
import {
  acceptNomination,
  castBallot,
  castVenueBallot,
  certify,
  closeVoting,
  createMeeting,
  fileProxy,
  freezeRoll,
  listCorrections,
  listMeetings,
  listProxies,
  listVenueVoters,
  listVoters,
  nominate,
  openVoting,
  readMeeting,
  readQuorum,
  readResults,
  readRoll,
  readTurnout,
  requestCorrection,
  resolveCorrection,
  revokeProxy,
  second,
  sendNotice,
  setChair,
  updateMeeting,
  validateNomination,
  validateProxy,
  venueVoterOfTicket,
  withdrawNomination,
} from './service';

const refusals = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const noContent = { 204: z.null(), ...refusals };
const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;
const tags = ['meetings'];
const run = { access: 'staff', roles: STAFF_AREAS.meetingsRun } as const;
const election = { access: 'staff', roles: STAFF_AREAS.meetingsElection } as const;
const member = { access: 'member' } as const;
/** A candidate's photo: the one file of its form, no text fields. */
const photoForm = multipartForm(z.object({}), { files: { [NOMINATION_PHOTO_FIELD]: 1 } });
const uploadRefusals = { ...refusals, 413: apiErrorSchema, 415: apiErrorSchema };
/**
 * The venue's tablet (decision 071 "Venue voting"): everyone who may read the roll and turnout —
 * the secretariat at the door, the election committee, administrators.
 */
const venue = { access: 'staff', roles: STAFF_AREAS.meetings } as const;

/**
 * The annual meeting and the election of trustees under /api (docs/product-rules.md "Meetings and
 * elections", docs/decisions/071-annual-meeting-and-secret-ballot.md). No route answers how a
 * voter voted: the ballots carry no voter.
 */
export const meetingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  images: ImageUploads;
  storage: Storage;
}> = async (app, { db, config, images, storage }) => {
  app.get(
    '/meetings',
    {
      config: member,
      schema: {
        tags,
        summary: 'The meetings, newest first',
        response: { 200: meetingListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await listMeetings(db, viewerOf(request)) }),
  );

  app.post(
    '/meetings',
    {
      config: run,
      schema: {
        tags,
        summary: 'Create a meeting',
        body: meetingInputSchema,
        response: { 201: meetingResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const row = await createMeeting(db, viewerOf(request), request.body);
      return reply.status(201).send({ data: await readMeeting(db, viewerOf(request), row.id) });
    },
  );

  app.get(
    '/meetings/:id',
    {
      config: member,
      schema: {
        tags,
        summary:
          'A meeting: notice, agenda, candidates, nominations and the viewer’s voting status and proxies',
        params: idParamsSchema,
        response: { 200: meetingResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readMeeting(db, viewerOf(request), request.params.id) }),
  );

  app.put(
    '/meetings/:id',
    {
      config: run,
      schema: {
        tags,
        summary: 'Edit a meeting; refused once voting has opened',
        params: idParamsSchema,
        body: meetingInputSchema,
        response: { 200: meetingResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await updateMeeting(db, viewerOf(request), request.params.id, request.body);
      return { data: await readMeeting(db, viewerOf(request), request.params.id) };
    },
  );

  app.put(
    '/meetings/:id/chair',
    {
      config: run,
      schema: {
        tags,
        summary:
          'Name the chair of the meeting (who casts the proxies given to the chair), or none; refused once voting has opened',
        params: idParamsSchema,
        body: meetingChairInputSchema,
        response: { 200: meetingResponseSchema, ...refusals },
      },
    },
    async (request) => {
      await setChair(db, viewerOf(request), request.params.id, request.body.userId);
      return { data: await readMeeting(db, viewerOf(request), request.params.id) };
    },
  );

  app.post(
    '/meetings/:id/notice',
    {
      config: run,
      schema: {
        tags,
        summary:
          'Send the notice to every member in good standing; a late one needs an administrator’s reason',
        params: idParamsSchema,
        body: noticeInputSchema,
        response: { 200: noticeResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const data = await sendNotice(db, viewerOf(request), request.params.id, {
        overrideReason: request.body.overrideReason,
        publicUrl: config.publicUrl,
      });
      if (data.queued > 0) app.mailWorker.poke();
      return { data };
    },
  );

  app.get(
    '/meetings/:id/roll',
    {
      config: member,
      schema: {
        tags,
        summary: 'The roll (staff); a member reads only their own entry',
        params: idParamsSchema,
        response: { 200: rollResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readRoll(db, viewerOf(request), request.params.id) }),
  );

  app.get(
    '/meetings/:id/voters',
    {
      config: member,
      schema: {
        tags,
        summary: 'The voters on the roll by name, for a voter naming a proxy holder or a nominee',
        params: idParamsSchema,
        response: { 200: votersResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await listVoters(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/meetings/:id/roll/freeze',
    {
      config: run,
      schema: {
        tags,
        summary: 'Freeze the roll at the record date and publish it for correction',
        params: idParamsSchema,
        response: { 200: z.object({ data: z.object({ total: z.number().int() }) }), ...refusals },
      },
    },
    async (request) => ({ data: await freezeRoll(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/meetings/:id/roll-corrections',
    {
      config: member,
      schema: {
        tags,
        summary: 'Ask for a correction of the roll, until the cut-off',
        params: idParamsSchema,
        body: rollCorrectionInputSchema,
        response: { 201: rollCorrectionResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await requestCorrection(db, viewerOf(request), request.params.id, request.body.details),
      }),
  );

  app.get(
    '/meetings/:id/roll-corrections',
    {
      config: run,
      schema: {
        tags,
        summary: 'The corrections asked for, with how each was resolved',
        params: idParamsSchema,
        response: { 200: rollCorrectionListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await listCorrections(db, request.params.id) }),
  );

  app.put(
    '/roll-corrections/:id',
    {
      config: run,
      schema: {
        tags,
        summary: 'Resolve a correction of the roll (recorded)',
        params: idParamsSchema,
        body: rollCorrectionResolveSchema,
        response: { 200: rollCorrectionResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await resolveCorrection(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/meetings/:id/nominations',
    {
      config: member,
      schema: {
        tags,
        summary: 'Nominate a voter on the roll as trustee, with a statement',
        params: idParamsSchema,
        body: nominationInputSchema,
        response: { 201: nominationResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await nominate(db, viewerOf(request), request.params.id, request.body) }),
  );

  app.post(
    '/nominations/:id/seconds',
    {
      config: member,
      schema: {
        tags,
        summary: 'Second a nomination',
        params: idParamsSchema,
        response: { 201: nominationResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await second(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/nominations/:id/accept',
    {
      config: member,
      schema: {
        tags,
        summary: 'The nominee accepts the nomination',
        params: idParamsSchema,
        response: { 200: nominationResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await acceptNomination(db, viewerOf(request), request.params.id) }),
  );

  app.post(
    '/nominations/:id/withdraw',
    {
      config: member,
      schema: {
        tags,
        summary: 'The nominee withdraws; refused once voting has opened',
        params: idParamsSchema,
        response: { 200: nominationResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await withdrawNomination(db, viewerOf(request), request.params.id) }),
  );

  app.put(
    '/nominations/:id/photo',
    {
      config: member,
      validatorCompiler: photoForm.validatorCompiler,
      schema: {
        tags,
        summary:
          'The nominator or the nominee sends the candidate’s photo (multipart, one image); refused once voting has opened',
        params: idParamsSchema,
        ...photoForm.schema,
        response: { 200: nominationResponseSchema, ...uploadRefusals },
      },
    },
    async (request) => {
      const { files } = await photoForm.read(request);
      const [photo] = files[NOMINATION_PHOTO_FIELD];
      if (!photo)
        throw new AppError(400, MEETING_MESSAGES.photoRequired, {
          code: 'validation_error',
          field: NOMINATION_PHOTO_FIELD,
        });
      return {
        data: await setNominationPhoto({ db, images }, viewerOf(request), request.params.id, photo),
      };
    },
  );

  app.delete(
    '/nominations/:id/photo',
    {
      config: member,
      schema: {
        tags,
        summary: 'The nominator or the nominee removes the photo sent; refused once voting has opened',
        params: idParamsSchema,
        response: { 200: nominationResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await setNominationPhoto({ db, images }, viewerOf(request), request.params.id, null),
    }),
  );

  app.get(
    '/nominations/:id/photo',
    {
      config: member,
      schema: {
        tags,
        summary:
          'A candidate’s photo (else the nominee’s own picture once accepted) to those who may read the nominations; anyone else 404; never cached',
        params: idParamsSchema,
        querystring: memberPictureQuerySchema,
        produces: ['image/webp'],
        response: { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendPicture(
        reply,
        await readNominationPhoto({ db, storage }, viewerOf(request), request.params.id, request.query.width),
      ),
  );

  app.put(
    '/nominations/:id/validation',
    {
      config: election,
      schema: {
        tags,
        summary: 'The election committee validates a nomination (seconded and accepted) or rejects it',
        params: idParamsSchema,
        body: nominationValidationSchema,
        response: { 200: nominationResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await validateNomination(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/meetings/:id/proxies',
    {
      config: member,
      schema: {
        tags,
        summary: 'Name a proxy holder (a voter on the roll) before the deadline',
        params: idParamsSchema,
        body: proxyInputSchema,
        response: { 201: proxyResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await fileProxy(db, viewerOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/meetings/:id/proxies',
    {
      config: run,
      schema: {
        tags,
        summary: 'Every proxy filed, to validate',
        params: idParamsSchema,
        response: { 200: proxyListResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await listProxies(db, request.params.id) }),
  );

  app.delete(
    '/proxies/:id',
    {
      config: member,
      schema: {
        tags,
        summary: 'Revoke one’s proxy, until voting opens',
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await revokeProxy(db, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/proxies/:id/validation',
    {
      config: run,
      schema: {
        tags,
        summary: 'The corporate secretary validates a proxy or rejects it',
        params: idParamsSchema,
        body: proxyValidationSchema,
        response: { 200: proxyResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await validateProxy(db, viewerOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/meetings/:id/voting/open',
    {
      config: run,
      schema: {
        tags,
        summary: 'Open voting now (it also opens by itself at the set time)',
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await openVoting(db, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/meetings/:id/voting/close',
    {
      config: run,
      schema: {
        tags,
        summary: 'Close voting now (it also closes by itself at the set time)',
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await closeVoting(db, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/meetings/:id/ballots',
    {
      config: member,
      schema: {
        tags,
        summary: 'Cast a ballot, one’s own or a proxy’s; answers the receipt code',
        params: idParamsSchema,
        body: ballotInputSchema,
        response: { 201: ballotResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await castBallot(db, viewerOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/meetings/:id/venue-voters',
    {
      config: venue,
      schema: {
        tags,
        summary: 'The voters checked in at the meeting who have not voted yet',
        params: idParamsSchema,
        response: { 200: venueVotersResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await listVenueVoters(db, request.params.id) }),
  );

  const ticketKey = ticketKeyOf(config);
  app.post(
    '/meetings/:id/venue-voters/ticket',
    {
      config: venue,
      schema: {
        tags,
        summary: 'The voter a scanned event ticket names, when present and not yet voted',
        params: idParamsSchema,
        body: venueTicketInputSchema,
        response: { 200: venueVoterResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await venueVoterOfTicket(db, ticketKey, request.params.id, request.body.token),
    }),
  );

  app.post(
    '/meetings/:id/venue-ballots',
    {
      config: venue,
      schema: {
        tags,
        summary: 'Cast the ballot of a voter present at the venue, on the staff’s tablet',
        params: idParamsSchema,
        body: venueBallotInputSchema,
        response: { 201: ballotResponseSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await castVenueBallot(db, viewerOf(request), request.params.id, request.body) }),
  );

  app.get(
    '/meetings/:id/turnout',
    {
      config: { access: 'staff', roles: STAFF_AREAS.meetings },
      schema: {
        tags,
        summary: 'Who has voted, in person or by proxy, never how',
        params: idParamsSchema,
        response: { 200: turnoutResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readTurnout(db, request.params.id) }),
  );

  app.get(
    '/meetings/:id/quorum',
    {
      config: { access: 'staff', roles: STAFF_AREAS.meetings },
      schema: {
        tags,
        summary: 'The live quorum: present, online, by proxy, against a majority of the roll',
        params: idParamsSchema,
        response: { 200: quorumResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readQuorum(db, request.params.id) }),
  );

  app.post(
    '/meetings/:id/certify',
    {
      config: election,
      schema: {
        tags,
        summary: 'Certify the results once voting has closed',
        params: idParamsSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      await certify(db, viewerOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/meetings/:id/results',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Each candidate’s votes and every ballot by receipt; before certification, the committee only',
        params: idParamsSchema,
        response: { 200: resultsResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await readResults(db, request.viewer, request.params.id) }),
  );
};
