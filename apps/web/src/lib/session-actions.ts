import type { ProfileResponse } from '@portal/shared';
import { apiRequest } from './api-client';
import { useSessionStore } from './session-store';
import { toSessionUser } from './session-user';

/**
 * On app start, asks the server whether the persisted user is still signed in, without holding
 * up the first paint: a fresh profile replaces the stored user (a changed username or role shows
 * at once); a session that is gone signs the user out to /login as a call would (the api client's
 * session protocol). Other failures (offline, server error) keep the stored user: they say
 * nothing about the session.
 */
export async function revalidateSession() {
  const stored = useSessionStore.getState().user;
  if (!stored) return;
  try {
    const body = await apiRequest<ProfileResponse>('/auth/session');
    // Someone signed in or out meanwhile: their newer state wins over this older answer.
    if (useSessionStore.getState().user?.id === stored.id) {
      useSessionStore.getState().setUser(toSessionUser(body.data.profile));
    }
  } catch {
    // The session's end was handled by apiRequest; anything else keeps the stored user.
  }
}
