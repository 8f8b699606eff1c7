import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type MailOutboxRow, mailOutbox } from '../../db/schema';
import type { MailLogger, MailTransport } from './transport';

export type MailWorkerOptions = {
  db: Db;
  transport: MailTransport;
  from: string;
  logger: MailLogger;
  batchSize?: number;
  maxAttempts?: number;
  /** How long a `sending` row may go without its worker's word before another reclaims it (tests shorten it). */
  staleLockMs?: number;
};

export type MailWorker = {
  /** Look for due mail now instead of at the next scheduled run (call after queueing). */
  poke(): void;
  /** Stops and waits for the message in flight; claimed but unsent rows are released. */
  stop(): Promise<void>;
  /** Sends until nothing is due and returns how many messages it sent (the mail job's run, tests). */
  drain(): Promise<number>;
};

/**
 * A row left in `sending` this long without its worker renewing the lock belongs to a process
 * that died: send it again. A live worker renews the lock just before each send and every third
 * of this time while the server has the message (`holdLock`), so a slow server never makes it stale.
 */
export const STALE_LOCK_MS = 5 * 60_000;
const FIRST_RETRY_DELAY_MS = 30_000;
const MAX_RETRY_DELAY_MS = 60 * 60_000;

/**
 * 30 s, 1 min, 2 min … doubling per failed attempt up to 1 hour, ±20 % so that many rows failed
 * together by one outage do not all return in the same second.
 */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(FIRST_RETRY_DELAY_MS * 2 ** Math.max(attempts - 1, 0), MAX_RETRY_DELAY_MS);
  return Math.round(base * (0.8 + random() * 0.4));
}

// Failures that say nothing about the message: the server (or the outbox disk) is unreachable,
// refuses our credentials or TLS, or is shutting down (421). Giving up on those would lose mail
// over an outage or a configuration slip, so they are retried until they succeed (a mail server
// that is down delays mail but loses none: docs/architecture.md "Mail"); only the server's answers
// about the message itself count towards maxAttempts.
const UNAVAILABLE_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EAUTH',
  'ENOAUTH',
  'EPROXY',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ENOSPC',
  'EACCES',
  'EROFS',
]);

export function isTransportUnavailable(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return responseCode === 421 || (typeof code === 'string' && UNAVAILABLE_CODES.has(code));
}

/**
 * Delivers the database outbox (db/schema/mail.ts) when poked and at each run of the mail job
 * (modules/jobs, every two seconds in every process), which calls drain(). Any number of processes may run one against
 * the same database: rows are claimed with FOR UPDATE SKIP LOCKED and marked `sending` in a short
 * transaction, so each due row goes to one worker; the SMTP conversation happens outside any
 * transaction, so a slow server holds no database locks.
 *
 * Delivery is at least once: a process that dies after the server accepted a message but before
 * it recorded `sent` leaves a stale `sending` row that is sent again after STALE_LOCK_MS (with
 * the same Message-ID). Short of a crash, a message is delivered once: a slow server is waited
 * for, the lock of the message being sent is renewed so that no other worker reclaims it, a
 * claimed row another worker reclaimed meanwhile is skipped, and a failed `sent` marking is retried.
 */
