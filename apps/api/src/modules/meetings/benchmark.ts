import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/*
 * The `ballots` part of scripts/bench.mjs (docs/architecture.md "Speed and simplicity"), seeded and
 * finished by command with the server stopped, so it runs on the embedded database (one writer)
 * as on PostgreSQL. The ballots the part measures go through the API in between.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * `cli.js seed-ballot-benchmark ROLL CANDIDATES`: ROLL voters (individual accounts
 * ballot1@ballots.example …, sharing the first administrator's password hash, so no hashing per
 * row), a meeting whose voting opened a minute ago on a roll frozen yesterday, and CANDIDATES
 * validated nominations (the first voters by name).
 */
export async function seedBallotBenchmark(db: Db, roll: number, candidates: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (username, email, password_hash, type, status, is_new, email_confirmed_at,
        first_name, last_name)
      select 'ballot_' || i, 'ballot' || i || '@ballots.example',
        (select password_hash from users where type = 'admin' order by created_at limit 1),
        'individual', 'active', false, now(), 'Voter', 'Number ' || i
      from generate_series(1, ${roll}::int) as series(i)`);
    const [meeting] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        insert into meetings (kind, title, starts_at, venue, agenda, procedure, record_date,
          nominations_open_at, nominations_close_at, proxy_deadline, corrections_close_at,
          voting_opens_at, voting_closes_at, challenge_ends_at, seats, seconders, honorary_votes,
          associate_votes, roll_frozen_at)
        values ('annual', 'Benchmark election', now() + interval '1 day', 'Makati', 'Election', 'Online',
          current_date - 1, now() - interval '9 days', now() - interval '2 days', now() - interval '1 day',
          now() - interval '1 day', now() - interval '1 minute', now() + interval '1 day',
          now() + interval '8 days', ${candidates}::int, 2, false, true, now() - interval '1 day')
        returning id`),
    );
    if (!meeting) throw new Error('benchmark meeting not created');
    await tx.execute(sql`
      insert into meeting_roll_entries (meeting_id, user_id, kind, category, member_name, voter_name)
      select ${meeting.id}::uuid, id, 'individual', 'Individual', first_name || ' ' || last_name,
        first_name || ' ' || last_name
      from users where email like '%@ballots.example'`);
    await tx.execute(sql`
      insert into meeting_nominations (meeting_id, nominee_entry_id, nominator_entry_id, statement,
        accepted_at, status)
      select ${meeting.id}::uuid, id, id, 'Standing for the board', now(), 'valid'
      from meeting_roll_entries where meeting_id = ${meeting.id}::uuid
      order by voter_name limit ${candidates}::int`);
    return { meetingId: meeting.id, roll, candidates };
  });
}

/**
 * `cli.js finish-ballot-benchmark MEETING`: counts the ballots and "has voted" rows the API wrote,
 * then writes a ballot (the first four candidates) for every voter who has not voted, as the
 * voting does (a "has voted" row and a ballot per voter, in one transaction), closes voting and
 * certifies the results, so the part reads the results of the whole roll.
 */
export async function finishBallotBenchmark(db: Db, meetingId: string) {
  return db.transaction(async (tx) => {
    const [cast] = rowsOf<{ ballots: number; votes: number }>(
      await tx.execute(sql`
        select (select count(*)::int from meeting_ballots where meeting_id = ${meetingId}::uuid) as ballots,
               (select count(*)::int from meeting_votes where meeting_id = ${meetingId}::uuid) as votes`),
    );
    if (!cast) throw new Error('benchmark meeting not found');
    const [rest] = rowsOf<{ written: number }>(
      await tx.execute(sql`
        with rest as (
          select id from meeting_roll_entries e where meeting_id = ${meetingId}::uuid
            and not exists (select 1 from meeting_votes v where v.entry_id = e.id)),
        marked as (
          insert into meeting_votes (entry_id, meeting_id, cast_by)
          select id, ${meetingId}::uuid, 'voter' from rest returning entry_id),
        written as (
          insert into meeting_ballots (meeting_id, receipt, candidate_ids)
          select ${meetingId}::uuid, upper(substr(md5(random()::text || entry_id::text), 1, 10)),
            array(select id from meeting_nominations where meeting_id = ${meetingId}::uuid
                  and status = 'valid' order by id limit 4)
          from marked returning id)
        select count(*)::int as written from written`),
    );
    await tx.execute(sql`
      update meetings set voting_closes_at = now() - interval '1 second', certified_at = now(),
        status = 'certified'
      where id = ${meetingId}::uuid`);
    return { ...cast, rest: rest?.written ?? 0 };
  });
}
