import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { hash } from '@node-rs/argon2';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardMembers, meetingRollEntries, meetings, users } from '../../db/schema';
import { seedDemoContent } from '../../db/seed';
import { createDiskStorage } from '../../lib/storage';
import { createTestDatabase } from '../../test/helper';
import { documentFile, listDocuments, readOutcome } from './after-service';
import { readMeeting, readResults, readRoll } from './service';

// The demo's meetings (apps/api/src/db/seed-meetings.ts): what a newcomer sees of the year.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  folder = await mkdtemp(join(tmpdir(), 'meetings-demo-'));
  const result = await seedDemoContent(
    database.db,
    createDiskStorage({ uploadsDir: join(folder, 'uploads') }),
    {
      adminPassword: 'Admin-Demo-2025!',
      hashPassword: (password) => hash(password),
      now: new Date('2026-12-04T02:00:00Z'),
    },
  );
  expect(result.seeded).toBe(true);
}, 120_000);
afterAll(async () => {
  await database?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the demo meetings', () => {
  it('has last June’s certified results, ballots by receipt, and next June’s roll, nominations and proxy', async () => {
    const { db } = database;
    const [past, next] = await db.select().from(meetings).orderBy(asc(meetings.startsAt));
    if (!past || !next) throw new Error('no demo meetings');
    expect(past.startsAt.toISOString()).toBe('2026-06-20T01:00:00.000Z');
    expect(next.startsAt.toISOString()).toBe('2027-06-19T01:00:00.000Z');

    const results = await readResults(db, null, past.id);
    expect(results.certified).toBe(true);
    expect(results.ballots).toHaveLength(7);
    expect(results.election?.electedIds).toHaveLength(7);
    expect(results.election?.tie).toBeNull();
    const recount = new Map<string, number>();
    for (const ballot of results.ballots)
      for (const id of ballot.candidateIds) recount.set(id, (recount.get(id) ?? 0) + 1);
    for (const candidate of results.candidates) expect(candidate.votes).toBe(recount.get(candidate.id) ?? 0);

    const [copper] = await db.select().from(users).where(eq(users.username, 'cordilleracopper'));
    const [santos] = await db.select().from(users).where(eq(users.username, 'mlsantos'));
    if (!copper || !santos) throw new Error('demo members missing');
    const asCopper = await readMeeting(db, { userId: copper.id, roles: [] }, next.id);
    expect(asCopper.me.entry).toMatchObject({ kind: 'company' });
    expect(asCopper.me.entry?.voterName).not.toBe(asCopper.me.entry?.memberName);
    expect(asCopper.nominations).toHaveLength(2);
    expect(asCopper.nominations.filter((n) => n.accepted && n.seconds.length === 2)).toHaveLength(1);
    expect(asCopper.me.proxiesHeld).toHaveLength(1);
    expect((await readMeeting(db, { userId: santos.id, roles: [] }, next.id)).me.proxyGiven?.status).toBe(
      'valid',
    );
    expect((await readRoll(db, { userId: santos.id, roles: [] }, next.id)).entries).toHaveLength(1);
  });

  it('has last June’s minutes and resolution as private PDFs, and its election offered to the board', async () => {
    const { db } = database;
    const [past] = await db.select().from(meetings).orderBy(asc(meetings.startsAt));
    if (!past) throw new Error('no demo meetings');
    const [group, ...others] = await listDocuments(db);
    expect(others).toHaveLength(0);
    expect(group?.meetingId).toBe(past.id);
    expect(group?.documents.map((document) => document.kind)).toEqual(['minutes', 'resolution']);
    const storage = createDiskStorage({ uploadsDir: join(folder, 'uploads') });
    for (const document of group?.documents ?? []) {
      const { row, file } = await documentFile({ db, storage }, document.id);
      expect(row.fileReference).toMatch(/^private\//);
      expect((await buffer(file.body)).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // The seven trustees of the demo board were elected, the election applied once the challenge
    // window ended and the four officers recorded, as the board's records hold them.
    const outcome = await readOutcome(db, past.id, new Date('2026-12-04T02:00:00Z'));
    expect(outcome).toMatchObject({ certified: true, canApply: false, tie: null, rollSize: 8, voted: 7 });
    expect(outcome.applied).toMatchObject({ byName: 'Teresita Manalo', tieReason: null });
    expect(outcome.officersRecordedAt).not.toBeNull();
    const board = await db.select().from(boardMembers).where(eq(boardMembers.is_active, true));
    const trustees = board.filter((member) => member.position !== 'Member');
    expect(outcome.elected.map((trustee) => trustee.name).sort()).toEqual(
      trustees.map((member) => member.name).sort(),
    );
    expect(outcome.elected.map((trustee) => trustee.name)).toContain('Atty. Miguel Navarro');
    expect(outcome.officers.map(({ position, name }) => [position, name])).toEqual([
      ['President', 'Ramon Bautista'],
      ['Vice President', 'Fatima Abdulrahman'],
      ['Secretary', 'Maria Lourdes Santos'],
      ['Treasurer', 'Cecilia Tan'],
    ]);
    for (const officer of outcome.officers)
      expect(board.find((member) => member.name === officer.name)?.position).toBe(officer.position);
    const results = await readResults(db, null, past.id);
    const notElected = results.candidates.filter(
      (candidate) => !results.election?.electedIds.includes(candidate.id),
    );
    expect(notElected.map((candidate) => candidate.name)).toEqual(['Andrea Villanueva']);
    // Every voter on that roll is a demo account, a company's through its voting representative.
    const roll = await db.select().from(meetingRollEntries).where(eq(meetingRollEntries.meetingId, past.id));
    expect(roll.every((entry) => entry.userId !== null)).toBe(true);
  });
});
