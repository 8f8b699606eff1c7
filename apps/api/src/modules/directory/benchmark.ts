import { CURRENT_NOTICE_VERSION, DIRECTORY_COMMODITY_CODES, PHILIPPINE_PROVINCES } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * `cli.js seed-directory-benchmark N`: N listed directory entries for scripts/bench.mjs's
 * `directory` part (docs/architecture.md "Speed and simplicity"): companies and professionals in
 * turn, spread over the commodities and provinces, half their areas members-only, each with its
 * directory consent. Accounts share the first account's password hash (no hashing per row).
 */
export async function seedDirectoryBenchmark(db: Db, count: number) {
  const commodities = `{${DIRECTORY_COMMODITY_CODES.join(',')}}`;
  const provinces = `{${PHILIPPINE_PROVINCES.map((province) => province.code).join(',')}}`;
  const regions = `{${PHILIPPINE_PROVINCES.map((province) => province.region).join(',')}}`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (username, email, password_hash, type, status, is_new, email_confirmed_at,
        registered_name, first_name, last_name)
      select 'dir_' || i, 'dir' || i || '@directory.example',
        (select password_hash from users order by created_at limit 1),
        case when i % 2 = 0 then 'company' else 'individual' end, 'active', false, now(),
        case when i % 2 = 0 then 'Bench Exploration ' || i end,
        case when i % 2 = 1 then 'Bench' end, case when i % 2 = 1 then 'Geologist ' || i end
      from generate_series(1, ${count}::int) as series(i)`);
    await tx.execute(sql`
      insert into directory_entries (user_id, kind, about, commodities, activities, regions, provinces,
        profession, specialisations, visibility)
      select u.id, case when u.type = 'company' then 'company' else 'professional' end,
        'A benchmark entry.',
        array[(${commodities}::text[])[1 + n % ${DIRECTORY_COMMODITY_CODES.length}],
              (${commodities}::text[])[1 + (n / 7) % ${DIRECTORY_COMMODITY_CODES.length}]],
        case when u.type = 'company' then array['exploration', 'drilling'] else '{}'::text[] end,
        array[(${regions}::text[])[1 + n % ${PHILIPPINE_PROVINCES.length}]],
        array[(${provinces}::text[])[1 + n % ${PHILIPPINE_PROVINCES.length}]],
        case when u.type = 'company' then null else 'geologist' end,
        case when u.type = 'company' then '{}'::text[] else array['resource_estimation'] end,
        jsonb_build_object('name', 'public', 'about', 'public', 'commodities', 'public', 'activities', 'public',
          'profession', 'public', 'specialisations', 'public',
          'areas', case when n % 2 = 0 then 'public' else 'members' end)
      from (select id, type, row_number() over (order by id) as n from users
            where email like '%@directory.example') as u`);
    await tx.execute(sql`
      insert into consent_records (user_id, purpose, given, notice_version, source)
      select id, purpose, true, ${CURRENT_NOTICE_VERSION}, 'seed'
      from users, unnest(array['privacy_notice', 'member_directory']) as purpose
      where email like '%@directory.example'`);
  });
  // Fresh statistics, as autovacuum would give a real table and the embedded database's nightly
  // housekeeping does (lib/housekeeping.ts): without them the planner takes the 3,000 new entries
  // for a handful and looks each one's account and consent up by index (db/seed.ts's benchmark
  // seed does the same for its tables).
  for (const table of ['users', 'directory_entries', 'consent_records', 'consent_states']) {
    await db.execute(sql.raw(`vacuum analyze ${table}`));
  }
  return { entries: count };
}
