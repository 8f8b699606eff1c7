import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DeclaredRoute } from '../plugins/access';

/**
 * The routes the generated checks cover (decision 029): every route that says who may call it,
 * which is every /api route (plugins/access.ts refuses one that does not) and the document
 * downloads. The rest (the built web app's files, /uploads, feeds and link previews) serve only
 * public content and read no viewer.
 */
export function accessControlledRoutes(app: FastifyInstance): DeclaredRoute[] {
  return app.routeTable.filter((route) => route.config.access !== undefined);
}

/** `GET /api/news/get-news/:id`: how the tables and messages name a route. */
export const routeKey = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/** The parts of a request a route's schema describes (a multipart form's fields under `body`). */
export const REQUEST_PARTS = ['params', 'querystring', 'body'] as const;
export type RequestPart = (typeof REQUEST_PARTS)[number];

export function requestSchema(route: DeclaredRoute, part: RequestPart): z.ZodType | undefined {
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
  return schema && typeof schema === 'object' && '_zod' in schema ? (schema as z.ZodType) : undefined;
}

/** Whether a route's body is a multipart form (lib/multipart.ts): its schema says it consumes one. */
export const isMultipart = (route: DeclaredRoute) =>
  ((route.schema as { consumes?: string[] } | undefined)?.consumes ?? []).includes('multipart/form-data');

type ZodDefinition = {
  type: string;
  format?: string;
  checks?: unknown[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  keyType?: z.ZodType;
  items?: z.ZodType[];
  getter?: () => z.ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
};

export const definitionOf = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { def: ZodDefinition } })._zod.def;

/** A schema's parts that hold others: what the walkers below look through. */
export function childrenOf(schema: z.ZodType): { key?: string; schema: z.ZodType }[] {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
    case 'success':
      return def.innerType ? [{ schema: def.innerType }] : [];
    case 'pipe':
      return [def.in, def.out]
        .filter((part): part is z.ZodType => part !== undefined)
        .map((part) => ({ schema: part }));
    case 'object':
      return [
        ...Object.entries(def.shape ?? {}).map(([key, child]) => ({ key, schema: child })),
        ...(def.catchall ? [{ key: '*', schema: def.catchall }] : []),
      ];
    case 'array':
      return def.element ? [{ key: '0', schema: def.element }] : [];
    case 'tuple':
      return (def.items ?? []).map((item, index) => ({ key: String(index), schema: item }));
    case 'union':
      return (def.options ?? []).map((option) => ({ schema: option }));
    case 'intersection':
      return [def.left, def.right]
        .filter((part): part is z.ZodType => part !== undefined)
        .map((part) => ({ schema: part }));
    case 'record':
      return [def.keyType, def.valueType]
        .filter((part): part is z.ZodType => part !== undefined)
        .map((part) => ({ key: '*', schema: part }));
    case 'lazy':
      return def.getter ? [{ schema: def.getter() }] : [];
    default:
      return [];
  }
}

/** Every string schema inside `schema`, with the dotted path of the field that holds it. */
export function stringsIn(schema: z.ZodType, path: string[] = [], seen = new Set<z.ZodType>()) {
  const found: { path: string; schema: z.ZodType }[] = [];
  if (seen.has(schema)) return found;
  seen.add(schema);
  if (definitionOf(schema).type === 'string') found.push({ path: path.join('.'), schema });
  for (const child of childrenOf(schema)) {
    found.push(...stringsIn(child.schema, child.key === undefined ? path : [...path, child.key], seen));
  }
  return found;
}

/** The top-level fields of a request part's schema (an object, possibly wrapped), with their schemas. */
export function fieldsOf(schema: z.ZodType): Record<string, z.ZodType> {
  const def = definitionOf(schema);
  if (def.type === 'object') return def.shape ?? {};
  for (const child of childrenOf(schema)) {
    if (child.key === undefined) {
      const fields = fieldsOf(child.schema);
      if (Object.keys(fields).length > 0) return fields;
    }
  }
  return {};
}
