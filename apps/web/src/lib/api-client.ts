import {
  API_TIMEOUT_MS,
  DELAYS_MS,
  type QueryValue,
  REFRESH_UNAVAILABLE_MESSAGE,
  SECOND_FACTOR_ERROR_CODES,
  SESSION_ERRORS,
  toQueryString,
} from '@portal/shared';
import { apiBasePath, paths } from '@/config/paths';
import { navigateTo, showSessionExpired } from './session-events';
import { useSessionStore } from './session-store';
import { requestStepUp, sendToTwoStepSetup } from './two-factor';

/**
 * The one API client (docs/architecture.md "Layout"): every feature's api hooks call
 * `apiRequest`, and every failure reaches them as an `ApiError` carrying the server's own
 * `{ error, message?, code? }`, so the UI shows the exact message the server sends. It also runs
 * the session protocol of spec 000 §8 (renew an expired access token once, sign out when the
 * session is gone), so no feature has to think about tokens.
 */

export type { QueryValue };

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Appended as a query string; `undefined`, `null` and '' are left out. */
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData is sent as multipart with the browser's boundary. */
  body?: unknown;
  signal?: AbortSignal;
  /** Set on the one repeat after a refresh (spec 000 §8: "a request not yet retried"). */
  isRetry?: boolean;
  /** Set on the one repeat after the person confirmed it is them (decision 061 "step-up"). */
  isStepUpRetry?: boolean;
  /** With a FormData body: called with the share sent so far (0 to 1), for an upload's progress bar. */
  onUploadProgress?: (fraction: number) => void;
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
  const queryString = toQueryString(query);
  return `${apiBasePath}${path.startsWith('/') ? path : `/${path}`}${queryString ? `?${queryString}` : ''}`;
}

/** Sends one request; network failures and our timeout become an ApiError with status 0. */
async function send(
  path: string,
  options: ApiRequestOptions,
): Promise<{ response: Response; payload: unknown }> {
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

  try {
    const url = buildApiUrl(path, query);
    const response =
      options.onUploadProgress && requestBody instanceof FormData
        ? // Loaded with the first upload that shows progress (admin forms), not with every page.
          await (await import('./send-with-upload-progress')).sendWithUploadProgress(url, {
            method,
            headers,
            body: requestBody,
            signal: controller.signal,
            onUploadProgress: options.onUploadProgress,
          })
        : await fetch(url, {
            method,
            headers,
            body: requestBody,
            credentials: 'include',
            signal: controller.signal,
          });
    return { response, payload: await readBody(response) };
  } catch (cause) {
    if (timedOut) throw new ApiError(0, TIMEOUT_ERROR, undefined, 'timeout');
    // The caller cancelled: rethrow as is so React Query treats it as a cancellation.
    if (signal?.aborted) throw cause;
    throw new ApiError(0, NETWORK_ERROR, undefined, 'network_error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { response, payload } = await send(path, options);
  if (response.ok) return payload as T;
  const error = await toApiError(response, payload);

  // spec 000 §8: an expired access token is renewed once, then the request is repeated.
  if (
    error.status === 401 &&
    error.error === SESSION_ERRORS.invalidToken &&
    !options.isRetry &&
    !NO_REFRESH_PATHS.has(normalisePath(path))
  ) {
    const refreshed = await refreshSession();
    if (refreshed === true) return apiRequest<T>(path, { ...options, isRetry: true });
    // The server could not renew the session just now: this request fails with that reason, and
    // the user stays signed in to try again.
    if (refreshed instanceof ApiError) throw refreshed;
    throw error;
  }

  // Decision 061: a sensitive action whose session last passed the second factor too long ago
  // asks for a code ("Confirm it's you"), then is sent once more; every such action gets this here.
  if (error.status === 403 && error.code === SECOND_FACTOR_ERROR_CODES.stale && !options.isStepUpRetry) {
    if (await requestStepUp(error.message)) return apiRequest<T>(path, { ...options, isStepUpRetry: true });
    throw error;
  }
  // A staff account without two-step sign-in is sent to set it up, whichever staff call refused it.
  if (error.status === 403 && error.code === SECOND_FACTOR_ERROR_CODES.required) sendToTwoStepSetup();

  const loss = sessionLossOf(error) ?? (isSignedInHere(path, error) ? 'signed-out' : null);
  if (loss) await handleSessionLoss(loss);
  throw error;
}

/**
 * The session protocol of spec 000 §8. The calls that create, renew or end a session never
 * trigger a refresh themselves: their 401s mean "wrong password" or "already gone".
 */
const NO_REFRESH_PATHS = new Set([
  '/auth/login',
  '/auth/confirm-email',
  '/auth/refresh',
  '/auth/logout',
  // The second step of sign-in has no session yet: its 401s mean a wrong or expired code.
  '/auth/2fa/verify',
]);
const normalisePath = (path: string) => (path.startsWith('/') ? path : `/${path}`).split('?')[0] ?? path;

/**
 * How the session ended: the two documented errors, a refresh the server refused, or a member's
 * call answered as a guest's while signed in here (its cookies gone: cleared, or expired).
 */
type SessionLoss = 'missing-tokens' | 'refresh-failed' | 'refresh-rejected' | 'signed-out';

/** The server treats the caller as a guest (no session at all) while this browser is signed in. */
const isSignedInHere = (path: string, error: ApiError) =>
  error.status === 401 &&
  error.code === 'unauthenticated' &&
  !NO_REFRESH_PATHS.has(normalisePath(path)) &&
  useSessionStore.getState().user !== null;

/** The two documented session errors, whichever response carries them (refresh's own, usually). */
function sessionLossOf(error: ApiError): SessionLoss | null {
  if (error.status === 400 && error.error === SESSION_ERRORS.missingTokens) return 'missing-tokens';
  if (error.status === 401 && error.message === SESSION_ERRORS.refreshFailed) return 'refresh-failed';
  return null;
}

/**
 * Answers that say the server could not be reached or could not renew the session just now (our
 * 503 with Retry-After, a proxy's 502 or 504 while the API restarts): they say nothing about the
 * session, so they sign no one out.
 */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504]);

