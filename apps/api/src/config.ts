import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteConfig } from '@portal/shared';
import { z } from 'zod';
import type { PaymentProviderOptions } from './modules/dues/providers/payment-provider';

/** Where the repository's built web app and documents live, whether run from src/ or dist/. */
const apiRoot = fileURLToPath(new URL('..', import.meta.url));

const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/**
 * Every environment variable the server reads, parsed once at start. README.md documents each
 * one; a bad value stops the server with a message naming the variable.
 */
const environmentSchema = z
  .object({
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
    /** How long a request waits for a free database connection before it answers 503. */
    DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2_500),
    SEED_DEMO_CONTENT: booleanString.default(true),
    DEMO_ADMIN_PASSWORD: z.string().min(8).optional(),
    /**
     * The proxies in front of the server, whose X-Forwarded-For / -Proto are believed: `false`, a
     * number of hops (`true` is one: a single reverse proxy), or their addresses (`10.0.0.1,
     * 10.0.0.0/8`). Only the hops trusted are read, from the right, so a client cannot choose its
     * address by sending the header itself through a proxy that appends to it.
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context): false | number | string[] => {
        const text = value.trim();
        if (text === 'false' || text === '0') return false;
        if (text === 'true') return 1;
        if (/^\d{1,2}$/.test(text)) return Number(text);
        const addresses = text.split(',').map((address) => address.trim());
        if (addresses.every((address) => isIP(address.replace(/\/\d{1,3}$/, '')) !== 0)) return addresses;
        context.addIssue({
          code: 'custom',
          message:
            'must be false, true (one proxy), a number of proxies, or their addresses separated by commas',
        });
        return z.NEVER;
      }),
    /**
     * Open connections the process holds at most; more are closed at once (keep it under
     * `ulimit -n`). Above the 1,000 members the benchmark registers at once, each on its own
     * connection (docs/architecture.md "Speed and simplicity").
     */
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(1_000_000).default(4_000),
    /** Open connections one client address may hold (0: no bound; not applied behind TRUST_PROXY). */
    MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
    WEB_DIST_DIR: z.string().min(1).default(resolve(apiRoot, '../web/dist')),
    DOCUMENTS_DIR: z.string().min(1).default(resolve(apiRoot, 'content/documents')),
    /** Signs access tokens; generated into DATA_DIR on first start when unset (every process behind
     * a load balancer must then share DATA_DIR or be given the same value). */
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** A session ends this long after its sign-in however often it is refreshed (docs/decisions/058). */
    SESSION_ABSOLUTE_LIFETIME_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** How often each process runs the events job (docs/decisions/047): offers and holds pass on,
     * and reminders go out, within this of their time. */
    EVENTS_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
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
    /**
     * Looks per client address per minute at card verification pages (docs/decisions/043): a door
     * checks a handful; guessing tokens needs millions.
     */
    VERIFY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
    /** Uploads go to this S3-compatible bucket instead of DATA_DIR/uploads (docs/decisions/027). */
    S3_BUCKET: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens',
      )
      .optional(),
    /** The S3 API's address for a service other than AWS (MinIO, Ceph, Garage…); AWS's when unset. */
    S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** Both or neither; when unset the AWS SDK's usual sources (its environment variables, an instance role). */
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** `bucket` in the path, not the host name; true by default with S3_ENDPOINT (what other services expect). */
    S3_FORCE_PATH_STYLE: booleanString.optional(),
    /**
     * Online dues payments (docs/decisions/039-online-dues-payments.md): none by default, when
     * members pay by the statement's instructions and upload their proof.
     * `demo` serves the tests' stand-in gateway on 127.0.0.1 for trying "Pay online" on a first
     * start (`npm run demo:gateway`): a demonstration, refused with NODE_ENV=production.
     */
    PAYMENT_PROVIDER: z.enum(['none', 'paymongo', 'xendit', 'demo']).default('none'),
    PAYMONGO_SECRET_KEY: z.string().min(1).optional(),
    PAYMONGO_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** The gateway's API address: its own by default; a sandbox or the tests' fake otherwise. */
    PAYMENT_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
    XENDIT_SECRET_KEY: z.string().min(1).optional(),
    XENDIT_CALLBACK_TOKEN: z.string().min(1).optional(),
    /** Turns /metrics on, for requests bearing this token (docs/decisions/028). */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  })
  .superRefine((env, context) => {
    const requireWith = (variable: keyof typeof env, needed: keyof typeof env) => {
      if (env[variable] !== undefined && env[needed] === undefined) {
        context.addIssue({ code: 'custom', path: [needed], message: `is required when ${variable} is set` });
      }
    };
    for (const variable of [
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const) {
      requireWith(variable, 'S3_BUCKET');
    }
    requireWith('S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY');
    requireWith('S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID');
    const keysOf = {
      paymongo: ['PAYMONGO_SECRET_KEY', 'PAYMONGO_WEBHOOK_SECRET'],
      xendit: ['XENDIT_SECRET_KEY', 'XENDIT_CALLBACK_TOKEN'],
      none: [],
      demo: [],
    } as const;
    if (env.PAYMENT_PROVIDER === 'demo' && env.NODE_ENV === 'production') {
      context.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: DEMO_GATEWAY_REFUSED_IN_PRODUCTION,
      });
    }
    for (const key of keysOf[env.PAYMENT_PROVIDER]) {
      if (env[key] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: `is required when PAYMENT_PROVIDER is ${env.PAYMENT_PROVIDER}`,
        });
      }
    }
  });

