/**
 * What `npm start` prints (scripts/start.mjs, apps/api/src/main.ts). In production (stdout is a
 * file or a log collector) every request is one JSON line at `info`; in a terminal a person reads
 * it, so only the banner, the progress lines and warnings show, unless LOG_LEVEL asks otherwise.
 */

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/** The logger's level: LOG_LEVEL when it is set, else `warn` in a terminal and `info` elsewhere. */
export function startLogLevel(
  configured: LogLevel,
  { explicit, terminal }: { explicit: boolean; terminal: boolean },
): LogLevel {
  if (explicit) return configured;
  return terminal ? 'warn' : configured;
}

export const STARTUP_LINES = {
  creatingDatabase: '  First start: creating the database (this takes a few seconds)…',
  seeding: '  First start: loading the demo content (members, events, pictures)…',
  quietRequests:
    '  Request logs are off in a terminal (warnings still show); set LOG_LEVEL=info to see every request.',
  demoGateway: (url: string) =>
    `  Demonstration payment gateway at ${url}: "Pay online" opens its page. No money changes hands.`,
} as const;
