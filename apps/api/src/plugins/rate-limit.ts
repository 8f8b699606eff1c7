import { createHash } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import fastifyRateLimit, {
  type FastifyRateLimitOptions,
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  type RateLimitOptions,
} from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import { RATE_LIMITED_MESSAGE } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/** The window of the account limits (config.ts AUTH_RATE_LIMIT: attempts per 15 minutes). */
export const AUTH_RATE_LIMIT_WINDOW_MS = 15 * 60_000;

const rateLimited = () => new AppError(429, RATE_LIMITED_MESSAGE, { code: 'rate_limited' });

/**
 * Rate limits for the routes that guess at accounts (docs/architecture.md "Accounts and sessions").
 * Nothing is limited unless its route asks (`config.rateLimit`), so health checks and lists never
 * are. Counters live in Redis when REDIS_URL is set, so every API process counts together;
 * otherwise in this process's memory. While Redis is unreachable each process counts on its own
 * (logged), so an outage of the counter store neither locks members out nor lifts the limits
 * (decision 009).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
    // For /api/ready (modules/health): the shared counters answer, or each process counts alone.
    app.decorate('checkRateLimitStore', async () => {
      if (!redis) return 'not_configured' as const;
      await redis.ping();
      return 'ok' as const;
    });
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { store: redisWithLocalFallback(redis, app) } : {}),
      errorResponseBuilder: () => rateLimited(),
    });
  },
  { name: 'rate-limit' },
);

/**
 * The plugin's own Redis store while Redis answers, its own in-memory store when it does not: the
 * store the plugin would pick for each case, switched per request.
 */
class RedisWithLocalFallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: RedisStore,
    private readonly local: LocalStore,
    private readonly redis: Redis,
    private readonly onFallback: (error: unknown) => void,
    /** Shared by every route's store: when Redis last failed to answer. */
    private readonly health: { unavailableUntil: number },
  ) {}

  incr(...[key, callback, timeWindow, max]: Parameters<FastifyRateLimitStore['incr']>) {
    if (this.redis.status !== 'ready' || Date.now() < this.health.unavailableUntil) {
      this.onFallback(
        new Error(`Redis is ${this.redis.status === 'ready' ? 'not answering' : this.redis.status}`),
      );
      return this.local.incr(key, callback, timeWindow, max);
    }
    this.shared.incr(
      key,
      (error, result) => {
        if (!error && result) return callback(null, result);
        // A Redis that connects but does not answer would cost every request the command timeout:
        // count here for a while before asking it again.
        this.health.unavailableUntil = Date.now() + REDIS_RETRY_AFTER_MS;
        this.onFallback(error);
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
    return new RedisWithLocalFallbackStore(
      this.shared.child(routeOptions),
      this.local.child(routeOptions),
      this.redis,
      this.onFallback,
      this.health,
    );
  }
}

function redisWithLocalFallback(redis: Redis, app: FastifyInstance): FastifyRateLimitStoreCtor {
  let lastLoggedAt = 0;
  const health = { unavailableUntil: 0 };
  const logFallback = (error: unknown) => {
    // One line a minute is enough to notice.
    if (Date.now() - lastLoggedAt < 60_000) return;
    lastLoggedAt = Date.now();
    app.log.warn({ err: error }, 'rate-limit Redis unavailable; counting in this process until it is back');
  };
  return class extends RedisWithLocalFallbackStore {
    // The plugin passes its global options, these two among them.
    constructor({
      continueExceeding = false,
      exponentialBackoff = false,
    }: FastifyRateLimitOptions & { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisStore(continueExceeding, exponentialBackoff, redis, REDIS_KEY_PREFIX),
        new LocalStore(continueExceeding, exponentialBackoff),
        redis,
        logFallback,
        health,
      );
    }
  };
}

const REDIS_KEY_PREFIX = 'portal:rate-limit:';

/**
 * How long Redis may take (a Redis that accepted connections but stopped answering once made
 * every login hang): to connect, and to answer a command (it answers in well under a
 * millisecond on a local network). After a failure the limits are counted in this process for
 * REDIS_RETRY_AFTER_MS before Redis is asked again.
 */
export const REDIS_TIMEOUTS = { connectMs: 2_000, commandMs: 500 } as const;
const REDIS_RETRY_AFTER_MS = 5_000;

async function connectRedis(app: FastifyInstance, url: string) {
  // ioredis (about 20 MB once loaded) only where REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast while disconnected instead of queueing: a login must not wait for Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
  });
  // ioredis retries for ever and reports each failure; the store logs the fallback instead.
  redis.on('error', () => {});
  // connect() waits for Redis to say it is ready, which a Redis that does not answer never does:
  // start without it, and count in this process until it is.
  const timer = new AbortController();
  await Promise.race([
    redis.connect().catch(() => {}),
    setTimeout(REDIS_TIMEOUTS.connectMs, undefined, { signal: timer.signal }).catch(() => {}),
  ]);
  timer.abort();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** The limit of every account route: AUTH_RATE_LIMIT attempts per client address per 15 minutes. */
