import { DELAYS_MS, type ProfileResponse } from '@portal/shared';
import { paths } from '@/config/paths';
import { ApiError, apiRequest } from './api-client';
import { navigateTo } from './session-events';
import { useSessionStore } from './session-store';
import { toSessionUser } from './session-user';

/**
 * spec 000 §4: Logout calls GET /auth/logout; on 200 or 304 it clears the session and goes to
 * /login after 0.5 s. docs/product-rules.md "Accounts": a failed logout still clears the local
 * session (the failure is only logged), so the user who asked to leave is never left signed in
 * here.
 */
export async function logout() {
  try {
    await apiRequest<unknown>('/auth/logout');
  } catch (error) {
    // A 304 is a success for spec 000 §7; fetch reports it as not ok.
    if (!(error instanceof ApiError && error.status === 304)) console.error('Logout failed', error);
  }
  useSessionStore.getState().clearUser();
  setTimeout(() => navigateTo(paths.login), DELAYS_MS.logoutRedirect);
}

/**
 * Ends the current session on the server and here before another account signs in in this
 * browser (an e-mail link opened while signed in). Waited for, unlike a plain logout's redirect:
 * its answer clears the session cookies, which must happen before the next session sets them.
 */
export async function endSessionBeforeSwitching() {
  try {
    await apiRequest<unknown>('/auth/logout');
  } catch (error) {
    console.error('Logout failed', error);
  }
  useSessionStore.getState().clearUser();
}

/**
 * On app start, asks the server whether the persisted user is still signed in, without holding
 * up the first paint: a fresh profile replaces the stored user (a changed username or role shows
 * at once); a session that is gone signs the user out quietly. Other failures (offline, server
 * error) keep the stored user: they say nothing about the session.
 */
export async function revalidateSession() {
  const stored = useSessionStore.getState().user;
  if (!stored) return;
  // Someone signed in or out meanwhile: their newer state wins over this older answer.
  const unchanged = () => useSessionStore.getState().user?.id === stored.id;
  try {
    const body = await apiRequest<ProfileResponse>('/auth/session', { quietSessionLoss: true });
    if (unchanged()) useSessionStore.getState().setUser(toSessionUser(body.data.profile));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && unchanged()) {
      useSessionStore.getState().clearUser();
    }
  }
}
