import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { events, newsArticles } from '../db/schema';

type EventInsert = typeof events.$inferInsert;
type NewsInsert = typeof newsArticles.$inferInsert;

/** A factory per entity: unique values by default, any field overridable. */
export async function createEvent(db: Db, overrides: Partial<EventInsert> = {}) {
  const [event] = await db
    .insert(events)
    .values({
      title: `Event ${randomUUID().slice(0, 8)}`,
      description: 'A field workshop on exploration geology.',
      start_date: '2030-01-15',
      status: 'published',
      ...overrides,
    })
    .returning();
  if (!event) throw new Error('event not created');
  return event;
}

export async function createNewsArticle(db: Db, overrides: Partial<NewsInsert> = {}) {
  const [article] = await db
    .insert(newsArticles)
    .values({
      title: `Article ${randomUUID().slice(0, 8)}`,
      description: 'News from the exploration industry.',
      content: '<p>Body</p>',
      author: 'Secretariat',
      status: 'published',
      ...overrides,
    })
    .returning();
  if (!article) throw new Error('article not created');
  return article;
}
