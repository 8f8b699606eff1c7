import { type ApiErrorBody, apiErrorSchema } from '@portal/shared';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { z } from 'zod';

/**
 * The API as the web tests see it (docs/architecture.md "Testing"): Mock Service Worker answers
 * the requests a page makes through the real api client and `fetch`, started for every test file
 * by setup.ts, with no handler at first. A test says what the API answers with `fakeApi.use(...)`;
 * each answer goes through `answer`, which checks it against the API's own response schema from
 * packages/shared first, so a fake that drifts from what the server sends fails the test that uses
 * it instead of passing against an API that no longer exists. A request no handler takes is
 * refused as a network error and printed ("[MSW] Error: intercepted a request without a matching
 * request handler"). Tests that still replace `fetch` with their own stub (vi.stubGlobal) bypass
 * it; they move to it one by one (login-page.test.tsx is the first).
 */
export const fakeApi = setupServer();

/** `body` as the API answers it, after checking it is what `schema` (the route's own) allows. */
export function answer<Schema extends z.ZodType>(schema: Schema, body: z.input<Schema>, status = 200) {
  const checked = schema.safeParse(body);
  if (!checked.success) {
    throw new Error(`This fake answer is not what the API sends: ${z.prettifyError(checked.error)}`);
  }
  return HttpResponse.json(body as JsonBodyType, { status });
}

/** The API's refusal (its error body), checked like any answer. */
export const refusal = (status: number, body: ApiErrorBody) => answer(apiErrorSchema, body, status);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * `method path` answered by `reply` (given the request's JSON body, if any), for the rest of the
 * test; the bodies it received, in order, so a test can say what the page sent.
 */
export function fakeRoute(
  method: Method,
  path: string,
  reply: (body: unknown) => Response | Promise<Response>,
): unknown[] {
  const received: unknown[] = [];
  fakeApi.use(
    http[method](path, async ({ request }) => {
      const text = await request.text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      received.push(body);
      return reply(body);
    }),
  );
  return received;
}

export { http };
