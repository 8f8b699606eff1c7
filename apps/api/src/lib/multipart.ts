import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ZodObject, z } from 'zod';
import { AppError, badRequest } from './errors';

/**
 * Multipart forms: the text fields and the files of one request, read in the route handler,
 * which runs after the access check, so a guest's upload is refused before a byte is parsed.
 * The plugin's limits (app.ts) bound the file size, the number of files, fields and parts and
 * the size of a field; every part is read to its end, even after an error, so the connection is
 * left clean for the answer.
 */

export type MultipartForm = {
  /** Text fields by name; a repeated field becomes a list. */
  fields: Record<string, unknown>;
  /** Files by field name, each a buffer of at most the plugin's `fileSize`. */
  files: Record<string, Buffer[]>;
};

type ReadOptions = {
  /** The file fields the form has; a file under any other name is refused. */
  fileFields: readonly string[];
  /** Lower limits than the plugin's defaults for this form. */
  limits?: { files?: number; fields?: number; fieldSize?: number };
};

export async function readMultipartForm(
  request: FastifyRequest,
  options: ReadOptions,
): Promise<MultipartForm> {
  if (!request.isMultipart()) {
    throw new AppError(415, 'The form must be sent as multipart/form-data', {
      code: 'unsupported_media_type',
    });
  }
  const fields: Record<string, unknown> = {};
  const files: Record<string, Buffer[]> = {};
  let failure: unknown = null;
  try {
    // `{ limits: undefined }` would replace the plugin's limits in its deep merge, not keep them.
    for await (const part of request.parts(options.limits ? { limits: options.limits } : {})) {
      if (part.type === 'file') {
        if (failure || !options.fileFields.includes(part.fieldname)) {
          failure ??= badRequest(`Unexpected file field: ${part.fieldname}`);
          part.file.resume();
          continue;
        }
        try {
          const buffer = await part.toBuffer();
          // A form whose file input was left empty still sends the part, nameless and empty.
          if (buffer.length === 0 && !part.filename) continue;
          files[part.fieldname] = [...(files[part.fieldname] ?? []), buffer];
        } catch (error) {
          // toBuffer() reads a too-large file to its end before it throws.
          failure = error;
        }
      } else if (!failure) {
        if (part.valueTruncated) {
          failure = badRequest(`${part.fieldname} is too long`, 'field_too_long');
          continue;
        }
        const previous = fields[part.fieldname];
        fields[part.fieldname] =
          previous === undefined
            ? part.value
            : [...(Array.isArray(previous) ? previous : [previous]), part.value];
      }
    }
  } catch (error) {
    // The iterator ends by throwing the limit error it met (a file too large, too many parts…).
    failure ??= error;
  }
  if (failure) throw toClientError(failure);
  return { fields, files };
}

/** The plugin's and busboy's errors in the API's error shape. */
function toClientError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      // spec 000 §5's exact message; every file field of the API is an image.
      return new AppError(413, 'Image file size must be less than 5MB.', { code: 'file_too_large' });
    case 'FST_FILES_LIMIT':
      return new AppError(413, 'Too many files in the form', { code: 'too_many_files' });
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return new AppError(413, 'Too many fields in the form', { code: 'too_many_fields' });
    default:
      // Malformed multipart data, a prototype field name, a request cut short: the client's doing.
      return badRequest('The form data could not be read', 'malformed_form');
  }
}

/**
 * Validates the text fields with a shared schema: a 400 naming the first field's message, in the
 * shape the error handler gives a schema validation error.
 */
export function parseFormFields<Schema extends ZodObject>(
  schema: Schema,
  fields: Record<string, unknown>,
): z.output<Schema> {
  const result = schema.safeParse(fields);
  if (!result.success) {
    const { issues } = result.error;
    throw new AppError(400, issues[0]?.message ?? 'Invalid form', {
      code: 'validation_error',
      message: issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; '),
    });
  }
  return result.data;
}

/**
 * Route options that document a multipart form in OpenAPI (its text fields from the shared
 * schema, its files as binary) while leaving the body to `readMultipartForm`: Fastify's body
 * validation would run before the handler, on a body that has not been read yet.
 */
export function multipartFormRoute(fields: ZodObject, fileFields: readonly string[]) {
  const body = fields.extend(Object.fromEntries(fileFields.map((name) => [name, z.file().optional()])));
  const skipBody: FastifySchemaCompiler<unknown> = (route) =>
    route.httpPart === 'body'
      ? () => ({ value: undefined })
      : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
  return { consumes: ['multipart/form-data'], body, validatorCompiler: skipBody };
}
