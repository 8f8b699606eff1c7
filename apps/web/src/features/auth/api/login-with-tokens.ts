import type { LoginTokenBody, ProfileResponse } from '@portal/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * spec 000 §7: POST /auth/login-token with the pair from the e-mail link's fragment. The server
 * sets the session cookies and answers with the profile. Called once per page visit (the page
 * guards against React's double effects), so no mutation hook: a retry would replay a used link.
 */
export async function loginWithTokens(body: LoginTokenBody) {
  const response = await apiRequest<ProfileResponse>('/auth/login-token', { method: 'POST', body });
  return response.data.profile;
}
