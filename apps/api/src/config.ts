import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteConfig } from '@portal/shared';
import { z } from 'zod';

/** Where the repository's built web app and documents live, whether run from src/ or dist/. */
const apiRoot = fileURLToPath(new URL('..', import.meta.url));

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, parsed once at start. README.md documents each
 * one; a bad value stops the server with a message naming the variable.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SEED_DEMO_CONTENT: booleanString.default(true),
  DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
  TRUST_PROXY: booleanString.default(false),
  /** Open connections one client address may hold (0: no bound; not applied behind TRUST_PROXY). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
  WEB_DIST_DIR: z.string().min(1).default(resolve(apiRoot, '../web/dist')),
  DOCUMENTS_DIR: z.string().min(1).default(resolve(apiRoot, 'content/documents')),
  /** Signs access tokens; generated into DATA_DIR on first start when unset (every process behind
   * a load balancer must then share DATA_DIR or be given the same value). */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Attempts per client address per 15 minutes on login, register, confirmation, forgot and reset. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(20),
});

export type Config = ReturnType<typeof loadConfig>;

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env) {
  // Unset and empty mean the same thing in a shell's `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ''));
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const dataDir = resolve(env.DATA_DIR);
  return {
    environment: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    dataDir,
    database: env.DATABASE_URL
      ? ({ kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } as const)
      : ({ kind: 'pglite', dataDir: resolve(dataDir, 'pglite') } as const),
    uploadsDir: resolve(dataDir, 'uploads'),
    seedDemoContent: env.SEED_DEMO_CONTENT,
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD,
    trustProxy: env.TRUST_PROXY,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    webDistDir: resolve(env.WEB_DIST_DIR),
    documentsDir: resolve(env.DOCUMENTS_DIR),
    outboxDir: resolve(dataDir, 'outbox'),
    auth: {
      jwtSecret: env.JWT_SECRET,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      rateLimit: env.AUTH_RATE_LIMIT,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `"${siteConfig.name}" <${siteConfig.secretariatEmail}>`,
    },
    redisUrl: env.REDIS_URL,
  };
}

export function isWebAppBuilt(config: Config): boolean {
  return existsSync(resolve(config.webDistDir, 'index.html'));
}
