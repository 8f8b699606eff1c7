import fc from 'fast-check';
import type { z } from 'zod';
import type { DeclaredRoute } from '../plugins/access';
import { definitionOf, fieldsOf, isMultipart, requestSchema } from './route-table';

/**
 * Requests for a route, made from its schemas (decision 029): mostly plausible values, so that the
 * request gets past the first check and reaches the code behind it, with hostile ones mixed in
 * (control characters, lone surrogates, huge strings, wrong types, deep JSON, malformed
 * percent-encoding and multipart).
 */
export type FuzzRequest = {
  url: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
  /** What was sent, for a failure's message. */
  summary: string;
};

/** Ids of rows that exist, so that some requests reach a real record. */
export type IdPool = readonly string[];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31mred',
  '\t\n\r',
  'line\nbreak',
  '\u0085\u2028\u2029',
  '\ud800',
  'end\udfff',
  '\ufeff\u200b\u202e',
  '𝕳𝖊𝖑𝖑𝖔 🇵🇭 👩🏽‍🔬',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  "' OR 1=1 --",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '%00',
  '%',
  // A template placeholder as text: nothing of ours may evaluate it.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder is the hostile value.
  '{{7*7}}${7*7}',
  '0x10',
  '1e3',
  '-0',
  '-1',
  '9'.repeat(40),
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '2031-02-30',
  '25:61',
  'https://example.org/\u0000',
  'data:image/png;base64,AAAA',
  'data:text/html;base64,PHNjcmlwdD4=',
];

const controlCharacter = fc
  .integer({ min: 0, max: 0x9f })
  .filter((code) => code < 0x20 || code >= 0x7f)
  .map((code) => String.fromCharCode(code));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 12 }), controlCharacter, fc.string({ maxLength: 12 }))
      .map((parts) => parts.join('')),
  },
  // Past every field's limit; the largest past the body limits too.
  { weight: 1, arbitrary: fc.constantFrom(300, 5_001, 120_000, 700_000).map((length) => 'é'.repeat(length)) },
);

/** Nested lists this deep, as JSON text. */
const deepJsonText = fc
  .constantFrom(64, 1_000, 20_000, 200_000)
  .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);

const deepObject = fc.integer({ min: 10, max: 400 }).map((depth) => {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level++) value = { a: value };
  return value;
});

export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
  fc.constant({ __proto__: { isAdmin: true } }),
  deepObject,
);

const PLAUSIBLE_TEXT = [
  'Ana Cruz',
  'Trustee',
  'Individual',
  'Regular',
  'company',
  'voting',
  'published',
  'draft',
  'approved',
  '2031-03-01',
  '10:30',
  '1500.50',
  '12',
  'true',
  'false',
  'https://example.org/page',
  'https://images.example.org/a.jpg',
  'upload:0',
  '{"category":"Regular"}',
  'Correct-Horse-9',
  '<p>Hello <strong>world</strong></p>',
];

/**
 * A value the schema takes, so that a request gets past its first check and reaches the code
 * behind it: one of the sample values the schema itself accepts, else one built from the
 * schema's shape (a record, a list).
 */
export function plausibleValue(schema: z.ZodType, ids: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const candidates: unknown[] = [...PLAUSIBLE_TEXT, ...ids, 'ana@example.com', 1, 12, true, false, null, ''];
  const accepted = candidates.filter((candidate) => {
    try {
      return schema.safeParse(candidate).success;
    } catch {
      return false;
    }
  });
  return accepted.length > 0 ? fc.constantFrom(...accepted) : shapedValue(schema, ids, depth);
}

function shapedValue(schema: z.ZodType, ids: IdPool, depth: number): fc.Arbitrary<unknown> {
  const def = definitionOf(schema);
  if (depth > 6) return fc.constant(undefined);
  switch (def.type) {
    case 'string':
      if (def.format === 'uuid' || def.format === 'guid') return fc.oneof(fc.constantFrom(...ids), fc.uuid());
      if (def.format === 'email') return fc.emailAddress();
      return fc.oneof(fc.constantFrom(...PLAUSIBLE_TEXT), fc.string({ maxLength: 30 }));
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { none: 'none' }));
    case 'literal':
      return fc.constantFrom(...((def.values as unknown[]) ?? [null]));
    case 'number':
    case 'int':
      return fc.integer({ min: -5, max: 2_000 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return def.element
        ? fc.array(plausibleValue(def.element, ids, depth + 1), { maxLength: 3 })
        : fc.constant([]);
    case 'object': {
      const shape = def.shape ?? {};
      return fc.record(
        Object.fromEntries(
          Object.entries(shape).map(([key, field]) => [key, plausibleValue(field, ids, depth + 1)]),
        ),
        { requiredKeys: [] },
      );
    }
    case 'pipe': {
      // A preprocess reads anything: its output schema says what it takes.
      const input = def.in && definitionOf(def.in).type === 'transform' ? def.out : def.in;
      return input ? plausibleValue(input, ids, depth + 1) : fc.constant(undefined);
    }
    case 'union':
      return def.options?.[0] ? plausibleValue(def.options[0], ids, depth + 1) : fc.constant(undefined);
    case 'file':
      return fc.constant(undefined);
    case 'unknown':
    case 'any':
      return fc.jsonValue({ maxDepth: 2 });
    default:
      return def.innerType ? plausibleValue(def.innerType, ids, depth + 1) : fc.jsonValue({ maxDepth: 1 });
  }
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileText },
  { weight: 1, arbitrary: wrongType },
);

