import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { events, newsArticles, representatives, uploadedFiles, users } from './schema';

/** The rules the database itself holds, whatever a service forgets. */
describe('schema constraints', () => {
  let handle: DatabaseHandle;
  let companyId: string;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
    await migrateDatabase(handle);
    const [company] = await handle.db
      .insert(users)
      .values({ username: 'GeoCorp', email: 'Info@GeoCorp.example', type: 'company' })
      .returning();
    companyId = company?.id as string;
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('applies the documented defaults', async () => {
    const [user] = await handle.db
      .insert(users)
      .values({ username: 'fresh', email: 'fresh@example.org' })
      .returning();
    expect(user).toMatchObject({ type: 'user', status: 'pending', isNew: true, passwordHash: null });
    const [event] = await handle.db
      .insert(events)
      .values({ title: 'Talk', start_date: '2030-01-15' })
      .returning();
    expect(event).toMatchObject({
      status: 'draft',
      event_type: 'Conference',
      is_registration_required: false,
    });
    const [article] = await handle.db.insert(newsArticles).values({ title: 'News' }).returning();
    expect(article).toMatchObject({ status: 'draft', likes: 0, views: 0 });
  });

  it('treats usernames and e-mails case-insensitively', async () => {
    await expect(
      handle.db.insert(users).values({ username: 'geocorp', email: 'other@example.org' }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(users).values({ username: 'other', email: 'info@geocorp.EXAMPLE' }),
    ).rejects.toThrow();
  });

  it('refuses values outside the shared enum lists', async () => {
    await expect(
      handle.db.insert(events).values({ title: 'x', start_date: '2030-01-01', status: 'live' as never }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(users).values({ username: 'x', email: 'x@example.org', type: 'root' as never }),
    ).rejects.toThrow();
  });

  it('refuses negative prices, capacities and counters', async () => {
    await expect(
      handle.db.insert(events).values({ title: 'x', start_date: '2030-01-01', price: '-1.00' }),
    ).rejects.toThrow();
    await expect(
      handle.db.insert(events).values({ title: 'x', start_date: '2030-01-01', max_attendees: -5 }),
    ).rejects.toThrow();
    await expect(handle.db.insert(newsArticles).values({ title: 'x', likes: -1 })).rejects.toThrow();
  });

  it('allows one voting representative per company and any number of others', async () => {
    const representative = (type: 'voting' | 'non-voting' | null) => ({
      userId: companyId,
      firstName: 'Ana',
      lastName: 'Cruz',
      type,
    });
    await handle.db.insert(representatives).values(representative('voting'));
    await handle.db.insert(representatives).values([representative('non-voting'), representative(null)]);
    await expect(handle.db.insert(representatives).values(representative('voting'))).rejects.toThrow();
  });

  // Both are set by migration 0002 and neither shows in the schema's TypeScript at a glance.
  it('stores refresh tokens for cheap rotations: hashes compared bytewise, pages half free', async () => {
    const result = await handle.db.execute(sql`
      select
        (select collation_name from information_schema.columns
          where table_name = 'refresh_tokens' and column_name = 'token_hash') as collation,
        (select reloptions from pg_class where relname = 'refresh_tokens') as options`);
    const { rows } = result as unknown as { rows: unknown[] };
    expect(rows[0]).toEqual({ collation: 'C', options: ['fillfactor=50'] });
  });

  it('keeps one order of images per owner, and an owner whole or absent', async () => {
    const ownerId = companyId;
    let key = 0;
    const file = (owner: Partial<typeof uploadedFiles.$inferInsert>) => {
      key++;
      return {
        storageKey: `${key}.webp`,
        publicPath: `/uploads/${key}.webp`,
        contentType: 'image/webp',
        byteSize: 1,
        ...owner,
      };
    };
    await handle.db
      .insert(uploadedFiles)
      .values([
        file({}),
        file({}),
        file({ ownerType: 'news_article', ownerId, position: 0 }),
        file({ ownerType: 'news_article', ownerId, position: 1 }),
        file({ ownerType: 'board_member', ownerId, position: 0 }),
      ]);
    await expect(
      handle.db.insert(uploadedFiles).values(file({ ownerType: 'news_article', ownerId, position: 1 })),
    ).rejects.toThrow();
    for (const partial of [
      { ownerType: 'news_article' as const, position: 2 },
      { ownerId, position: 2 },
      { ownerType: 'news_article' as const, ownerId },
      { ownerType: 'news_article' as const, ownerId, position: -1 },
      { ownerType: 'avatar' as never, ownerId, position: 0 },
    ]) {
      await expect(handle.db.insert(uploadedFiles).values(file(partial))).rejects.toThrow();
    }
  });
});
