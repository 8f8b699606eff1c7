import { createHash } from 'node:crypto';
import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { RATE_LIMITED_MESSAGE } from '@portal/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/** The window of the account limits (config.ts AUTH_RATE_LIMIT: attempts per 15 minutes). */
export const AUTH_RATE_LIMIT_WINDOW_MS = 15 * 60_000;

const rateLimited = () => new AppError(429, RATE_LIMITED_MESSAGE, { code: 'rate_limited' });

/**
 * Rate limits for the routes that guess at accounts (ARCHITECTURE.md "Brute force"). Nothing is
 * limited unless its route asks (`config.rateLimit`), so health checks and lists never are.
 * Counters live in Redis when REDIS_URL is set, so every API process counts together; otherwise in
 * this process's memory. If Redis is unreachable the limits are skipped rather than refusing every
 * sign-in: an outage of the counter store should not lock members out (argon2 still slows guessing).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const redis = config.redisUrl ? await connectRedis(app, config.redisUrl) : undefined;
    await app.register(fastifyRateLimit, {
      global: false,
      redis,
      nameSpace: 'portal:rate-limit:',
      skipOnError: true,
      errorResponseBuilder: () => rateLimited(),
    });
  },
  { name: 'rate-limit' },
);

async function connectRedis(app: FastifyInstance, url: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    // Fail fast while disconnected instead of queueing: a login must not wait for Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
  });
  let lastLoggedAt = 0;
  redis.on('error', (error) => {
    // ioredis retries for ever; one line a minute is enough to notice.
    if (Date.now() - lastLoggedAt < 60_000) return;
    lastLoggedAt = Date.now();
    app.log.warn({ err: error }, 'rate-limit Redis unavailable; limits are skipped until it is back');
  });
  await redis.connect().catch(() => {});
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
 * A second limit keyed by what the request is about (the e-mail of a login), so guesses spread
 * over many addresses against one account are limited too. Returns a preHandler (the body is
 * parsed and validated by then). The key is hashed: no e-mail addresses in Redis.
 */
export function perEmailRateLimit(app: FastifyInstance, config: Config, scope: string) {
  return (keyOf: (request: FastifyRequest) => string) => {
    const check = app.createRateLimit({
      max: config.auth.rateLimit,
      timeWindow: AUTH_RATE_LIMIT_WINDOW_MS,
      keyGenerator: (request) =>
        `${scope}:${createHash('sha256').update(keyOf(request)).digest('base64url').slice(0, 22)}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw rateLimited();
    };
  };
}
