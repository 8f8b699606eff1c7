import { API_TIMEOUT_MS, type ApiErrorBody } from '@portal/shared';
import { apiBasePath } from '@/config/paths';

/**
 * The one API client (ARCHITECTURE.md "Data flows one way"): every feature's api hooks call
 * `apiRequest`, and every failure reaches them as an `ApiError` carrying the server's own
 * `{ error, message?, code? }`, so the UI shows the exact message the server sends.
 */

export type QueryValue = string | number | boolean | null | undefined;

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended as a query string; `undefined`, `null` and '' are left out. */
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData is sent as multipart with the browser's boundary. */
  body?: unknown;
  signal?: AbortSignal;
};

/** status 0 means the server was not reached (network failure or timeout). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly error: string,
    message?: string,
    readonly code?: string,
    /** The whole parsed error body, for the few calls whose errors carry more (login's `e.code`). */
    readonly body?: unknown,
  ) {
    super(message ?? error);
  }
}

// Not the spec's wording (it names none for these); kept short and actionable.
const NETWORK_ERROR = 'Unable to reach the server. Please check your connection and try again.';
const TIMEOUT_ERROR = 'The server took too long to respond. Please try again.';

export function buildApiUrl(path: string, query?: Record<string, QueryValue>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const queryString = search.toString();
  return `${apiBasePath}${path.startsWith('/') ? path : `/${path}`}${queryString ? `?${queryString}` : ''}`;
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal } = options;

  // One controller aborts on the caller's signal (React Query cancelling) or on our timeout;
  // the flag tells the two apart so only the timeout becomes an ApiError.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, API_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  let requestBody: BodyInit | undefined;
  if (body instanceof FormData) {
    requestBody = body;
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(buildApiUrl(path, query), {
      method,
      headers,
      body: requestBody,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch (cause) {
    if (timedOut) throw new ApiError(0, TIMEOUT_ERROR, undefined, 'timeout');
    // The caller cancelled: rethrow as is so React Query treats it as a cancellation.
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR, undefined, 'network_error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }

  // A later issue adds the session refresh here: on a 401, call /auth/refresh once and retry.
  const payload = await readBody(response);
  if (!response.ok) throw toApiError(response, payload);
  return payload as T;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 304) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The shape of packages/shared's `apiErrorSchema`, checked by hand: the schema would pull Zod
 * into the first page load for one three-field check.
 */
function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  if (typeof payload !== 'object' || payload === null) return false;
  const { error, message, code } = payload as Record<string, unknown>;
  return (
    typeof error === 'string' &&
    (message === undefined || typeof message === 'string') &&
    (code === undefined || typeof code === 'string')
  );
}

function toApiError(response: Response, payload: unknown): ApiError {
  if (isApiErrorBody(payload)) {
    return new ApiError(response.status, payload.error, payload.message, payload.code, payload);
  }
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(response.status, fallback, undefined, undefined, payload);
}
