// The stores @fastify/rate-limit picks itself, used by plugins/rate-limit.ts to fall back from
// Redis to memory per request; the package ships no types for them.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';

  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  export default class RedisStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): RedisStore;
  }
}

declare module '@fastify/rate-limit/store/LocalStore.js' {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  export default class LocalStore {
    constructor(continueExceeding: boolean, exponentialBackoff: boolean, cache?: number);
    incr(key: string, callback: Callback, timeWindow: number, max: number): void;
    child(routeOptions: object): LocalStore;
  }
}
