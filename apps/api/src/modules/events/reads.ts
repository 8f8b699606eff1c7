import {
  eventDetailResponseSchema,
  eventListQuerySchema,
  eventListResponseSchema,
  idParamsSchema,
} from '@portal/shared';
import { publicRead } from '../../lib/public-read';
import { type EventViewer, getEvent, listEvents } from './service';

/**
 * The two reads the server-rendered /events and event pages show as well (docs/decisions/035):
 * registered by routes.ts, and read as a guest by modules/site-previews.
 */
export const eventReads = {
  list: publicRead({
    input: eventListQuerySchema,
    response: eventListResponseSchema,
    guest: { manages: false },
    answer: async (db, query, viewer) => ({ data: await listEvents(db, query, viewer) }),
  }),
  detail: publicRead({
    input: idParamsSchema,
    response: eventDetailResponseSchema,
    guest: { userId: null, manages: false },
    answer: async (db, { id }, viewer: EventViewer) => ({ data: await getEvent(db, id, viewer) }),
  }),
};
