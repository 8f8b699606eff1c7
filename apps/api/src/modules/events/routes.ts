import {
  adminEventListQuerySchema,
  adminEventListResponseSchema,
  adminWaitlistResponseSchema,
  apiErrorSchema,
  attendeeExportQuerySchema,
  attendeeListQuerySchema,
  attendeeListResponseSchema,
  attendeeMessageCreateSchema,
  attendeeMessageListQuerySchema,
  attendeeMessageListResponseSchema,
  attendeeMessageResponseSchema,
  checkInListSchema,
  checkInRequestSchema,
  checkInResultSchema,
  EVENT_BANNER_FIELD,
  EVENT_MESSAGES,
  EVENTS_FEED_PATH,
  eventCreateSchema,
  eventDeleteResponseSchema,
  eventDetailResponseSchema,
  eventRegistrationRequestSchema,
  eventStaffAddSchema,
  eventStaffListSchema,
  eventStaffParamsSchema,
  eventUpdateSchema,
  idParamsSchema,
  myEventResponseSchema,
  myEventsResponseSchema,
  myRegistrationDetailSchema,
  myRegistrationResponseSchema,
  myWaitlistResponseSchema,
  registrationSettleSchema,
  STAFF_AREAS,
  sitePaths,
  userEventResponseSchema,
  userEventUpdateSchema,
  waitlistEntryParamsSchema,
} from '@portal/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { ImageUploads } from '../../lib/images';
import { multipartForm } from '../../lib/multipart';
import { ticketKeyOf } from '../../lib/tickets';
import { requestHolds, SHARED_FOR_A_MINUTE, type Viewer } from '../../plugins/access';
import { listAttendeeMessages, messageAttendees } from './attendee-messages';
import { exportAttendeesCsv, listAttendees } from './attendees';
import { CALENDAR_CONTENT_TYPE, eventCalendarFile, eventsFeed } from './calendar';
import {
  addStaff,
  assertCheckInAccess,
  checkIn,
  checkInList,
  listStaff,
  myEvents,
  removeStaff,
  renewTicket,
  ticketImage,
} from './check-in';
import { payAtDoor, waiveFee } from './paid-registrations';
import { eventReads } from './reads';
import type { RegistrationSecrets } from './registrations';
import { decideRegistration, registerForEvent, withdrawRegistration } from './registrations';
import { createEvent, deleteEvent, listAdminEvents, updateEvent } from './service';
import { joinWaitlist, leaveWaitlist } from './waitlist';
import { adminWaitlist, offerSeatNow, removeFromWaitlist } from './waitlist-admin';

/** A person's ticket image: never kept by a shared cache. */
const sendTicket = (reply: FastifyReply, png: Buffer) =>
  reply
    .header('content-type', 'image/png')
    .header('content-disposition', 'inline; filename="ticket.png"')
    .header('cache-control', 'private, no-store')
    .send(png);

/** The event form takes one banner image beside the fields (spec 001 §7). */
const createForm = multipartForm(eventCreateSchema, { files: { [EVENT_BANNER_FIELD]: 1 } });
const updateForm = multipartForm(eventUpdateSchema, { files: { [EVENT_BANNER_FIELD]: 1 } });
const uploadErrors = { 400: apiErrorSchema, 413: apiErrorSchema, 415: apiErrorSchema };
const refusals = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const settledResponse = z.object({ data: myRegistrationDetailSchema });

