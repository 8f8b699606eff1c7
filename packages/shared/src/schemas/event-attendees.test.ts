import { describe, expect, it } from 'vitest';
import {
  ATTENDEE_MESSAGE_LIMITS,
  ATTENDEE_MESSAGES,
  attendeeListQuerySchema,
  attendeeMessageCreateSchema,
} from './event-attendees';

const key = '3f1c2b9e-8a4d-4c3b-9f1e-2d7a6b5c4e3f';
const firstError = (input: Record<string, unknown>) =>
  attendeeMessageCreateSchema.safeParse({ subject: 'Venue', body: 'Hall B', idempotency_key: key, ...input })
    .error?.issues[0]?.message;

describe('attendee messages (docs/product-rules.md "Event attendees")', () => {
  it('asks with the number of people, singular and plural', () => {
    expect(ATTENDEE_MESSAGES.confirm(1)).toBe('Send to 1 person?');
    expect(ATTENDEE_MESSAGES.confirm(12)).toBe('Send to 12 people?');
    expect(ATTENDEE_MESSAGES.sent(2)).toBe('Message queued for 2 people.');
  });

  it('takes a subject of up to 150 characters and a text of up to 5,000, each required', () => {
    expect(firstError({})).toBeUndefined();
    expect(firstError({ subject: '   ' })).toBe('Subject is required');
    expect(firstError({ subject: 'x'.repeat(ATTENDEE_MESSAGE_LIMITS.subjectMax) })).toBeUndefined();
    expect(firstError({ subject: 'x'.repeat(151) })).toBe('Subject must be at most 150 characters');
    expect(firstError({ body: '' })).toBe('Message is required');
    expect(firstError({ body: 'x'.repeat(5_001) })).toBe('Message must be at most 5000 characters');
    expect(firstError({ body: 'Line one\nLine two' })).toBeUndefined();
    expect(firstError({ status: 'maybe' })).toBe(ATTENDEE_MESSAGES.statusInvalid);
    expect(firstError({ idempotency_key: 'once' })).toBe(ATTENDEE_MESSAGES.keyInvalid);
  });

  it('reads the list’s "All" status as no filter, and lists 20 a page, newest first', () => {
    expect(attendeeListQuerySchema.parse({ status: '' })).toMatchObject({
      status: undefined,
      page: 1,
      limit: 20,
      sort_by: 'registered_at',
      sort_order: 'desc',
    });
  });
});
