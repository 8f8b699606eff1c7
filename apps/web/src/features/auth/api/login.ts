import { LOGIN_ERROR_CODES, type LoginBody, type Profile, type ProfileResponse } from '@portal/shared';
import { useMutation } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * What a right password leads to: the profile, signed in; or, for an account with two-step
 * sign-in (decision 061), a code to ask for before there is any session.
 */
export type LoginOutcome = { profile: Profile } | { secondFactor: 'required' };

/** spec 000 §7: POST /auth/login with email and password; the profile comes back, or a code is asked. */
export async function login(body: LoginBody): Promise<LoginOutcome> {
  const response = await apiRequest<{ data: LoginOutcome }>('/auth/login', { method: 'POST', body });
  return response.data;
}

export const useLogin = () => useMutation({ mutationFn: login });

/** POST /auth/2fa/verify: the second step, with a code of the app or a recovery code; signs in. */
export async function verifySecondStep(code: string) {
  const response = await apiRequest<ProfileResponse>('/auth/2fa/verify', { method: 'POST', body: { code } });
  return response.data.profile;
}

export type LoginMessage = { title: string; text: string; code?: string };

/**
 * The message for a refused login (spec 000 §8). The code is read at `e.code` as the spec
 * documents, falling back to the top-level `code`.
 *
 * Two deliberate exceptions to "any other error": too many attempts (429) shows the server's own
 * message, and an unreachable server shows the client's connection message; telling either user
 * that their account is inactive would send them to the administrator for nothing.
 */
export function loginErrorMessage(error: unknown): LoginMessage {
  const code = error instanceof ApiError ? (readNestedCode(error.body) ?? error.code) : undefined;
  if (code === LOGIN_ERROR_CODES.invalidCredentials) {
    return {
      title: 'Invalid Credentials',
      text: 'Please make sure that you are entering the correct email/password',
    };
  }
  if (code === LOGIN_ERROR_CODES.emailNotConfirmed) {
    return {
      code,
      title: 'Email not Confirmed',
      text: 'Please check your email and verify your account by clicking on the link we sent you.',
    };
  }
  if (error instanceof ApiError && (error.status === 429 || error.status === 0)) {
    return { title: 'Failed to Log In', text: error.error };
  }
  return {
    title: 'Failed to Log In',
    text: 'This account is inactive. Reach out to the administrator for assistance.',
  };
}

function readNestedCode(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const nested = (body as { e?: unknown }).e;
  if (typeof nested !== 'object' || nested === null) return undefined;
  const code = (nested as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
