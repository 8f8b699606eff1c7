import { MEETING_MESSAGES } from '@portal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meetings } from '../../db/schema';
import { createMeetingWithRoll, createMembership, createUser, signIn } from '../../test/factories';
import { buildTestApp } from '../../test/helper';

let context: Awaited<ReturnType<typeof buildTestApp>>;
beforeAll(async () => {
  context = await buildTestApp();
});
afterAll(async () => context?.close());

const get = (url: string, cookie?: string) =>
  context.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function voter(name: string) {
  const user = await createUser(context.db, { type: 'individual', password: null });
  await createMembership(context.db, user.id, { category: 'Individual' });
  return { id: user.id, name, cookie: (await signIn(context, user)).cookie };
}

describe('GET /api/meetings/{id}/voters (docs/decisions/071, "the member screens")', () => {
  it('gives a voter on the roll every voter by name, and nothing else of the entries', async () => {
    const [ana, ben] = [await voter('Ana Reyes'), await voter('Ben Cruz')];
    const { meeting, entries } = await createMeetingWithRoll(context.db, [ana, ben]);
    const answer = await get(`/api/meetings/${meeting.id}/voters`, ana.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    const { data } = answer.json();
    // In the order of the voters' names.
    expect(data).toEqual([
      { id: entries[0]?.id, kind: 'individual', memberName: 'Ana Reyes', voterName: 'Ana Reyes' },
      { id: entries[1]?.id, kind: 'individual', memberName: 'Ben Cruz', voterName: 'Ben Cruz' },
    ]);
    expect(Object.keys(data[0]).sort()).toEqual(['id', 'kind', 'memberName', 'voterName']);
  });

  it('refuses a member not on the roll with the reason, a guest with 401, an unpublished meeting with 404', async () => {
    const ana = await voter('Ana Reyes');
    const outsider = await createUser(context.db, { type: 'individual', password: null });
    const { meeting } = await createMeetingWithRoll(context.db, [ana]);
    const refused = await get(`/api/meetings/${meeting.id}/voters`, (await signIn(context, outsider)).cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(MEETING_MESSAGES.notOnRoll);
    expect((await get(`/api/meetings/${meeting.id}/voters`)).statusCode).toBe(401);
    await context.db.update(meetings).set({ rollFrozenAt: null }).where(eq(meetings.id, meeting.id));
    const hidden = await get(`/api/meetings/${meeting.id}/voters`, ana.cookie);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe(MEETING_MESSAGES.notFound);
  });
});
