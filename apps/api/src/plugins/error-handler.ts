import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseBusy } from '../db/client';
import { AppError, validationError } from '../lib/errors';

export const DATABASE_BUSY_MESSAGE = 'The service is busy. Please try again in a moment.';
const BUSY_RETRY_AFTER_SECONDS = 5;

/**
 * The one error handler: every failure leaves as `{ error, message?, code?, field?, fields? }`.
 * Validation errors name their fields (lib/errors.ts `validationError`); 5xx text is never shown
 * to the client.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const failure = hasZodFastifySchemaValidationErrors(error)
      ? validationError(
          error.validation.map((issue) => ({
            // '/representatives/0/firstName' -> 'representatives.0.firstName'; the part's name
            // ('body', 'querystring', 'params') when the whole part is wrong.
            field:
              issue.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
              (error.validationContext ?? 'body'),
            message: issue.message ?? 'Invalid value',
          })),
        )
      : error;

    if (failure instanceof AppError) {
      const { code, message, field, fields } = failure.options;
      return reply.status(failure.statusCode).send({ error: failure.error, message, code, field, fields });
    }

    if (isDatabaseBusy(error)) {
      request.log.warn({ err: error }, 'database busy or unavailable');
      return reply
        .status(503)
        .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        .send({ error: DATABASE_BUSY_MESSAGE, code: 'database_busy' });
    }

    const statusCode = error.statusCode ?? 500;
    if (statusCode < 500) {
      // Fastify's own client errors: malformed JSON, unsupported media type, body too large…
      return reply.status(statusCode).send({ error: error.message, code: error.code?.toLowerCase() });
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(statusCode).send({ error: 'Internal server error', code: 'internal_error' });
  });
});