/**
 * `true`: renewed. `false`: the session is gone (signed out as the answer says). An ApiError: the
 * server could not renew it now; the session is kept and the caller fails with this error.
 */
type RefreshOutcome = boolean | ApiError;

// Concurrent 401s wait for the same refresh: a second refresh would present a refresh token the
// first one has already rotated, which the server treats as reuse and answers by revoking.
let refreshInFlight: Promise<RefreshOutcome> | null = null;

function refreshSession(): Promise<RefreshOutcome> {
  refreshInFlight ??= (async () => {
    let answer: { response: Response; payload: unknown };
    try {
      answer = await send('/auth/refresh', {});
    } catch (error) {
      // No answer (offline, timeout): its ApiError already says so in words.
      if (error instanceof ApiError) return error;
      throw error;
    }
    if (answer.response.ok) return true;
    const error = await toApiError(answer.response, answer.payload);
    if (UNAVAILABLE_STATUSES.has(error.status)) {
      return new ApiError(
        error.status,
        REFRESH_UNAVAILABLE_MESSAGE,
        undefined,
        'refresh_unavailable',
        error.body,
      );
    }
    await handleSessionLoss(sessionLossOf(error) ?? 'refresh-rejected');
    return false;
  })().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

type LogoutOptions = {
  /** Open /login 0.5 s after (spec 000 §4); not after a background check or before an account switch. */
  goToLogin?: boolean;
  /** The server ended the session, not the user: a protected page opened next goes to /login. */
  sessionLost?: boolean;
};

/**
 * The one logout, for the Logout buttons, a session the server no longer accepts (spec 000 §8)
 * and an account switch alike (spec 000 §4): GET /auth/logout, which revokes the session on the
 * server and clears its cookies; then the session here is cleared and /login opens 0.5 s later.
 * The answer is waited for, so the cookies are gone before anyone can sign in again. A failed
 * logout still clears the local session and is only logged (docs/product-rules.md "Accounts"):
 * whoever asked to leave is never left signed in here.
 */
export async function logout({ goToLogin = true, sessionLost = false }: LogoutOptions = {}) {
  try {
    // Sent as it is: a logout is never refreshed, nor a session loss of its own.
    const { response, payload } = await send('/auth/logout', {});
    // A 304 is a success for spec 000 §7; fetch reports it as not ok.
    if (!response.ok && response.status !== 304)
      console.error('Logout failed', toApiError(response, payload));
  } catch (error) {
    console.error('Logout failed', error);
  }
  useSessionStore.getState().clearUser();
  if (sessionLost) useSessionStore.setState({ sessionLost: true });
  if (goToLogin) setTimeout(() => navigateTo(paths.login), DELAYS_MS.logoutRedirect);
}

/**
 * Signs out the same way however the session ended, on a call or on the check a page load makes:
 * to /login, which then says 'Session Expired' (docs/product-rules.md "Accounts"); for 'Failed to
 * refresh token' through the modal of spec 000 §8 first, whose 'Okay' logs out.
 */
async function handleSessionLoss(loss: SessionLoss) {
  if (loss === 'refresh-failed') {
    showSessionExpired();
    return;
  }
  await logout({ sessionLost: true });
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
 * A failed answer as an ApiError: the server's own `{ error, message?, code? }` when the body has
 * that shape (packages/shared's `apiErrorSchema`), else the HTTP status text (a proxy's error page).
 * The schema is loaded with the first failed answer, not with the page: Zod would be a sixth of
 * every page's first-load script.
 */
async function toApiError(response: Response, payload: unknown): Promise<ApiError> {
  const { apiErrorSchema } = await import('./api-error-schema');
  const body = apiErrorSchema.safeParse(payload);
  if (body.success) {
    return new ApiError(response.status, body.data.error, body.data.message, body.data.code, payload);
  }
  const fallback = response.statusText || `Request failed with status ${response.status}`;
  return new ApiError(response.status, fallback, undefined, undefined, payload);
}