export const authRateLimit = (config: Config): RateLimitOptions => ({
  max: config.auth.rateLimit,
  timeWindow: AUTH_RATE_LIMIT_WINDOW_MS,
});

/**
 * Sign-ins from one address may be this many times AUTH_RATE_LIMIT (200 in 15 minutes by default):
 * a seminar's hundred members behind the venue's one address sign in together, while guesses at
 * any one account stay limited by the per-account counts below (decision 009).
 */
export const LOGIN_ADDRESS_LIMIT_FACTOR = 10;

export const loginAddressRateLimit = (config: Config): RateLimitOptions => ({
  max: config.auth.rateLimit * LOGIN_ADDRESS_LIMIT_FACTOR,
  timeWindow: AUTH_RATE_LIMIT_WINDOW_MS,
});

/** How long a login for an e-mail that many addresses have guessed at is held before it is checked. */
export const LOGIN_SLOWDOWN_MS = 2_000;

/**
 * The login's limits beyond the per-address one (decision 009): AUTH_RATE_LIMIT attempts per
 * e-mail from one address (then 429), and past AUTH_RATE_LIMIT attempts per e-mail from all
 * addresses together, each attempt is slowed down but never refused, so guesses spread over many
 * addresses cannot lock the real owner out. Returns a preHandler (the body is validated by then).
 * Keys are hashed: no e-mail addresses in Redis.
 */
export function loginRateLimits(app: FastifyInstance, config: Config) {
  const limit = { max: config.auth.rateLimit, timeWindow: AUTH_RATE_LIMIT_WINDOW_MS };
  const accountOf = (request: FastifyRequest) => hashedKey((request.body as { email: string }).email);
  const perAccountAndAddress = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `login:${accountOf(request)}:${request.ip}`,
  });
  const perAccount = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `login:${accountOf(request)}`,
  });
  return async (request: FastifyRequest) => {
    const fromThisAddress = await perAccountAndAddress(request);
    if (!fromThisAddress.isAllowed && fromThisAddress.isExceeded) throw rateLimited();
    const fromEverywhere = await perAccount(request);
    if (!fromEverywhere.isAllowed && fromEverywhere.isExceeded) await setTimeout(LOGIN_SLOWDOWN_MS);
  };
}

/** A counter key that names what it counts without storing it (no e-mail addresses in Redis). */
const hashedKey = (value: string) => createHash('sha256').update(value).digest('base64url').slice(0, 22);

/**
 * A limit keyed by what the request is about (the e-mail a confirmation is re-sent to), on top of
 * the route's per-address one. Returns a preHandler (the body is validated by then).
 */
export function perEmailRateLimit(app: FastifyInstance, config: Config, scope: string) {
  return (keyOf: (request: FastifyRequest) => string) => {
    const check = app.createRateLimit({
      max: config.auth.rateLimit,
      timeWindow: AUTH_RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) => `${scope}:${hashedKey(keyOf(request))}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw rateLimited();
    };
  };
}
