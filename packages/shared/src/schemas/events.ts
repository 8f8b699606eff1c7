import { z } from 'zod';
import { PAGE_SIZES } from '../constants';
import { EVENT_STATUSES, EVENT_TYPES } from '../enums';
import {
  booleanQuerySchema,
  pageQuerySchema,
  paginationSchema,
  searchQuerySchema,
  sortOrderSchema,
} from './common';

export const EVENT_SORT_FIELDS = ['created_at', 'start_date', 'title', 'event_type', 'status'] as const;

/** GET /api/events/retrieve-events (spec 001 §7), plus `upcoming` for the home page's list. */
export const eventListQuerySchema = z.object({
  ...pageQuerySchema(PAGE_SIZES.publicEvents),
  search: searchQuerySchema,
  event_type: z.enum(EVENT_TYPES, 'Invalid event type').optional(),
  status: z.enum(EVENT_STATUSES, 'Invalid status').optional(),
  is_registration_required: booleanQuerySchema('is_registration_required must be true or false').optional(),
  /** Only events that have not started yet (start date today or later, in Manila). */
  upcoming: booleanQuerySchema('upcoming must be true or false').optional(),
  sort_by: z.enum(EVENT_SORT_FIELDS, 'Invalid sort field').default('created_at'),
  sort_order: sortOrderSchema,
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

const nullableText = z.string().nullable();

export const eventSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  description: nullableText,
  content: nullableText,
  start_date: z.string().describe('YYYY-MM-DD'),
  end_date: nullableText,
  start_time: nullableText.describe('HH:MM'),
  end_time: nullableText,
  location_name: nullableText,
  building_name: nullableText,
  floor: nullableText,
  room: nullableText,
  address: nullableText,
  city: nullableText,
  province: nullableText,
  country: nullableText,
  organizer_name: nullableText,
  organizer_contact: nullableText,
  website_url: nullableText,
  event_type: z.enum(EVENT_TYPES),
  is_registration_required: z.boolean(),
  registration_url: nullableText,
  max_attendees: z.number().int().nullable(),
  /** The same capacity under the name the public detail reads (DECISIONS.md "Events"). */
  max_participants: z.number().int().nullable(),
  price: z.number().nullable(),
  banner_image_url: nullableText,
  safety_focus: nullableText,
  certification_provided: z.boolean(),
  status: z.enum(EVENT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

/** A list item: everything but the rich-text body, which only the detail page shows. */
export const eventSummarySchema = eventSchema.omit({ content: true });
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventListResponseSchema = z.object({
  data: paginationSchema.extend({ events: z.array(eventSummarySchema) }),
});
export type EventListResponse = z.infer<typeof eventListResponseSchema>;