/**
 * The fields of a schema with plausible values, mostly one of them (sometimes none or two) replaced
 * by a hostile value, and now and then a field no schema names: a request broken in one place gets past
 * the others to the code that reads that one.
 */
function fieldsArbitrary(schema: z.ZodType | undefined, ids: IdPool): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema ? fieldsOf(schema) : {}).filter(
    ([, field]) => definitionOf(field).type !== 'file',
  );
  const plausible = fc.record(
    Object.fromEntries(fields.map(([key, field]) => [key, plausibleValue(field, ids)])),
    { requiredKeys: [] },
  );
  const keys = fields.map(([key]) => key);
  return fc
    .tuple(
      plausible,
      keys.length === 0
        ? fc.constant([])
        : fc.oneof(
            { weight: 1, arbitrary: fc.constant([]) },
            { weight: 6, arbitrary: fc.constantFrom(...keys).map((key) => [key]) },
            {
              weight: 1,
              arbitrary: fc.subarray(keys, {
                minLength: Math.min(2, keys.length),
                maxLength: Math.min(2, keys.length),
              }),
            },
          ),
      fc.array(hostileValue, { minLength: 2, maxLength: 2 }),
      fc.option(fc.tuple(hostileText, hostileValue), { freq: 5 }),
    )
    .map(([values, corrupted, hostile, extra]) => {
      const request: Record<string, unknown> = { ...values };
      corrupted.forEach((key, index) => {
        request[key] = hostile[index];
      });
      if (extra) request[extra[0]] = extra[1];
      return request;
    });
}

/** encodeURIComponent for any string: a lone surrogate (which it refuses) goes as Node sends it, U+FFFD. */
const percentEncode = (value: string) =>
  encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Percent-encoding as nobody should write it: cut short, not hex, overlong, a surrogate's bytes. */
const MALFORMED_ENCODINGS = ['%', '%zz', '%00', '%C0%80', '%E0%A4%A', '%ED%A0%80', '%FF%FE', '%25%00'];

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

function urlArbitrary(route: DeclaredRoute, ids: IdPool): fc.Arbitrary<string> {
  const paramValue = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids).map(percentEncode) },
    { weight: 1, arbitrary: fc.uuid().map(percentEncode) },
    { weight: 3, arbitrary: hostileText.map(percentEncode) },
    { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_ENCODINGS) },
  );
  const path = fc
    .tuple(
      ...paramNames(route.url).map(() => paramValue),
      route.url.endsWith('*') ? paramValue : fc.constant(''),
    )
    .map((values) => {
      let index = 0;
      return route.url
        .replace(/:(\w+)/g, () => values[index++] as string)
        .replace(/\*$/, values.at(-1) as string);
    });

  const query = fc
    .tuple(
      fieldsArbitrary(requestSchema(route, 'querystring'), ids),
      // A parameter given twice arrives as a list.
      fc.option(fc.nat(), { freq: 8 }),
      // And now and then a pair no browser would encode so.
      fc.option(fc.tuple(fc.constantFrom(...MALFORMED_ENCODINGS), fc.constantFrom(...MALFORMED_ENCODINGS)), {
        freq: 8,
      }),
    )
    .map(([values, repeated, malformed]) => {
      const pairs = Object.entries(values).map(
        ([key, value]) => `${percentEncode(key)}=${percentEncode(asText(value))}`,
      );
      if (repeated !== null && pairs.length > 0) pairs.push(pairs[repeated % pairs.length] as string);
      if (malformed) pairs.push(`${malformed[0]}=${malformed[1]}`);
      return pairs.join('&');
    });
  return fc.tuple(path, query).map(([address, search]) => (search ? `${address}?${search}` : address));
}