/** Why PAYMENT_PROVIDER=demo does not start with NODE_ENV=production (it takes no money). */
export const DEMO_GATEWAY_REFUSED_IN_PRODUCTION =
  'demo is a demonstration gateway that takes no money: it cannot run with NODE_ENV=production (use npm run demo:gateway, which sets NODE_ENV=development)';

/** The demo gateway's made-up keys: it accepts any, as the tests' stand-in does. */
const DEMO_GATEWAY_KEYS = { secretKey: 'sk_test_demo_gateway', webhookSecret: 'whsk_demo_gateway' };

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
      ? ({
          kind: 'postgres',
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_MS,
        } as const)
      : ({ kind: 'pglite', dataDir: resolve(dataDir, 'pglite') } as const),
    uploadsDir: resolve(dataDir, 'uploads'),
    storage: env.S3_BUCKET
      ? ({
          kind: 's3',
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
        } as const)
      : ({ kind: 'disk', uploadsDir: resolve(dataDir, 'uploads') } as const),
    seedDemoContent: env.SEED_DEMO_CONTENT,
    demoAdminPassword: env.DEMO_ADMIN_PASSWORD,
    trustProxy: env.TRUST_PROXY,
    maxConnections: env.MAX_CONNECTIONS,
    maxConnectionsPerAddress: env.MAX_CONNECTIONS_PER_ADDRESS,
    webDistDir: resolve(env.WEB_DIST_DIR),
    documentsDir: resolve(env.DOCUMENTS_DIR),
    outboxDir: resolve(dataDir, 'outbox'),
    auth: {
      jwtSecret: env.JWT_SECRET,
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      sessionAbsoluteLifetimeDays: env.SESSION_ABSOLUTE_LIFETIME_DAYS,
      rateLimit: env.AUTH_RATE_LIMIT,
    },
    verifyRateLimit: env.VERIFY_RATE_LIMIT,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? `"${siteConfig.name}" <${siteConfig.secretariatEmail}>`,
    },
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    eventsJobIntervalMs: env.EVENTS_JOB_INTERVAL_SECONDS * 1000,
    paymentProvider: paymentProviderOf(env),
    /** PAYMENT_PROVIDER=demo: main.ts starts the stand-in gateway and points `paymentProvider` at it. */
    demoGateway: env.PAYMENT_PROVIDER === 'demo',
  };
}

/** The online payment gateway's settings, or null when members pay by the instructions only. */
function paymentProviderOf(env: z.infer<typeof environmentSchema>): PaymentProviderOptions | null {
  const apiUrl = env.PAYMENT_API_URL;
  switch (env.PAYMENT_PROVIDER) {
    case 'paymongo':
      return {
        name: 'paymongo',
        secretKey: env.PAYMONGO_SECRET_KEY as string,
        webhookSecret: env.PAYMONGO_WEBHOOK_SECRET as string,
        // A live key (sk_live_…) signs its webhooks in the `li` part.
        livemode: env.PAYMONGO_SECRET_KEY?.startsWith('sk_live_') ?? false,
        apiUrl,
      };
    case 'xendit':
      return {
        name: 'xendit',
        secretKey: env.XENDIT_SECRET_KEY as string,
        callbackToken: env.XENDIT_CALLBACK_TOKEN as string,
        apiUrl,
      };
    case 'demo':
      // Speaks PayMongo's API; main.ts sets apiUrl to the stand-in's address once it listens.
      return { name: 'paymongo', ...DEMO_GATEWAY_KEYS, livemode: false, apiUrl };
    case 'none':
      return null;
  }
}

export function isWebAppBuilt(config: Config): boolean {
  return existsSync(resolve(config.webDistDir, 'index.html'));
}
