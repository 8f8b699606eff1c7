import {
  FIELD_TOO_LONG_MESSAGE,
  IMAGE_MESSAGES,
  MAX_IMAGES_PER_REQUEST,
  tooManyImagesMessage,
} from '@portal/shared';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { type ZodObject, ZodPipe, z } from 'zod';
import { AppError, badRequest, fieldName, validationError } from './errors';

/** `representatives[0][firstName]`: a name, then indexes or keys in brackets. */
const BRACKETED_NAME = /^([A-Za-z_]\w*)((?:\[\w+\])+)$/;
/** The most items a bracketed list may hold: more is a malformed form, not a long list. */
const MAX_BRACKETED_INDEX = 50;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * A part's name as every refusal names a field: the dotted path of a Zod issue
 * (`representatives[1][avatar]` is `representatives.1.avatar`), so that a form finds its field by
 * one name whether the schema, the upload pipeline or the multipart limits refused it.
 */
export function fieldPathOf(partName: string): string {
  const match = BRACKETED_NAME.exec(partName);
  if (!match) return partName;
  const keys = [...(match[2] as string).matchAll(/\[(\w+)\]/g)].map((m) => m[1] as string);
  return [match[1] as string, ...keys].join('.');
}

/**
 * Fields named as a browser form names lists of records (`representatives[0][firstName]`, spec
 * 000 §7) nested into the shape the schema reads (`representatives: [{ firstName }]`), so their
 * messages name `representatives.0.firstName` as the form does. A numeric segment makes a list.
 * Only word characters are accepted in brackets, so no name can reach an object's prototype.
 */
export function nestBracketedFields(fields: Record<string, unknown>): Record<string, unknown> {
  const malformed = () => badRequest('The form data could not be read', 'malformed_form');
  const nested: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const match = BRACKETED_NAME.exec(name);
    if (!match) {
      nested[name] = value;
      continue;
    }
    const keys = [
      match[1] as string,
      ...[...(match[2] as string).matchAll(/\[(\w+)\]/g)].map((m) => m[1] as string),
    ];
    if (keys.some((key) => UNSAFE_KEYS.has(key))) throw malformed();
    let container: Record<string, unknown> | unknown[] = nested;
    keys.forEach((key, depth) => {
      const isIndex = /^\d+$/.test(key);
      // An index goes into a list, a name into a record; anything else is not a form a page sends.
      if (isIndex !== Array.isArray(container) || (isIndex && Number(key) >= MAX_BRACKETED_INDEX)) {
        throw malformed();
      }
      const slot = container as Record<string, unknown>;
      if (depth === keys.length - 1) {
        slot[key] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(keys[depth + 1] as string);
      slot[key] ??= nextIsIndex ? [] : {};
      const next = slot[key];
      if (typeof next !== 'object' || next === null) throw malformed();
      container = next as Record<string, unknown> | unknown[];
    });
  }
  // A list sent with a gap (items 0 and 2) keeps its hole; the schema then names the missing item.
  return nested;
}

/**
 * A multipart form route: its text fields validated by the same shared Zod schema a JSON route
 * uses (and with the same 400 naming the fields), its files by field name. A route declares it
 * in a few lines:
 *
 *   const form = multipartForm(boardMemberCreateSchema, { files: { image: 1 } });
 *   app.post(path, { config: { access: 'staff', roles: STAFF_AREAS.news }, validatorCompiler: form.validatorCompiler,
 *     schema: { ...form.schema, response } }, async (request) => {
 *       const { fields, files } = await form.read(request);   // files.image: Buffer[]
 *   });
 *
 * The body is read in the handler, which runs after the access check (plugins/access.ts), so a
 * guest's upload is refused before a byte of it is parsed. Fastify's body validation would run
 * before the handler, on a body not read yet, so `validatorCompiler` leaves the body to `read`.
 * The plugin's limits (app.ts) bound each file (5 MB), the fields and the parts; every part is
 * read to its end, even after an error, so the connection is left clean for the answer.
 */
