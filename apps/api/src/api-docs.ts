import { STATUS_CODES } from 'node:http';
import type { SwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type Transform = NonNullable<Extract<SwaggerOptions, { transform?: unknown }>['transform']>;
type ResponseObject = Record<string, unknown> & { description?: string };

/** `GET /api/dues/statements/{id}/pdf` → `getApiDuesStatementsIdPdf`: unique, as method + path are. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/[:{}*]/g, ' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

/**
 * The route table as an OpenAPI document other software can read (docs/architecture.md "API
 * contract"): each operation named by its `operationId`, each answer described by its status, a
 * file download declared with its media type, and the session cookie as the security scheme of
 * every route that is not public.
 */
export function apiDocsOptions({
  title,
  publicUrl,
  sessionCookie,
}: {
  title: string;
  publicUrl: string;
  sessionCookie: string;
}) {
  const transform: Transform = (input) => {
    const { schema, url } = jsonSchemaTransform(input);
    const { access } = (input.route.config ?? {}) as { access?: string };
    const responses: Record<string, ResponseObject> = {
      ...((schema.response ?? {}) as Record<string, ResponseObject>),
    };
    // A route that sends a file says what it `produces`; the handler sets the type itself and no
    // response schema could describe the bytes, so the document's 200 is the file in those types.
    const { produces, summary } = input.schema as { produces?: string[]; summary?: string };
    if (produces) {
      // The file is the success answer, in the types the route produces (its declared 2xx only
      // says there is one); a refusal is the one JSON error shape, whatever the file would be.
      const file = { schema: { type: 'string', format: 'binary' } };
      const success = Object.keys(responses).find((status) => status.startsWith('2')) ?? '200';
      responses[success] = {
        description: summary ?? 'The file',
        content: Object.fromEntries(produces.map((type) => [type, file])),
      };
      for (const [status, response] of Object.entries(responses)) {
        if (status === success || status.startsWith('3')) continue;
        const { description, ...schemaOfError } = response;
        responses[status] = {
          description: description ?? STATUS_CODES[status] ?? status,
          content: { 'application/json': { schema: schemaOfError } },
        };
      }
    }
    for (const [status, response] of Object.entries(responses)) {
      // A redirect's answer is its Location header, not a body.
      const redirect = status.startsWith('3') && !response.headers;
      responses[status] = {
        ...response,
        description:
          !response.description || response.description === 'Redirect'
            ? redirect
              ? `Redirect (${STATUS_CODES[status] ?? status}) to the address in Location`
              : (STATUS_CODES[status] ?? status)
            : response.description,
        ...(redirect && { headers: { Location: { type: 'string', description: 'The address to go to' } } }),
      };
    }
    const methods = ([] as string[]).concat(input.route.method);
    return {
      schema: {
        ...schema,
        ...(Object.keys(responses).length > 0 && { response: responses }),
        operationId: operationIdOf(methods[0] ?? 'GET', url),
        ...(access && access !== 'public' && { security: [{ session: [] }] }),
      },
      url,
    };
  };
  return {
    openapi: {
      info: { title, version: '1.0.0' },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey' as const, in: 'cookie', name: sessionCookie },
        },
      },
    },
    transform,
  };
}