export function startMailWorker({
  db,
  transport,
  from,
  logger,
  batchSize = 10,
  maxAttempts = 8,
  staleLockMs = STALE_LOCK_MS,
}: MailWorkerOptions): MailWorker {
  let stopped = false;
  // One batch at a time per worker; drain() and poke() queue behind each other.
  let running: Promise<unknown> = Promise.resolve();
  let pokedWhileRunning = false;
  let busy = false;

  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const result = running.then(task, task);
    running = result.catch(() => {});
    return result;
  };

  /** Claims and sends one batch; returns how many rows it claimed and how many it sent. */
  const processBatch = async (): Promise<{ claimed: number; sent: number }> => {
    const rows = await claimDueRows(db, batchSize, staleLockMs);
    let sent = 0;
    for (const [index, row] of rows.entries()) {
      if (stopped) {
        await releaseRows(db, rows.slice(index), 0);
        break;
      }
      const outcome = await deliver(row);
      if (outcome === 'sent') sent++;
      if (outcome === 'unavailable') {
        // The server is down: the rest of the batch would only time out one by one. They wait as
        // long as the failed row, without an attempt counted against them.
        const rest = rows.slice(index + 1);
        if (rest.length > 0) await releaseRows(db, rest, retryDelayMs(row.attempts + 1));
        break;
      }
    }
    return { claimed: rows.length, sent };
  };

  const deliver = async (
    claimed: MailOutboxRow,
  ): Promise<'sent' | 'retry' | 'unavailable' | 'failed' | 'reclaimed'> => {
    // The rows of a batch wait their turn; one that waited past the stale limit may have been
    // reclaimed, and sent, by another worker (a slow server once made the last rows of a batch
    // stale, and they went out twice). Only a lock renewed now makes the row ours to send.
    const lock = await holdLock(claimed);
    if (!lock) {
      logger.info({ mailId: claimed.id }, 'mail reclaimed by another worker: skipped');
      return 'reclaimed';
    }
    let failure: { error: unknown } | undefined;
    try {
      await transport.send({
        to: claimed.toAddress,
        from,
        subject: claimed.subject,
        text: claimed.text,
        html: claimed.html,
        attachments: claimed.attachments,
        headers: claimed.headers,
        messageId: messageIdFor(claimed.id, from),
      });
    } catch (error) {
      failure = { error };
    }
    const row = await lock.release();
    if (failure) return recordFailure(row, failure.error);
    const marked = await recordSent(row);
    // Only if this process stalled past the stale limit and another one reclaimed the row.
    if (!marked) logger.warn({ mailId: row.id }, 'mail sent, but another worker had reclaimed it');
    return 'sent';
  };

  /**
   * Renews the row's lock now, and every third of the stale limit until released, so that no
   * other worker takes it for a dead one's while this one waits for the server. Null when the row
   * is no longer ours. `release` stops renewing and answers the row with its latest lock.
   */
  const holdLock = async (claimed: MailOutboxRow) => {
    let row = await renewLock(db, claimed);
    if (!row) return null;
    let renewing: Promise<void> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = renewing.then(async () => {
        try {
          row = (await renewLock(db, row as MailOutboxRow)) ?? row;
        } catch (error) {
          // A database blip: the next renewal, well within the stale limit, tries again.
          logger.warn(
            { mailId: claimed.id, error: describeError(error) },
            'mail lock not renewed: will retry',
          );
        }
      });
    }, staleLockMs / 3);
    timer.unref();
    return {
      async release() {
        clearInterval(timer);
        await renewing;
        return row as MailOutboxRow;
      },
    };
  };

  const recordFailure = async (
    row: MailOutboxRow,
    error: unknown,
  ): Promise<'retry' | 'unavailable' | 'failed'> => {
    const attempts = row.attempts + 1;
    const unavailable = isTransportUnavailable(error);
    const giveUp = !unavailable && attempts >= maxAttempts;
    const lastError = describeError(error);
    const delayMs = retryDelayMs(attempts);
    await db
      .update(mailOutbox)
      .set({
        status: giveUp ? 'failed' : 'queued',
        attempts,
        lastError,
        lockedAt: null,
        nextAttemptAt: sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
      })
      .where(ownedBy(row));
    const details = { mailId: row.id, to: row.toAddress, attempts, error: lastError };
    if (giveUp) logger.error(details, 'mail failed: giving up');
    else logger.warn({ ...details, retryInMs: delayMs }, 'mail not sent: will retry');
    return giveUp ? 'failed' : unavailable ? 'unavailable' : 'retry';
  };

  /**
   * Marks a delivered row sent. The server has the message now: a database blip here must not
   * leave the row `sending` until it goes stale and is sent again, so the marking is retried
   * (within half the stale-lock time, while the row is still ours) before anything else happens.
   */
  const recordSent = async (row: MailOutboxRow): Promise<boolean> => {
    const giveUpAt = Date.now() + staleLockMs / 2;
    for (let retryMs = 250; ; retryMs = Math.min(retryMs * 2, 5_000)) {
      try {
        const marked = await db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: sql`now()`, lockedAt: null, lastError: null })
          .where(ownedBy(row))
          .returning({ id: mailOutbox.id });
        return marked.length > 0;
      } catch (error) {
        if (Date.now() + retryMs > giveUpAt) throw error;
        logger.warn({ mailId: row.id, error: describeError(error) }, 'mail sent, recording it: will retry');
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
  };

  const drain = () =>
    exclusive(async () => {
      let total = 0;
      while (!stopped) {
        const { claimed, sent } = await processBatch();
        total += sent;
        if (claimed === 0) break;
      }
      return total;
    });

  const tick = async () => {
    busy = true;
    try {
      do {
        pokedWhileRunning = false;
        await drain();
      } while (pokedWhileRunning && !stopped);
    } catch (error) {
      // The database may be restarting; the mail job's next run tries again.
      logger.error({ error: describeError(error) }, 'mail worker: batch failed');
    } finally {
      busy = false;
    }
  };

  return {
    poke() {
      if (stopped) return;
      if (busy) pokedWhileRunning = true;
      else void tick();
    },
    async stop() {
      stopped = true;
      await running;
    },
    drain,
  };
}