export const eventRoutes: FastifyPluginAsyncZod<{
  db: Db;
  images: ImageUploads;
  publicUrl: string;
  secrets: RegistrationSecrets;
}> = async (app, { db, images, publicUrl, secrets }) => {
  const context = { db, images, publicUrl, secrets };
  const ticketKey = ticketKeyOf(secrets);
  // 'member' routes guarantee a viewer.
  const viewerOf = (request: { viewer: Viewer | null }) => request.viewer as Viewer;
  /** Check-in routes: an admin or the event's staff, refused before the body is read (decision 053). */
  const checkInStaffOnly = async (request: FastifyRequest) => {
    await assertCheckInAccess(db, viewerOf(request), (request.params as { id: string }).id);
  };

  app.get(
    '/retrieve-events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary: 'List events, a page at a time (published only for guests and members)',
        querystring: eventReads.list.input,
        response: { 200: eventReads.list.response },
      },
    },
    async (request) =>
      eventReads.list.answer(db, request.query, { manages: requestHolds(request, STAFF_AREAS.events) }),
  );

  app.get(
    '/retrieve-events/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        summary:
          'One event with its speakers and the seats taken; the viewer’s own registration; every registration for admins. Drafts are 404 except for admins',
        params: eventReads.detail.input,
        response: { 200: eventReads.detail.response, 404: apiErrorSchema },
      },
    },
    async (request) =>
      eventReads.detail.answer(db, request.params, {
        userId: request.viewer?.userId ?? null,
        manages: requestHolds(request, STAFF_AREAS.events),
      }),
  );

  app.post(
    '/:id/registration',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          'Register the signed-in member for an event at a price tier (pending until paid or an admin decides; a paid tier issues a statement and holds the seat)',
        params: idParamsSchema,
        // A free event's registration may come with no body at all.
        body: z.preprocess((value) => value ?? {}, eventRegistrationRequestSchema),
        response: { 201: myRegistrationResponseSchema, ...refusals, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      const data = await registerForEvent(context, request.params.id, viewer.userId, request.body);
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/:id/registration',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary: 'Withdraw the signed-in member’s pending or approved registration',
        params: idParamsSchema,
        response: { 200: myRegistrationResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      return { data: await withdrawRegistration(context, request.params.id, viewer.userId) };
    },
  );

  app.post(
    '/:id/waitlist',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          'Join a full event’s waitlist: answers the signed-in person’s position (members in good standing first, then by time joined)',
        params: idParamsSchema,
        response: { 201: myWaitlistResponseSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      const data = await joinWaitlist(context, request.params.id, viewer.userId);
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/:id/waitlist',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary: 'Leave the waitlist; a seat offered to the person passes to the next one',
        params: idParamsSchema,
        response: { 200: myWaitlistResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      return { data: await leaveWaitlist(context, request.params.id, viewer.userId) };
    },
  );

  app.get(
    '/my-registrations',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          'The signed-in person’s registrations with their tickets, and the events whose check-in they run',
        response: { 200: myEventsResponseSchema },
      },
    },
    async (request) => ({ data: await myEvents(db, viewerOf(request).userId) }),
  );

  app.get(
    '/registrations/:id/ticket.png',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary:
          'The ticket’s QR code (PNG) of a registration that admits its holder; its owner’s and admins’ only (403)',
        params: idParamsSchema,
        produces: ['image/png'],
        response: { 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) =>
      sendTicket(reply, await ticketImage(db, ticketKey, viewerOf(request), request.params.id)),
  );

  app.post(
    '/registrations/:id/ticket',
    {
      config: { access: 'member' },
      schema: {
        tags: ['events'],
        summary: 'Get a new ticket: the registration’s earlier tickets stop working (its owner only)',
        params: idParamsSchema,
        response: {
          200: myEventResponseSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => ({ data: await renewTicket(db, viewerOf(request), request.params.id) }),
  );

  app.get(
    '/:id/check-in-list',
    {
      config: { access: 'member' },
      preValidation: checkInStaffOnly,
      schema: {
        tags: ['events'],
        summary:
          'Every registration of the event with its ticket check and check-ins, for the check-in page to work offline (admins and the event’s staff)',
        params: idParamsSchema,
        response: { 200: checkInListSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await checkInList(db, ticketKey, request.params.id) }),
  );

  app.post(
    '/:id/check-ins',
    {
      config: { access: 'member' },
      preValidation: checkInStaffOnly,
      schema: {
        tags: ['events'],
        summary:
          'Check a ticket or a registration into a session of the event’s day: 201, or 200 when already checked in (admins and the event’s staff)',
        params: idParamsSchema,
        body: checkInRequestSchema,
        response: {
          200: checkInResultSchema,
          201: checkInResultSchema,
          ...refusals,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { created, result } = await checkIn(
        db,
        ticketKey,
        viewerOf(request),
        request.params.id,
        request.body,
      );
      return reply.status(created ? 201 : 200).send({ data: result });
    },
  );

  app.get(
    '/admin/:id/waitlist',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary:
          'The event’s waitlist: the open offers, then the people waiting in the order seats go to them',
        params: idParamsSchema,
        response: { 200: adminWaitlistResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await adminWaitlist(db, request.params.id) }),
  );

  app.post(
    '/admin/:id/waitlist/:entryId/offer',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary:
          'Offer a waiting person a seat now, out of order (the capacity goes up by one when every seat is held)',
        params: waitlistEntryParamsSchema,
        response: { 200: adminWaitlistResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await offerSeatNow(context, viewerOf(request), request.params.id, request.params.entryId),
    }),
  );

  app.delete(
    '/admin/:id/waitlist/:entryId',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'Take a person off the waitlist; a seat offered to them passes to the next person',
        params: waitlistEntryParamsSchema,
        response: { 200: adminWaitlistResponseSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await removeFromWaitlist(context, viewerOf(request), request.params.id, request.params.entryId),
    }),
  );

  app.get(
    '/admin/:id/staff',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'The accounts that run the event’s check-in',
        params: idParamsSchema,
        response: { 200: eventStaffListSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listStaff(db, request.params.id) }),
  );

  app.post(
    '/admin/:id/staff',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'Make an account check-in staff of the event (it may then run this event’s check-in only)',
        params: idParamsSchema,
        body: eventStaffAddSchema,
        response: { 201: eventStaffListSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const data = await addStaff(db, viewerOf(request), request.params.id, request.body.userId);
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/admin/:id/staff/:userId',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'The account no longer runs the event’s check-in',
        params: eventStaffParamsSchema,
        response: { 200: eventStaffListSchema, ...refusals },
      },
    },
    async (request) => ({
      data: await removeStaff(db, viewerOf(request), request.params.id, request.params.userId),
    }),
  );

  app.get(
    '/admin/get-all',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'A page of events of every status, with their registration counts',
        querystring: adminEventListQuerySchema,
        response: { 200: adminEventListResponseSchema },
      },
    },
    async (request) => ({ data: await listAdminEvents(db, request.query) }),
  );

  app.post(
    '/admin/create-event',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      validatorCompiler: createForm.validatorCompiler,
      schema: {
        tags: ['events'],
        summary: 'Create an event (multipart form, optional banner_image)',
        ...createForm.schema,
        response: { 201: eventDetailResponseSchema, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const { fields, files } = await createForm.read(request);
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      const event = await createEvent(context, fields, files[EVENT_BANNER_FIELD][0], viewer.userId);
      return reply.status(201).send({ data: event });
    },
  );

  app.put(
    '/admin/edit-event/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      validatorCompiler: updateForm.validatorCompiler,
      schema: {
        tags: ['events'],
        summary:
          'Change the fields sent; a new banner_image replaces the banner, remove_banner=true removes it (multipart form)',
        params: idParamsSchema,
        ...updateForm.schema,
        response: { 200: eventDetailResponseSchema, ...uploadErrors, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const { fields, files } = await updateForm.read(request);
      return { data: await updateEvent(context, request.params.id, fields, files[EVENT_BANNER_FIELD][0]) };
    },
  );

  app.delete(
    '/admin/delete-event/:id',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'Delete an event with its banner files, speaker links and registrations',
        params: idParamsSchema,
        response: { 200: eventDeleteResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await deleteEvent(context, request.params.id) }),
  );

  app.put(
    '/admin/update-user-event',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'Approve or reject a pending registration (the member is e-mailed)',
        body: userEventUpdateSchema,
        response: { 200: userEventResponseSchema, ...refusals },
      },
    },
    async (request) => ({ data: await decideRegistration(context, request.body) }),
  );

  app.post(
    '/admin/registrations/:id/waive',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'Waive a pending registration’s fee: its statement is voided (“waived”) and it is approved',
        params: idParamsSchema,
        response: { 200: settledResponse, ...refusals },
      },
    },
    async (request) => ({
      data: await waiveFee(context, request.viewer as NonNullable<typeof request.viewer>, request.params.id),
    }),
  );

  app.post(
    '/admin/registrations/:id/paid-at-door',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'Record a pending registration’s fee as paid in cash at the door, which approves it',
        params: idParamsSchema,
        body: z.preprocess((value) => value ?? {}, registrationSettleSchema),
        response: { 200: settledResponse, ...refusals },
      },
    },
    async (request) => ({
      data: await payAtDoor(
        context,
        request.viewer as NonNullable<typeof request.viewer>,
        request.params.id,
        request.body,
      ),
    }),
  );

  app.get(
    '/admin/:id/attendees',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'A page of the event’s registrants: name, company, e-mail, status, registered at; filtered',
        params: idParamsSchema,
        querystring: attendeeListQuerySchema,
        response: { 200: attendeeListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listAttendees(db, request.params.id, request.query) }),
  );

  app.get(
    '/admin/:id/attendees.csv',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'The filtered registrants as CSV with a header row, in the list’s order',
        params: idParamsSchema,
        querystring: attendeeExportQuerySchema,
        produces: ['text/csv'],
        response: {
          200: z.string().describe('text/csv, one line per registrant'),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await exportAttendeesCsv(db, request.params.id, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/admin/:id/messages',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary: 'The messages admins sent to the event’s attendees, newest first',
        params: idParamsSchema,
        querystring: attendeeMessageListQuerySchema,
        response: { 200: attendeeMessageListResponseSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ data: await listAttendeeMessages(db, request.params.id, request.query) }),
  );

  app.post(
    '/admin/:id/messages',
    {
      config: { access: 'staff', roles: STAFF_AREAS.events },
      schema: {
        tags: ['events'],
        summary:
          'E-mail a subject and text to every registrant the filters select (201); the same idempotency_key again answers the first message (200) and sends nothing',
        params: idParamsSchema,
        body: attendeeMessageCreateSchema,
        response: {
          200: attendeeMessageResponseSchema,
          201: attendeeMessageResponseSchema,
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer as NonNullable<typeof request.viewer>;
      const { message, created } = await messageAttendees(context, viewer, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ data: message });
    },
  );
};

/**
 * The calendar files beside the event pages (docs/decisions/045): plain links and calendar
 * subscriptions, sent without the session (a lapsed cookie must not turn a download into a 401),
 * the same for every reader, so caches share them for a minute like the other public reads
 * (plugins/access.ts) and the ETag answers a calendar's repeated reads with a 304.
 */
export const eventCalendarRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const feed = eventsFeed(db, publicUrl);
  const calendarReply = (reply: FastifyReply, content: string, disposition: string) =>
    reply
      .type(CALENDAR_CONTENT_TYPE)
      .header('content-disposition', disposition)
      .header('cache-control', SHARED_FOR_A_MINUTE)
      .send(content);

  app.get(
    EVENTS_FEED_PATH,
    {
      config: { access: 'public', ignoresViewer: true },
      schema: {
        tags: ['events'],
        summary: 'Every upcoming published or cancelled event as an iCalendar feed (RFC 5545)',
        produces: ['text/calendar'],
      },
    },
    async (_request, reply) => calendarReply(reply, await feed(), 'inline; filename="events.ics"'),
  );

  app.get(
    `${sitePaths.events}/:id.ics`,
    {
      config: { access: 'public', ignoresViewer: true },
      schema: {
        tags: ['events'],
        summary:
          'A published event as an iCalendar file (RFC 5545), a cancelled one marked CANCELLED; 404 for drafts',
        params: idParamsSchema,
        produces: ['text/calendar'],
        response: { 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const file = await eventCalendarFile(db, request.params.id, publicUrl);
      if (!file) throw notFound(EVENT_MESSAGES.notFound);
      return calendarReply(reply, file.content, `attachment; filename="${file.filename}"`);
    },
  );
};
