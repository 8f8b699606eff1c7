import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from './api-docs';
import { buildTestApp } from './test/helper';

// The OpenAPI document as other software reads it (docs/architecture.md "API contract"), checked by
// a validator we did not write.

type Operation = {
  operationId?: string;
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, unknown> }>;
};

let context: Awaited<ReturnType<typeof buildTestApp>>;
let document: { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };
beforeAll(async () => {
  context = await buildTestApp();
  await context.app.ready();
  document = context.app.swagger() as unknown as typeof document;
});
afterAll(() => context.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      name: `${method.toUpperCase()} ${path}`,
      operation,
    })),
  );

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI document', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('declares a success answer (2xx, or a redirect) of every operation, each answer described by more than a placeholder', () => {
    expect(operations().length).toBeGreaterThan(100);
    const withoutSuccess = operations()
      .filter(({ operation }) => !Object.keys(operation.responses).some((status) => /^[23]/.test(status)))
      .map(({ name }) => name);
    expect(withoutSuccess).toEqual([]);
    const placeholders = operations().flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([, response]) => !response.description || response.description === 'Default Response')
        .map(([status]) => `${name} ${status}`),
    );
    expect(placeholders).toEqual([]);
  });

  it('names every operation once', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operationIdOf('GET', '/api/dues/statements/{id}/pdf')).toBe('getApiDuesStatementsIdPdf');
  });

  it('declares each download in its media type, not as JSON', () => {
    const mediaTypes = (method: string, path: string) =>
      Object.keys(document.paths[path]?.[method]?.responses['200']?.content ?? {});
    expect(mediaTypes('get', '/api/dues/statements/{id}/pdf')).toEqual(['application/pdf']);
    expect(mediaTypes('get', '/api/members/card.png')).toEqual(['image/png']);
    expect(mediaTypes('get', '/events/{id}.ics')).toEqual(['text/calendar']);
    expect(mediaTypes('get', '/events.ics')).toEqual(['text/calendar']);
    expect(mediaTypes('get', '/api/events/registrations/{id}/ticket.png')).toEqual(['image/png']);
  });

  it('declares the refusals of every download as JSON, never in the file’s type', () => {
    const downloads = operations().filter(({ operation }) =>
      Object.entries(operation.responses).some(
        ([status, response]) =>
          status.startsWith('2') &&
          Object.keys(response.content ?? {}).some((type) => type !== 'application/json'),
      ),
    );
    expect(downloads.length).toBeGreaterThanOrEqual(15);
    const misdeclared = downloads.flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^[45]/.test(status))
        .filter(([, response]) => Object.keys(response.content ?? {}).join() !== 'application/json')
        .map(([status]) => `${name} ${status}`),
    );
    expect(misdeclared).toEqual([]);
    // A CSV export says so in its 200, not JSON.
    expect(
      Object.keys(document.paths['/api/users/admin/export-csv']?.get?.responses['200']?.content ?? {}),
    ).toEqual(['text/csv']);
    expect(Object.keys(document.paths['/api/dues/export-csv']?.get?.responses['400']?.content ?? {})).toEqual(
      ['application/json'],
    );
  });

  it('declares where every redirect goes: its Location header', () => {
    const redirects = operations().flatMap(({ name, operation }) =>
      Object.entries(operation.responses)
        .filter(([status]) => status.startsWith('3'))
        .map(([status, response]) => ({ name: `${name} ${status}`, response })),
    );
    expect(redirects.length).toBeGreaterThan(0);
    const withoutLocation = redirects
      .filter(({ response }) => !(response as { headers?: Record<string, unknown> }).headers?.Location)
      .map(({ name }) => name);
    expect(withoutLocation).toEqual([]);
  });

  it('declares the session cookie as the security of every route that is not public', () => {
    expect(document.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'access_token' },
    });
    const secured = (method: string, path: string) => document.paths[path]?.[method]?.security;
    expect(secured('get', '/api/members/card.png')).toEqual([{ session: [] }]);
    expect(secured('get', '/events.ics')).toBeUndefined();
  });
});
