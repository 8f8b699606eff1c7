import type { ProfileResponse } from '@portal/shared';
import { apiRequest } from './api-client';
import { startSession, useSessionStore } from './session-store';

/**
 * On app start, asks the server whether the persisted user is still signed in, without holding
 * up the first paint: a fresh profile replaces the stored user and its pending-membership flag (a
 * changed username or role shows at once, an approved membership clears the bell); a session that
 * is gone signs the user out to /login as a call would (the api client's session protocol). Other failures (offline, server error) keep the stored user: they say
 * nothing about the session.
 */
export async function revalidateSession() {
  const stored = useSessionStore.getState().user;
  if (!stored) return;
  try {
    const body = await apiRequest<ProfileResponse>('/auth/session');
    // Someone signed in or out meanwhile: their newer state wins over this older answer.
    // The pending-membership notice is read afresh too, so an approval clears the bell on the next
    // page load (docs/product-rules.md "Profile").
    if (useSessionStore.getState().user?.id === stored.id) startSession(body.data.profile);
  } catch {
    // The session's end was handled by apiRequest; anything else keeps the stored user.
  }
}