/**
 * Due rows, plus rows a crashed process left in `sending`, oldest first. SKIP LOCKED makes a
 * concurrent worker pass over rows this one is claiming instead of waiting for them; once this
 * transaction commits they are `sending` and no longer match anyone's query.
 */
/**
 * True when the row needs a consent its person no longer gives: their latest consent row for the
 * purpose says not given, or there is none, as its copy in consent_states says (db/schema/privacy.ts).
 */
const consentWithdrawn = sql<boolean>`("mail_outbox"."consent_purpose" is not null and coalesce((
  select state.given from consent_states state
  where state.user_id = "mail_outbox"."consent_user_id" and state.purpose = "mail_outbox"."consent_purpose"
), false) = false)`;

async function claimDueRows(db: Db, limit: number, staleLockMs: number): Promise<MailOutboxRow[]> {
  const rows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: mailOutbox.id, withdrawn: consentWithdrawn })
      .from(mailOutbox)
      .where(
        or(
          and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
          and(
            eq(mailOutbox.status, 'sending'),
            lte(mailOutbox.lockedAt, sql`now() - ${staleLockMs}::integer * interval '1 millisecond'`),
          ),
        ),
      )
      .orderBy(asc(mailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    // A message sent under a consent that has since been withdrawn (an announcement paced over an
    // hour, its reader unsubscribed meanwhile) is not sent: marked `withdrawn` (docs/decisions/065).
    const withdrawn = due.filter((row) => row.withdrawn).map((row) => row.id);
    if (withdrawn.length > 0)
      await tx
        .update(mailOutbox)
        .set({ status: 'withdrawn', lockedAt: null })
        .where(inArray(mailOutbox.id, withdrawn));
    const toSend = due.filter((row) => !row.withdrawn).map((row) => row.id);
    if (toSend.length === 0) return [];
    return (
      tx
        .update(mailOutbox)
        // Millisecond precision so the value read back into a JS Date compares equal in ownedBy().
        .set({ status: 'sending', lockedAt: sql`date_trunc('milliseconds', now())` })
        .where(inArray(mailOutbox.id, toSend))
        .returning()
    );
  });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** `<outbox row id@the sender's domain>`: stable across attempts, unique across messages (RFC 5322). */
export function messageIdFor(rowId: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
  return `<${rowId}@${domain}>`;
}

/** The row is still ours: `sending` with the lock this worker set (not reclaimed by another). */
function ownedBy(row: MailOutboxRow) {
  return and(
    eq(mailOutbox.id, row.id),
    eq(mailOutbox.status, 'sending'),
    row.lockedAt ? eq(mailOutbox.lockedAt, row.lockedAt) : undefined,
  );
}

/**
 * Stamps the row's lock with the time now if it is still ours, and answers it with the new lock;
 * null when another worker has reclaimed it. (clock_timestamp, not now(): inside a transaction
 * now() would not move.)
 */
async function renewLock(db: Db, row: MailOutboxRow): Promise<MailOutboxRow | null> {
  const [renewed] = await db
    .update(mailOutbox)
    .set({ lockedAt: sql`date_trunc('milliseconds', clock_timestamp())` })
    .where(ownedBy(row))
    .returning();
  return renewed ?? null;
}

/** Puts claimed rows back without counting an attempt, due after `delayMs`. */
async function releaseRows(db: Db, rows: MailOutboxRow[], delayMs: number): Promise<void> {
  for (const row of rows) {
    await db
      .update(mailOutbox)
      .set({
        status: 'queued',
        lockedAt: null,
        nextAttemptAt: sql`now() + ${delayMs}::integer * interval '1 millisecond'`,
      })
      .where(ownedBy(row));
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code, responseCode } = error as Error & { code?: string; responseCode?: number };
  const prefix = [code, responseCode].filter(Boolean).join(' ');
  return (prefix ? `${prefix}: ${error.message}` : error.message).slice(0, 1000);
}
