import {
  IMAGE_MESSAGES,
  REPRESENTATIVE_EDITOR_MESSAGES,
  REPRESENTATIVE_RULE_MESSAGES,
  type RepresentativeInput,
} from '@portal/shared';
import { asc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { representatives, uploadedFiles } from '../../db/schema';
import { createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';
import { storedPictureOf, storedUploads } from '../../test/stored-pictures';

let context: Awaited<ReturnType<typeof buildTestApp>>;

const update = (cookie: string, repsData: unknown) =>
  context.app.inject({
    method: 'PUT',
    url: '/api/reps/update-reps',
    payload: { repsData },
    headers: { cookie },
  });

const picture = (width = 240, height = 240) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;

async function storedFiles(): Promise<string[]> {
  return storedUploads(context.config.uploadsDir);
}
const repsOf = (userId: string) =>
  context.db
    .select()
    .from(representatives)
    .where(eq(representatives.userId, userId))
    .orderBy(asc(representatives.createdAt), asc(representatives.id));

/** A company of `category` with one voting representative, signed in. */
async function company(category: 'Regular' | 'Associate' = 'Regular') {
  const user = await createUser(context.db, { type: 'company' });
  await createMembership(context.db, user.id, { category });
  const [voting] = await context.db
    .insert(representatives)
    .values({ userId: user.id, firstName: 'Ana', lastName: 'Cruz', type: 'voting', position: 'President' })
    .returning();
  const { cookie } = await signIn(context, user);
  return { user, cookie, voting: voting as typeof representatives.$inferSelect };
}

const person = (firstName: string, extra: Partial<RepresentativeInput> = {}): RepresentativeInput => ({
  firstName,
  lastName: 'Santos',
  type: 'non-voting',
  ...extra,
});

beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(() => context.close());

describe('PUT /api/reps/update-reps', () => {
  it('edits, removes and adds in one call, with new photos through the upload pipeline', async () => {
    const { user, cookie, voting } = await company('Regular');
    const [extra] = await context.db
      .insert(representatives)
      .values({ userId: user.id, firstName: 'Old', lastName: 'Timer', type: 'non-voting' })
      .returning();
    const response = await update(cookie, [
      { id: voting.id, firstName: 'Ana Maria', lastName: 'Cruz', type: 'voting', position: 'CEO' },
      { id: extra?.id, firstName: 'Old', lastName: 'Timer', type: 'non-voting', isDeleted: true },
      person('Carla', { hasNewAvatar: true, avatarUrl: dataUrl(await picture()), preferredName: 'Cars' }),
      person('Dan', { type: null }),
    ]);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual([
      expect.objectContaining({ id: voting.id, firstName: 'Ana Maria', position: 'CEO', type: 'voting' }),
      expect.objectContaining({ firstName: 'Carla', preferredName: 'Cars', type: 'non-voting' }),
      expect.objectContaining({ firstName: 'Dan', type: null, avatarUrl: null }),
    ]);
    const carla = data[1];
    // A private file behind its checked route (decision 066).
    expect(carla.avatarUrl).toMatch(new RegExp(`^/api/representatives/${carla.id}/photo\\?v=`));
    expect(await storedFiles()).toContain(storedPictureOf(carla.avatarUrl));
    const [row] = await context.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, carla.id));
    expect(row).toMatchObject({
      ownerType: 'representative',
      position: 0,
      publicPath: storedPictureOf(carla.avatarUrl),
    });
    expect((await repsOf(user.id)).map((rep) => rep.firstName)).toEqual(['Ana Maria', 'Carla', 'Dan']);

    // The vote moves from Ana to Dan in one save; Carla's photo is replaced, then removed.
    const moved = await update(cookie, [
      { id: voting.id, firstName: 'Ana Maria', lastName: 'Cruz', type: 'non-voting' },
      {
        id: carla.id,
        firstName: 'Carla',
        lastName: 'Santos',
        hasNewAvatar: true,
        avatarUrl: dataUrl(await picture(100, 100)),
      },
      { id: data[2].id, firstName: 'Dan', lastName: 'Santos', type: 'voting' },
    ]);
    expect(moved.statusCode).toBe(200);
    const after = moved.json().data;
    expect(after.map((rep: { type: string | null }) => rep.type)).toEqual(['voting', 'non-voting', null]);
    expect(after[2].avatarUrl).not.toBe(carla.avatarUrl);
    const files = await storedFiles();
    expect(files).not.toContain(storedPictureOf(carla.avatarUrl));
    expect(files).toContain(storedPictureOf(after[2].avatarUrl));

    const removed = await update(cookie, [
      { id: voting.id, firstName: 'Ana Maria', lastName: 'Cruz', type: 'voting' },
      { id: carla.id, firstName: 'Carla', lastName: 'Santos', avatarUrl: null },
    ]);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual([
      expect.objectContaining({ id: voting.id, type: 'voting' }),
      expect.objectContaining({ id: carla.id, avatarUrl: null }),
    ]);
    expect(await storedFiles()).not.toContain(storedPictureOf(after[2].avatarUrl));
  });

  it('keeps the current photo when none is sent', async () => {
    const { user, cookie, voting } = await company('Associate');
    const first = await update(cookie, [
      {
        id: voting.id,
        firstName: 'Ana',
        lastName: 'Cruz',
        type: 'voting',
        hasNewAvatar: true,
        avatarUrl: dataUrl(await picture()),
      },
    ]);
    const photo = first.json().data[0].avatarUrl;
    const second = await update(cookie, [
      { id: voting.id, firstName: 'Ana', lastName: 'Reyes', type: 'voting', avatarUrl: photo },
    ]);
    expect(second.json().data[0]).toMatchObject({ lastName: 'Reyes', avatarUrl: photo });
    expect((await repsOf(user.id))[0]?.avatarUrl).toBe(storedPictureOf(photo));
  });

  describe('bad input: 4xx with the message, nothing written, no file left', () => {
    async function expectRefused(
      setup: Awaited<ReturnType<typeof company>>,
      repsData: unknown,
      status: number,
      body: Record<string, unknown>,
    ) {
      const files = await storedFiles();
      const before = await repsOf(setup.user.id);
      const response = await update(setup.cookie, repsData);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject(body);
      expect(await repsOf(setup.user.id)).toEqual(before);
      expect(await storedFiles()).toEqual(files);
    }

    it('5 representatives for Regular', async () => {
      const setup = await company('Regular');
      await expectRefused(
        setup,
        [
          { id: setup.voting.id, firstName: 'Ana', lastName: 'Cruz', type: 'voting' },
          ...['B', 'C', 'D', 'E'].map((name) => person(name)),
        ],
        400,
        { error: REPRESENTATIVE_RULE_MESSAGES.tooMany('Regular', 4), field: 'repsData' },
      );
    });

    it('3 representatives for Associate', async () => {
      const setup = await company('Associate');
      await expectRefused(setup, [person('A', { type: 'voting' }), person('B'), person('C')], 400, {
        error: REPRESENTATIVE_RULE_MESSAGES.tooMany('Associate', 2),
      });
    });

    it('0 kept, for a company of either category: an empty list, or every one deleted', async () => {
      for (const category of ['Regular', 'Associate'] as const) {
        const setup = await company(category);
        await expectRefused(setup, [], 400, {
          error: REPRESENTATIVE_RULE_MESSAGES.atLeastOne,
          field: 'repsData',
        });
        await expectRefused(
          setup,
          [{ id: setup.voting.id, firstName: 'Ana', lastName: 'Cruz', type: 'voting', isDeleted: true }],
          400,
          { error: REPRESENTATIVE_RULE_MESSAGES.atLeastOne, field: 'repsData' },
        );
      }
    });

    it('the same representative twice', async () => {
      const setup = await company('Regular');
      const ana = { id: setup.voting.id, firstName: 'Ana', lastName: 'Cruz', type: 'non-voting' as const };
      await expectRefused(setup, [ana, ana], 400, {
        error: REPRESENTATIVE_EDITOR_MESSAGES.repeatedRepresentative,
        field: 'repsData.1.id',
      });
    });

    it('two voting', async () => {
      const setup = await company('Regular');
      await expectRefused(
        setup,
        [
          { id: setup.voting.id, firstName: 'Ana', lastName: 'Cruz', type: 'voting' },
          person('B', { type: 'voting' }),
        ],
        400,
        { error: REPRESENTATIVE_RULE_MESSAGES.oneVoting },
      );
    });

    it('a 6 MB photo, after a good one was already stored', async () => {
      const setup = await company('Regular');
      await expectRefused(
        setup,
        [
          {
            id: setup.voting.id,
            firstName: 'Ana',
            lastName: 'Cruz',
            type: 'voting',
            hasNewAvatar: true,
            avatarUrl: dataUrl(await picture()),
          },
          person('Big', { hasNewAvatar: true, avatarUrl: dataUrl(Buffer.alloc(6 * 1024 * 1024, 7)) }),
        ],
        413,
        { error: IMAGE_MESSAGES.tooLarge, field: 'repsData.1.avatarUrl' },
      );
    });

    it('a data-URL that is not an image', async () => {
      const setup = await company('Regular');
      for (const avatarUrl of [
        `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`,
        'not a data url',
        'data:image/png;base64,',
      ]) {
        await expectRefused(
          setup,
          [
            {
              id: setup.voting.id,
              firstName: 'Ana',
              lastName: 'Cruz',
              type: 'voting',
              hasNewAvatar: true,
              avatarUrl,
            },
          ],
          400,
          {
            error: IMAGE_MESSAGES.wrongType,
            message: REPRESENTATIVE_EDITOR_MESSAGES.invalidImage,
            field: 'repsData.0.avatarUrl',
          },
        );
      }
    });

    it('bytes claiming to be a PNG that are text, after a good photo was stored', async () => {
      const setup = await company('Regular');
      await expectRefused(
        setup,
        [
          person('Good', { type: 'voting', hasNewAvatar: true, avatarUrl: dataUrl(await picture()) }),
          person('Fake', {
            hasNewAvatar: true,
            avatarUrl: dataUrl(Buffer.from('just some text, honestly'), 'image/png'),
          }),
        ],
        400,
        // spec 000 §8: a file of a type we take that cannot be read is 'Image Processing Error'.
        {
          error: REPRESENTATIVE_EDITOR_MESSAGES.imageProcessing('Fake Santos'),
          code: 'image_processing_error',
          field: 'repsData.1.avatarUrl',
        },
      );
    });

    it('an SVG', async () => {
      const setup = await company('Regular');
      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect/></svg>');
      await expectRefused(
        setup,
        [
          {
            id: setup.voting.id,
            firstName: 'Ana',
            lastName: 'Cruz',
            type: 'voting',
            hasNewAvatar: true,
            avatarUrl: dataUrl(svg, 'image/svg+xml'),
          },
        ],
        400,
        { error: IMAGE_MESSAGES.wrongType, field: 'repsData.0.avatarUrl' },
      );
    });

    it('a damaged JPEG names the representative', async () => {
      const setup = await company('Regular');
      const truncated = (await picture(800, 800)).subarray(0, 600);
      await expectRefused(
        setup,
        [
          {
            id: setup.voting.id,
            firstName: 'Ana',
            lastName: 'Cruz',
            type: 'voting',
            hasNewAvatar: true,
            avatarUrl: dataUrl(truncated),
          },
        ],
        400,
        { error: REPRESENTATIVE_EDITOR_MESSAGES.imageProcessing('Ana Cruz'), code: 'image_processing_error' },
      );
    });

    it('a missing first name', async () => {
      const setup = await company('Regular');
      await expectRefused(
        setup,
        [{ id: setup.voting.id, firstName: ' ', lastName: 'Cruz', type: 'voting' }],
        400,
        {
          error: REPRESENTATIVE_EDITOR_MESSAGES.firstNameRequired,
          field: 'repsData.0.firstName',
        },
      );
    });

    it("another company's representative", async () => {
      const setup = await company('Regular');
      const other = await company('Regular');
      await expectRefused(
        setup,
        [{ id: other.voting.id, firstName: 'Stolen', lastName: 'Rep', type: 'voting' }],
        400,
        { error: REPRESENTATIVE_EDITOR_MESSAGES.unknownRepresentative, field: 'repsData.0.id' },
      );
      expect((await repsOf(other.user.id))[0]?.firstName).toBe('Ana');
    });

    it('an individual, and a guest', async () => {
      const individual = await createUser(context.db, { type: 'individual' });
      const { cookie } = await signIn(context, individual);
      const response = await update(cookie, [person('A', { type: 'voting' })]);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(REPRESENTATIVE_EDITOR_MESSAGES.notCompany);
      expect(await repsOf(individual.id)).toEqual([]);
      expect((await update('', [person('A')])).statusCode).toBe(401);
    });

    it('a body that is not a list', async () => {
      const setup = await company('Regular');
      await expectRefused(setup, 'everyone', 400, { field: 'repsData' });
    });
  });

  it('leaves rows, photo records and files unchanged when the database fails after new photos were stored', async () => {
    const { user, cookie, voting } = await company('Regular');
    const first = await update(cookie, [
      {
        id: voting.id,
        firstName: 'Ana',
        lastName: 'Cruz',
        type: 'voting',
        hasNewAvatar: true,
        avatarUrl: dataUrl(await picture()),
      },
    ]);
    expect(first.statusCode).toBe(200);
    await context.db.execute(sql`
      create function refuse_representative_write() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await context.db.execute(sql`
      create trigger refuse_representative_write before insert or update on representatives
      for each row when (new.first_name = 'Refused') execute function refuse_representative_write()`);
    try {
      const rows = await repsOf(user.id);
      const photoRecords = await context.db.select().from(uploadedFiles);
      const files = await storedFiles();
      // Ana's photo replaced and a new one with a photo: both stored before the insert fails.
      const response = await update(cookie, [
        {
          id: voting.id,
          firstName: 'Ana',
          lastName: 'Reyes',
          type: 'voting',
          hasNewAvatar: true,
          avatarUrl: dataUrl(await picture(120, 120)),
        },
        person('Refused', { hasNewAvatar: true, avatarUrl: dataUrl(await picture(90, 90)) }),
      ]);
      expect(response.statusCode).toBe(500);
      expect(await repsOf(user.id)).toEqual(rows);
      expect(await context.db.select().from(uploadedFiles)).toEqual(photoRecords);
      expect(await storedFiles()).toEqual(files);
    } finally {
      await context.db.execute(sql`drop trigger refuse_representative_write on representatives`);
      await context.db.execute(sql`drop function refuse_representative_write()`);
    }
  });

  it('two saves at once both apply in turn, and one voting representative remains', async () => {
    const { user, cookie, voting } = await company('Regular');
    const [first, second] = await Promise.all([
      update(cookie, [
        { id: voting.id, firstName: 'Ana', lastName: 'Cruz', type: 'non-voting' },
        person('New One', { type: 'voting' }),
      ]),
      update(cookie, [
        { id: voting.id, firstName: 'Ana', lastName: 'Cruz', type: 'voting' },
        person('New Two'),
      ]),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const rows = await repsOf(user.id);
    expect(rows.filter((row) => row.type === 'voting')).toHaveLength(1);
  });
});
