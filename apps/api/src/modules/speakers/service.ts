import { EVENT_MESSAGES, type EventSpeakersUpdate, type Speaker, type SpeakerCreate } from '@portal/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventSpeakers, events, speakers } from '../../db/schema';
import { notFound, validationError } from '../../lib/errors';
import type { ImageOwner, ImageUploads } from '../../lib/images';
import { speakersOfEvent } from '../events';

export type SpeakersContext = { db: Db; images: ImageUploads };

/** A speaker's photo: its one image (lib/images.ts), whose public path is also `image_url`. */
const photoOf = (id: string): ImageOwner => ({ type: 'speaker', id });

const speakerColumns = {
  id: speakers.id,
  name: speakers.name,
  title: speakers.title,
  company: speakers.company,
  image_url: speakers.image_url,
};

/** The most speakers the "Add Existing Speakers" tab lists; the association has a few dozen. */
const SPEAKER_LIST_LIMIT = 1_000;

export async function listSpeakers(db: Db): Promise<Speaker[]> {
  return db
    .select(speakerColumns)
    .from(speakers)
    .orderBy(asc(speakers.name), asc(speakers.id))
    .limit(SPEAKER_LIST_LIMIT);
}

export async function createSpeaker(
  { db, images }: SpeakersContext,
  input: SpeakerCreate,
  image: Buffer | undefined,
): Promise<Speaker> {
  return images.withStoredImages(image ? [image] : [], (stored) =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(speakers)
        .values({ ...input, image_url: stored[0]?.file.publicPath ?? null })
        .returning(speakerColumns);
      if (!created) throw new Error('The speaker was not inserted');
      await images.record(tx, photoOf(created.id), stored);
      return created;
    }),
  );
}

async function requireEvent(db: Pick<Db, 'select'>, eventId: string) {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw notFound(EVENT_MESSAGES.notFound);
}

export async function listEventSpeakers(db: Db, eventId: string) {
  await requireEvent(db, eventId);
  return speakersOfEvent(db, eventId);
}

/** The set replaces the previous one, in the order given; an unknown id refuses the whole set. */
export async function setEventSpeakers(db: Db, { event_id, speaker_ids }: EventSpeakersUpdate) {
  const ids = [...new Set(speaker_ids)];
  await db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id })
      .from(events)
      .where(eq(events.id, event_id))
      .for('update');
    if (!event) throw notFound(EVENT_MESSAGES.notFound);
    if (ids.length > 0) {
      const found = await tx.select({ id: speakers.id }).from(speakers).where(inArray(speakers.id, ids));
      if (found.length !== ids.length) {
        throw validationError([{ field: 'speaker_ids', message: EVENT_MESSAGES.unknownSpeakers }]);
      }
    }
    await tx.delete(eventSpeakers).where(eq(eventSpeakers.event_id, event_id));
    if (ids.length > 0) {
      // Ascending timestamps keep the order the admin chose (the detail lists by created_at).
      const start = Date.now();
      await tx
        .insert(eventSpeakers)
        .values(
          ids.map((speaker_id, index) => ({ event_id, speaker_id, created_at: new Date(start + index) })),
        );
    }
  });
  return speakersOfEvent(db, event_id);
}
