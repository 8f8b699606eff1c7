import {
  apiErrorSchema,
  eventIdParamsSchema,
  eventSpeakerListResponseSchema,
  eventSpeakersUpdateSchema,
  SPEAKER_IMAGE_FIELD,
  STAFF_AREAS,
  speakerCreateSchema,
  speakerListResponseSchema,
  speakerResponseSchema,
} from '@portal/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { ImageUploads } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { createSpeaker, listEventSpeakers, listSpeakers, setEventSpeakers } from './service';

const createForm = multipartForm(speakerCreateSchema, { files: { [SPEAKER_IMAGE_FIELD]: 1 } });

/**
 * The speaker calls of spec 001 §7. The admin's "Manage Speakers" dialog uses them; the public
 * event page gets its speakers with the event, so all of these are admin-only.
 */
export const speakerRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageUploads }> = async (
  app,
  { db, images },
) => {
  app.get(
    '/',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['speakers'],
        summary: 'Every speaker, by name',
        response: { 200: speakerListResponseSchema },
      },
    },
    async () => ({ data: await listSpeakers(db) }),
  );

  app.get(
    '/event-speakers/:eventId',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['speakers'],
        summary: 'An event’s speakers; each item has both speaker_id and id',
        params: eventIdParamsSchema,
        response: { 200: eventSpeakerListResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listEventSpeakers(db, request.params.eventId) }),
  );

  app.post(
    '/',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      validatorCompiler: createForm.validatorCompiler,
      schema: {
        tags: ['speakers'],
        summary: 'Create a speaker (multipart form: name, title, company, optional image)',
        ...createForm.schema,
        response: {
          201: speakerResponseSchema,
          400: apiErrorSchema,
          413: apiErrorSchema,
          415: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { fields, files } = await createForm.read(request);
      const speaker = await createSpeaker({ db, images }, fields, files[SPEAKER_IMAGE_FIELD][0]);
      return reply.status(201).send({ data: speaker });
    },
  );

  app.post(
    '/event-speakers',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['speakers'],
        summary: 'Set an event’s speakers: the list replaces the previous one',
        body: eventSpeakersUpdateSchema,
        response: { 200: eventSpeakerListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await setEventSpeakers(db, request.body) }),
  );
};
