import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors';

/**
 * The one error handler: every failure leaves as `{ error, message?, code? }`. Validation errors
 * name the field's message; 5xx text is never shown to the client.
 */
export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { code, message } = error.options;
      return reply.status(error.statusCode).send({ error: error.error, message, code });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((issue) => issue.message);
      const fields = error.validation.map(
        (issue) =>
          `${issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext}: ${issue.message}`,
      );
      return reply.status(400).send({
        error: messages[0] ?? 'Invalid request',
        message: fields.join('; '),
        code: 'validation_error',
      });
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
