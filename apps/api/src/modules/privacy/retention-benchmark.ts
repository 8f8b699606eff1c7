import { CURRENT_NOTICE_VERSION } from '@portal/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * `cli.ts seed-retention-benchmark N` for `npm run bench` (part `retention`): N accounts with a
 * share of each kind due for removal today, written by a few set-based statements. Returns how
 * many of each kind the retention job should find.
 */
export async function seedRetentionBenchmark(db: Db, accounts: number) {
  const tag = `rb${Date.now().toString(36)}`;
  await db.transaction(async (tx) => {
    // One in five never confirmed and registered 40 days ago (due), one in five 10 days ago (kept).
    await tx.execute(sql`
      insert into users (username, email, type, status, is_new, email_confirmed_at, first_name, last_name, created_at)
      select ${tag} || '_' || i, ${tag} || '-' || i || '@retention.example', 'individual',
        case when i % 5 in (0, 1) then 'pending' else 'active' end, false,
        case when i % 5 in (0, 1) then null else now() - interval '400 days' end,
        'Bench', 'Person ' || i,
        case when i % 5 = 0 then now() - interval '40 days'
             when i % 5 = 1 then now() - interval '10 days'
             else now() - interval '400 days' end
      from generate_series(1, ${accounts}::int) as series(i)`);
    const ours = sql`email like ${`${tag}-%@retention.example`}`;
    await tx.execute(sql`
      insert into consent_records (user_id, purpose, given, notice_version, source)
      select id, 'privacy_notice', true, ${CURRENT_NOTICE_VERSION}, 'registration' from users where ${ours}`);
    await tx.execute(sql`
      insert into email_tokens (user_id, purpose, token_hash, expires_at)
      select id, 'confirm_email', 'bench-' || id, now() - interval '30 days'
      from users where ${ours} and email_confirmed_at is null`);
    // Every confirmed account signed in once; half of them 100 days ago (due).
    await tx.execute(sql`
      insert into sessions (user_id, created_at, last_used_at, expires_at)
      select id, case when row_number() over (order by id) % 2 = 0 then now() - interval '100 days' else now() end,
        now(), now() + interval '30 days'
      from users where ${ours} and email_confirmed_at is not null`);
    // One confirmed account in eight had an application rejected two years ago (due).
    await tx.execute(sql`
      insert into memberships (user_id, category, status, created_at, updated_at)
      select id, 'Individual', case when row_number() over (order by id) % 8 = 0 then 'rejected' else 'approved' end,
        now() - interval '800 days', now() - interval '730 days'
      from users where ${ours} and email_confirmed_at is not null`);
    // One in ten paid six years ago with a proof (due); the statement and payment stay.
    await tx.execute(sql`
      insert into dues_statements (number, kind, status, user_id, category, months, amount_centavos, issued_on, due_on, billed_name, billed_email)
      select ${tag} || '-SOA-' || row_number() over (order by id), 'manual', 'paid', id, 'Individual', 12, 100000,
        (now() - interval '6 years')::date, (now() - interval '6 years')::date, 'Bench Person', email
      from users where ${ours} and email_confirmed_at is not null and abs(hashtext(id::text)) % 8 = 0`);
    await tx.execute(sql`
      insert into dues_payments (statement_id, status, method, amount_centavos, paid_on, receipt_number, proof_path, proof_type)
      select id, 'recorded', 'GCash', 100000, issued_on, number || '-OR', 'private/' || id || '.pdf', 'application/pdf'
      from dues_statements where number like ${`${tag}-SOA-%`}`);
    // Undelivered mail and audit rows: one per four accounts each, old enough to go.
    await tx.execute(sql`
      insert into mail_outbox (to_address, subject, html, text, status, created_at)
      select email, 'Bench', '<p>Bench</p>', 'Bench', 'failed', now() - interval '2 years'
      from users where ${ours} and abs(hashtext(email)) % 4 = 0`);
    await tx.execute(sql`
      insert into admin_audit_log (actor_username, actor_email, user_id, username, email, action, changes, created_at)
      select 'admin', 'admin@example.com', id, username, email, 'user_updated', '{}'::jsonb, now() - interval '11 years'
      from users where ${ours} and abs(hashtext(username)) % 4 = 0`);
  });
  const count = async (query: ReturnType<typeof sql>) => {
    // Both drivers answer `{ rows }`; Drizzle's common type does not say so.
    const result = (await db.execute(query)) as unknown as { rows: { count: number | string }[] };
    return Number(result.rows[0]?.count ?? 0);
  };
  const ours = sql`email like ${`${tag}-%@retention.example`}`;
  return {
    accounts,
    unconfirmedAccounts: await count(
      sql`select count(*) from users where ${ours} and email_confirmed_at is null and created_at < now() - interval '35 days'`,
    ),
    rejectedApplications: await count(
      sql`select count(*) from memberships join users on users.id = user_id where ${ours} and memberships.status = 'rejected'`,
    ),
    paymentProofs: await count(sql`select count(*) from dues_statements where number like ${`${tag}-SOA-%`}`),
    sessions: await count(
      sql`select count(*) from sessions join users on users.id = user_id where ${ours} and sessions.created_at < now() - interval '95 days'`,
    ),
    deliveryLogs: await count(
      sql`select count(*) from mail_outbox where to_address like ${`${tag}-%@retention.example`}`,
    ),
    auditLog: await count(
      sql`select count(*) from admin_audit_log where email like ${`${tag}-%@retention.example`}`,
    ),
  };
}