function jsonBody(
  route: DeclaredRoute,
  ids: IdPool,
): fc.Arbitrary<{ payload?: string; contentType?: string }> {
  const asJson = (value: unknown) => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  return fc.oneof(
    { weight: 8, arbitrary: fieldsArbitrary(requestSchema(route, 'body'), ids).map(asJson) },
    { weight: 1, arbitrary: wrongType.map(asJson) },
    { weight: 1, arbitrary: deepJsonText.map((payload) => ({ payload, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.record({
        payload: fc.constantFrom(
          '{',
          '{"a":',
          'nul',
          '"\\ud800"',
          '{"__proto__":{"isAdmin":true}}',
          '\u0000',
          '',
        ),
        contentType: fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ),
      }),
    },
    { weight: 1, arbitrary: fc.constant({}) },
  );
}

/** Bytes a file part may carry: a real image, a cut one, another format, garbage, nothing. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const fileBytes = fc.oneof(
  fc.constant(TINY_PNG),
  fc.constant(TINY_PNG.subarray(0, 30)),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  fc.constant(Buffer.from('%PDF-1.4\n%garbage')),
  fc.uint8Array({ maxLength: 2_048 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(Buffer.alloc(0)),
);

const FIELD_NAME_TRAPS = [
  '__proto__',
  'constructor[prototype][isAdmin]',
  'representatives[0][__proto__]',
  'representatives[999999][firstName]',
  'representatives[0][firstName][x]',
  'representatives[a][0]',
  'a[',
  '',
  'x'.repeat(300),
  'na\u0000me',
];

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** Text fields as a form sends them: a list of records named `representatives[0][firstName]`. */
function partsOf(values: Record<string, unknown>): Part[] {
  return Object.entries(values).flatMap(([name, value]): Part[] => {
    if (
      Array.isArray(value) &&
      value.every((item) => item && typeof item === 'object' && !Array.isArray(item))
    ) {
      return value.flatMap((item, index) =>
        Object.entries(item as Record<string, unknown>).map(([key, inner]) => ({
          name: `${name}[${index}][${key}]`,
          value: asText(inner),
        })),
      );
    }
    if (Array.isArray(value)) return value.map((item) => ({ name, value: asText(item) }));
    return [{ name, value: asText(value) }];
  });
}

function multipartParts(route: DeclaredRoute, ids: IdPool): fc.Arbitrary<Part[]> {
  const schema = requestSchema(route, 'body');
  const fields = schema ? fieldsOf(schema) : {};
  const fileFields = Object.entries(fields)
    .filter(([, field]) => {
      const def = definitionOf(field);
      const inner = def.innerType ? definitionOf(def.innerType) : def;
      return (
        inner.type === 'file' ||
        (inner.type === 'array' && inner.element && definitionOf(inner.element).type === 'file')
      );
    })
    .map(([name]) => name);
  const fileField = fileFields.length > 0 ? fc.constantFrom(...fileFields) : fc.constant('file');
  const filePart = fc.record({
    name: fc.oneof(
      { weight: 6, arbitrary: fileField },
      { weight: 1, arbitrary: fc.constantFrom(...FIELD_NAME_TRAPS) },
    ),
    value: fileBytes,
    filename: fc.oneof(fc.constant('photo.png'), hostileText),
    type: fc.constantFrom('image/png', 'image/jpeg', 'application/octet-stream', 'text/html', ''),
  });
  const textParts = fieldsArbitrary(schema, ids).map(partsOf);
  return fc
    .tuple(
      textParts,
      fc.array(filePart, { maxLength: 3 }),
      fc.array(fc.record({ name: fc.constantFrom(...FIELD_NAME_TRAPS), value: hostileText }), {
        maxLength: 2,
      }),
    )
    .map(([texts, files, traps]) => [...texts, ...files, ...traps]);
}

const quoted = (value: string) =>
  value.replaceAll('"', '%22').replaceAll('\r', '%0D').replaceAll('\n', '%0A');

function serialiseMultipart(parts: Part[], boundary: string): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${quoted(part.name)}"${part.filename !== undefined ? `; filename="${quoted(part.filename)}"` : ''}`;
    const type = part.type !== undefined ? `Content-Type: ${part.type}\r\n` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** A multipart body well made, or broken in one of the ways a client breaks one. */
function multipartBody(
  route: DeclaredRoute,
  ids: IdPool,
): fc.Arbitrary<{ payload?: Buffer | string; contentType?: string }> {
  const boundary = MULTIPART_BOUNDARY;
  const wellMade = `multipart/form-data; boundary=${boundary}`;
  return fc.tuple(multipartParts(route, ids), fc.integer({ min: 0, max: 12 })).map(([parts, flaw]) => {
    const body = serialiseMultipart(parts, boundary);
    switch (flaw) {
      case 1:
        return {
          payload: body.subarray(0, Math.max(0, body.length - boundary.length - 8)),
          contentType: wellMade,
        };
      case 2:
        return { payload: body, contentType: 'multipart/form-data' };
      case 3:
        return { payload: body, contentType: 'multipart/form-data; boundary=another' };
      case 4:
        return {
          payload: Buffer.from(
            `--${boundary}\r\nContent-Type: text/plain\r\n\r\nno name\r\n--${boundary}--\r\n`,
          ),
          contentType: wellMade,
        };
      case 5:
        return {
          payload: Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="a"; x=${'y'.repeat(20_000)}\r\n\r\nv\r\n--${boundary}--\r\n`,
          ),
          contentType: wellMade,
        };
      case 6:
        return { payload: body, contentType: 'application/json' };
      case 7:
        return { payload: '', contentType: wellMade };
      case 8:
        return {
          payload: Buffer.from(body.toString('latin1').replaceAll('\r\n', '\n'), 'latin1'),
          contentType: wellMade,
        };
      case 9:
        return {
          payload: JSON.stringify({ title: 'json instead of a form' }),
          contentType: 'application/json',
        };
      default:
        return { payload: body, contentType: wellMade };
    }
  });
}

/** Every request the fuzz may send to `route`. */
export function requestsFor(route: DeclaredRoute, ids: IdPool): fc.Arbitrary<FuzzRequest> {
  const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: jsonBody(route, ids) })
      : isMultipart(route)
        ? multipartBody(route, ids)
        : jsonBody(route, ids);
  return fc.tuple(urlArbitrary(route, ids), body).map(
    ([url, { payload, contentType }]): FuzzRequest => ({
      url,
      payload,
      headers: contentType === undefined ? {} : { 'content-type': contentType },
      summary: `${route.method} ${url.slice(0, 300)} ${contentType ?? ''} ${
        payload === undefined
          ? ''
          : typeof payload === 'string'
            ? payload.slice(0, 300)
            : `${payload.length} bytes: ${payload.toString('latin1', 0, 300)}`
      }`,
    }),
  );
}

/** The byte PostgreSQL refuses in text, inside a value that is otherwise ordinary. */
const NUL_PROBE = 'a\u0000b';
const MULTIPART_BOUNDARY = '----fuzzBoundary7MA4YWxkTrZu0gW';

/**
 * For every parameter, query field and body field of the route, one request with a NUL in that
 * field and plausible values in all the others: the class of input that gave 500s to guests
 * (decision 029), tried on every field rather than by chance.
 */
export function nulProbesFor(route: DeclaredRoute, ids: IdPool, seed: number): FuzzRequest[] {
  const plausibleRecord = (schema: z.ZodType | undefined) => {
    const fields = Object.entries(schema ? fieldsOf(schema) : {}).filter(
      ([, field]) => definitionOf(field).type !== 'file',
    );
    const record = fc.record(
      Object.fromEntries(fields.map(([key, field]) => [key, plausibleValue(field, ids)])),
    );
    return fc.sample(record, { seed, numRuns: 1 })[0] as Record<string, unknown>;
  };
  const params = Object.fromEntries(paramNames(route.url).map((name) => [name, ids[0] ?? '']));
  const query = plausibleRecord(requestSchema(route, 'querystring'));
  const body = plausibleRecord(requestSchema(route, 'body'));

  const build = (
    paramValues: Record<string, unknown>,
    queryValues: Record<string, unknown>,
    bodyValues: Record<string, unknown>,
    probed: string,
  ): FuzzRequest => {
    const path = route.url
      .replace(/:(\w+)/g, (_match, name: string) => percentEncode(asText(paramValues[name])))
      .replace(/\*$/, percentEncode(NUL_PROBE));
    const search = Object.entries(queryValues)
      .map(([key, value]) => `${percentEncode(key)}=${percentEncode(asText(value))}`)
      .join('&');
    const url = search ? `${path}?${search}` : path;
    if (route.method === 'GET' || route.method === 'DELETE' || route.method === 'HEAD') {
      return { url, headers: {}, summary: `${route.method} ${url} (NUL in ${probed})` };
    }
    if (isMultipart(route)) {
      return {
        url,
        payload: serialiseMultipart(partsOf(bodyValues), MULTIPART_BOUNDARY),
        headers: { 'content-type': `multipart/form-data; boundary=${MULTIPART_BOUNDARY}` },
        summary: `${route.method} ${url} multipart (NUL in ${probed})`,
      };
    }
    return {
      url,
      payload: JSON.stringify(bodyValues),
      headers: { 'content-type': 'application/json' },
      summary: `${route.method} ${url} ${JSON.stringify(bodyValues).slice(0, 300)} (NUL in ${probed})`,
    };
  };

  return [
    ...Object.keys(params).map((key) => build({ ...params, [key]: NUL_PROBE }, query, body, `params.${key}`)),
    ...Object.keys(query).map((key) =>
      build(params, { ...query, [key]: NUL_PROBE }, body, `querystring.${key}`),
    ),
    ...Object.keys(body).map((key) => build(params, query, { ...body, [key]: NUL_PROBE }, `body.${key}`)),
    ...(route.url.endsWith('*') ? [build(params, query, body, 'the path')] : []),
  ];
}
