import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { IMAGE_MAX_BYTES, MAX_IMAGES_PER_REQUEST, maskPrcNumber, siteConfig } from '@portal/shared';
import Fastify, { type FastifyServerOptions, LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiDocsOptions } from './api-docs';
import type { Config } from './config';
import { type DatabaseHandle, isDatabaseBusy } from './db/client';
import { createImageUploads } from './lib/images';
import { zodSerializerCompiler } from './lib/json-serializer';
import { mailWorkerPlugin } from './lib/mail/mail-worker-plugin';
import { requestIdFor } from './lib/request-id';
import { createStorage } from './lib/storage';
import { keyFor, loadOrCreateJwtSecret } from './lib/tokens';
import { announcementRoutes } from './modules/announcements/routes';
import { auditRoutes } from './modules/audit/routes';
import { ACCESS_COOKIE } from './modules/auth/cookies';
import { authRoutes } from './modules/auth/routes';
import { sessionPlugin } from './modules/auth/session-plugin';
import { boardRoutes } from './modules/board/routes';
import { certificateRoutes, cpdRoutes } from './modules/cpd/routes';
import { dashboardRoutes } from './modules/dashboard/routes';
import { directoryRoutes } from './modules/directory/routes';
import { documentRoutes } from './modules/documents/routes';
import { moveProofsToPrivateFiles } from './modules/dues';
import { createPaymentProvider } from './modules/dues/providers/payment-provider';
import { duesRoutes } from './modules/dues/routes';
import { eventCalendarRoutes, eventRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { jobsPlugin } from './modules/jobs';
import { meetingAfterRoutes, meetingRoutes } from './modules/meetings';
import { cardVerifyRoutes, memberCardRoutes } from './modules/member-cards/routes';
import { userInGoodStanding } from './modules/membership-standing';
import { applicationRoutes } from './modules/memberships/application-routes';
import { membershipRoutes } from './modules/memberships/routes';
import { newsRoutes } from './modules/news/routes';
import { breachRoutes } from './modules/privacy/breach-routes';
import { privacyRequestRoutes } from './modules/privacy/request-routes';
import { privacyRoutes } from './modules/privacy/routes';
import { representativeRoutes } from './modules/representatives/routes';
import { searchRoutes } from './modules/search/routes';
import { sitePreviewRoutes } from './modules/site-previews/routes';
import { withPageTags } from './modules/site-previews/service';
import { speakerRoutes } from './modules/speakers/routes';
import { adminUserRoutes } from './modules/users/admin-routes';
import { pictureRoutes } from './modules/users/picture-routes';
import { movePicturesToPrivateFiles } from './modules/users/private-pictures';
import { profileRoutes } from './modules/users/profile-routes';
import { accessPlugin } from './plugins/access';
import { allowedMethodsPlugin } from './plugins/allowed-methods';
import {
  answerClientError,
  enforceMinimumBodyRate,
  limitConnectionsPerAddress,
  SERVER_TIMEOUTS,
} from './plugins/connection-limits';
import { crossSitePlugin } from './plugins/cross-site';
import { errorHandlerPlugin } from './plugins/error-handler';
import { metricsPlugin } from './plugins/metrics';
import { rateLimitPlugin } from './plugins/rate-limit';
import { webAppPlugin } from './plugins/web-app';

export type AppDependencies = {
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
};

/**
 * What no log line prints in full (decision 066): a PRC licence number under its field's name, at
 * any depth a log call is likely to put it, is masked as lists show it ('•••••67').
 */
export const LOG_REDACTION = {
  paths: ['prc_number', '*.prc_number', '*.*.prc_number', '*.*.*.prc_number'],
  censor: (value: unknown) => (typeof value === 'string' ? maskPrcNumber(value) : value),
};

/** The logger's options with the redaction above; `false` stays off. */
const withRedaction = (logger: FastifyServerOptions['logger'], level: string) => {
  if (logger === false) return false;
  const options = typeof logger === 'object' && logger !== null ? logger : { level };
  return { ...options, redact: LOG_REDACTION };
};

/** Builds the whole server; `main.ts` and the tests build it the same way. */
export async function buildApp(config: Config, { database, logger }: AppDependencies) {
  const app = Fastify({
    logger: withRedaction(logger, config.logLevel),
    // Fastify logs two lines per request (received, answered); one, once answered, says it all at
    // half the cost (each line is a write to stdout).
    logController: new LogController({ disableRequestLogging: true }),
    // A number of hops goes as the function Fastify makes of one (its types take no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // The proxy's id when it is sane (lib/request-id.ts), so logs follow a request end to end.
    requestIdHeader: false,
    genReqId: requestIdFor,
    bodyLimit: 1_048_576,
    // Node checks the headers and request timeouts this often (30 s by default).
    http: { connectionsCheckingInterval: SERVER_TIMEOUTS.checkEveryMs },
    connectionTimeout: SERVER_TIMEOUTS.idleMs,
    requestTimeout: SERVER_TIMEOUTS.requestMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveMs,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.headersTimeout = SERVER_TIMEOUTS.headersMs;
  app.server.maxConnections = config.maxConnections;
  enforceMinimumBodyRate(app.server);
  if (config.trustProxy === false && config.maxConnectionsPerAddress > 0) {
    limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress);
  }

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Answered before its body came in (401, 403, 413, 429): Node would keep reading the rest to
    // reuse the connection, for as long as a slow client cares to send it. Closing is the answer's
    // last word instead (docs/decisions/029).
    if (!request.raw.complete) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  });

  await app.register(errorHandlerPlugin);
  // Before every route, so each one is counted.
  await app.register(metricsPlugin, { config, database });
  await app.register(allowedMethodsPlugin);
  // Helmet's security headers, strict Content-Security-Policy included, on every answer.
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and React set style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: too: gallery images given by address (docs/decisions/022-url-images-under-the-csp.md).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // The check-in page's QR reader decodes in a worker it builds from a blob (decision 053).
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The site links out to partner websites and opens documents in new tabs.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  // Before compression, so the tag is of the answer itself (the same for every encoding, weak).
  await app.register(fastifyEtag, { weak: true });
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(accessPlugin, {
    inGoodStanding: (userId) => userInGoodStanding(database.db, userId),
  });
  await app.register(crossSitePlugin, { config });
  const jwtSecret = loadOrCreateJwtSecret(config);
  // Signed cookies (a guest's visitor id, modules/news/routes.ts) use a key of their own.
  await app.register(fastifyCookie, { secret: keyFor(jwtSecret, 'signed cookies') });
  // Hard limits for every multipart form (lib/multipart.ts): a form may lower the count of files
  // (a gallery takes up to 10), and every file field of the API takes an image of at most 5 MB
  // (spec 000 §5).
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: MAX_IMAGES_PER_REQUEST,
      // The membership form: 8 fields and 5 per representative, with room to refuse a list too long
      // by its own rule rather than by this limit.
      fields: 50,
      fieldSize: 100_000,
      fieldNameSize: 100,
      parts: 60,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  // Before any route: the limiter attaches itself to the routes that ask for it as they are added.
  await app.register(rateLimitPlugin, { config });

  await app.register(
    fastifySwagger,
    apiDocsOptions({
      title: `${siteConfig.acronym} portal API`,
      publicUrl: config.publicUrl,
      sessionCookie: ACCESS_COOKIE,
    }),
  );
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = database;
  // Before the routes that queue mail, so they can wake the worker after they commit.
  await app.register(mailWorkerPlugin, { db, config });
  const authContext = { db, config, jwtSecret };
  await app.register(sessionPlugin, authContext);
  const storage = createStorage(config.storage);
  app.addHook('onClose', async () => storage.close());
  const images = createImageUploads({ storage, log: app.log });

  await app.register(healthRoutes, { prefix: '/api', database, storage });
  await app.register(authRoutes, { prefix: '/api/auth', ...authContext });
  await app.register(eventRoutes, {
    prefix: '/api/events',
    db,
    images,
    publicUrl: config.publicUrl,
    secrets: config,
  });
  await app.register(eventCalendarRoutes, { db, publicUrl: config.publicUrl });
  await app.register(speakerRoutes, { prefix: '/api/speakers', db, images });
  await app.register(newsRoutes, { prefix: '/api/news', db, images, config });
  await app.register(searchRoutes, { prefix: '/api', db });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard', db });
  await app.register(boardRoutes, { prefix: '/api/boards', db, images });
  await app.register(applicationRoutes, { prefix: '/api/users', db, images });
  await app.register(profileRoutes, { prefix: '/api/users', ...authContext, images });
  await app.register(representativeRoutes, { prefix: '/api/reps', db, images });
  await app.register(adminUserRoutes, { prefix: '/api/users', db, images, config });
  await app.register(auditRoutes, { prefix: '/api/users', db });
  await app.register(pictureRoutes, { prefix: '/api', db, storage });
  await app.register(announcementRoutes, {
    prefix: '/api/announcements',
    db,
    publicUrl: config.publicUrl,
    jwtSecret,
  });
  await app.register(privacyRoutes, { prefix: '/api', db, storage });
  await app.register(breachRoutes, {
    prefix: '/api/privacy/admin/breaches',
    db,
    publicUrl: config.publicUrl,
  });
  await app.register(privacyRequestRoutes, { prefix: '/api', db, images, publicUrl: config.publicUrl });
  await app.register(membershipRoutes, { prefix: '/api/memberships', db, config });
  const paymentProvider = config.paymentProvider ? createPaymentProvider(config.paymentProvider) : null;
  await app.register(duesRoutes, { prefix: '/api/dues', db, config, storage, provider: paymentProvider });
  // Proofs kept as public uploads before decision 066 become private files before the first
  // request is answered; a storage that cannot be read then stops the start rather than leave them.
  // A database that does not answer yet does not: the server starts as before, answering 503
  // while it waits (the readiness check), and the next start moves them.
  app.addHook('onReady', async () => {
    try {
      await moveProofsToPrivateFiles(db, storage, app.log);
      // Members' avatars, logos and representatives' photos likewise (decision 066).
      await movePicturesToPrivateFiles(db, storage, app.log);
    } catch (error) {
      if (!isDatabaseBusy(error)) throw error;
      app.log.warn({ err: error }, 'Private files not moved yet: the database did not answer');
    }
  });
  await app.register(memberCardRoutes, { prefix: '/api/members', ...authContext });
  await app.register(cardVerifyRoutes, { prefix: '/api', db, config });
  await app.register(cpdRoutes, { prefix: '/api/cpd', db, config, storage });
  await app.register(certificateRoutes, { prefix: '/api/certificates', db, config });
  // The annual meeting and the election of trustees (docs/decisions/071).
  await app.register(meetingRoutes, { prefix: '/api', db, config, images, storage });
  // After the meeting: the board, the officers, the minutes, the certificate (decision 078).
  await app.register(meetingAfterRoutes, { prefix: '/api', db, storage });
  await app.register(directoryRoutes, { prefix: '/api', db, config, storage });
  // Everything on a clock: mail, housekeeping, the dues' day, the events job, online payments.
  await app.register(jobsPlugin, {
    db,
    config,
    embeddedDatabase: database.kind === 'pglite',
    provider: paymentProvider,
    storage,
  });

  await app.register(webAppPlugin, {
    config,
    storage,
    editPrerenderedPage: (html, path) => withPageTags(html, config, path),
  });
  await app.register(sitePreviewRoutes, { config, db, storage });
  // After the web app: the downloads are sent with the reply.sendFile it registers.
  await app.register(documentRoutes, { config });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