export function multipartForm<Schema extends ZodObject | ZodPipe<ZodObject>, FileField extends string>(
  /** The text fields: an object, or an object piped into the rules between its fields. */
  fieldsSchema: Schema,
  /**
   * Each file field of the form with the most files it takes (all together at most 10), and what
   * a file over 5 MB is told when the form's files are not images (a proof of payment may be a PDF).
   */
  {
    files: fileCounts,
    tooLargeMessage = IMAGE_MESSAGES.tooLarge,
  }: { files: Record<FileField, number>; tooLargeMessage?: string },
) {
  const fileFields = Object.keys(fileCounts) as FileField[];
  const maxFiles = Math.min(
    MAX_IMAGES_PER_REQUEST,
    fileFields.reduce((sum, field) => sum + fileCounts[field], 0),
  );
  // Named when the form has one file field, so a form can show the refusal beside it.
  const onlyFileField = fileFields.length === 1 ? fieldPathOf(fileFields[0] as string) : undefined;

  /** The plugin's and busboy's errors in the API's error shape. */
  function toClientError(error: unknown, fileField?: string): AppError {
    if (error instanceof AppError) return error;
    switch ((error as { code?: string }).code) {
      case 'FST_REQ_FILE_TOO_LARGE':
        // spec 000 §5's exact message for images, unless the form says its own.
        return new AppError(413, tooLargeMessage, {
          code: 'file_too_large',
          field: fileField ? fieldPathOf(fileField) : onlyFileField,
        });
      case 'FST_FILES_LIMIT':
        return new AppError(400, tooManyImagesMessage(maxFiles), {
          code: 'too_many_files',
          field: onlyFileField,
        });
      case 'FST_FIELDS_LIMIT':
      case 'FST_PARTS_LIMIT':
        return new AppError(413, 'Too many fields in the form', { code: 'too_many_fields' });
      default:
        // Malformed multipart data, a prototype field name, a request cut short: the client's doing.
        return badRequest('The form data could not be read', 'malformed_form');
    }
  }

  async function readParts(request: FastifyRequest) {
    if (!request.isMultipart()) {
      throw new AppError(415, 'The form must be sent as multipart/form-data', {
        code: 'unsupported_media_type',
      });
    }
    const fields: Record<string, unknown> = {};
    /** Fields cut at the plugin's size limit: refused once the schema has named their limit. */
    const truncated = new Set<string>();
    const files = Object.fromEntries(fileFields.map((field) => [field, [] as Buffer[]])) as Record<
      FileField,
      Buffer[]
    >;
    let failure: unknown = null;
    try {
      for await (const part of request.parts({ limits: { files: maxFiles } })) {
        if (part.type === 'file') {
          const field = part.fieldname as FileField;
          if (failure || !fileFields.includes(field)) {
            failure ??= badRequest(`Unexpected file field: ${part.fieldname}`);
            part.file.resume();
            continue;
          }
          try {
            const buffer = await part.toBuffer();
            // A form whose file input was left empty still sends the part, nameless and empty.
            if (buffer.length === 0 && !part.filename) continue;
            if (files[field].length >= fileCounts[field]) {
              failure = new AppError(400, tooManyImagesMessage(fileCounts[field]), {
                code: 'too_many_files',
                field: fieldPathOf(field),
              });
              continue;
            }
            files[field].push(buffer);
          } catch (error) {
            // toBuffer() reads a too-large file to its end before it throws; the refusal names
            // the file's field, so a form with several pickers shows it on the right one.
            failure = toClientError(error, field);
          }
        } else if (!failure) {
          // A value cut at the limit is still far longer than any field's own limit: the schema
          // refuses it below with that field's message ('About must be at most 5000 characters').
          if (part.valueTruncated) truncated.add(fieldPathOf(part.fieldname));
          const previous = fields[part.fieldname];
          fields[part.fieldname] =
            previous === undefined
              ? part.value
              : [...(Array.isArray(previous) ? previous : [previous]), part.value];
        }
      }
    } catch (error) {
      // The iterator ends by throwing the limit error it met (a file too large, too many files…).
      failure ??= error;
    }
    if (failure) throw toClientError(failure);
    return { fields, files, truncated };
  }

  const skipBody: FastifySchemaCompiler<unknown> = (route) =>
    route.httpPart === 'body'
      ? () => ({ value: undefined })
      : validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);

  return {
    /** For the route's `schema`: documents the text fields and the files in OpenAPI. */
    schema: {
      consumes: ['multipart/form-data'],
      body: (fieldsSchema instanceof ZodPipe
        ? (fieldsSchema.in as ZodObject)
        : (fieldsSchema as ZodObject)
      ).extend(
        Object.fromEntries(
          fileFields.map((field) => [
            field,
            fileCounts[field] === 1
              ? z.file().optional()
              : z.array(z.file()).max(fileCounts[field]).optional(),
          ]),
        ),
      ),
    },
    validatorCompiler: skipBody,

    /** Reads the form: its text fields validated by the schema (400 naming them), its files by field. */
    async read(
      request: FastifyRequest,
    ): Promise<{ fields: z.output<Schema>; files: Record<FileField, Buffer[]> }> {
      const { fields, files, truncated } = await readParts(request);
      const result = fieldsSchema.safeParse(nestBracketedFields(fields));
      const issues = (result.error?.issues ?? []).map((issue) => ({
        field: fieldName(issue.path, 'body'),
        message: issue.message,
      }));
      // A field cut short is never accepted, even by a schema that sets no limit of its own.
      for (const field of truncated) {
        if (!issues.some((issue) => issue.field === field)) {
          issues.push({ field, message: FIELD_TOO_LONG_MESSAGE });
        }
      }
      if (!result.success || issues.length > 0) throw validationError(issues);
      return { fields: result.data as z.output<Schema>, files };
    },
  };
}
